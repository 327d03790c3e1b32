import { Context, type Effect } from "effect"
import type { Locale } from "../shared/Locale.ts"
import type { Order } from "./Order.ts"

/**
 * What a printed purchase order shows beside the order itself: the buying organisation (name, logo, print colour,
 * VAT number), the vendor as the buyer's vendor master holds it (names, address, VAT number) and the place the
 * goods go. The print page, the PDF routes and the vendor's mail all print from one.
 */
export interface OrderSheet {
  readonly order: Order
  readonly buyer: {
    readonly name: string
    /** The organisation's logo as its settings (else its theme) give it: an address or a `data:` URL. */
    readonly logo: string | null
    /** The theme's print colour (`--print-primary`), if the theme sets one. */
    readonly printColour: string | null
    readonly vatNumber: string | null
  }
  readonly vendor: {
    readonly name: { readonly en: string; readonly ar: string }
    readonly number: string
    readonly addressLines: ReadonlyArray<string>
    readonly vatNumber: string | null
  }
  /** The delivery location of the order's workspace, none when the order names none. */
  readonly deliverTo: { readonly name: string; readonly addressLines: ReadonlyArray<string> } | null
  /** The organisation's date format setting (`iso`, `american`, `european`), which printed dates follow. */
  readonly dateFormat: string | undefined
}

/** A purchase order's PDF as it is downloaded and mailed: `PO-000042.pdf` and its bytes. */
export interface OrderPdf {
  readonly filename: string
  readonly bytes: Uint8Array
}

export interface OrderPrinterShape {
  /** The order's PDF in one language, Arabic shaped and laid out right to left. */
  readonly purchaseOrder: (sheet: OrderSheet, locale: Locale) => Effect.Effect<Uint8Array>
}

/** Port: renders a purchase order as a PDF (pdfkit, in adapters/src/print). */
export class OrderPrinter extends Context.Service<OrderPrinter, OrderPrinterShape>()(
  "@tawreed/core/orders/OrderPrinter"
) {}

/** The name an order's PDF goes by, its number's: `PO-000042.pdf`. */
export const orderPdfName = (order: Pick<Order, "number">): string => `${order.number.replace(/[^\w.-]/g, "_")}.pdf`
