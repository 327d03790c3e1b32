/** Fills `{{name}}` placeholders, as i18next does, for islands that get their strings as props. */
export const format = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => (key in params ? String(params[key]) : whole))

/**
 * Formats amounts of a currency for a page: Latin digits in both languages (as the rest of the site writes
 * figures) and the currency's code rather than a symbol, so SAR and other riyals read the same in every locale.
 */
export const moneyFormat = (locale: string, currency: string): ((amount: string) => string) => {
  const format = new Intl.NumberFormat(locale === "ar" ? "ar-SA-u-nu-latn" : "en-GB", {
    style: "currency",
    currency,
    currencyDisplay: "code"
  })
  return (amount) => format.format(Number(amount))
}

/**
 * Formats instants for a page: the Gregorian calendar and Latin digits in both languages, as the documents'
 * dates are; `withTime` adds the hour and minute.
 */
export const dateFormat = (locale: string, withTime = true): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-SA-u-nu-latn-ca-gregory" : "en-GB", {
    dateStyle: "medium",
    ...(withTime ? { timeStyle: "short" as const } : {})
  })
