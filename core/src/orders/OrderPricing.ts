import { BigDecimal } from "effect"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { formatAmount, roundTo } from "../money/Rounding.ts"
import type { TaxMode } from "../requests/Request.ts"

/**
 * An order's arithmetic, decided once for every order, bill and payment that follows it:
 *
 * - **Tax modes** (SPEC.md §3): the order says whether its prices include tax. EXCLUSIVE: a line's net is its gross
 *   (quantity × unit price) less its discount, and its tax is its rate of the net. INCLUSIVE: gross less discount is
 *   the line's total, its net is total ÷ (1 + rate ÷ 100), and the tax is the difference. VAT 15 % is every line's
 *   default rate in SAR (ZATCA), 0 in other currencies unless a rate is given.
 * - **Rounding without residue**: a line's gross and discount are rounded on their own to the currency's precision
 *   (half away from zero), so what is left after the discount is exact. Tax is rounded once on the header (the
 *   exact sum of the lines' taxes), then apportioned back: each line's exact tax floored, plus one smallest unit
 *   for the lines with the largest remainders until they add up to the header's (the largest-remainder method,
 *   as Odoo's "round globally"). So lines always add up to the header, no line's tax is a unit from its exact
 *   figure, and an INCLUSIVE line's total is exactly what was agreed for it.
 * - **Header**: total = lines' net + tax (lines' and the shipping fee's) + shipping fee + adjustments; it is never
 *   below zero.
 * - **Payment schedule**: instalments' percents sum to 100; each instalment's amount is its share of the total,
 *   rounded by the same largest-remainder rule, so the amounts sum to the total exactly; an instalment falls due its
 *   days after the order's approval (ORDER) or its delivery date (DELIVERY).
 */

const zero = BigDecimal.fromBigInt(0n)
const one = BigDecimal.fromBigInt(1n)
const hundred = BigDecimal.fromBigInt(100n)
/** Digits kept by divisions before rounding: far beyond any currency's precision. */
const workingScale = 24

const divide = (a: BigDecimal.BigDecimal, b: BigDecimal.BigDecimal) =>
  BigDecimal.round(BigDecimal.divideUnsafe(a, b), { scale: workingScale, mode: "half-from-zero" })
const sum = (values: ReadonlyArray<BigDecimal.BigDecimal>) => BigDecimal.sumAll(values)
const percentOf = (value: BigDecimal.BigDecimal, rate: BigDecimal.BigDecimal) =>
  divide(BigDecimal.multiply(value, rate), hundred)

/** What one line is priced from. */
export interface LinePricingTerms {
  readonly quantity: BigDecimal.BigDecimal
  readonly unitPrice: BigDecimal.BigDecimal
  readonly discount: { readonly type: "PERCENT" | "ABSOLUTE"; readonly value: BigDecimal.BigDecimal } | null
  /** Percent. */
  readonly taxRate: BigDecimal.BigDecimal
}

/** What an order is priced from: its lines, tax mode, shipping fee with its tax rate, and adjustments (signed). */
export interface OrderPricingTerms {
  readonly currency: string
  readonly taxMode: TaxMode
  readonly lines: ReadonlyArray<LinePricingTerms>
  readonly shippingFee: BigDecimal.BigDecimal
  readonly shippingFeeTaxRate: BigDecimal.BigDecimal
  readonly adjustments: ReadonlyArray<BigDecimal.BigDecimal>
}

/** One line's figures, rounded: gross − discount = net (EXCLUSIVE) or total (INCLUSIVE); net + tax = total. */
export interface LinePriced {
  readonly gross: BigDecimal.BigDecimal
  readonly discount: BigDecimal.BigDecimal
  readonly net: BigDecimal.BigDecimal
  readonly tax: BigDecimal.BigDecimal
  readonly total: BigDecimal.BigDecimal
}

/** An order's figures: its lines' and the header's, which always add up. */
export interface OrderPriced {
  readonly lines: ReadonlyArray<LinePriced>
  readonly gross: BigDecimal.BigDecimal
  readonly discount: BigDecimal.BigDecimal
  readonly subTotal: BigDecimal.BigDecimal
  /** Lines' tax and the shipping fee's tax. */
  readonly tax: BigDecimal.BigDecimal
  readonly linesTax: BigDecimal.BigDecimal
  readonly shippingFee: BigDecimal.BigDecimal
  readonly shippingFeeTax: BigDecimal.BigDecimal
  readonly adjustments: BigDecimal.BigDecimal
  readonly total: BigDecimal.BigDecimal
}

/** Why an order cannot be priced: a discount above its line's gross, or a total below zero. */
export type PricingProblem =
  { readonly _tag: "DiscountExceedsLine"; readonly line: number } | { readonly _tag: "NegativeTotal" }

/** The VAT rate a line takes when none is given: 15 % in SAR (ZATCA), none elsewhere. */
export const defaultTaxRate = (currency: string): BigDecimal.BigDecimal =>
  currency.trim().toUpperCase() === "SAR" ? BigDecimal.fromBigInt(15n) : zero

/**
 * Rounds exact values so that they sum to `target` (a figure already at `decimals`): each is floored, and the
 * units left over go one each to the values with the largest remainders (earlier first on ties). `target` must lie
 * between the sum of the floors and that sum plus one unit per value, which holds whenever it is the exact sum
 * rounded to the same decimals.
 */
export const allocateLargestRemainder = (
  exact: ReadonlyArray<BigDecimal.BigDecimal>,
  target: BigDecimal.BigDecimal,
  decimals: number
): ReadonlyArray<BigDecimal.BigDecimal> => {
  const floors = exact.map((v) => BigDecimal.round(v, { scale: decimals, mode: "floor" }))
  const unit = BigDecimal.make(1n, decimals)
  const unitsLeft = BigDecimal.divideUnsafe(BigDecimal.subtract(target, sum(floors)), unit)
  let left = Number(BigDecimal.round(unitsLeft, { scale: 0, mode: "half-from-zero" }).value)
  const order = exact
    .map((v, index) => ({ index, remainder: BigDecimal.subtract(v, floors[index]!) }))
    .sort((a, b) => {
      const c = BigDecimal.Order(b.remainder, a.remainder)
      return c !== 0 ? c : a.index - b.index
    })
  const result = [...floors]
  for (const { index } of order) {
    if (left <= 0) break
    result[index] = BigDecimal.sum(result[index]!, unit)
    left -= 1
  }
  // More units to give than values (a target beyond the floors' reach) would break the promise above; it cannot
  // come from an exact sum rounded, and is refused loudly rather than silently kept as residue.
  if (left > 0) throw new Error("allocateLargestRemainder: target out of reach")
  return result
}

/** Prices an order: every line and the header, rounded to the currency's precision with no residue. */
export const priceOrder = (terms: OrderPricingTerms): OrderPriced | PricingProblem => {
  const decimals = currencyDecimals(terms.currency)
  const round = (value: BigDecimal.BigDecimal) => roundTo(value, decimals)
  const priced: Array<{ gross: BigDecimal.BigDecimal; after: BigDecimal.BigDecimal; tax: BigDecimal.BigDecimal }> = []
  for (const [index, line] of terms.lines.entries()) {
    const gross = round(BigDecimal.multiply(line.quantity, line.unitPrice))
    const discount =
      line.discount === null
        ? zero
        : round(line.discount.type === "PERCENT" ? percentOf(gross, line.discount.value) : line.discount.value)
    const after = BigDecimal.subtract(gross, discount)
    if (BigDecimal.isNegative(after)) return { _tag: "DiscountExceedsLine", line: index }
    const tax =
      terms.taxMode === "EXCLUSIVE"
        ? percentOf(after, line.taxRate)
        : BigDecimal.subtract(after, divide(after, BigDecimal.sum(one, divide(line.taxRate, hundred))))
    priced.push({ gross, after, tax })
  }
  // Gross and discount are rounded per line, so what is left of a line after its discount is exact already; only
  // the tax is apportioned, from the header's rounded tax back to the lines.
  const linesTax = round(sum(priced.map((l) => l.tax)))
  const taxes = allocateLargestRemainder(
    priced.map((l) => l.tax),
    linesTax,
    decimals
  )
  const lines: Array<LinePriced> = priced.map((l, i) => {
    const tax = taxes[i]!
    const net = terms.taxMode === "EXCLUSIVE" ? l.after : BigDecimal.subtract(l.after, tax)
    return {
      gross: l.gross,
      discount: BigDecimal.subtract(l.gross, l.after),
      net,
      tax,
      total: BigDecimal.sum(net, tax)
    }
  })
  const subTotal = sum(lines.map((l) => l.net))
  const shippingFee = round(terms.shippingFee)
  const shippingFeeTax = round(percentOf(shippingFee, terms.shippingFeeTaxRate))
  const adjustments = sum(terms.adjustments.map(round))
  const tax = BigDecimal.sum(linesTax, shippingFeeTax)
  const total = sum([subTotal, tax, shippingFee, adjustments])
  if (BigDecimal.isNegative(total)) return { _tag: "NegativeTotal" }
  return {
    lines,
    gross: sum(lines.map((l) => l.gross)),
    discount: sum(lines.map((l) => l.discount)),
    subTotal,
    tax,
    linesTax,
    shippingFee,
    shippingFeeTax,
    adjustments,
    total
  }
}

/** Whether a pricing answer is a refusal. */
export const isPricingProblem = (value: OrderPriced | PricingProblem): value is PricingProblem => "_tag" in value

/** One instalment of a plan as the arithmetic needs it. */
export interface InstalmentTerms {
  readonly percent: BigDecimal.BigDecimal
  readonly days: number
  readonly basis: "ORDER" | "DELIVERY"
}

/** One instalment priced and dated (`YYYY-MM-DD`, or null while its basis date is unknown). */
export interface Instalment {
  readonly amount: BigDecimal.BigDecimal
  readonly dueDate: string | null
}

/** Why a plan cannot split a total: its percents do not come to 100. */
export interface PlanNotWhole {
  readonly _tag: "PlanNotWhole"
  readonly percent: string
}

const addDays = (day: string, days: number): string => {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

/**
 * Splits a total into the plan's instalments: amounts in the currency's precision that sum to the total exactly,
 * each due its days after the order date or the delivery date (both `YYYY-MM-DD`, or null when not known yet).
 */
export const paymentSchedule = (
  total: BigDecimal.BigDecimal,
  currency: string,
  plan: ReadonlyArray<InstalmentTerms>,
  dates: { readonly orderDate: string | null; readonly deliveryDate: string | null }
): ReadonlyArray<Instalment> | PlanNotWhole => {
  const percent = sum(plan.map((p) => p.percent))
  if (!BigDecimal.equals(percent, hundred)) return { _tag: "PlanNotWhole", percent: BigDecimal.format(percent) }
  const decimals = currencyDecimals(currency)
  const amounts = allocateLargestRemainder(
    plan.map((p) => percentOf(total, p.percent)),
    roundTo(total, decimals),
    decimals
  )
  return plan.map((p, i) => {
    const basis = p.basis === "ORDER" ? dates.orderDate : dates.deliveryDate
    return { amount: amounts[i]!, dueDate: basis === null ? null : addDays(basis, p.days) }
  })
}

/** Whether a schedule answer is the refusal. */
export const isPlanNotWhole = (value: ReadonlyArray<Instalment> | PlanNotWhole): value is PlanNotWhole =>
  "_tag" in value

/** An amount as the API shows it: a decimal string with exactly the currency's decimals. */
export const formatMoney = (value: BigDecimal.BigDecimal, currency: string): string =>
  formatAmount(value, currencyDecimals(currency))
