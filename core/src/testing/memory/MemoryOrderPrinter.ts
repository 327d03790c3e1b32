import { Effect, Layer } from "effect"
import { OrderPrinter } from "../../orders/OrderPrinter.ts"

/**
 * A purchase order's "PDF" for unit tests of what prints and mails it: a fixed one-line PDF header naming the
 * order's number and the language, so a test can tell which order and language were printed. The product's PDF is
 * rendered by adapters/src/print.
 */
export const layerMemoryOrderPrinter = Layer.succeed(
  OrderPrinter,
  OrderPrinter.of({
    purchaseOrder: (sheet, locale) =>
      Effect.succeed(new TextEncoder().encode(`%PDF-1.7\n% ${sheet.order.number} ${locale}\n%%EOF\n`))
  })
)
