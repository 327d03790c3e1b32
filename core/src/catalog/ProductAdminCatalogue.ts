import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of the product exports. */
export const productAdminAuditEvents = ["products.exported", "products.export_mailed"] as const

/**
 * The product administration's errors (E2340–E2349 input, E6340–E6349 rules), in English and Arabic, with its audit
 * events. `shared/ModuleCatalogues.ts` lists it.
 */
export const productAdminCatalogue = {
  errors: [
    entry(
      "E2340",
      "EXPORT_FORMAT_INVALID",
      "Invalid",
      "Exports are made as an Excel workbook (xlsx) or a CSV file.",
      "يتم التصدير كمصنف \u2068Excel\u2069 (\u2068xlsx\u2069) أو كملف \u2068CSV\u2069."
    ),
    entry(
      "E6340",
      "EXPORT_TOO_LARGE",
      "Rule",
      "The export holds more than {max} rows: send it by email instead.",
      "يحتوي التصدير على أكثر من {max} صف: أرسله بالبريد الإلكتروني بدلًا من ذلك."
    )
  ],
  codes: {
    ExportFormatInvalid: "E2340",
    ExportTooLarge: "E6340"
  },
  auditEvents: productAdminAuditEvents
} as const satisfies ModuleCatalogue
