import { Effect, Option } from "effect"
import type { TimelineEntry } from "@tawreed/core/approvals"
import type { Actor } from "@tawreed/core/identity"
import {
  isOrderEditable,
  isOrderOpen,
  isOrderPending,
  orderStatusMachine,
  orderVendorChoices as vendorChoicesOfOrders,
  Orders,
  type Order,
  type OrderListParams
} from "@tawreed/core/orders"
import type { Locale } from "@tawreed/core/shared"
import { defaultPageSize, pageSizes } from "@tawreed/core/shared/PageSizes"
import { privilegesInWorkspace, Workspaces } from "@tawreed/core/workspaces"

/** Runs a use of the orders service. */
export const withOrders = <A, E, R>(use: (orders: (typeof Orders)["Service"]) => Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.service(Orders), use)

/** The columns a user may show in the orders list, in the table's order; the order itself always shows. */
export const orderColumns = [
  "vendor",
  "status",
  "workspace",
  "priority",
  "total",
  "deliveryDate",
  "created",
  "updated"
] as const
export type OrderColumn = (typeof orderColumns)[number]

/** What the list shows until its user saves columns of their own. */
export const defaultOrderColumns: ReadonlyArray<OrderColumn> = ["vendor", "status", "workspace", "total", "created"]

/** The orders the list offers (`-` for descending). */
export const orderSorts = ["-createdAt", "createdAt", "-total", "total", "-deliveryDate", "deliveryDate"] as const

/** A list's query as its address gives it: filters, order, page size and the cursor it pages from. */
export interface OrderListQuery {
  readonly status: string
  readonly vendorId: string
  readonly workspaceId: string
  readonly from: string
  readonly to: string
  readonly search: string
  readonly sort: string
  readonly limit: number
  readonly after: string
  readonly before: string
}

const day = (value: string | null) => (value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "")

/** The list's query from its address; a size the list does not offer reads as 10, an order it does not offer as newest. */
export const orderListQuery = (params: URLSearchParams): OrderListQuery => {
  const limit = Number(params.get("limit") ?? String(defaultPageSize))
  const sort = params.get("sort") ?? ""
  return {
    status: params.get("status") ?? "",
    vendorId: params.get("vendorId") ?? "",
    workspaceId: params.get("workspaceId") ?? "",
    from: day(params.get("from")),
    to: day(params.get("to")),
    search: (params.get("search") ?? "").trim().slice(0, 200),
    sort: (orderSorts as ReadonlyArray<string>).includes(sort) ? sort : "-createdAt",
    limit: (pageSizes as ReadonlyArray<number>).includes(limit) ? limit : defaultPageSize,
    after: (params.get("after") ?? "").slice(0, 500),
    before: (params.get("before") ?? "").slice(0, 500)
  }
}

/** The use case's parameters for a query: an empty filter does not narrow; a cursor pages from where it points. */
export const orderListParamsOf = (query: OrderListQuery): OrderListParams => ({
  limit: query.limit,
  sort: query.sort,
  ...(query.status === "" ? {} : { statuses: [query.status] }),
  ...(query.vendorId === "" ? {} : { vendorIds: [query.vendorId] }),
  ...(query.workspaceId === "" ? {} : { workspaceIds: [query.workspaceId] }),
  ...(query.search === "" ? {} : { search: query.search }),
  ...(query.after === "" ? {} : { after: query.after }),
  ...(query.before === "" ? {} : { before: query.before })
})

/**
 * Whether an order falls within the list's dates (its creation day, in the organisation's days as stored): the use
 * case filters by status, vendor, workspace and text; the dates narrow the page it answers.
 */
export const withinDates = (order: Pick<Order, "createdAt">, query: Pick<OrderListQuery, "from" | "to">): boolean => {
  const created = order.createdAt.slice(0, 10)
  return (query.from === "" || created >= query.from) && (query.to === "" || created <= query.to)
}

/** The address of the same list with other parameters (a cursor replaces the other). */
export const orderListUrl = (params: URLSearchParams, changes: Readonly<Record<string, string>>): string => {
  const next = new URLSearchParams(params)
  next.delete("after")
  next.delete("before")
  for (const [name, value] of Object.entries(changes))
    if (value === "") next.delete(name)
    else next.set(name, value)
  return `?${next}`
}

/** An order's vendor in the page's language. */
export const vendorNameOf = (order: Pick<Order, "vendor">, locale: Locale): string =>
  (locale === "ar" ? order.vendor.name.ar : order.vendor.name.en) || order.vendor.name.en || order.vendor.name.ar

/** A line's name in the page's language. */
export const lineNameOf = (name: { readonly en: string; readonly ar: string }, locale: Locale): string =>
  (locale === "ar" ? name.ar : name.en) || name.en || name.ar

/** What the actor may do to an order on the buyer's side, beside what its approvers decide. */
export interface OrderStanding {
  /** `ord_u_o`, `ord_u_w` in its workspace (a workspace role's), or its creator. */
  readonly mayUpdate: boolean
}

/**
 * The names of the people around an order (the timeline's, the workspace's members where the actor reads them, the
 * actor), and the actor's standing towards it.
 */
export const orderPeople = (actor: Actor, order: Order, timeline: ReadonlyArray<TimelineEntry>) =>
  Effect.gen(function* () {
    const members = Option.getOrElse(
      yield* Effect.flatMap(Effect.service(Workspaces), (w) => w.members(actor, order.workspaceId)).pipe(Effect.option),
      () => []
    )
    const names = new Map<string, string>()
    for (const entry of timeline) names.set(entry.actorId, entry.actorName)
    for (const m of members) names.set(m.userId, `${m.firstName} ${m.lastName}`.trim() || m.email)
    names.set(actor.userId, actor.displayName)
    const role = members.find((m) => m.userId === actor.userId)?.role
    const inWorkspace = role === undefined ? [] : privilegesInWorkspace(actor.privileges, role)
    const held = new Set([...actor.privileges, ...inWorkspace])
    const standing: OrderStanding = {
      mayUpdate:
        held.has("ord_u_o") ||
        held.has("ord_u_w") ||
        order.createdBy === actor.userId ||
        order.requesterId === actor.userId
    }
    const candidates = members.map((m) => ({
      userId: m.userId,
      name: `${m.firstName} ${m.lastName}`.trim() || m.email
    }))
    return { names, standing, candidates }
  })

/** The buyer's actions an order's status allows (the use cases check again on post). */
export const orderActionsOf = (order: Order) => ({
  edit: isOrderEditable(order.status),
  submit: isOrderEditable(order.status),
  review: isOrderPending(order.status),
  submitToVendor: order.status === "ORDER_SUBMITTED_TO_VENDOR" && order.sentAt === null,
  cancel: orderStatusMachine.canTransition(order.status, "ORDER_CANCELLED"),
  close: orderStatusMachine.canTransition(order.status, "ORDER_CLOSED"),
  reopen: order.status === "ORDER_CLOSED",
  amend: isOrderOpen(order.status) && order.status !== "ORDER_RECEIVED"
})

/** The vendor's actions on an order addressed to it. */
export const vendorActionsOf = (order: Order) => ({
  accept: orderStatusMachine.canTransition(order.status, "ORDER_ACCEPTED_BY_VENDOR") && order.sentAt !== null,
  reject:
    (order.status === "ORDER_SUBMITTED_TO_VENDOR" || order.status === "ORDER_VENDOR_PENDING") && order.sentAt !== null
})

/**
 * The vendors an order may go to, for the form's vendor choice: the organisation's active vendors on no hold, by name
 * and number, for whoever may create an order, with or without the vendors module's `ven_r_o` (OrderVendorChoices.ts).
 */
export const orderVendorChoices = (actor: Actor) => vendorChoicesOfOrders(actor)

/** The page a buyer's command lands on (SPEC.md §2 browser back: an approval's or an update's success leads to orders/offers). */
export const orderPath = (locale: Locale, id: string) => `/${locale}/orders/${id}`
