import { BigDecimal, Effect, Option } from "effect"
import { currencyDecimals } from "./CurrencyDecimals.ts"
import { euroRateTable } from "./EuroRateTable.ts"
import { InvalidAmount, UnknownCurrency } from "./MoneyErrors.ts"
import { roundTo } from "./Rounding.ts"

export { formatAmount, roundTo, roundToCurrency } from "./Rounding.ts"

const amountPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/

/** Reads a decimal amount as typed ("1250.50", "-3", ".5"); exponents, grouping and blanks are refused. */
export const parseAmount = (text: string): Effect.Effect<BigDecimal.BigDecimal, InvalidAmount> => {
  const trimmed = text.trim()
  const parsed = amountPattern.test(trimmed) ? BigDecimal.fromString(trimmed) : Option.none()
  return Option.match(parsed, {
    onNone: () => Effect.fail(new InvalidAmount({ value: text })),
    onSome: Effect.succeed
  })
}

const rates: Readonly<Record<string, string>> = euroRateTable.rates

/** The currencies the embedded rate table can convert between. */
export const convertibleCurrencies: ReadonlyArray<string> = Object.keys(rates)

/** Units of a currency per 1 EUR, from the embedded table. */
export const euroRate = (currency: string): Effect.Effect<BigDecimal.BigDecimal, UnknownCurrency> => {
  const rate = rates[currency.trim().toUpperCase()]
  return rate === undefined
    ? Effect.fail(new UnknownCurrency({ currency }))
    : Effect.succeed(BigDecimal.fromStringUnsafe(rate))
}

/** What one unit of `from` is worth in `to`: the target's rate over the source's (SPEC.md §9). */
export const conversionFactor = Effect.fn("Money.conversionFactor")(function* (from: string, to: string) {
  const source = yield* euroRate(from)
  const target = yield* euroRate(to)
  return BigDecimal.divideUnsafe(target, source)
})

/**
 * Converts an amount between currencies with the embedded table: amount × target rate ÷ source rate, multiplying
 * first so that exact cross rates stay exact. Given `decimals`, the result is rounded to them; without, it keeps
 * the division's full precision.
 */
export const convert = Effect.fn("Money.convert")(function* (
  amount: BigDecimal.BigDecimal,
  from: string,
  to: string,
  decimals?: number
) {
  const source = yield* euroRate(from)
  const target = yield* euroRate(to)
  const converted = BigDecimal.divideUnsafe(BigDecimal.multiply(amount, target), source)
  return decimals === undefined ? converted : roundTo(converted, decimals)
})

/** Converts and rounds to the target currency's own precision. */
export const convertToCurrency = (
  amount: BigDecimal.BigDecimal,
  from: string,
  to: string
): Effect.Effect<BigDecimal.BigDecimal, UnknownCurrency> => convert(amount, from, to, currencyDecimals(to))
