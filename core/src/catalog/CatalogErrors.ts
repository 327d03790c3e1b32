import { Schema } from "effect"

/** A SKU not in its form: letters, digits, dashes, dots, slashes and underscores, no spaces. */
export class SkuInvalid extends Schema.TaggedError<SkuInvalid>()("SkuInvalid", {
  sku: Schema.String
}) {}

/** A price, tax or quantity that is negative, not finite or has more decimals than allowed. */
export class ProductPriceInvalid extends Schema.TaggedError<ProductPriceInvalid>()("ProductPriceInvalid", {
  field: Schema.String
}) {}

/** A minimum order quantity below 0.01 or with more than 2 decimals (SPEC.md §5). */
export class MinimumQuantityInvalid extends Schema.TaggedError<MinimumQuantityInvalid>()("MinimumQuantityInvalid", {
  field: Schema.String
}) {}

/** No such catalog among those the organisation may read. */
export class CatalogNotFound extends Schema.TaggedError<CatalogNotFound>()("CatalogNotFound", {
  id: Schema.String
}) {}

/** No such category in the organisation's catalogs. */
export class CategoryNotFound extends Schema.TaggedError<CategoryNotFound>()("CategoryNotFound", {
  id: Schema.String
}) {}

/** No such product (or it was deleted). */
export class ProductNotFound extends Schema.TaggedError<ProductNotFound>()("ProductNotFound", {
  id: Schema.String
}) {}

/** Another product of the organisation has this SKU. */
export class SkuTaken extends Schema.TaggedError<SkuTaken>()("SkuTaken", {
  sku: Schema.String
}) {}

/** A category may not move under itself or one of its own sub-categories. */
export class CategoryMoveIntoItself extends Schema.TaggedError<CategoryMoveIntoItself>()("CategoryMoveIntoItself", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** A category with sub-categories or products is not deleted: move or delete them first (as Odoo refuses). */
export class CategoryNotEmpty extends Schema.TaggedError<CategoryNotEmpty>()("CategoryNotEmpty", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** A tree deeper than the categories allow. */
export class CategoryTooDeep extends Schema.TaggedError<CategoryTooDeep>()("CategoryTooDeep", {
  depth: Schema.Number
}) {}

/** A category and its parent (or a product and its category) belong to different catalogs. */
export class CategoryOutsideCatalog extends Schema.TaggedError<CategoryOutsideCatalog>()("CategoryOutsideCatalog", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** A catalog of another organisation (a public one) is read only. */
export class CatalogReadOnly extends Schema.TaggedError<CatalogReadOnly>()("CatalogReadOnly", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** A shared catalog names the vendor it is shared with; the others name none. */
export class CatalogVendorRequired extends Schema.TaggedError<CatalogVendorRequired>()("CatalogVendorRequired", {}) {}
