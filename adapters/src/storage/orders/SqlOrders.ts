import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import { BudgetWarning } from "@tawreed/core/budgets"
import {
  decodeOrderCursor,
  encodeOrderCursor,
  LineDiscount,
  Order,
  OrderAdjustment,
  OrderBudgetLine,
  OrderContractRef,
  type OrderCounts,
  type OrderCursor,
  orderCursorOf,
  OrderEvent,
  type OrderFilter,
  OrderLine,
  OrderLineAmounts,
  type OrderListPage,
  type OrderQuery,
  type OrderRecord,
  OrderRepository,
  OrderRequestRef,
  type OrderSort,
  type OrderSortColumn,
  OrderStatus,
  OrderTotals,
  OrderVendor,
  OrderWatcher,
  PaymentTerm,
  ScheduledPayment,
  type OrderPriority,
  type OrderSource,
  type PaymentMethod,
  type PriceOrigin
} from "@tawreed/core/orders"
import type { OrgId } from "@tawreed/core/organisations"
import { ProductRef, type TaxMode } from "@tawreed/core/requests"
import { textArray } from "../SqlArrays.ts"
import { documentRows, isUuid, json, tenantScope, thenFind, updateAtVersion, uuidArray } from "../SqlKit.ts"

interface OrderRow {
  readonly id: string
  readonly org_id: string
  readonly number: string
  readonly title: string
  readonly priority: OrderPriority
  readonly status: OrderStatus
  readonly source: OrderSource
  readonly request_id: string | null
  readonly request_number: string | null
  readonly vendor_id: string
  readonly vendor_number: string
  readonly vendor_name_en: string
  readonly vendor_name_ar: string
  readonly vendor_connected: boolean
  readonly workspace_id: string
  readonly location_id: string | null
  readonly requester_id: string
  readonly created_by: string
  readonly currency: string
  readonly tax_mode: TaxMode
  readonly delivery_date: string | null
  readonly eta: string | null
  readonly shipment_term: string
  readonly shipping_fee: string
  readonly shipping_fee_tax_rate: string
  readonly adjustments: unknown
  readonly terms: string
  readonly payment_method: PaymentMethod | null
  readonly payment_term_name: string | null
  readonly payment_terms: unknown
  readonly attachments: ReadonlyArray<string>
  readonly remarks: string
  readonly budget_id: string | null
  readonly budget_line: string | null
  readonly budget_warning: unknown
  readonly gross: string
  readonly discount: string
  readonly sub_total: string
  readonly tax_total: string
  readonly shipping_fee_total: string
  readonly shipping_fee_tax: string
  readonly adjustments_total: string
  readonly total: string
  readonly org_currency: string
  readonly value_in_org_currency: string
  readonly approved_total: string | null
  readonly request_share: string | null
  readonly categories: ReadonlyArray<string>
  readonly approval_classification: string | null
  readonly cancel_reason: string | null
  readonly events: unknown
  readonly submitted_at: Date | string | null
  readonly approved_at: Date | string | null
  readonly sent_at: Date | string | null
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

interface LineRow {
  readonly order_id: string
  readonly id: string
  readonly line_seq_id: number
  readonly request_item_id: string | null
  readonly product: unknown
  readonly name_en: string
  readonly name_ar: string
  readonly description: string
  readonly category: string | null
  readonly unit: string
  readonly quantity: string
  readonly unit_price: string
  readonly price_origin: PriceOrigin
  readonly contract: unknown
  readonly discount: unknown
  readonly tax_rate: string
  readonly gross: string
  readonly discount_amount: string
  readonly net: string
  readonly tax: string
  readonly total: string
  readonly received_quantity: string
  readonly billed_quantity: string
}

interface ScheduleRow {
  readonly order_id: string
  readonly seq: number
  readonly label: string
  readonly percent: string
  readonly amount: string
  readonly due_date: string | null
}

interface WatcherRow {
  readonly order_id: string
  readonly user_id: string
  readonly order_submission_enabled: boolean
  readonly order_submission_notified: boolean
}

const orderColumns = `o.id, o.org_id, o.number, o.title, o.priority, o.status, o.source, o.request_id,
  o.request_number, o.vendor_id, o.vendor_number, o.vendor_name_en, o.vendor_name_ar, o.vendor_connected,
  o.workspace_id, o.location_id, o.requester_id, o.created_by, o.currency, o.tax_mode,
  o.delivery_date::text AS delivery_date, o.eta::text AS eta, o.shipment_term, o.shipping_fee::text AS shipping_fee,
  o.shipping_fee_tax_rate::text AS shipping_fee_tax_rate, o.adjustments, o.terms, o.payment_method,
  o.payment_term_name, o.payment_terms, o.attachments, o.remarks, o.budget_id, o.budget_line, o.budget_warning,
  o.gross::text AS gross, o.discount::text AS discount, o.sub_total::text AS sub_total,
  o.tax_total::text AS tax_total, o.shipping_fee_total::text AS shipping_fee_total,
  o.shipping_fee_tax::text AS shipping_fee_tax, o.adjustments_total::text AS adjustments_total,
  o.total::text AS total, o.org_currency, o.value_in_org_currency::text AS value_in_org_currency,
  o.approved_total::text AS approved_total, o.request_share::text AS request_share, o.categories, o.approval_classification, o.cancel_reason, o.events,
  o.submitted_at, o.approved_at, o.sent_at, o.version, o.created_at, o.updated_at`

const lineColumns = `order_id, id, line_seq_id, request_item_id, product, name_en, name_ar, description, category,
  unit, quantity::text AS quantity, unit_price::text AS unit_price, price_origin, contract, discount, tax_rate::text AS tax_rate,
  gross::text AS gross, discount_amount::text AS discount_amount, net::text AS net, tax::text AS tax,
  total::text AS total, received_quantity::text AS received_quantity, billed_quantity::text AS billed_quantity`

const Adjustments = Schema.Array(OrderAdjustment)
const PaymentTerms = Schema.Array(PaymentTerm)
const Events = Schema.Array(OrderEvent)
const decodeAdjustments = Schema.decodeUnknownSync(Adjustments)
const encodeAdjustments = Schema.encodeSync(Adjustments)
const decodeTerms = Schema.decodeUnknownSync(PaymentTerms)
const encodeTerms = Schema.encodeSync(PaymentTerms)
const decodeEvents = Schema.decodeUnknownSync(Events)
const encodeEvents = Schema.encodeSync(Events)
const encodeEvent = Schema.encodeSync(OrderEvent)
const decodeWarning = Schema.decodeUnknownSync(BudgetWarning)
const encodeWarning = Schema.encodeSync(BudgetWarning)
const decodeProduct = Schema.decodeUnknownSync(ProductRef)
const encodeProduct = Schema.encodeSync(ProductRef)
const decodeContract = Schema.decodeUnknownSync(OrderContractRef)
const encodeContract = Schema.encodeSync(OrderContractRef)
const decodeDiscount = Schema.decodeUnknownSync(LineDiscount)
const encodeDiscount = Schema.encodeSync(LineDiscount)

const iso = (at: Date | string): string => new Date(at).toISOString()
const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at))
const jsonOrNull = <A>(value: A | null, encode: (a: A) => unknown): string | null =>
  value === null ? null : JSON.stringify(encode(value))

/** The texts the list's search looks in, lower-cased as the port compares them: number, title, vendor's names. */
const searchKeys = (number: string, record: OrderRecord): ReadonlyArray<string> =>
  [number, record.title, record.vendor.name.en, record.vendor.name.ar]
    .filter((text) => text !== "")
    .map((text) => text.toLowerCase())

/** A LIKE pattern that finds the text anywhere, its `%`, `_` and `\` taken literally. */
const containing = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`

const toLine = (row: LineRow): OrderLine =>
  new OrderLine({
    id: row.id,
    lineSeqId: Number(row.line_seq_id),
    requestItemId: row.request_item_id,
    product: row.product === null ? null : decodeProduct(json(row.product)),
    name: { en: row.name_en, ar: row.name_ar },
    description: row.description,
    category: row.category,
    unit: row.unit,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    priceOrigin: row.price_origin,
    contract: row.contract === null ? null : decodeContract(json(row.contract)),
    discount: row.discount === null ? null : decodeDiscount(json(row.discount)),
    taxRate: row.tax_rate,
    amounts: new OrderLineAmounts({
      gross: row.gross,
      discount: row.discount_amount,
      net: row.net,
      tax: row.tax,
      total: row.total
    }),
    receivedQuantity: row.received_quantity,
    billedQuantity: row.billed_quantity
  })

interface Children {
  readonly lines: ReadonlyArray<OrderLine>
  readonly schedule: ReadonlyArray<ScheduledPayment>
  readonly watchers: ReadonlyArray<OrderWatcher>
}

const toOrder = (row: OrderRow, children: Children): Order =>
  new Order({
    id: row.id,
    number: row.number,
    title: row.title,
    priority: row.priority,
    status: row.status,
    source: row.source,
    request:
      row.request_id === null || row.request_number === null
        ? null
        : new OrderRequestRef({ id: row.request_id, number: row.request_number }),
    vendor: new OrderVendor({
      id: row.vendor_id,
      number: row.vendor_number,
      name: { en: row.vendor_name_en, ar: row.vendor_name_ar },
      connected: row.vendor_connected
    }),
    workspaceId: row.workspace_id,
    locationId: row.location_id,
    requesterId: row.requester_id,
    createdBy: row.created_by,
    currency: row.currency,
    taxMode: row.tax_mode,
    lines: children.lines,
    deliveryDate: row.delivery_date,
    eta: row.eta,
    shipmentTerm: row.shipment_term,
    shippingFee: row.shipping_fee,
    shippingFeeTaxRate: row.shipping_fee_tax_rate,
    adjustments: decodeAdjustments(json(row.adjustments)),
    terms: row.terms,
    paymentMethod: row.payment_method,
    paymentTermName: row.payment_term_name,
    paymentTerms: decodeTerms(json(row.payment_terms)),
    schedule: children.schedule,
    attachments: [...row.attachments],
    remarks: row.remarks,
    watchers: children.watchers,
    budget:
      row.budget_id === null || row.budget_line === null
        ? null
        : new OrderBudgetLine({ budgetId: row.budget_id, line: row.budget_line }),
    budgetWarning: row.budget_warning === null ? null : decodeWarning(json(row.budget_warning)),
    totals: new OrderTotals({
      gross: row.gross,
      discount: row.discount,
      subTotal: row.sub_total,
      tax: row.tax_total,
      shippingFee: row.shipping_fee_total,
      shippingFeeTax: row.shipping_fee_tax,
      adjustments: row.adjustments_total,
      total: row.total
    }),
    orgCurrency: row.org_currency,
    valueInOrgCurrency: row.value_in_org_currency,
    approvedTotal: row.approved_total,
    requestShare: row.request_share,
    categories: [...row.categories],
    approvalClassification: row.approval_classification,
    cancelReason: row.cancel_reason,
    events: decodeEvents(json(row.events)),
    submittedAt: isoOrNull(row.submitted_at),
    approvedAt: isoOrNull(row.approved_at),
    sentAt: isoOrNull(row.sent_at),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })

/** How a sort column reads in SQL, and how a cursor's value is cast to compare with it. */
const sortColumns: Record<OrderSortColumn, { readonly column: string; readonly cast: string }> = {
  createdAt: { column: "o.created_at", cast: "timestamptz" },
  updatedAt: { column: "o.updated_at", cast: "timestamptz" },
  title: { column: "o.title_key", cast: `text COLLATE "C"` },
  status: { column: "o.status", cast: `text COLLATE "C"` },
  total: { column: "o.value_in_org_currency", cast: "numeric" }
}

/** Whether a cursor is one the list could have handed out (its id a uuid, its value of its column's type). */
const isWellFormed = (cursor: OrderCursor): boolean => Option.isSome(decodeOrderCursor(encodeOrderCursor(cursor)))

/** Whose orders a call reads: the buying organisation's own, or those sent to a vendor organisation. */
type Side = { readonly kind: "buyer"; readonly orgId: OrgId } | { readonly kind: "vendor"; readonly vendorOrgId: OrgId }

/**
 * Orders with their lines, payment schedule and watchers in PostgreSQL, with each user's saved list columns; each
 * call inside the organisation, joining the caller's transaction as a savepoint when there is one. A vendor
 * organisation's calls run inside the vendor organisation, which the `vendor_read` policies let read the orders
 * sent to it and nothing more (0030_orders.ts); its answer is written inside the buyer's organisation, on the order
 * addressed to it, at the version read.
 *
 * A list page is found in two steps: the ids of the page, in the sort's index (from the covering index alone for
 * the default order), then those rows and their children. A cursor window starts at the cursor's row with a row
 * comparison on (sort column, id), which the sort's index answers directly however deep the page lies. The counts
 * are one grouped query.
 */
export const SqlOrders = Layer.effect(
  OrderRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(orderColumns)
    const lineCols = sql.literal(lineColumns)
    const tenant = tenantScope(sql)

    /** The orders of these rows, each with its lines, schedule and watchers (the buyer's only), in the rows' order. */
    const assemble = (rows: ReadonlyArray<OrderRow>, withWatchers: boolean) =>
      Effect.gen(function* () {
        if (rows.length === 0) return []
        const ids = uuidArray(rows.map((r) => r.id))
        const lines = yield* sql<LineRow>`
          SELECT ${lineCols} FROM order_lines WHERE order_id = ANY(${ids}::uuid[]) ORDER BY order_id, position`
        const schedule = yield* sql<ScheduleRow>`
          SELECT order_id, seq, label, percent::text AS percent, amount::text AS amount, due_date::text AS due_date
          FROM order_payment_schedule WHERE order_id = ANY(${ids}::uuid[]) ORDER BY order_id, seq`
        const watchers = withWatchers
          ? yield* sql<WatcherRow>`
              SELECT order_id, user_id, order_submission_enabled, order_submission_notified FROM order_watchers
              WHERE order_id = ANY(${ids}::uuid[]) ORDER BY order_id, position`
          : []
        return rows.map((row) =>
          toOrder(row, {
            lines: lines.filter((l) => l.order_id === row.id).map(toLine),
            schedule: schedule
              .filter((s) => s.order_id === row.id)
              .map(
                (s) =>
                  new ScheduledPayment({
                    seq: Number(s.seq),
                    label: s.label,
                    percent: s.percent,
                    amount: s.amount,
                    dueDate: s.due_date
                  })
              ),
            watchers: watchers
              .filter((w) => w.order_id === row.id)
              .map(
                (w) =>
                  new OrderWatcher({
                    userId: w.user_id,
                    notificationStatusMap: {
                      ORDER_SUBMISSION: { enabled: w.order_submission_enabled, notified: w.order_submission_notified }
                    }
                  })
              )
          })
        )
      })

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Order>()
        const rows = yield* sql<OrderRow>`SELECT ${cols} FROM orders o WHERE o.org_id = ${orgId} AND o.id = ${id}`
        return Option.fromNullishOr((yield* assemble(rows, true))[0])
      })

    /** The order's children as the record has them: lines, schedule and watchers, written again whole. */
    const writeChildren = (orgId: OrgId, id: string, record: OrderRecord) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM order_lines WHERE org_id = ${orgId} AND order_id = ${id}`
        yield* sql`DELETE FROM order_payment_schedule WHERE org_id = ${orgId} AND order_id = ${id}`
        yield* sql`DELETE FROM order_watchers WHERE org_id = ${orgId} AND order_id = ${id}`
        if (record.lines.length > 0) {
          const lineJson = JSON.stringify(
            record.lines.map((l, position) => ({
              position,
              id: l.id,
              line_seq_id: l.lineSeqId,
              request_item_id: l.requestItemId,
              product: l.product === null ? null : encodeProduct(l.product),
              name_en: l.name.en,
              name_ar: l.name.ar,
              description: l.description,
              category: l.category,
              unit: l.unit,
              quantity: l.quantity,
              unit_price: l.unitPrice,
              price_origin: l.priceOrigin,
              contract: l.contract === null ? null : encodeContract(l.contract),
              discount: l.discount === null ? null : encodeDiscount(l.discount),
              tax_rate: l.taxRate,
              gross: l.amounts.gross,
              discount_amount: l.amounts.discount,
              net: l.amounts.net,
              tax: l.amounts.tax,
              total: l.amounts.total,
              received_quantity: l.receivedQuantity,
              billed_quantity: l.billedQuantity
            }))
          )
          // Numbers travel as JSON text and are cast from it, so each keeps the scale it was written with.
          yield* sql`
            INSERT INTO order_lines (org_id, order_id, position, id, line_seq_id, request_item_id, product, name_en,
                                     name_ar, description, category, unit, quantity, unit_price, price_origin,
                                     contract, discount, tax_rate, gross, discount_amount, net, tax, total, received_quantity,
                                     billed_quantity)
            SELECT ${orgId}, ${id}, (l->>'position')::integer, l->>'id', (l->>'line_seq_id')::integer,
                   l->>'request_item_id', nullif(l->'product', 'null'::jsonb), l->>'name_en', l->>'name_ar',
                   l->>'description', l->>'category', l->>'unit', (l->>'quantity')::numeric,
                   (l->>'unit_price')::numeric, l->>'price_origin', nullif(l->'contract', 'null'::jsonb),
                   nullif(l->'discount', 'null'::jsonb),
                   (l->>'tax_rate')::numeric, (l->>'gross')::numeric, (l->>'discount_amount')::numeric,
                   (l->>'net')::numeric, (l->>'tax')::numeric, (l->>'total')::numeric,
                   (l->>'received_quantity')::numeric, (l->>'billed_quantity')::numeric
            FROM jsonb_array_elements(${lineJson}::jsonb) l`
        }
        if (record.schedule.length > 0) {
          yield* sql`
            INSERT INTO order_payment_schedule (org_id, order_id, seq, label, percent, amount, due_date)
            SELECT ${orgId}, ${id}, (s->>'seq')::integer, s->>'label', (s->>'percent')::numeric,
                   (s->>'amount')::numeric, (s->>'dueDate')::date
            FROM jsonb_array_elements(${JSON.stringify(record.schedule)}::jsonb) s`
        }
        if (record.watchers.length > 0) {
          const watchers = record.watchers.map((w, position) => ({
            position,
            user_id: w.userId,
            enabled: w.notificationStatusMap.ORDER_SUBMISSION.enabled,
            notified: w.notificationStatusMap.ORDER_SUBMISSION.notified
          }))
          yield* sql`
            INSERT INTO order_watchers (org_id, order_id, position, user_id, order_submission_enabled,
                                        order_submission_notified)
            SELECT ${orgId}, ${id}, (w->>'position')::integer, (w->>'user_id')::uuid, (w->>'enabled')::boolean,
                   (w->>'notified')::boolean
            FROM jsonb_array_elements(${JSON.stringify(watchers)}::jsonb) w`
        }
      })

    /** The columns a record sets, apart from the row's identity and bookkeeping, each with its value and type. */
    const recordFields = (record: OrderRecord, number: string): ReadonlyArray<readonly [string, unknown, string]> => [
      ["title", record.title, "text"],
      ["title_key", record.title.toLowerCase(), "text"],
      ["priority", record.priority, "text"],
      ["status", record.status, "text"],
      ["source", record.source, "text"],
      ["request_id", record.request?.id ?? null, "uuid"],
      ["request_number", record.request?.number ?? null, "text"],
      ["vendor_id", record.vendor.id, "uuid"],
      ["vendor_number", record.vendor.number, "text"],
      ["vendor_name_en", record.vendor.name.en, "text"],
      ["vendor_name_ar", record.vendor.name.ar, "text"],
      ["vendor_connected", record.vendor.connected, "boolean"],
      ["workspace_id", record.workspaceId, "uuid"],
      ["location_id", record.locationId, "text"],
      ["requester_id", record.requesterId, "uuid"],
      ["created_by", record.createdBy, "uuid"],
      ["currency", record.currency, "text"],
      ["tax_mode", record.taxMode, "text"],
      ["delivery_date", record.deliveryDate, "date"],
      ["eta", record.eta, "date"],
      ["shipment_term", record.shipmentTerm, "text"],
      ["shipping_fee", record.shippingFee, "numeric"],
      ["shipping_fee_tax_rate", record.shippingFeeTaxRate, "numeric"],
      ["adjustments", JSON.stringify(encodeAdjustments(record.adjustments)), "jsonb"],
      ["terms", record.terms, "text"],
      ["payment_method", record.paymentMethod, "text"],
      ["payment_term_name", record.paymentTermName, "text"],
      ["payment_terms", JSON.stringify(encodeTerms(record.paymentTerms)), "jsonb"],
      ["attachments", textArray(record.attachments), "text[]"],
      ["remarks", record.remarks, "text"],
      ["budget_id", record.budget?.budgetId ?? null, "text"],
      ["budget_line", record.budget?.line ?? null, "text"],
      ["budget_warning", jsonOrNull(record.budgetWarning, encodeWarning), "jsonb"],
      ["gross", record.totals.gross, "numeric"],
      ["discount", record.totals.discount, "numeric"],
      ["sub_total", record.totals.subTotal, "numeric"],
      ["tax_total", record.totals.tax, "numeric"],
      ["shipping_fee_total", record.totals.shippingFee, "numeric"],
      ["shipping_fee_tax", record.totals.shippingFeeTax, "numeric"],
      ["adjustments_total", record.totals.adjustments, "numeric"],
      ["total", record.totals.total, "numeric"],
      ["org_currency", record.orgCurrency, "text"],
      ["value_in_org_currency", record.valueInOrgCurrency, "numeric"],
      ["approved_total", record.approvedTotal, "numeric"],
      ["request_share", record.requestShare, "numeric"],
      ["categories", textArray(record.categories), "text[]"],
      ["approval_classification", record.approvalClassification, "text"],
      ["cancel_reason", record.cancelReason, "text"],
      ["events", JSON.stringify(encodeEvents(record.events)), "jsonb"],
      ["search_keys", textArray(searchKeys(number, record)), "text[]"],
      ["submitted_at", record.submittedAt, "timestamptz"],
      ["approved_at", record.approvedAt, "timestamptz"],
      ["sent_at", record.sentAt, "timestamptz"]
    ]

    const rows = documentRows(sql, {
      table: "orders",
      entity: "order",
      kind: "order",
      fields: recordFields,
      findIn,
      writeChildren: writeChildren
    })

    const insert = Effect.fn("SqlOrders.insert")(function* (orgId: OrgId, record: OrderRecord) {
      return yield* tenant(orgId)(rows.insert(orgId, record))
    })

    const find = Effect.fn("SqlOrders.find")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findIn(orgId, id))
    })

    const update = Effect.fn("SqlOrders.update")(function* (
      orgId: OrgId,
      id: string,
      record: OrderRecord,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(rows.update(orgId, id, record, expectedVersion))
    })

    /** Whose orders a call reads, as one condition. */
    const sideOf = (side: Side): Fragment =>
      side.kind === "buyer"
        ? sql`o.org_id = ${side.orgId}`
        : sql`o.vendor_org_id = ${side.vendorOrgId} AND o.sent_at IS NOT NULL`

    /** The filters as one condition; `ignoreStatuses` leaves out the filter the counts are broken down by. */
    const where = (side: Side, filter: OrderFilter, ignoreStatuses: boolean): Fragment => {
      const clauses: Array<Fragment> = [sideOf(side)]
      const scope = filter.scope
      // A reader's scope narrows the buyer's list; a vendor organisation reads every order sent to it.
      if (scope !== undefined && side.kind === "buyer") {
        const reach: Array<Fragment> = [sql`o.workspace_id = ANY(${uuidArray(scope.workspaceIds)}::uuid[])`]
        if (isUuid(scope.userId)) {
          reach.push(
            sql`o.requester_id = ${scope.userId}`,
            sql`o.created_by = ${scope.userId}`,
            sql`o.id IN (SELECT w.order_id FROM order_watchers w
                         WHERE w.org_id = ${side.orgId} AND w.user_id = ${scope.userId})`
          )
        }
        clauses.push(sql`(${sql.or(reach)})`)
      }
      if (!ignoreStatuses && filter.statuses !== undefined) {
        clauses.push(sql`o.status = ANY(${textArray(filter.statuses)}::text[])`)
      }
      if (filter.workspaceIds !== undefined) {
        clauses.push(sql`o.workspace_id = ANY(${uuidArray(filter.workspaceIds)}::uuid[])`)
      }
      if (filter.vendorIds !== undefined) {
        clauses.push(sql`o.vendor_id = ANY(${uuidArray(filter.vendorIds)}::uuid[])`)
      }
      if (filter.priorities !== undefined) {
        clauses.push(sql`o.priority = ANY(${textArray(filter.priorities)}::text[])`)
      }
      if (filter.requestId !== undefined) {
        clauses.push(isUuid(filter.requestId) ? sql`o.request_id = ${filter.requestId}` : sql`false`)
      }
      if (filter.requesterId !== undefined) {
        clauses.push(isUuid(filter.requesterId) ? sql`o.requester_id = ${filter.requesterId}` : sql`false`)
      }
      if (filter.search !== undefined) {
        clauses.push(sql`EXISTS (SELECT 1 FROM unnest(o.search_keys) k WHERE k LIKE ${containing(filter.search)})`)
      }
      return sql.and(clauses)
    }

    /** The sort as an ORDER BY list; `reversed` walks it backwards (for the page before a cursor). */
    const orderBy = (sort: OrderSort, reversed: boolean): Fragment => {
      const ascending = (sort.direction === "asc") !== reversed
      const direction = sql.literal(ascending ? "ASC" : "DESC")
      return sql`${sql.literal(sortColumns[sort.column].column)} ${direction}, o.id ${direction}`
    }

    /**
     * Rows strictly after (`>`) or before (`<`) a cursor's place in the sort, or at or before it (`<=`), or at or
     * after it (`>=`): one row comparison on (sort column, id).
     */
    const beside = (sort: OrderSort, cursor: OrderCursor, side: ">" | "<" | ">=" | "<="): Fragment => {
      const flip = { ">": "<", "<": ">", ">=": "<=", "<=": ">=" } as const
      const operator = sort.direction === "asc" ? side : flip[side]
      const { column, cast: type } = sortColumns[sort.column]
      return sql`(${sql.literal(column)}, o.id) ${sql.literal(operator)}
                 (${cursor.value}::${sql.literal(type)}, ${cursor.id}::uuid)`
    }

    const page = (side: Side, query: OrderQuery) =>
      Effect.gen(function* () {
        const window = query.window
        const sort = query.sort
        const matching = where(side, query, false)
        const empty: OrderListPage = { orders: [], nextCursor: null, previousCursor: null }
        if (window.kind !== "offset" && !isWellFormed(window.cursor)) return empty
        if (window.kind !== "offset" && window.cursor.column !== sort.column) return empty
        const reversed = window.kind === "before"
        const condition =
          window.kind === "offset"
            ? matching
            : sql.and([matching, beside(sort, window.cursor, window.kind === "after" ? ">" : "<")])
        const offset = window.kind === "offset" ? window.offset : 0
        // One row past the page tells whether more lie beyond it in the direction walked.
        const rows = yield* sql<OrderRow>`
          SELECT ${cols}
          FROM (SELECT o.id FROM orders o WHERE ${condition} ORDER BY ${orderBy(sort, reversed)}
                LIMIT ${window.limit + 1} OFFSET ${offset}) page
          JOIN orders o ON o.id = page.id
          ORDER BY ${orderBy(sort, reversed)}`
        const more = rows.length > window.limit
        const inWalk = rows.slice(0, window.limit)
        const orders = yield* assemble(reversed ? [...inWalk].reverse() : inWalk, side.kind === "buyer")
        const first = orders[0]
        const last = orders.at(-1)
        if (first === undefined || last === undefined) return empty
        /** Whether some matching row lies on the other side of the cursor than the page: one index probe. */
        const behind = (cursor: OrderCursor, to: "<=" | ">=") =>
          Effect.map(
            sql<{ id: string }>`
              SELECT o.id FROM orders o WHERE ${sql.and([matching, beside(sort, cursor, to)])}
              ORDER BY ${orderBy(sort, to === "<=")} LIMIT 1`,
            (found) => found.length > 0
          )
        const hasBefore = window.kind === "offset" ? offset > 0 : reversed ? more : yield* behind(window.cursor, "<=")
        const hasAfter = window.kind === "before" ? yield* behind(window.cursor, ">=") : more
        const listed: OrderListPage = {
          orders,
          nextCursor: hasAfter ? orderCursorOf(last, sort) : null,
          previousCursor: hasBefore ? orderCursorOf(first, sort) : null
        }
        return listed
      })

    const countsOf = (side: Side, filter: OrderFilter) =>
      Effect.map(
        sql<{ status: OrderStatus; n: number | string }>`
          SELECT o.status, count(*) AS n FROM orders o WHERE ${where(side, filter, true)} GROUP BY o.status`,
        (byStatus): OrderCounts => ({
          statuses: OrderStatus.literals.map((status) => ({
            status,
            count: Number(byStatus.find((r) => r.status === status)?.n ?? 0)
          }))
        })
      )

    const list = Effect.fn("SqlOrders.list")(function* (orgId: OrgId, query: OrderQuery) {
      return yield* tenant(orgId)(page({ kind: "buyer", orgId }, query))
    })

    const counts = Effect.fn("SqlOrders.counts")(function* (orgId: OrgId, filter: OrderFilter) {
      return yield* tenant(orgId)(countsOf({ kind: "buyer", orgId }, filter))
    })

    const orderedOf = Effect.fn("SqlOrders.orderedOf")(function* (orgId: OrgId, requestId: string) {
      if (!isUuid(requestId)) return []
      const rows = yield* tenant(orgId)(
        sql<{ request_item_id: string; quantity: string }>`
          SELECT l.request_item_id, sum(l.quantity)::text AS quantity
          FROM orders o JOIN order_lines l ON l.order_id = o.id
          WHERE o.org_id = ${orgId} AND o.request_id = ${requestId}
            AND o.status NOT IN ('ORDER_REJECTED', 'ORDER_CANCELLED') AND l.request_item_id IS NOT NULL
          GROUP BY l.request_item_id ORDER BY l.request_item_id`
      )
      return rows.map((r) => ({ requestItemId: r.request_item_id, quantity: r.quantity }))
    })

    const listForVendor = Effect.fn("SqlOrders.listForVendor")(function* (vendorOrgId: OrgId, query: OrderQuery) {
      return yield* tenant(vendorOrgId)(page({ kind: "vendor", vendorOrgId }, query))
    })

    const countsForVendor = Effect.fn("SqlOrders.countsForVendor")(function* (vendorOrgId: OrgId, filter: OrderFilter) {
      return yield* tenant(vendorOrgId)(countsOf({ kind: "vendor", vendorOrgId }, filter))
    })

    const findForVendor = Effect.fn("SqlOrders.findForVendor")(function* (vendorOrgId: OrgId, id: string) {
      if (!isUuid(id)) return Option.none<{ readonly orgId: OrgId; readonly order: Order }>()
      return yield* tenant(vendorOrgId)(
        Effect.gen(function* () {
          const rows = yield* sql<OrderRow>`
            SELECT ${cols} FROM orders o
            WHERE o.id = ${id} AND o.vendor_org_id = ${vendorOrgId} AND o.sent_at IS NOT NULL`
          const [row] = rows
          const [order] = yield* assemble(rows, false)
          return row === undefined || order === undefined
            ? Option.none()
            : Option.some({ orgId: row.org_id as OrgId, order })
        })
      )
    })

    const answerForVendor = Effect.fn("SqlOrders.answerForVendor")(function* (
      buyerOrgId: OrgId,
      vendorOrgId: OrgId,
      id: string,
      status: OrderStatus,
      event: OrderEvent,
      expectedVersion: number
    ) {
      if (!isUuid(id) || !isUuid(vendorOrgId)) return Option.none<Order>()
      return yield* tenant(buyerOrgId)(
        Effect.gen(function* () {
          const addressed = yield* sql`
            SELECT 1 FROM orders
            WHERE org_id = ${buyerOrgId} AND id = ${id} AND vendor_org_id = ${vendorOrgId} AND sent_at IS NOT NULL`
          if (addressed.length === 0) return Option.none<Order>()
          return yield* updateAtVersion(
            { table: "orders", entity: "order", orgId: buyerOrgId, id, version: expectedVersion },
            sql`status = ${status}, events = events || jsonb_build_array(${JSON.stringify(encodeEvent(event))}::jsonb),
                updated_at = date_trunc('milliseconds', now())`
          ).pipe(thenFind(findIn(buyerOrgId, id)))
        })
      )
    })

    const columnsOf = Effect.fn("SqlOrders.columnsOf")(function* (orgId: OrgId, userId: string) {
      if (!isUuid(userId)) return []
      const rows = yield* tenant(orgId)(
        sql<{ columns: ReadonlyArray<string> }>`
          SELECT columns FROM order_list_columns WHERE org_id = ${orgId} AND user_id = ${userId}`
      )
      return [...(rows[0]?.columns ?? [])]
    })

    const saveColumns = Effect.fn("SqlOrders.saveColumns")(function* (
      orgId: OrgId,
      userId: string,
      columns: ReadonlyArray<string>
    ) {
      if (!isUuid(userId)) return
      yield* tenant(orgId)(
        sql`INSERT INTO order_list_columns (org_id, user_id, columns)
            VALUES (${orgId}, ${userId}, ${textArray(columns)}::text[])
            ON CONFLICT (org_id, user_id) DO UPDATE SET columns = excluded.columns`
      )
    })

    return OrderRepository.of({
      insert,
      find,
      update,
      list,
      counts,
      orderedOf,
      listForVendor,
      countsForVendor,
      findForVendor,
      answerForVendor,
      columnsOf,
      saveColumns
    })
  })
)
