// Kept free of effect so that the site's islands can format amounts without the schema library.

/** The number formats of each language and currency, made once. */
const moneyFormats = new Map<string, Intl.NumberFormat>()

/**
 * Formats amounts of a currency for a reader: Latin digits in both languages (as the product writes figures
 * everywhere) and the currency's code rather than a symbol, so SAR and other riyals read the same in every locale.
 * The site's pages and the printed purchase order share it, so a figure reads the same on both.
 */
export const moneyText = (locale: string, currency: string): ((amount: string) => string) => {
  const key = `${locale} ${currency}`
  let format = moneyFormats.get(key)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-latn" : "en-GB", {
      style: "currency",
      currency,
      currencyDisplay: "code"
    })
    // Made once per language and currency: building a format costs far more than using it.
    if (moneyFormats.size < 1_000) moneyFormats.set(key, format)
  }
  const made = format
  return (amount) => made.format(Number(amount))
}
