import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Dates and due dates: the module's errors in the shared catalogue. */
export const dateCatalogue = {
  errors: [
    entry(
      "E6014",
      "INVALID_DATE",
      "Invalid",
      "{value} is not a date. Enter it as YYYY-MM-DD.",
      "القيمة {value} ليست تاريخًا. أدخله بالصيغة \u2068YYYY-MM-DD\u2069."
    ),
    entry(
      "E6015",
      "DUE_DATE_TOO_SOON",
      "Rule",
      "The due date must be at least 7 days ahead, on or after {earliest}.",
      "يجب أن يكون تاريخ الاستحقاق بعد 7 أيام على الأقل، في {earliest} أو بعده."
    )
  ],
  codes: {
    InvalidDate: "E6014",
    DueDateTooSoon: "E6015"
  }
} as const satisfies ModuleCatalogue
