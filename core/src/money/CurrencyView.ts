import { BigDecimal, Effect } from "effect"
import { conversionFactor, formatAmount } from "./Money.ts"
import type { UnknownCurrency } from "./MoneyErrors.ts"

/** The view-in-currency toggle of the breadcrumb bar (SPEC.md §3 Currency view state). */
export interface CurrencyView {
  readonly orgCurrency: string
  readonly currency: string
  /** On: amounts show in `currency`; off: in the organisation's currency. */
  readonly toggleValue: boolean
  readonly showCurrencyView: boolean
}

/** The toggle starts off, showing the organisation's currency; it shows only when the two currencies differ. */
export const initialCurrencyView = (orgCurrency: string, currency: string): CurrencyView => ({
  orgCurrency,
  currency,
  toggleValue: false,
  showCurrencyView: orgCurrency !== currency
})

/** Flips between the organisation's currency and the current one. */
export const toggleCurrencyView = (view: CurrencyView): CurrencyView => ({ ...view, toggleValue: !view.toggleValue })

/** The currency amounts are shown in. */
export const displayedCurrency = (view: CurrencyView): string => (view.toggleValue ? view.currency : view.orgCurrency)

/** The tooltip's conversion factor: what one unit of the document's currency is worth in the other, to 4 decimals. */
export const conversionFactorText = Effect.fn("CurrencyView.conversionFactorText")(function* (
  view: CurrencyView
): Effect.fn.Return<string, UnknownCurrency> {
  const factor: BigDecimal.BigDecimal = yield* conversionFactor(view.orgCurrency, view.currency)
  return `1 ${view.orgCurrency} = ${formatAmount(factor, 4)} ${view.currency}`
})
