import { Effect, Layer } from "effect"
import { OrderPrinter } from "@tawreed/core/orders"
import { orderPrintView } from "./OrderPrintView.ts"
import { renderPurchaseOrderPdf } from "./PurchaseOrderPdf.ts"

/** The purchase order's PDF rendered with pdfkit from its print view (OrderPrintView), Arabic shaped. */
export const PdfOrderPrinter = Layer.succeed(
  OrderPrinter,
  OrderPrinter.of({
    purchaseOrder: (sheet, locale) =>
      Effect.promise(() => renderPurchaseOrderPdf(orderPrintView(sheet, locale))).pipe(
        Effect.withSpan("PdfOrderPrinter.purchaseOrder")
      )
  })
)
