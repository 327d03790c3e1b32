import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { type ExportFile, ProductExports } from "@tawreed/core/catalog"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { ExportMailed } from "./ProductExportApi.ts"

/** `Content-Disposition` of an export: its name in ASCII for old clients and in full as RFC 6266 says. */
export const exportDisposition = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_")
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}

/** An export as a download. */
export const exportResponse = (file: ExportFile) =>
  HttpServerResponse.uint8Array(file.bytes, {
    contentType: file.mime,
    headers: { "content-disposition": exportDisposition(file.name), "cache-control": "private, no-store" }
  })

/** The handlers of the product exports. */
export const ProductExportHandlers = HttpApiBuilder.group(Api, "productExport", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const exports = yield* ProductExports
    return handlers
      .handle("exportAll", ({ query }) =>
        asActor((a, { locale, origin }) =>
          Effect.map(exports.products(a, query.format, query.language ?? locale, origin), exportResponse)
        )
      )
      .handle("exportAllEmail", () =>
        asActor((a, { locale, baseUrl, origin }) =>
          Effect.map(exports.emailProducts(a, locale, baseUrl, origin), (sent) => new ExportMailed(sent))
        )
      )
      .handle("exportVendorPrices", ({ query }) =>
        asActor((a, { locale, origin }) =>
          Effect.map(exports.vendorPrices(a, query.format, query.language ?? locale, origin), exportResponse)
        )
      )
  })
)
