import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { guarded } from "../ApiContract.ts"

const Format = Schema.optional(
  Schema.String.check(Schema.isMaxLength(20)).annotate({ description: "xlsx (the default) or csv." })
)

/** The export's language when the caller cannot send the `Language` header (a download link). */
const Language = Schema.optional(
  Schema.Literals(["en", "ar"]).annotate({ description: "en or ar; the Language header else." })
)

/** `GET products/exportAllEmail`: where the export was mailed. */
export class ExportMailed extends Schema.Class<ExportMailed>("ExportMailed")({
  to: Schema.String
}) {}

/**
 * SPEC.md §7 product exports: every live product of the organisation with every field, and the price each vendor
 * asks, as an Excel workbook or CSV in the caller's language; or the workbook mailed to the caller. Declared
 * without its middleware: Api.ts adds it behind Authentication.
 */
export class ProductExportGroup extends HttpApiGroup.make("productExport")
  .add(
    HttpApiEndpoint.get("exportAll", "/products/exportAll", {
      query: { format: Format, language: Language },
      success: HttpApiSchema.StreamUint8Array(),
      error: guarded
    })
  )
  .add(HttpApiEndpoint.get("exportAllEmail", "/products/exportAllEmail", { success: ExportMailed, error: guarded }))
  .add(
    HttpApiEndpoint.get("exportVendorPrices", "/products/exportVendorPrices", {
      query: { format: Format, language: Language },
      success: HttpApiSchema.StreamUint8Array(),
      error: guarded
    })
  ) {}
