import { Schema } from "effect"
import { LocalText, ProductMedia } from "../catalog/Catalog.ts"

/** The most categories a guest's breadcrumb holds (SPEC.md §2 breadcrumb bar: at most 10 crumbs). */
export const guestTreeDepth = 10

/** The guest page's sizes (SPEC.md §9: default 10; 10, 20, 30). */
export const guestPageSizes = [10, 20, 30] as const
export const guestPageSize = 10

/** A catalog invitation's link lasts this many days. */
export const catalogInvitationDays = 14

const Id = Schema.String.check(Schema.isMaxLength(100))

/** Where anyone gets a public product's picture: `GET /api/marketplaceV2/guest/pictures/{fileId}`. */
export const guestPicturePath = (fileId: string): string => `/api/marketplaceV2/guest/pictures/${fileId}`

const uuid = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
const storedPicture = new RegExp(`^(?:/api/media_upload/)?(${uuid})$`)

/**
 * The file a product's picture names when the product keeps it itself: its id, or its download path
 * (`/api/media_upload/{id}`); undefined for a link elsewhere or a data address. The `public_picture` policy of the
 * database accepts exactly these two forms.
 */
export const storedPictureId = (src: string): string | undefined => storedPicture.exec(src.trim())?.[1]?.toLowerCase()

/**
 * A public product's pictures as anyone may load them: each file the product keeps by the guest picture route
 * (the download route answers only its own organisation), links elsewhere as they are.
 */
export const publicMediaOf = (media: ReadonlyArray<ProductMedia>): ReadonlyArray<ProductMedia> =>
  media.map((m) => {
    const id = storedPictureId(m.src)
    return id === undefined ? m : new ProductMedia({ src: guestPicturePath(id) })
  })

/** A public catalog as a guest sees it. */
export class GuestCatalog extends Schema.Class<GuestCatalog>("GuestCatalog")({
  id: Schema.String,
  name: LocalText,
  description: Schema.String,
  image: Schema.NullOr(Schema.String)
}) {}

/** `GET marketplaceV2/guest/catalogs/{orgCode}`: the organisation's public catalogs, by name. */
export class GuestCatalogList extends Schema.Class<GuestCatalogList>("GuestCatalogList")({
  orgName: Schema.String,
  catalogs: Schema.Array(GuestCatalog)
}) {}

/** SPEC.md §3 Guest category: id, name, image. */
export class GuestCategory extends Schema.Class<GuestCategory>("GuestCategory")({
  id: Schema.String,
  name: LocalText,
  image: Schema.NullOr(Schema.String)
}) {}

/** A guest product's details (SPEC.md §3 Guest product: details.sku, and the minimums the card shows). */
export class GuestProductDetails extends Schema.Class<GuestProductDetails>("GuestProductDetails")({
  sku: Schema.String,
  minQtyRFQ: Schema.Number,
  minQtyDirectOrder: Schema.Number,
  isAvailable: Schema.Boolean
}) {}

/** SPEC.md §3 Guest product: name, mediaList (src), details.sku. */
export class GuestProduct extends Schema.Class<GuestProduct>("GuestProduct")({
  id: Schema.String,
  name: LocalText,
  mediaList: Schema.Array(ProductMedia),
  details: GuestProductDetails
}) {}

/** The chosen categories from the root down (ids), at most `guestTreeDepth`. */
export const SelectedTree = Schema.Array(Id).check(Schema.isMaxLength(guestTreeDepth))

/** `POST marketplaceV2/guest/category-tree`. */
export class GuestTreeInput extends Schema.Class<GuestTreeInput>("GuestTreeInput")({
  catalogId: Id,
  selectedTree: Schema.optionalKey(SelectedTree)
}) {}

/** The breadcrumb as chosen (each crumb named) and the categories under its last crumb (the roots without one). */
export class GuestCategoryTree extends Schema.Class<GuestCategoryTree>("GuestCategoryTree")({
  catalogId: Schema.String,
  selectedTree: Schema.Array(GuestCategory),
  categories: Schema.Array(GuestCategory)
}) {}

/** `POST marketplaceV2/guest/products`: a page of a category's public products, counting pages from 0. */
export class GuestProductsInput extends Schema.Class<GuestProductsInput>("GuestProductsInput")({
  catalogId: Id,
  selectedTree: Schema.optionalKey(SelectedTree),
  page: Schema.optionalKey(Schema.Number),
  limit: Schema.optionalKey(Schema.Number)
}) {}

export class GuestProductPage extends Schema.Class<GuestProductPage>("GuestProductPage")({
  products: Schema.Array(GuestProduct),
  totalCount: Schema.Int
}) {}

/** `POST marketplace/techSpecOptions`: each spec name of the matching products with its values. */
export class TechSpecOption extends Schema.Class<TechSpecOption>("TechSpecOption")({
  name: Schema.String,
  uom: Schema.String,
  values: Schema.Array(Schema.String)
}) {}

export class TechSpecOptions extends Schema.Class<TechSpecOptions>("TechSpecOptions")({
  options: Schema.Array(TechSpecOption)
}) {}

/** The marketplace standing of an organisation: whether its KYC is verified (SPEC.md §3 KYCVerified). */
export class KycStatus extends Schema.Class<KycStatus>("KycStatus")({
  orgCode: Schema.String,
  orgName: Schema.String,
  kycVerified: Schema.Boolean,
  verifiedAt: Schema.NullOr(Schema.String)
}) {}

export class KycInput extends Schema.Class<KycInput>("KycInput")({
  verified: Schema.Boolean
}) {}

export const CatalogInvitationStatus = Schema.Literals(["PENDING", "ACCEPTED", "WITHDRAWN"])
export type CatalogInvitationStatus = typeof CatalogInvitationStatus.Type

/** An invitation to a catalog: who shares it, with which organisation, until when. */
export class CatalogInvitation extends Schema.Class<CatalogInvitation>("CatalogInvitation")({
  id: Schema.String,
  catalogId: Schema.String,
  catalogName: LocalText,
  fromOrgName: Schema.String,
  toOrgName: Schema.String,
  email: Schema.String,
  status: CatalogInvitationStatus,
  expiresAt: Schema.String,
  createdAt: Schema.String,
  acceptedAt: Schema.NullOr(Schema.String)
}) {}

/** `GET catalogs/pending`: the invitations waiting for the organisation, newest first. */
export class PendingCatalogs extends Schema.Class<PendingCatalogs>("PendingCatalogs")({
  pendingCatalogs: Schema.Array(CatalogInvitation),
  totalCount: Schema.Int
}) {}

/** A catalog invitation to send: the catalog, the organisation invited (its code) and whom to mail. */
export class NewCatalogInvitationInput extends Schema.Class<NewCatalogInvitationInput>("NewCatalogInvitationInput")({
  catalogId: Id,
  orgCode: Schema.String.check(Schema.isMaxLength(100)),
  email: Schema.String.check(Schema.isMaxLength(254))
}) {}
