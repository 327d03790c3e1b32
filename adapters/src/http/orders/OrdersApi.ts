import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { TimelineEntry } from "@tawreed/core/approvals"
import {
  NewOrderInput,
  Order,
  OrderAmendInput,
  OrderApproval,
  OrderCancelInput,
  OrderCommandInput,
  OrderFromCartInput,
  OrderFromRequestInput,
  type OrderListParams,
  OrderPage,
  OrderReview,
  OrderUpdateInput,
  VendorAnswerInput,
  orderLimits
} from "@tawreed/core/orders"
import { cappedArray, type InvalidField, Uuid } from "@tawreed/core/shared"
import { changing, guarded, keyedHeaders, reading } from "../ApiContract.ts"
import { Reminded } from "../approvals/ApprovalsApi.ts"
import { FilterValues, filterOf, ListText, listOf, valuesOf } from "../ListQuery.ts"

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

/** `PUT order/save-columns/orders`: the orders list's columns, in order, as the user keeps them. */
export class OrderColumns extends Schema.Class<OrderColumns>("OrderColumns")({
  columns: cappedArray(Schema.String, orderLimits.columns)
}) {}

/**
 * The query of `GET order` and `GET order-vendor` (as `GET request?{filters}`, SPEC.md §7): the page (from 0) or a
 * cursor from the previous answer, the sort, and the filters, each also accepted inside `filter` as JSON (the
 * query's own parameters win).
 */
export const orderListQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The page, counting from 0." })),
  limit: Schema.optional(Schema.NumberFromString.annotate({ description: "The page size: 10, 25, 50, 100 or 500." })),
  sort: Schema.optional(
    Schema.String.annotate({
      description:
        "createdAt, updatedAt, title, status or total, `-` before it for descending; `-createdAt` when absent."
    })
  ),
  after: Schema.optional(Schema.String.annotate({ description: "A page's `nextCursor`: the page after it." })),
  before: Schema.optional(Schema.String.annotate({ description: "A page's `previousCursor`: the page before it." })),
  status: ListText,
  workspaceId: ListText,
  vendorId: ListText,
  priority: ListText,
  requestId: Schema.optional(Schema.String.annotate({ description: "Only the orders of this request." })),
  search: Schema.optional(
    Schema.String.annotate({ description: "Part of the number, the title or the vendor's name." })
  ),
  mine: Schema.optional(Schema.Literals(["true", "false"])),
  filter: Schema.optional(
    Schema.String.annotate({
      description:
        "The filters as JSON: `status`, `workspaceId`, `vendorId`, `priority` (each a string or a list of strings), " +
        "`requestId`, `search`, `mine`."
    })
  )
}

/** The list query as the API decodes it. */
export interface OrderListQuery {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly sort?: string | undefined
  readonly after?: string | undefined
  readonly before?: string | undefined
  readonly status?: string | undefined
  readonly workspaceId?: string | undefined
  readonly vendorId?: string | undefined
  readonly priority?: string | undefined
  readonly requestId?: string | undefined
  readonly search?: string | undefined
  readonly mine?: "true" | "false" | undefined
  readonly filter?: string | undefined
}

/** The `filter` JSON of the lists. */
const OrderListFilter = Schema.Struct({
  status: FilterValues,
  workspaceId: FilterValues,
  vendorId: FilterValues,
  priority: FilterValues,
  requestId: Schema.optionalKey(Schema.String),
  search: Schema.optionalKey(Schema.String),
  mine: Schema.optionalKey(Schema.Boolean)
})
const orderFilter = filterOf(OrderListFilter)

/** The use case's list parameters from the query: comma-separated lists split, `filter` read underneath. */
export const orderListParams = (query: OrderListQuery): Effect.Effect<OrderListParams, InvalidField> =>
  Effect.map(orderFilter(query.filter), (filter) => ({
    page: query.page,
    limit: query.limit,
    sort: query.sort,
    after: query.after,
    before: query.before,
    statuses: listOf(query.status) ?? valuesOf(filter.status),
    workspaceIds: listOf(query.workspaceId) ?? valuesOf(filter.workspaceId),
    vendorIds: listOf(query.vendorId) ?? valuesOf(filter.vendorId),
    priorities: listOf(query.priority) ?? valuesOf(filter.priority),
    requestId: query.requestId ?? filter.requestId,
    search: query.search ?? filter.search,
    mine: query.mine === undefined ? filter.mine : query.mine === "true"
  }))

/** The query of an order's PDF: its language when the caller cannot send the `Language` header (a download link). */
const pdfQuery = {
  language: Schema.optional(
    Schema.Literals(["en", "ar"]).annotate({ description: "en or ar; the Language header else." })
  )
}

/** A command's body that may be left out: its version and remark are optional. */
const optionalCommand = [OrderCommandInput, Schema.Null] as const

/**
 * Purchase orders, the buyer's side. SPEC.md §7 lists no order paths; these follow its requests' (`request`,
 * `request/approve/{id}`, `{module}/approval-remind/{id}`, `request/save-columns/{list}`). Creates and submits take
 * an Idempotency-Key. Declared without its middleware: Api.ts adds it behind Authentication. Fixed paths come before
 * `/order/:id` so that none is taken for an id.
 */
export class OrdersGroup extends HttpApiGroup.make("orders")
  .add(HttpApiEndpoint.get("list", "/order", { query: orderListQuery, success: OrderPage, error: guarded }))
  .add(
    HttpApiEndpoint.post("create", "/order", {
      headers: keyedHeaders,
      payload: NewOrderInput,
      success: Order,
      error: changing
    })
  )
  .add(HttpApiEndpoint.put("update", "/order", { payload: OrderUpdateInput, success: Order, error: changing }))
  .add(
    HttpApiEndpoint.post("createFromRequest", "/order/from-request/:requestId", {
      headers: keyedHeaders,
      params: { requestId: Id },
      payload: OrderFromRequestInput,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("createFromCart", "/order/from-cart/:vendorId", {
      headers: keyedHeaders,
      params: { vendorId: Id },
      payload: OrderFromCartInput,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("submit", "/order/submit/:id", {
      headers: keyedHeaders,
      params: { id: Id },
      payload: optionalCommand,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("approve", "/order/approve/:id", {
      params: { id: Id },
      payload: OrderApproval,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("reject", "/order/reject/:id", {
      params: { id: Id },
      payload: OrderReview,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("return", "/order/return/:id", {
      params: { id: Id },
      payload: OrderReview,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("submitToVendor", "/order/submit-to-vendor/:id", {
      params: { id: Id },
      payload: optionalCommand,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("cancel", "/order/cancel/:id", {
      params: { id: Id },
      payload: OrderCancelInput,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("close", "/order/close/:id", {
      params: { id: Id },
      payload: optionalCommand,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("reopen", "/order/reopen/:id", {
      params: { id: Id },
      payload: optionalCommand,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("amend", "/order/amend/:id", {
      params: { id: Id },
      payload: OrderAmendInput,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("saveColumns", "/order/save-columns/orders", {
      payload: OrderColumns,
      success: OrderColumns,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("remind", "/order/approval-remind/:id", {
      params: { id: Id },
      success: Reminded,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("timeline", "/order/:id/timeline", {
      params: { id: Id },
      success: Schema.Array(TimelineEntry),
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("pdf", "/order/:id/pdf", {
      params: { id: Id },
      query: pdfQuery,
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/pdf" }),
      error: reading
    })
  )
  .add(HttpApiEndpoint.get("get", "/order/:id", { params: { id: Id }, success: Order, error: reading })) {}

/**
 * The seller's order module (SPEC.md §2 order-vendor; §6: seller modules need only a sign-in): the orders the
 * caller's organisation received from its buyers, once sent, and its answer to each. An order addressed to another
 * organisation is not found, whoever asks.
 */
export class OrderVendorGroup extends HttpApiGroup.make("orderVendor")
  .add(HttpApiEndpoint.get("list", "/order-vendor", { query: orderListQuery, success: OrderPage, error: guarded }))
  .add(
    HttpApiEndpoint.post("accept", "/order-vendor/accept/:id", {
      params: { id: Id },
      // The body may be left out: the remark and version are optional.
      payload: [VendorAnswerInput, Schema.Null],
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("reject", "/order-vendor/reject/:id", {
      params: { id: Id },
      payload: VendorAnswerInput,
      success: Order,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("pdf", "/order-vendor/:id/pdf", {
      params: { id: Id },
      query: pdfQuery,
      success: HttpApiSchema.StreamUint8Array({ contentType: "application/pdf" }),
      error: reading
    })
  )
  .add(HttpApiEndpoint.get("get", "/order-vendor/:id", { params: { id: Id }, success: Order, error: reading })) {}
