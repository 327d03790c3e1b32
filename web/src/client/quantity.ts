// The quantity rules of core/src/carts/Quantity.ts (SPEC.md §5), in hundredths as whole numbers, for the product
// rows' and the cart panel's steppers: kept free of effect so that a page ships a few hundred bytes, not the decimal
// library. quantity.test.ts checks them against the core's on generated values.

const hundredths = (n: number): number => Math.round(n * 100)
const fromHundredths = (h: number): string => {
  const whole = Math.trunc(h / 100)
  const cents = Math.abs(h % 100)
  return cents === 0 ? String(whole) : `${whole}.${String(cents).padStart(2, "0").replace(/0$/, "")}`
}

/** A stepper's least quantity: the item's minimum rounded up to two decimals, or 0.01. */
export const minimumOf = (itemMinimum: number | undefined): number =>
  itemMinimum !== undefined && itemMinimum > 0
    ? Math.max(Math.ceil(Math.round(itemMinimum * 1e6) / 1e4) / 100, 0.01)
    : 0.01

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/

/**
 * What the field becomes when it loses focus: an empty, zero or non-numeric value resets to the item's minimum or 1;
 * anything else is rounded to two decimals and snapped up to the minimum. Answered as text.
 */
export const normalise = (text: string, itemMinimum: number | undefined): string => {
  const minimum = hundredths(minimumOf(itemMinimum))
  const trimmed = text.trim()
  const value = numberPattern.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!Number.isFinite(value) || value === 0) {
    return itemMinimum !== undefined && itemMinimum > 0 ? fromHundredths(minimum) : "1"
  }
  const rounded = Math.sign(value) * Math.round(Math.abs(value) * 100 + 1e-9)
  return fromHundredths(Math.max(rounded, minimum))
}

/** The increase control adds 1. */
export const increase = (text: string): string => fromHundredths(hundredths(Number(text)) + 100)

/** The decrease control subtracts 1 but never goes below the minimum. */
export const decrease = (text: string, itemMinimum: number | undefined): string =>
  fromHundredths(Math.max(hundredths(Number(text)) - 100, hundredths(minimumOf(itemMinimum))))

/** The decrease control is disabled when the quantity is below 2 or equals the minimum. */
export const canDecrease = (text: string, itemMinimum: number | undefined): boolean => {
  const q = hundredths(Number(text))
  return !(q < 200 || q === hundredths(minimumOf(itemMinimum)))
}
