/**
 * Currencies whose ISO 4217 minor unit is 0 (SPEC.md §9: "0 for JPY, KRW, CLP, VND and similar").
 */
export const zeroDecimalCurrencies: ReadonlyArray<string> = [
  "BIF",
  "CLP",
  "DJF",
  "GNF",
  "ISK",
  "JPY",
  "KMF",
  "KRW",
  "PYG",
  "RWF",
  "UGX",
  "UYI",
  "VND",
  "VUV",
  "XAF",
  "XOF",
  "XPF"
]

/** Currencies with three decimals (SPEC.md §9: BHD, KWD, JOD, IQD, LYD, OMR, TND). */
export const threeDecimalCurrencies: ReadonlyArray<string> = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]

/** Units of account ISO 4217 gives four decimals. */
export const fourDecimalCurrencies: ReadonlyArray<string> = ["CLF", "UYW"]

/** How many decimals amounts in a currency carry: its ISO 4217 minor unit, 2 when the code is not special. */
export const currencyDecimals = (currency: string): number => {
  const code = currency.trim().toUpperCase()
  if (zeroDecimalCurrencies.includes(code)) return 0
  if (threeDecimalCurrencies.includes(code)) return 3
  if (fourDecimalCurrencies.includes(code)) return 4
  return 2
}

/** The digits a line-item price shows: the organisation's `lineItemPriceDisplayPrecision` when set, else the currency's. */
export const displayPrecision = (currency: string, lineItemPriceDisplayPrecision?: number | undefined): number =>
  lineItemPriceDisplayPrecision !== undefined &&
  Number.isInteger(lineItemPriceDisplayPrecision) &&
  lineItemPriceDisplayPrecision >= 0
    ? lineItemPriceDisplayPrecision
    : currencyDecimals(currency)
