import { Context, Effect, Layer, Option } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled } from "../access/AccessErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import type { Locale } from "../shared/Locale.ts"
import { forVendor } from "./OrderCommands.ts"
import { OrderNotFound } from "./OrderErrors.ts"
import type { OrderPdf, OrderSheet } from "./OrderPrinter.ts"
import { OrderRepository } from "./OrderRepository.ts"
import { Orders } from "./Orders.ts"
import { makeOrderSheets } from "./OrderSheets.ts"

type Read<A> = Effect.Effect<A, OrderNotFound | InsufficientPrivileges | ModuleNotEnabled>

/** The printed purchase order: its sheet for the print page, its PDF for the buyer and for its vendor. */
export interface OrderPrintsShape {
  /** The print page's sheet of an order the actor may read. */
  readonly sheet: (actor: Actor, id: string) => Read<OrderSheet>
  /** `GET order/{id}/pdf`: the PDF of an order the actor may read, in the language asked for. */
  readonly pdf: (actor: Actor, id: string, locale: Locale) => Read<OrderPdf>
  /** The vendor's print page's sheet of an order sent to the actor's organisation, as the vendor sees the order. */
  readonly sheetForVendor: (actor: Actor, id: string) => Effect.Effect<OrderSheet, OrderNotFound>
  /** `GET order-vendor/{id}/pdf`: the PDF of an order sent to the actor's organisation; another's is not found. */
  readonly pdfForVendor: (actor: Actor, id: string, locale: Locale) => Effect.Effect<OrderPdf, OrderNotFound>
}

/** Use cases: purchase orders printed, as a sheet and as a PDF, for the buyer and for the vendor. */
export class OrderPrints extends Context.Service<OrderPrints, OrderPrintsShape>()("@tawreed/core/orders/OrderPrints") {
  static readonly layer = Layer.effect(
    OrderPrints,
    Effect.gen(function* () {
      const orders = yield* Orders
      const repository = yield* OrderRepository
      const sheets = yield* makeOrderSheets

      const sheet: OrderPrintsShape["sheet"] = Effect.fn("OrderPrints.sheet")(function* (actor, id) {
        return yield* sheets.sheetOf(actor.orgId, yield* orders.get(actor, id))
      })

      /** The order sent to the actor's organisation, as the vendor sees it, and the buyer it belongs to. */
      const addressed = Effect.fn("OrderPrints.addressed")(function* (actor: Actor, id: string) {
        const found = yield* repository.findForVendor(actor.orgId, id)
        if (Option.isNone(found)) return yield* new OrderNotFound({ id })
        return { buyerOrgId: found.value.orgId, order: forVendor(found.value.order) }
      })

      const sheetForVendor: OrderPrintsShape["sheetForVendor"] = Effect.fn("OrderPrints.sheetForVendor")(
        function* (actor, id) {
          const { buyerOrgId, order } = yield* addressed(actor, id)
          return yield* sheets.sheetOf(buyerOrgId, order)
        }
      )

      return OrderPrints.of({
        sheet,
        pdf: Effect.fn("OrderPrints.pdf")(function* (actor, id, locale) {
          return yield* sheets.pdfOf(actor.orgId, yield* orders.get(actor, id), locale)
        }),
        sheetForVendor,
        pdfForVendor: Effect.fn("OrderPrints.pdfForVendor")(function* (actor, id, locale) {
          const { buyerOrgId, order } = yield* addressed(actor, id)
          return yield* sheets.pdfOf(buyerOrgId, order, locale)
        })
      })
    })
  )
}
