import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { foldSearchText, searchDocument } from "../search/SearchText.ts"
import { LocalText, PriceTax, ProductPrice, type TechSpec } from "./Catalog.ts"

/** A SKU: letters and digits of any script, with dashes, dots, slashes and underscores between them. */
export const skuPattern = /^[\p{L}\p{N}](?:[\p{L}\p{N}._/-]{0,98}[\p{L}\p{N}])?$/u

export const isValidSku = (sku: string): boolean => skuPattern.test(sku)

/** The SKUs `products/sku/incremental` hands out: `PRD-` and a number of at least 6 digits. */
export const incrementalSkuPrefix = "PRD-"

const incrementalSku = /^PRD-(\d{1,15})$/i

/** The number of an incremental SKU, or none. */
export const skuNumber = (sku: string): number | undefined => {
  const match = incrementalSku.exec(sku)
  return match === null ? undefined : Number(match[1])
}

/** The SKU after the highest incremental one: `PRD-000042` after `PRD-000041`. */
export const nextSku = (highest: number): string => `${incrementalSkuPrefix}${String(highest + 1).padStart(6, "0")}`

/** SKUs compare ignoring case, as one SKU. */
export const skuKey = (sku: string): string => sku.trim().toLowerCase()

/** Whether a number has no more than `decimals` decimals. */
export const hasAtMostDecimals = (value: number, decimals: number): boolean => {
  const scaled = value * 10 ** decimals
  return Math.abs(scaled - Math.round(scaled)) < 1e-6
}

const round = (value: number, decimals: number): number => {
  const factor = 10 ** decimals
  return Math.round((value + Number.EPSILON) * factor) / factor
}

/**
 * A product's price from its price before taxes, its taxes and its currency: the taxes' percents add up, and the
 * unit price with taxes is rounded to the currency's decimals (half up), as ZATCA's simplified invoices round.
 */
export const priceOf = (
  basePrice: number,
  taxes: ReadonlyArray<{ readonly name: string; readonly percent: number }>,
  currency: string,
  valueForQuantity: number
): ProductPrice => {
  const decimals = currencyDecimals(currency)
  const percent = round(
    taxes.reduce((sum, t) => sum + t.percent, 0),
    4
  )
  const value = round(basePrice * (1 + percent / 100), decimals)
  return new ProductPrice({
    value,
    currency,
    valueForQuantity,
    total: round(value * valueForQuantity, decimals),
    percent,
    basePrice,
    taxes: taxes.map((t) => new PriceTax({ name: t.name, percent: t.percent }))
  })
}

/** Saudi VAT, the tax a new product's price takes when none is given. */
export const saudiVat = { name: "VAT", percent: 15 } as const

/** A minimum order quantity: at least 0.01, with 1 to 2 decimals (SPEC.md §5). */
export const isValidMinimum = (value: number): boolean =>
  Number.isFinite(value) && value >= 0.01 && value <= 1e9 && hasAtMostDecimals(value, 2)

/** A copy's names: the original's with "(copy)" after them, as Odoo names a duplicated product. */
export const copyName = (name: LocalText): LocalText =>
  new LocalText({
    en: name.en === "" ? "" : `${name.en} (copy)`.slice(0, 300),
    ar: name.ar === "" ? "" : `${name.ar} (نسخة)`.slice(0, 300)
  })

/** A category's `path`: its `path_array` joined by commas. */
export const pathOf = (pathArray: ReadonlyArray<string>): string => pathArray.join(",")

/** The ids of a `path`, root first. */
export const pathIds = (path: string): ReadonlyArray<string> =>
  path
    .split(/[,/]/)
    .map((id) => id.trim())
    .filter((id) => id !== "")

/**
 * A category's path after it moved: the part from the category down kept, the part above it replaced by the new
 * parent's path. A path that does not hold the category stays as it is.
 */
export const movedPath = (
  pathArray: ReadonlyArray<string>,
  categoryId: string,
  parentPath: ReadonlyArray<string>
): ReadonlyArray<string> => {
  const at = pathArray.indexOf(categoryId)
  return at < 0 ? pathArray : [...parentPath, ...pathArray.slice(at)]
}

/** Whether moving a category under a parent with this path would put it under itself. */
export const wouldLoop = (categoryId: string, parentPath: ReadonlyArray<string>): boolean =>
  parentPath.includes(categoryId)

/** The text a product is searched by: its names, SKU, brand and model, folded (see `search/SearchText.ts`). */
export const productSearchText = (fields: {
  readonly name: LocalText
  readonly sku: string
  readonly brand: string
  readonly model: string
}): string => searchDocument([fields.name.en, fields.name.ar, fields.sku, fields.brand, fields.model])

/** The text English stemming reads: the English name, brand and model. */
export const productEnglishText = (fields: {
  readonly name: LocalText
  readonly brand: string
  readonly model: string
}): string => [fields.name.en, fields.brand, fields.model].filter((t) => t !== "").join(" ")

/** The name a list orders by: the English name lower-cased, the Arabic one when there is none. */
export const productNameKey = (name: LocalText): string => (name.en || name.ar).toLowerCase()

/** The names a product's unit-of-measure specification goes by, folded as search folds them (alef, taa marbuta). */
const unitSpecNames = new Set(
  ["unit", "uom", "unit of measure", "unit of measurement", "الوحدة", "وحدة", "وحدة القياس"].map(foldSearchText)
)

/**
 * The unit a product is sold and requested in (ERPNext's stock UOM, Odoo's `uom_id`): the product keeps it as a
 * technical specification named Unit (or UOM, Unit of measure, الوحدة, وحدة القياس), whose unit of measure is the
 * unit (`Unit: 1 pack`), or its value when it has none (`Unit: box`). Empty when the product names none.
 */
export const productUnitOf = (product: { readonly techSpecs: ReadonlyArray<TechSpec> }): string => {
  const spec = product.techSpecs.find((t) => unitSpecNames.has(foldSearchText(t.name).trim().replace(/\s+/g, " ")))
  if (spec === undefined) return ""
  return (spec.uom.trim() || spec.value.trim()).slice(0, 40)
}
