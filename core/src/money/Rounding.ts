import { BigDecimal } from "effect"
import { currencyDecimals } from "./CurrencyDecimals.ts"

/*
 * Rounding and writing amounts: BigDecimal alone, with none of the effect runtime, so that a form's island (the
 * order and request line editors) prices as the server does without carrying it.
 */

/** Rounds half away from zero to a number of decimals, as invoices and ERPs do. */
export const roundTo = (amount: BigDecimal.BigDecimal, decimals: number): BigDecimal.BigDecimal =>
  BigDecimal.round(amount, { scale: decimals, mode: "half-from-zero" })

/** Rounds an amount to its currency's precision. */
export const roundToCurrency = (amount: BigDecimal.BigDecimal, currency: string): BigDecimal.BigDecimal =>
  roundTo(amount, currencyDecimals(currency))

/** An amount as a decimal string with exactly `decimals` digits after the point, rounded half away from zero. */
export const formatAmount = (amount: BigDecimal.BigDecimal, decimals: number): string => {
  const rounded = roundTo(amount, decimals)
  const digits = rounded.value * 10n ** BigInt(Math.max(0, decimals - rounded.scale))
  const negative = digits < 0n
  const text = (negative ? -digits : digits).toString().padStart(decimals + 1, "0")
  const whole = text.slice(0, text.length - decimals)
  const fraction = decimals > 0 ? `.${text.slice(text.length - decimals)}` : ""
  return `${negative ? "-" : ""}${whole}${fraction}`
}
