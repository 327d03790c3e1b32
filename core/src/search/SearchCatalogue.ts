import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Quick search: the module's errors in the shared catalogue. */
export const searchCatalogue = {
  errors: [
    entry("E6016", "SEARCH_TOO_SHORT", "Invalid", "Please enter at least 3 characters", "يرجى إدخال 3 أحرف على الأقل")
  ],
  codes: {
    SearchTooShort: "E6016"
  }
} as const satisfies ModuleCatalogue
