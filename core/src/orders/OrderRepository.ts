import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import {
  decodeDocumentCursor,
  DocumentCursor,
  documentCursorOf,
  type DocumentSort,
  DocumentSortColumn,
  documentSortValue,
  encodeDocumentCursor
} from "../documents/DocumentCursor.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Order, OrderEvent } from "./Order.ts"
import type { OrderStatus } from "./OrderStatus.ts"

/** Everything an order is stored with but its identity and bookkeeping (id, number, version, timestamps). */
export type OrderRecord = Omit<Order, "id" | "number" | "version" | "createdAt" | "updatedAt">

/** The columns the list sorts by, as every document list's (`DocumentCursor.ts`). */
export const OrderSortColumn = DocumentSortColumn
export type OrderSortColumn = DocumentSortColumn

export type OrderSort = DocumentSort

/** The list's default order: newest first. */
export const defaultOrderSort: OrderSort = { column: "createdAt", direction: "desc" }

/** Which orders a reader lists who does not read the whole organisation's: its workspaces', and its own or watched. */
export interface OrderScope {
  readonly workspaceIds: ReadonlyArray<string>
  readonly userId: string
}

/** What the list narrows by; an absent filter does not narrow. */
export interface OrderFilter {
  readonly scope?: OrderScope | undefined
  readonly statuses?: ReadonlyArray<OrderStatus> | undefined
  readonly workspaceIds?: ReadonlyArray<string> | undefined
  readonly vendorIds?: ReadonlyArray<string> | undefined
  readonly priorities?: ReadonlyArray<string> | undefined
  readonly requestId?: string | undefined
  readonly requesterId?: string | undefined
  /** Part of the number, the title or the vendor's name, ignoring case. */
  readonly search?: string | undefined
}

/** Where a page starts: at an offset, or just after or before the row a cursor names (keyset paging). */
export type OrderWindow =
  | { readonly kind: "offset"; readonly offset: number; readonly limit: number }
  | { readonly kind: "after" | "before"; readonly cursor: OrderCursor; readonly limit: number }

export interface OrderQuery extends OrderFilter {
  readonly sort: OrderSort
  readonly window: OrderWindow
}

/** One page in the query's order, with cursors to the pages after and before it (null at an end). */
export interface OrderListPage {
  readonly orders: ReadonlyArray<Order>
  readonly nextCursor: OrderCursor | null
  readonly previousCursor: OrderCursor | null
}

/** How many orders the filters match per status (ignoring the status filter), every status listed. */
export interface OrderCounts {
  readonly statuses: ReadonlyArray<{ readonly status: OrderStatus; readonly count: number }>
}

/** How much of one request line the organisation's live orders (neither rejected nor cancelled) take. */
export interface OrderedQuantity {
  readonly requestItemId: string
  readonly quantity: string
}

/**
 * Where orders are kept. Buyer-side calls are scoped to the buying organisation. Vendor-side calls are scoped to
 * the vendor's organisation: they see an order only once it was sent (`sentAt`) to a vendor of the buyer's vendor
 * master connected to that organisation, never another's, and without the buyer's watchers.
 */
export interface OrderRepositoryShape {
  /** Stores a new order, numbering it (`PO-000001`, per organisation, in the insert's transaction), version 1. */
  readonly insert: (orgId: OrgId, record: OrderRecord) => Effect.Effect<Order>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Order>>
  /** Replaces an order's record at the version read; none when there is no such order, VersionConflict when it moved. */
  readonly update: (
    orgId: OrgId,
    id: string,
    record: OrderRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Order>, VersionConflict>
  readonly list: (orgId: OrgId, query: OrderQuery) => Effect.Effect<OrderListPage>
  readonly counts: (orgId: OrgId, filter: OrderFilter) => Effect.Effect<OrderCounts>
  /** What the organisation's live orders take of each line of a request. */
  readonly orderedOf: (orgId: OrgId, requestId: string) => Effect.Effect<ReadonlyArray<OrderedQuantity>>
  /** The orders sent to the vendor organisation, a page at a time. */
  readonly listForVendor: (vendorOrgId: OrgId, query: OrderQuery) => Effect.Effect<OrderListPage>
  readonly countsForVendor: (vendorOrgId: OrgId, filter: OrderFilter) => Effect.Effect<OrderCounts>
  /** An order sent to the vendor organisation, with the buying organisation it belongs to. */
  readonly findForVendor: (
    vendorOrgId: OrgId,
    id: string
  ) => Effect.Effect<Option.Option<{ readonly orgId: OrgId; readonly order: Order }>>
  /** The vendor's answer: the status and the event, at the version read (the buyer's organisation named). */
  readonly answerForVendor: (
    buyerOrgId: OrgId,
    vendorOrgId: OrgId,
    id: string,
    status: OrderStatus,
    event: OrderEvent,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Order>, VersionConflict>
  readonly columnsOf: (orgId: OrgId, userId: string) => Effect.Effect<ReadonlyArray<string>>
  readonly saveColumns: (orgId: OrgId, userId: string, columns: ReadonlyArray<string>) => Effect.Effect<void>
}

/** Port: where orders are kept. */
export class OrderRepository extends Context.Service<OrderRepository, OrderRepositoryShape>()(
  "@tawreed/core/orders/OrderRepository"
) {}

/** One row's place in an order of the list, as every document list keeps it (`DocumentCursor.ts`). */
export const OrderCursor = DocumentCursor
export type OrderCursor = DocumentCursor

/** The value of an order in a sort column, as a cursor keeps it. */
export const orderSortValue: (order: Order, column: OrderSortColumn) => string = documentSortValue

export const orderCursorOf: (order: Order, sort: OrderSort) => OrderCursor = documentCursorOf

export const encodeOrderCursor = encodeDocumentCursor
export const decodeOrderCursor = decodeDocumentCursor
