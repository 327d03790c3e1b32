import { Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Approvals } from "@tawreed/core/approvals"
import { Order, orderKind, type OrderPdf, OrderPrints, Orders } from "@tawreed/core/orders"
import { Api } from "../Api.ts"
import { Reminded } from "../approvals/ApprovalsApi.ts"
import { exportDisposition } from "../catalog/ProductExportHandlers.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { OrderColumns, orderListParams } from "./OrdersApi.ts"

/** An order's PDF as a download: `PO-000042.pdf`, never cached. */
const pdfResponse = (pdf: OrderPdf) =>
  HttpServerResponse.uint8Array(pdf.bytes, {
    contentType: "application/pdf",
    headers: { "content-disposition": exportDisposition(pdf.filename), "cache-control": "private, no-store" }
  })

/** The handlers of purchase orders, the buyer's side (see OrdersGroup). */
export const OrdersHandlers = HttpApiBuilder.group(Api, "orders", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const orders = yield* Orders
    const prints = yield* OrderPrints
    const approvals = yield* Approvals
    return (
      handlers
        .handle("list", ({ query }) => asActor((a) => Effect.flatMap(orderListParams(query), (p) => orders.list(a, p))))
        .handle("create", ({ payload }) => once(payload, Order, (a, { origin }) => orders.create(a, payload, origin)))
        .handle("update", ({ payload }) => asActor((a, { origin }) => orders.update(a, payload, origin)))
        .handle("createFromRequest", ({ params, payload }) =>
          once({ params, payload }, Order, (a, { origin }) =>
            orders.createFromRequest(a, params.requestId, payload, origin)
          )
        )
        .handle("createFromCart", ({ params, payload }) =>
          once({ params, payload }, Order, (a, { origin }) =>
            orders.createFromCart(a, params.vendorId, payload, origin)
          )
        )
        .handle("submit", ({ params, payload }) =>
          once({ params, payload }, Order, (a, { origin }) => orders.submit(a, params.id, payload ?? undefined, origin))
        )
        .handle("approve", ({ params, payload }) =>
          asActor((a, { origin }) => orders.approve(a, params.id, payload, origin))
        )
        .handle("reject", ({ params, payload }) =>
          asActor((a, { origin }) => orders.reject(a, params.id, payload, origin))
        )
        .handle("return", ({ params, payload }) =>
          asActor((a, { origin }) => orders.returnToBuyer(a, params.id, payload, origin))
        )
        .handle("submitToVendor", ({ params, payload }) =>
          asActor((a, { origin }) => orders.submitToVendor(a, params.id, payload ?? undefined, origin))
        )
        .handle("cancel", ({ params, payload }) =>
          asActor((a, { origin }) => orders.cancel(a, params.id, payload, origin))
        )
        .handle("close", ({ params, payload }) =>
          asActor((a, { origin }) => orders.close(a, params.id, payload ?? undefined, origin))
        )
        .handle("reopen", ({ params, payload }) =>
          asActor((a, { origin }) => orders.reopen(a, params.id, payload ?? undefined, origin))
        )
        .handle("amend", ({ params, payload }) =>
          asActor((a, { origin }) => orders.amend(a, params.id, payload, origin))
        )
        .handle("saveColumns", ({ payload }) =>
          asActor((a) => Effect.map(orders.saveColumns(a, payload.columns), (columns) => new OrderColumns({ columns })))
        )
        // Reminding asks that the reminder see the order, as reading its approval does.
        .handle("remind", ({ params }) =>
          asActor((a) =>
            orders
              .get(a, params.id)
              .pipe(
                Effect.andThen(approvals.remind(a, orderKind.kind, params.id)),
                Effect.as(new Reminded({ reminded: true }))
              )
          )
        )
        .handle("timeline", ({ params }) => asActor((a) => orders.timeline(a, params.id)))
        .handle("pdf", ({ params, query }) =>
          asActor((a, { locale }) => Effect.map(prints.pdf(a, params.id, query.language ?? locale), pdfResponse))
        )
        .handle("get", ({ params }) => asActor((a) => orders.get(a, params.id)))
    )
  })
)

/** The handlers of the seller's order module (see OrderVendorGroup). */
export const OrderVendorHandlers = HttpApiBuilder.group(Api, "orderVendor", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const orders = yield* Orders
    const prints = yield* OrderPrints
    return handlers
      .handle("list", ({ query }) =>
        asActor((a) => Effect.flatMap(orderListParams(query), (p) => orders.listForVendor(a, p)))
      )
      .handle("accept", ({ params, payload }) =>
        asActor((a, { origin }) => orders.vendorAccept(a, params.id, payload ?? undefined, origin))
      )
      .handle("reject", ({ params, payload }) =>
        asActor((a, { origin }) => orders.vendorReject(a, params.id, payload, origin))
      )
      .handle("pdf", ({ params, query }) =>
        asActor((a, { locale }) => Effect.map(prints.pdfForVendor(a, params.id, query.language ?? locale), pdfResponse))
      )
      .handle("get", ({ params }) => asActor((a) => orders.getForVendor(a, params.id)))
  })
)
