import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema, OpenApi } from "effect/http-api"
import { CategoryPage, ProductFilters, ProductPage, QuickSearchResults } from "@tawreed/core/catalog"
import {
  CatalogInvitation,
  GuestCatalogList,
  GuestCategoryTree,
  GuestProductPage,
  GuestProductsInput,
  GuestTreeInput,
  KycInput,
  KycStatus,
  NewCatalogInvitationInput,
  PendingCatalogs,
  TechSpecOptions
} from "@tawreed/core/marketplace"
import { Uuid } from "@tawreed/core/shared"
import { errors } from "../ApiErrors.ts"
import { changing, guarded, keyedHeaders, limitParam, optionalText, pageParam, reading } from "../ApiContract.ts"

const Code = Schema.String.check(Schema.isMaxLength(100))
const Text = optionalText(200)
const Page = pageParam
const Limit = limitParam()
const Token = Schema.String.check(Schema.isMaxLength(200))

/** What the guest routes may answer: bad input, nothing public by that name, the database away. */
const guestErrors = [errors.BadRequest, errors.NotFound, errors.Unavailable] as const

/**
 * SPEC.md §7 Guest: the public catalogue, with no sign-in. Only public catalogs, their categories and their public
 * products are read; the answers are kept for a minute and dropped when a catalog changes.
 */
export class GuestGroup extends HttpApiGroup.make("guest")
  .add(
    HttpApiEndpoint.get("catalogs", "/marketplaceV2/guest/catalogs/:orgCode", {
      params: { orgCode: Code },
      success: GuestCatalogList,
      error: guestErrors
    })
  )
  .add(
    HttpApiEndpoint.post("categoryTree", "/marketplaceV2/guest/category-tree", {
      payload: GuestTreeInput,
      success: GuestCategoryTree,
      error: guestErrors
    })
  )
  .add(
    HttpApiEndpoint.post("products", "/marketplaceV2/guest/products", {
      payload: GuestProductsInput,
      success: GuestProductPage,
      error: guestErrors
    })
  )
  .add(
    HttpApiEndpoint.get("picture", "/marketplaceV2/guest/pictures/:fileId", {
      params: { fileId: Uuid },
      success: HttpApiSchema.StreamUint8Array(),
      error: guestErrors
    }).annotate(
      OpenApi.Description,
      "A public product's picture, to anyone and from any organisation: the bytes of a file stored as an image " +
        "that a live public product in a public catalog shows among its pictures (the `src` the guest and " +
        "marketplace answers give). Any other file is not found. Shared caches may keep it for a day (`ETag`)."
    )
  ) {}

/** The product search body of the marketplace: the filters of SPEC.md §7, or nothing. */
const Filters = [ProductFilters, Schema.Null]

/**
 * SPEC.md §7 marketplace paths, behind a session and the marketplace guard of SPEC.md §6 (an organisation in
 * marketplace mode needs a verified KYC, except to browse the category tree), and the platform operator's KYC mark.
 */
export class MarketplaceGroup extends HttpApiGroup.make("marketplace")
  .add(
    HttpApiEndpoint.get("categories", "/marketplace/categories", {
      query: { page: Page, limit: Limit, vendorCode: Text },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("categoriesTree", "/marketplace/categoriesTree", {
      query: { categoryId: Text, targetCatalogId: Text, showIfItIsAdded: Text },
      success: CategoryPage,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("autocomplete", "/marketplace/autocomplete/:term", {
      params: { term: Schema.String.check(Schema.isMaxLength(200)) },
      query: { vendorCode: Text },
      success: QuickSearchResults,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("techSpecOptions", "/marketplace/techSpecOptions", {
      query: { vendorCode: Text },
      payload: Filters,
      success: TechSpecOptions,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.post("products", "/vendors/products", {
      query: { onlyActive: Text, vendorCode: Text, page: Page, limit: Limit },
      payload: Filters,
      success: ProductPage,
      error: reading
    })
  )
  .add(HttpApiEndpoint.get("standing", "/marketplace/kyc", { success: KycStatus, error: guarded }))
  .add(
    HttpApiEndpoint.put("setKyc", "/marketplace/kyc/:orgCode", {
      params: { orgCode: Code },
      payload: KycInput,
      success: KycStatus,
      error: changing
    })
  ) {}

/** SPEC.md §7 catalog invitations: sent by a catalog's owner, listed, resolved and accepted by the invited. */
export class CatalogInvitesGroup extends HttpApiGroup.make("catalogInvites")
  .add(
    HttpApiEndpoint.get("pending", "/catalogs/pending", {
      query: { page: Page, limit: Limit },
      success: PendingCatalogs,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("resolveToken", "/catalogs/resolve_token/:token", {
      params: { token: Token },
      success: CatalogInvitation,
      error: [...changing, errors.TooManyRequests]
    })
  )
  .add(
    HttpApiEndpoint.post("accept", "/catalogs/accept/:catalogId/:token", {
      params: { catalogId: Uuid, token: Token },
      success: CatalogInvitation,
      error: [...changing, errors.TooManyRequests]
    })
  )
  .add(
    HttpApiEndpoint.post("invite", "/catalogs/invitations", {
      headers: keyedHeaders,
      payload: NewCatalogInvitationInput,
      success: CatalogInvitation,
      error: changing
    })
  ) {}
