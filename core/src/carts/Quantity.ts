import { BigDecimal, Effect, Option } from "effect"
import { InvalidQuantity } from "./CartErrors.ts"

/** The smallest quantity a product card or row takes when the item names none (SPEC.md §5, §9). */
export const defaultQuantityMinimum: BigDecimal.BigDecimal = BigDecimal.make(1n, 2)

/** Quantities carry at most two decimals (SPEC.md §5). */
export const maxQuantityDecimals = 2

/** How long quantity edits wait before they are sent (SPEC.md §4). */
export const quantityDebounceMs = 2000

/** The quantity a line falls back to when there is nothing better: 1. */
export const one: BigDecimal.BigDecimal = BigDecimal.fromBigInt(1n)

/** The carts an item is counted in by line minimum (SPEC.md §4 Carts: cart type is rfq or order). */
export type CartType = "rfq" | "order"

/** A product's minimum quantities as its details give them (SPEC.md §3 Product details). */
export interface ProductMinimums {
  readonly details?:
    | {
        readonly minQtyRFQ?: BigDecimal.BigDecimal | undefined
        readonly minQtyDirectOrder?: BigDecimal.BigDecimal | undefined
      }
    | undefined
}

const positive = (value: BigDecimal.BigDecimal | undefined): Option.Option<BigDecimal.BigDecimal> =>
  value !== undefined && BigDecimal.isPositive(value) ? Option.some(value) : Option.none()

/** A line's least quantity in a cart: `minQtyRFQ` for RFQ lines, `minQtyDirectOrder` for order lines, else 1. */
export const cartLineMinimum = (product: ProductMinimums, cartType: CartType): BigDecimal.BigDecimal =>
  Option.getOrElse(
    positive(cartType === "rfq" ? product.details?.minQtyRFQ : product.details?.minQtyDirectOrder),
    () => one
  )

/** A cart line's quantity held at or above its minimum. */
export const cartLineQuantity = (
  quantity: BigDecimal.BigDecimal,
  product: ProductMinimums,
  cartType: CartType
): BigDecimal.BigDecimal => BigDecimal.max(quantity, cartLineMinimum(product, cartType))

/** In a cart, decreasing is allowed only while the quantity is above 1 (SPEC.md §5). */
export const cartCanDecrease = (quantity: BigDecimal.BigDecimal): boolean => BigDecimal.isGreaterThan(quantity, one)

/**
 * A product card's or row's least quantity: the item's own minimum, or 0.01. An item minimum finer than two
 * decimals is rounded up, so the least quantity is itself a valid quantity.
 */
export const quantityMinimum = (itemMinimum?: BigDecimal.BigDecimal | undefined): BigDecimal.BigDecimal =>
  Option.match(positive(itemMinimum), {
    onNone: () => defaultQuantityMinimum,
    onSome: (m) => BigDecimal.max(BigDecimal.ceil(m, maxQuantityDecimals), defaultQuantityMinimum)
  })

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Whether text is a quantity as the field accepts it: digits with one or two decimals at most. */
export const isQuantityText = (text: string): boolean => /^\d+(?:\.\d{1,2})?$/.test(text.trim())

/**
 * What a product card's or row's quantity becomes when the field loses focus (SPEC.md §5): an empty, zero or
 * non-numeric value resets to the item's minimum or 1; anything else is rounded to two decimals and snapped up to
 * the minimum.
 */
export const normaliseQuantity = (
  text: string,
  itemMinimum?: BigDecimal.BigDecimal | undefined
): BigDecimal.BigDecimal => {
  const minimum = quantityMinimum(itemMinimum)
  const trimmed = text.trim()
  const parsed = numberPattern.test(trimmed) ? BigDecimal.fromString(trimmed) : Option.none()
  if (Option.isNone(parsed) || BigDecimal.isZero(parsed.value)) {
    return Option.isSome(positive(itemMinimum)) ? minimum : one
  }
  return BigDecimal.max(BigDecimal.round(parsed.value, { scale: maxQuantityDecimals, mode: "half-from-zero" }), minimum)
}

/** The increase control adds 1. */
export const increaseQuantity = (quantity: BigDecimal.BigDecimal): BigDecimal.BigDecimal =>
  BigDecimal.sum(quantity, one)

/** The decrease control subtracts 1 but never goes below the minimum. */
export const decreaseQuantity = (
  quantity: BigDecimal.BigDecimal,
  minimum: BigDecimal.BigDecimal
): BigDecimal.BigDecimal => BigDecimal.max(BigDecimal.subtract(quantity, one), minimum)

/** The decrease control is disabled when the quantity is below 2 or equals the minimum (SPEC.md §5). */
export const canDecreaseQuantity = (quantity: BigDecimal.BigDecimal, minimum: BigDecimal.BigDecimal): boolean =>
  !(BigDecimal.isLessThan(quantity, BigDecimal.fromBigInt(2n)) || BigDecimal.equals(quantity, minimum))

/** Accepts a quantity sent to the API or the CLI: a number with at most two decimals, at least the minimum. */
export const validateQuantity = (
  text: string,
  minimum: BigDecimal.BigDecimal = defaultQuantityMinimum
): Effect.Effect<BigDecimal.BigDecimal, InvalidQuantity> => {
  const parsed = isQuantityText(text) ? BigDecimal.fromString(text.trim()) : Option.none()
  return Option.isSome(parsed) && BigDecimal.isGreaterThanOrEqualTo(parsed.value, minimum)
    ? Effect.succeed(parsed.value)
    : Effect.fail(new InvalidQuantity({ value: text, minimum: BigDecimal.format(minimum) }))
}
