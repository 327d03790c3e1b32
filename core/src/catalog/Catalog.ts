import { Schema } from "effect"
import { cappedArray } from "../shared/Limits.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** The most entries of each list inside a product or a category write. */
export const catalogLimits = {
  /** Tech specs, media, attachments, catalogs, categories and vendor prices of one product. */
  techSpecs: 100,
  media: 30,
  attachments: 50,
  productCatalogs: 50,
  productCategories: 50,
  vendorPrices: 50,
  taxes: 10,
  /** Categories created or imported by one call. */
  categoriesPerCall: 500,
  /** Depth of a category tree. */
  categoryDepth: 10,
  /** Products written by one import batch. */
  importBatch: 1_000
} as const

/** A name (or a description) in both languages; at least one is given. */
export class LocalText extends Schema.Class<LocalText>("LocalText")({
  en: Schema.String,
  ar: Schema.String
}) {}

/**
 * Whose a catalog is (SPEC.md §3 Catalog state: catalogs, sharedCatalog, publicCatalogs): the organisation's own,
 * one shared with one of its vendors (the vendor keeps its products and prices in it, as Coupa's supplier-managed
 * catalogs), or a public marketplace catalog any organisation may browse.
 */
export const CatalogKind = Schema.Literals(["OWN", "SHARED", "PUBLIC"])
export type CatalogKind = typeof CatalogKind.Type

/** A catalog of the organisation. */
export class Catalog extends Schema.Class<Catalog>("Catalog")({
  id: Schema.String,
  name: LocalText,
  description: Schema.String,
  kind: CatalogKind,
  /** The vendor (connection id) a SHARED catalog is shared with; null for the others. */
  vendorId: Schema.NullOr(Schema.String),
  image: Schema.NullOr(Schema.String),
  /** Whether the catalog is the organisation's (false: a public catalog of another organisation, read only). */
  owned: Schema.Boolean,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/**
 * A category of a catalog (SPEC.md §3 Category): its names, image and place in the tree. `pathArray` is the ids
 * from the root down to the category itself (`path_array`), and `path` the same ids joined by `,`, the form the
 * `categories/{path}` routes take.
 */
export class Category extends Schema.Class<Category>("Category")({
  id: Schema.String,
  catalogId: Schema.String,
  name: LocalText,
  image: Schema.NullOr(Schema.String),
  parentId: Schema.NullOr(Schema.String),
  pathArray: Schema.Array(Schema.String),
  path: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** One tax on a price: its name and percent (VAT 15 %). */
export class PriceTax extends Schema.Class<PriceTax>("PriceTax")({
  name: Schema.String,
  percent: Schema.Number
}) {}

/**
 * A product's price (SPEC.md §3 price): `basePrice` before taxes, the `taxes` on it, `percent` their sum, `value`
 * the unit price with taxes rounded to the currency's decimals, quoted for `valueForQuantity` units whose `total`
 * is `value × valueForQuantity`.
 */
export class ProductPrice extends Schema.Class<ProductPrice>("ProductPrice")({
  value: Schema.Number,
  currency: Schema.String,
  valueForQuantity: Schema.Number,
  total: Schema.Number,
  percent: Schema.Number,
  basePrice: Schema.Number,
  taxes: Schema.Array(PriceTax)
}) {}

/** A technical specification: name, value and unit of measure. */
export class TechSpec extends Schema.Class<TechSpec>("TechSpec")({
  name: Schema.String,
  value: Schema.String,
  uom: Schema.String
}) {}

/** A picture or video of the product. */
export class ProductMedia extends Schema.Class<ProductMedia>("ProductMedia")({
  src: Schema.String
}) {}

/** What one vendor asks for the product (SPEC.md §3 vendors[{price.value}]). */
export class VendorPrice extends Schema.Class<VendorPrice>("VendorPrice")({
  vendorId: Schema.String,
  value: Schema.Number,
  currency: Schema.String
}) {}

/** A product of the organisation (SPEC.md §3 Product), with every field the spec names. */
export class Product extends Schema.Class<Product>("Product")({
  id: Schema.String,
  sku: Schema.String,
  name: LocalText,
  description: LocalText,
  brand: Schema.String,
  model: Schema.String,
  originCountry: Schema.String,
  soldBy: Schema.String,
  price: ProductPrice,
  minQtyRFQ: Schema.Number,
  minQtyDirectOrder: Schema.Number,
  isAvailable: Schema.Boolean,
  allowDirectOrder: Schema.Boolean,
  allowRFQ: Schema.Boolean,
  public: Schema.Boolean,
  techSpecs: Schema.Array(TechSpec),
  mediaList: Schema.Array(ProductMedia),
  attachments: Schema.Array(Schema.String),
  catalogs: Schema.Array(Schema.String),
  categories: Schema.Array(Schema.String),
  vendors: Schema.Array(VendorPrice),
  createdBy: Schema.String,
  /**
   * Whether the reader's organisation keeps it. Another organisation's product (a public one, or one of a catalog
   * shared with the reader) names its files by the product's file route (`readerProductOf`), since the files sit
   * with the organisation that keeps the product.
   */
  owned: Schema.Boolean,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

// ---------------------------------------------------------------------------------------------------------------
// Input.

const Name = Text(300)
const MaybeName = Schema.optionalKey(Name)

/** `POST catalogs`: a catalog of the organisation. */
export class NewCatalogInput extends Schema.Class<NewCatalogInput>("NewCatalogInput")({
  nameEn: MaybeName,
  nameAr: MaybeName,
  description: Schema.optionalKey(Text(2000)),
  kind: Schema.optionalKey(CatalogKind),
  vendorId: Schema.optionalKey(Schema.NullOr(Text(100))),
  image: Schema.optionalKey(Schema.NullOr(Text(2000)))
}) {}

/** `PUT catalogs`: a catalog's fields at the version read. */
export class CatalogUpdateInput extends Schema.Class<CatalogUpdateInput>("CatalogUpdateInput")({
  id: Text(100),
  version: Schema.Int,
  nameEn: MaybeName,
  nameAr: MaybeName,
  description: Schema.optionalKey(Text(2000)),
  kind: Schema.optionalKey(CatalogKind),
  vendorId: Schema.optionalKey(Schema.NullOr(Text(100))),
  image: Schema.optionalKey(Schema.NullOr(Text(2000)))
}) {}

/** One category to create (`POST categories` takes a list). */
export const NewCategoryInput = Schema.Struct({
  catalogId: Text(100),
  nameEn: MaybeName,
  nameAr: MaybeName,
  image: Schema.optionalKey(Schema.NullOr(Text(2000))),
  parentId: Schema.optionalKey(Schema.NullOr(Text(100)))
})
export type NewCategoryInput = typeof NewCategoryInput.Type

/** `POST categories`: the categories to create, parents before children. */
export const NewCategoriesInput = cappedArray(NewCategoryInput, catalogLimits.categoriesPerCall)

/** `PUT categories`: a category's names, image or parent (a move carries its sub-tree), at the version read. */
export class CategoryUpdateInput extends Schema.Class<CategoryUpdateInput>("CategoryUpdateInput")({
  id: Text(100),
  version: Schema.Int,
  nameEn: MaybeName,
  nameAr: MaybeName,
  image: Schema.optionalKey(Schema.NullOr(Text(2000))),
  parentId: Schema.optionalKey(Schema.NullOr(Text(100)))
}) {}

/** One node of `POST catalogs/import-categories/{catalogId}`: a category with its children, created under the root. */
export interface ImportedCategory {
  readonly nameEn?: string | undefined
  readonly nameAr?: string | undefined
  readonly image?: string | null | undefined
  readonly children?: ReadonlyArray<ImportedCategory> | undefined
}
export const ImportedCategory: Schema.Codec<ImportedCategory> = Schema.Struct({
  nameEn: Schema.optional(Name),
  nameAr: Schema.optional(Name),
  image: Schema.optional(Schema.NullOr(Text(2000))),
  children: Schema.optional(
    cappedArray(
      Schema.suspend((): Schema.Codec<ImportedCategory> => ImportedCategory),
      catalogLimits.categoriesPerCall
    )
  )
})
export const ImportedCategories = cappedArray(ImportedCategory, catalogLimits.categoriesPerCall)

const productFields = {
  sku: Schema.optionalKey(Text(100)),
  nameEn: MaybeName,
  nameAr: MaybeName,
  descriptionEn: Schema.optionalKey(Text(5000)),
  descriptionAr: Schema.optionalKey(Text(5000)),
  brand: Schema.optionalKey(Text(200)),
  model: Schema.optionalKey(Text(200)),
  originCountry: Schema.optionalKey(Text(100)),
  soldBy: Schema.optionalKey(Text(200)),
  /** The unit price before taxes. */
  basePrice: Schema.optionalKey(Schema.Number),
  currency: Schema.optionalKey(Text(3)),
  taxes: Schema.optionalKey(
    cappedArray(Schema.Struct({ name: Text(100), percent: Schema.Number }), catalogLimits.taxes)
  ),
  valueForQuantity: Schema.optionalKey(Schema.Number),
  minQtyRFQ: Schema.optionalKey(Schema.Number),
  minQtyDirectOrder: Schema.optionalKey(Schema.Number),
  isAvailable: Schema.optionalKey(Schema.Boolean),
  allowDirectOrder: Schema.optionalKey(Schema.Boolean),
  allowRFQ: Schema.optionalKey(Schema.Boolean),
  public: Schema.optionalKey(Schema.Boolean),
  techSpecs: Schema.optionalKey(
    cappedArray(
      Schema.Struct({ name: Text(200), value: Text(500), uom: Schema.optionalKey(Text(50)) }),
      catalogLimits.techSpecs
    )
  ),
  mediaList: Schema.optionalKey(cappedArray(Schema.Struct({ src: Text(2000) }), catalogLimits.media)),
  attachments: Schema.optionalKey(cappedArray(Text(100), catalogLimits.attachments)),
  catalogs: Schema.optionalKey(cappedArray(Text(100), catalogLimits.productCatalogs)),
  categories: Schema.optionalKey(cappedArray(Text(100), catalogLimits.productCategories)),
  vendors: Schema.optionalKey(
    cappedArray(
      Schema.Struct({ vendorId: Text(100), value: Schema.Number, currency: Schema.optionalKey(Text(3)) }),
      catalogLimits.vendorPrices
    )
  )
}

/** What a product's fields are, as given. */
export type ProductFieldsInput = { readonly [K in keyof typeof productFields]?: (typeof productFields)[K]["Type"] }

/** `POST products`: a product; without a SKU it takes the next incremental one. */
export class NewProductInput extends Schema.Class<NewProductInput>("NewProductInput")({
  ...productFields
}) {}

/** `PUT products`: a product's id, the version read and the fields to change. */
export class ProductUpdateInput extends Schema.Class<ProductUpdateInput>("ProductUpdateInput")({
  id: Text(100),
  version: Schema.Int,
  ...productFields
}) {}

/**
 * The filters of `POST products/query` and `POST products/searchByOrg` (SPEC.md §7 product search filters). Price
 * bounds compare the unit price with taxes; `sortByPrice` and `sortByBrand` are `asc` or `desc`.
 */
export class ProductFilters extends Schema.Class<ProductFilters>("ProductFilters")({
  priceMin: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  priceMax: Schema.optionalKey(Schema.NullOr(Schema.Number)),
  sortByPrice: Schema.optionalKey(Schema.NullOr(Schema.Literals(["asc", "desc"]))),
  sortByBrand: Schema.optionalKey(Schema.NullOr(Schema.Literals(["asc", "desc"]))),
  includeOutOfStock: Schema.optionalKey(Schema.NullOr(Schema.Boolean)),
  categoryPath: Schema.optionalKey(Schema.NullOr(Text(2000))),
  categoryId: Schema.optionalKey(Schema.NullOr(Text(100))),
  categoryIdOrPath: Schema.optionalKey(Schema.NullOr(Text(2000))),
  vendorCode: Schema.optionalKey(Schema.NullOr(Text(100))),
  brands: Schema.optionalKey(Schema.NullOr(cappedArray(Text(200), 100))),
  suppliers: Schema.optionalKey(Schema.NullOr(cappedArray(Text(200), 100))),
  name: Schema.optionalKey(Schema.NullOr(Text(200)))
}) {}

// ---------------------------------------------------------------------------------------------------------------
// Answers.

/** `GET catalogs`, `GET catalogs/public-catalogs`: a page of catalogs and how many there are. */
export class CatalogPage extends Schema.Class<CatalogPage>("CatalogPage")({
  catalogs: Schema.Array(Catalog),
  totalCount: Schema.Int
}) {}

/** `GET categories`, sub-category lists: a page of categories and how many there are. */
export class CategoryPage extends Schema.Class<CategoryPage>("CategoryPage")({
  categories: Schema.Array(Category),
  totalCount: Schema.Int
}) {}

/** One node of `GET categories/all`: a category and its sub-categories. */
export interface CategoryNode {
  readonly category: Category
  readonly children: ReadonlyArray<CategoryNode>
}
export const CategoryNode: Schema.Codec<CategoryNode> = Schema.Struct({
  category: Category,
  children: Schema.Array(Schema.suspend((): Schema.Codec<CategoryNode> => CategoryNode))
})

/** A category tree: its root categories with theirs. */
export class CategoryTree extends Schema.Class<CategoryTree>("CategoryTree")({
  roots: Schema.Array(CategoryNode)
}) {}

/** A page of products and how many match. */
export class ProductPage extends Schema.Class<ProductPage>("ProductPage")({
  products: Schema.Array(Product),
  totalCount: Schema.Int
}) {}

/** `GET products/sku/incremental`: the SKU a new product would take. */
export class NextSku extends Schema.Class<NextSku>("NextSku")({
  sku: Schema.String
}) {}

/** One quick search result (SPEC.md §7: name by locale, sku, id, catalogs, categories). */
export class QuickSearchHit extends Schema.Class<QuickSearchHit>("QuickSearchHit")({
  id: Schema.String,
  sku: Schema.String,
  name: LocalText,
  catalogs: Schema.Array(Schema.String),
  categories: Schema.Array(Schema.String)
}) {}

/** `GET products/quickSearchByOrg`: the best hits. */
export class QuickSearchResults extends Schema.Class<QuickSearchResults>("QuickSearchResults")({
  products: Schema.Array(QuickSearchHit)
}) {}

/** A facet value and how many products carry it. */
export class FacetCount extends Schema.Class<FacetCount>("FacetCount")({
  value: Schema.String,
  count: Schema.Int
}) {}

/** `POST products/initFiltersByCategory`: the brands and suppliers of a category's products, for the filters. */
export class CategoryFacets extends Schema.Class<CategoryFacets>("CategoryFacets")({
  brands: Schema.Array(FacetCount),
  suppliers: Schema.Array(FacetCount)
}) {}
