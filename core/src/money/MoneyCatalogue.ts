import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Amounts and currencies: the module's errors in the shared catalogue. */
export const moneyCatalogue = {
  errors: [
    entry(
      "E6007",
      "UNKNOWN_CURRENCY",
      "Invalid",
      "There is no exchange rate for the currency {currency}.",
      "لا يوجد سعر صرف للعملة {currency}."
    ),
    entry(
      "E6008",
      "INVALID_AMOUNT",
      "Invalid",
      "{value} is not an amount. Enter a number such as 1250.50.",
      "القيمة {value} ليست مبلغًا. أدخل رقمًا مثل 1250.50."
    )
  ],
  codes: {
    UnknownCurrency: "E6007",
    InvalidAmount: "E6008"
  }
} as const satisfies ModuleCatalogue
