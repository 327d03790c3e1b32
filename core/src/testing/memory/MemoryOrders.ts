import { BigDecimal, Clock, Effect, Layer, Option } from "effect"
import { decimal } from "../../budgets/Budget.ts"
import { Order } from "../../orders/Order.ts"
import {
  type OrderCounts,
  type OrderCursor,
  orderCursorOf,
  type OrderFilter,
  type OrderListPage,
  type OrderQuery,
  type OrderRecord,
  OrderRepository,
  type OrderSort,
  orderSortValue
} from "../../orders/OrderRepository.ts"
import { OrderStatus } from "../../orders/OrderStatus.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"
import { memoryVendorOrgs } from "./MemoryVendors.ts"

interface OrderStore {
  readonly orders: Map<string, { readonly orgId: string; readonly order: Order }>
  readonly columns: Map<string, ReadonlyArray<string>>
}

const stores = new WeakMap<object, OrderStore>()
const storeOf = (identity: object): OrderStore => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { orders: new Map(), columns: new Map() }
    stores.set(identity, found)
  }
  return found
}

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

const against = (sort: OrderSort, value: string, id: string, placeValue: string, placeId: string): number => {
  const c =
    sort.column === "total" ? BigDecimal.Order(decimal(value), decimal(placeValue)) : byCodePoint(value, placeValue)
  const ascending = c || byCodePoint(id, placeId)
  return sort.direction === "asc" ? ascending : -ascending
}

const matches = (o: Order, filter: OrderFilter, ignoreStatuses: boolean): boolean => {
  const scope = filter.scope
  if (
    scope !== undefined &&
    !scope.workspaceIds.includes(o.workspaceId) &&
    o.requesterId !== scope.userId &&
    o.createdBy !== scope.userId &&
    !o.watchers.some((w) => w.userId === scope.userId)
  ) {
    return false
  }
  if (!ignoreStatuses && filter.statuses !== undefined && !filter.statuses.includes(o.status)) return false
  if (filter.workspaceIds !== undefined && !filter.workspaceIds.includes(o.workspaceId)) return false
  if (filter.vendorIds !== undefined && !filter.vendorIds.includes(o.vendor.id)) return false
  if (filter.priorities !== undefined && !filter.priorities.includes(o.priority)) return false
  if (filter.requestId !== undefined && o.request?.id !== filter.requestId) return false
  if (filter.requesterId !== undefined && o.requesterId !== filter.requesterId) return false
  if (filter.search !== undefined) {
    const needle = filter.search.toLowerCase()
    const texts = [o.number, o.title, o.vendor.name.en, o.vendor.name.ar]
    if (!texts.some((t) => t.toLowerCase().includes(needle))) return false
  }
  return true
}

const pageOf = (all: ReadonlyArray<Order>, query: OrderQuery): OrderListPage => {
  const sorted = all
    .filter((o) => matches(o, query, false))
    .sort((a, b) =>
      against(query.sort, orderSortValue(a, query.sort.column), a.id, orderSortValue(b, query.sort.column), b.id)
    )
  const window = query.window
  const place = (cursor: OrderCursor) => (o: Order) =>
    against(query.sort, orderSortValue(o, query.sort.column), o.id, cursor.value, cursor.id)
  let start: number
  let end: number
  if (window.kind === "offset") {
    start = Math.min(window.offset, sorted.length)
    end = Math.min(start + window.limit, sorted.length)
  } else if (window.kind === "after") {
    start = sorted.findIndex((o) => place(window.cursor)(o) > 0)
    if (start < 0) start = sorted.length
    end = Math.min(start + window.limit, sorted.length)
  } else {
    const firstAtOrAfter = sorted.findIndex((o) => place(window.cursor)(o) >= 0)
    end = firstAtOrAfter < 0 ? sorted.length : firstAtOrAfter
    start = Math.max(0, end - window.limit)
  }
  const orders = sorted.slice(start, end)
  const first = orders[0]
  const last = orders.at(-1)
  return {
    orders,
    nextCursor: last !== undefined && end < sorted.length ? orderCursorOf(last, query.sort) : null,
    previousCursor: first !== undefined && start > 0 ? orderCursorOf(first, query.sort) : null
  }
}

/** What a vendor organisation reads of an order: all but the buyer's watchers. */
const withoutWatchers = (order: Order): Order => new Order({ ...order, watchers: [] })

const countsOf = (all: ReadonlyArray<Order>, filter: OrderFilter): OrderCounts => {
  const kept = all.filter((o) => matches(o, filter, true))
  return {
    statuses: OrderStatus.literals.map((status) => ({ status, count: kept.filter((o) => o.status === status).length }))
  }
}

/** Orders in memory: one synchronous step per call over one store per identity store. */
export const layerMemoryOrders = Layer.effect(
  OrderRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const vendorOrgs = memoryVendorOrgs(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const inOrg = (orgId: OrgId) => [...store.orders.values()].filter((r) => r.orgId === orgId).map((r) => r.order)
    const current = (orgId: OrgId, id: string) => {
      const row = store.orders.get(id)
      return row !== undefined && row.orgId === orgId ? row.order : undefined
    }
    const sentTo = (vendorOrgId: OrgId) =>
      [...store.orders.values()]
        .map((r) => r.order)
        .filter((o) => o.sentAt !== null && vendorOrgs.get(o.vendor.id) === vendorOrgId)
    const build = (
      record: OrderRecord,
      identityOf: Pick<Order, "id" | "number" | "version" | "createdAt" | "updatedAt">
    ) => new Order({ ...record, ...identityOf })
    const replace = Effect.fn("MemoryOrders.replace")(function* (before: Order, record: OrderRecord, version: number) {
      if (before.version !== version) return yield* new VersionConflict({ entity: "order", id: before.id })
      const order = build(record, {
        id: before.id,
        number: before.number,
        version: before.version + 1,
        createdAt: before.createdAt,
        updatedAt: yield* now
      })
      const row = store.orders.get(before.id)!
      store.orders.set(before.id, { orgId: row.orgId, order })
      return Option.some(order)
    })
    return OrderRepository.of({
      insert: (orgId, record) =>
        Effect.gen(function* () {
          const at = yield* now
          const order = build(record, {
            id: crypto.randomUUID(),
            number: nextDocumentNumber(store, orgId, "order"),
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.orders.set(order.id, { orgId, order })
          return order
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(current(orgId, id))),
      update: (orgId, id, record, version) =>
        Effect.suspend(() => {
          const before = current(orgId, id)
          return before === undefined ? Effect.succeed(Option.none()) : replace(before, record, version)
        }),
      list: (orgId, query) => Effect.sync(() => pageOf(inOrg(orgId), query)),
      counts: (orgId, filter) => Effect.sync(() => countsOf(inOrg(orgId), filter)),
      orderedOf: (orgId, requestId) =>
        Effect.sync(() => {
          const taken = new Map<string, BigDecimal.BigDecimal>()
          for (const o of inOrg(orgId)) {
            if (o.request?.id !== requestId || o.status === "ORDER_REJECTED" || o.status === "ORDER_CANCELLED") continue
            for (const l of o.lines) {
              if (l.requestItemId === null) continue
              taken.set(
                l.requestItemId,
                BigDecimal.sum(taken.get(l.requestItemId) ?? decimal("0"), decimal(l.quantity))
              )
            }
          }
          return [...taken].map(([requestItemId, q]) => ({ requestItemId, quantity: BigDecimal.format(q) }))
        }),
      listForVendor: (vendorOrgId, query) =>
        Effect.sync(() => {
          const page = pageOf(sentTo(vendorOrgId), query)
          return { ...page, orders: page.orders.map(withoutWatchers) }
        }),
      countsForVendor: (vendorOrgId, filter) => Effect.sync(() => countsOf(sentTo(vendorOrgId), filter)),
      findForVendor: (vendorOrgId, id) =>
        Effect.sync(() => {
          const order = sentTo(vendorOrgId).find((o) => o.id === id)
          return order === undefined
            ? Option.none()
            : Option.some({ orgId: store.orders.get(id)!.orgId as OrgId, order: withoutWatchers(order) })
        }),
      answerForVendor: (buyerOrgId, vendorOrgId, id, status, event, version) =>
        Effect.suspend(() => {
          const before = sentTo(vendorOrgId).find((o) => o.id === id && store.orders.get(id)?.orgId === buyerOrgId)
          if (before === undefined) return Effect.succeed(Option.none())
          const { id: _i, number: _n, version: _v, createdAt: _c, updatedAt: _u, ...record } = before
          return replace(before, { ...record, status, events: [...before.events, event] }, version)
        }),
      columnsOf: (orgId, userId) => Effect.sync(() => store.columns.get(`${orgId}/${userId}`) ?? []),
      saveColumns: (orgId, userId, columns) =>
        Effect.sync(() => void store.columns.set(`${orgId}/${userId}`, [...columns]))
    })
  })
)
