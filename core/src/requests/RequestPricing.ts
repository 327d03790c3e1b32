import { BigDecimal } from "effect"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { formatAmount, roundTo } from "../money/Money.ts"
import type { AmountType, TaxMode } from "./Request.ts"

const zero = BigDecimal.fromBigInt(0n)
const hundred = BigDecimal.fromBigInt(100n)
const one = BigDecimal.fromBigInt(1n)

/** A tax as the arithmetic needs it. */
export interface TaxTerms {
  readonly mode: TaxMode
  readonly type: AmountType
  readonly value: BigDecimal.BigDecimal
}

/** What a line is priced from: how many, at what unit price, under which taxes. */
export interface LineTerms {
  readonly quantity: BigDecimal.BigDecimal
  readonly basePrice: BigDecimal.BigDecimal
  readonly taxes: ReadonlyArray<TaxTerms>
}

/** A line's figures in its currency's precision: net + tax = total, exactly. */
export interface LineFigures {
  readonly net: BigDecimal.BigDecimal
  readonly tax: BigDecimal.BigDecimal
  readonly total: BigDecimal.BigDecimal
}

/** Why a line cannot be priced: its included fixed taxes come to more than its price. */
export interface TaxesExceedPrice {
  readonly _tag: "TaxesExceedPrice"
}

const sum = (values: ReadonlyArray<BigDecimal.BigDecimal>) => BigDecimal.sumAll(values)

/**
 * Prices one line, after how ERPNext and Odoo compute taxes on a document line, rounding each amount to the
 * currency's precision before anything adds it up (so the header's sums are the sums of what the lines show):
 *
 * - the priced amount is quantity × unit price;
 * - INCLUSIVE taxes are inside it: ABSOLUTE ones come off first, then the PERCENT ones are the shares of what is
 *   left that their rates give (left ÷ (1 + Σ rates ÷ 100) is the net before rounding); the net is what remains
 *   once the rounded taxes are taken off, so the priced amount is exactly net + included taxes;
 * - EXCLUSIVE taxes come on top: PERCENT ones as their rate of the net, ABSOLUTE ones as their amount;
 * - an ABSOLUTE tax is an amount for the whole line, not per unit.
 */
export const priceLine = (terms: LineTerms, currency: string): LineFigures | TaxesExceedPrice => {
  const decimals = currencyDecimals(currency)
  const round = (value: BigDecimal.BigDecimal) => roundTo(value, decimals)
  const priced = round(BigDecimal.multiply(terms.quantity, terms.basePrice))
  const included = terms.taxes.filter((t) => t.mode === "INCLUSIVE")
  const added = terms.taxes.filter((t) => t.mode === "EXCLUSIVE")
  const includedFixed = included.filter((t) => t.type === "ABSOLUTE").map((t) => round(t.value))
  const includedRates = included.filter((t) => t.type === "PERCENT").map((t) => t.value)
  const left = BigDecimal.subtract(priced, sum(includedFixed))
  if (BigDecimal.isNegative(left)) return { _tag: "TaxesExceedPrice" }
  const divisor = BigDecimal.sum(one, BigDecimal.divideUnsafe(sum(includedRates), hundred))
  const netBeforeRounding = BigDecimal.divideUnsafe(left, divisor)
  const includedShares = includedRates.map((rate) =>
    round(BigDecimal.divideUnsafe(BigDecimal.multiply(netBeforeRounding, rate), hundred))
  )
  const net = BigDecimal.subtract(left, sum(includedShares))
  if (BigDecimal.isNegative(net)) return { _tag: "TaxesExceedPrice" }
  const addedTaxes = added.map((t) =>
    t.type === "PERCENT" ? round(BigDecimal.divideUnsafe(BigDecimal.multiply(net, t.value), hundred)) : round(t.value)
  )
  const tax = sum([...includedFixed, ...includedShares, ...addedTaxes])
  return { net, tax, total: BigDecimal.sum(net, tax) }
}

/** Whether a pricing answer is the refusal. */
export const isTaxesExceedPrice = (value: LineFigures | TaxesExceedPrice): value is TaxesExceedPrice => "_tag" in value

/** A document's totals: the sums of its lines' figures, so subTotal + tax = total whenever each line's does. */
export const totalFigures = (lines: ReadonlyArray<LineFigures>): LineFigures => ({
  net: sum(lines.map((l) => l.net)),
  tax: sum(lines.map((l) => l.tax)),
  total: sum(lines.map((l) => l.total))
})

/** Figures as the API shows them: decimal strings with exactly the currency's decimals. */
export const formatFigures = (
  figures: LineFigures,
  currency: string
): { readonly net: string; readonly tax: string; readonly total: string } => {
  const decimals = currencyDecimals(currency)
  return {
    net: formatAmount(figures.net, decimals),
    tax: formatAmount(figures.tax, decimals),
    total: formatAmount(figures.total, decimals)
  }
}

/** Figures of nothing: an empty request totals zero. */
export const noFigures: LineFigures = { net: zero, tax: zero, total: zero }
