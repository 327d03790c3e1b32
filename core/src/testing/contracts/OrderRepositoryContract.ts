import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { BudgetWarning } from "../../budgets/Budget.ts"
import { Recipient } from "../../notifications/Recipient.ts"
import {
  LineDiscount,
  type Order,
  OrderAdjustment,
  OrderBudgetLine,
  OrderContractRef,
  OrderEvent,
  OrderLine,
  OrderLineAmounts,
  OrderRequestRef,
  OrderTotals,
  OrderVendor,
  OrderWatcher,
  PaymentTerm,
  ScheduledPayment
} from "../../orders/Order.ts"
import {
  type OrderQuery,
  type OrderRecord,
  OrderRepository,
  type OrderSort,
  type OrderSortColumn,
  orderSortValue
} from "../../orders/OrderRepository.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { ProductRef } from "../../requests/Request.ts"
import { RequestRepository } from "../../requests/RequestRepository.ts"
import { type Vendor, VendorName } from "../../vendors/Vendor.ts"
import { VendorRepository } from "../../vendors/VendorRepository.ts"
import { blankWorkspaceFields, WorkspaceRepository } from "../../workspaces/Workspace.ts"
import { Fixtures } from "../Fixtures.ts"
import { requestRecordFor } from "./RequestRepositoryContract.ts"
import { vendorRecordFor } from "./VendorRepositoryContract.ts"

const errorOf = <A, E>(exit: Exit.Exit<A, E>): Record<string, unknown> => {
  if (Exit.isSuccess(exit)) return { _tag: "success" }
  const error = (exit.cause.reasons[0] as { error?: Record<string, unknown> } | undefined)?.error
  return error ?? { _tag: "defect" }
}

const amounts = (total: string) =>
  new OrderLineAmounts({ gross: total, discount: "0.00", net: total, tax: "0.00", total })

const line = (id: string, seq: number, quantity: string, total: string, requestItemId: string | null = null) =>
  new OrderLine({
    id,
    lineSeqId: seq,
    requestItemId,
    product: null,
    name: { en: "Paper", ar: "ورق" },
    description: "",
    category: null,
    unit: "box",
    quantity,
    unitPrice: total,
    priceOrigin: "given",
    contract: null,
    discount: null,
    taxRate: "0",
    amounts: amounts(total),
    receivedQuantity: "0",
    billedQuantity: "0"
  })

const vendorOf = (vendor: Vendor) =>
  new OrderVendor({
    id: vendor.id,
    number: vendor.number,
    name: { en: vendor.name.en, ar: vendor.name.ar },
    connected: vendor.connected
  })

/** An order's record as a use case would store it, with the given fields over plain defaults. */
export const orderRecordFor = (
  workspaceId: string,
  requesterId: string,
  vendor: OrderVendor,
  extra: Partial<OrderRecord> = {}
): OrderRecord => ({
  title: "Printer paper",
  priority: "Low",
  status: "ORDER_DRAFTED",
  source: "direct",
  request: null,
  vendor,
  workspaceId,
  locationId: null,
  requesterId,
  createdBy: requesterId,
  currency: "SAR",
  taxMode: "EXCLUSIVE",
  lines: [line("line-1", 1, "1", "100.00")],
  deliveryDate: null,
  eta: null,
  shipmentTerm: "",
  shippingFee: "0",
  shippingFeeTaxRate: "0",
  adjustments: [],
  terms: "",
  paymentMethod: null,
  paymentTermName: null,
  paymentTerms: [],
  schedule: [],
  attachments: [],
  remarks: "",
  watchers: [],
  budget: null,
  budgetWarning: null,
  totals: new OrderTotals({
    gross: "100.00",
    discount: "0.00",
    subTotal: "100.00",
    tax: "0.00",
    shippingFee: "0.00",
    shippingFeeTax: "0.00",
    adjustments: "0.00",
    total: "100.00"
  }),
  orgCurrency: "SAR",
  valueInOrgCurrency: "100.00",
  approvedTotal: null,
  requestShare: null,
  categories: [],
  approvalClassification: null,
  cancelReason: null,
  events: [],
  submittedAt: null,
  approvedAt: null,
  sentAt: null,
  ...extra
})

const recordOf = (order: Order): OrderRecord => {
  const { id: _id, number: _n, version: _v, createdAt: _c, updatedAt: _u, ...record } = order
  return record
}

const byPage = (offset: number, limit = 100) => ({ kind: "offset", offset, limit }) as const

const queryOf = (extra: Partial<OrderQuery> = {}): OrderQuery => ({
  sort: { column: "createdAt", direction: "desc" },
  window: byPage(0),
  ...extra
})

const codePoints = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** The order the port promises, worked out here from the rows themselves. */
const expectedOrder = (orders: ReadonlyArray<Order>, sort: OrderSort): ReadonlyArray<string> =>
  [...orders]
    .sort((a, b) => {
      const [va, vb] = [orderSortValue(a, sort.column), orderSortValue(b, sort.column)]
      const byValue = sort.column === "total" ? Number(va) - Number(vb) : codePoints(va, vb)
      const ascending = byValue || codePoints(a.id, b.id)
      return sort.direction === "asc" ? ascending : -ascending
    })
    .map((o) => o.id)

const ids = (orders: ReadonlyArray<Order>) => orders.map((o) => o.id)

/** The behaviour every OrderRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (
  name: string,
  storage: Layer.Layer<OrderRepository | RequestRepository | VendorRepository | WorkspaceRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`OrderRepository contract: ${name}`, (it) => {
    /** An organisation with its first user, colleagues on demand, two workspaces and two vendors. */
    const newOrg = Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const vendors = yield* VendorRepository
      const admin = yield* fixtures.newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const workspace = (wsName: string) =>
        Effect.map(
          Effect.flatMap(WorkspaceRepository, (w) =>
            w.create(orgId, blankWorkspaceFields(wsName, "SAR", admin.id), "ACTIVE", admin.id)
          ),
          (w) => w.id
        ).pipe(Effect.orDie)
      const colleague = () =>
        Effect.map(
          fixtures.newUser({
            roles: ["org_basic_user"],
            colleagueOf: new Recipient({ orgId: admin.orgId, userId: admin.id })
          }),
          (u) => u.id as string
        )
      const sahara = yield* vendors.insert(orgId, vendorRecordFor(admin.id))
      const gulf = yield* vendors.insert(
        orgId,
        vendorRecordFor(admin.id, { name: new VendorName({ en: "Gulf Office Co.", ar: "شركة الخليج للمكاتب" }) })
      )
      return {
        orgId,
        adminId: admin.id as string,
        colleague,
        north: yield* workspace("North"),
        south: yield* workspace("South"),
        sahara,
        gulf
      }
    })

    it.effect("numbers each organisation's orders in order and keeps every field as given, for it alone", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const request = yield* (yield* RequestRepository).insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const rich = orderRecordFor(org.north, org.adminId, vendorOf(org.sahara), {
          title: "Paper and toner for the second floor",
          priority: "High",
          status: "ORDER_SUBMITTED_TO_VENDOR",
          source: "request",
          request: new OrderRequestRef({ id: request.id, number: request.number }),
          locationId: "loc-1",
          currency: "KWD",
          taxMode: "INCLUSIVE",
          lines: [
            new OrderLine({
              id: "line-a",
              lineSeqId: 1,
              requestItemId: "item-1",
              product: new ProductRef({ productId: "p-9", sku: "SKU-9", catalogId: "c-1", categoryId: "cat-7" }),
              name: { en: "Toner", ar: "حبر" },
              description: "Black",
              category: "cat-7",
              unit: "piece",
              quantity: "2.50",
              unitPrice: "12.345",
              priceOrigin: "contract",
              contract: new OrderContractRef({ id: "00000000-0000-4000-8000-0000000000c1", number: "CTR-000001" }),
              discount: new LineDiscount({ type: "PERCENT", value: "10" }),
              taxRate: "15",
              amounts: new OrderLineAmounts({
                gross: "30.863",
                discount: "3.086",
                net: "24.154",
                tax: "3.623",
                total: "27.777"
              }),
              receivedQuantity: "1.25",
              billedQuantity: "0.50"
            }),
            line("line-b", 2, "3", "7.500")
          ],
          deliveryDate: "2026-04-01",
          eta: "2026-03-28",
          shipmentTerm: "DAP Riyadh",
          shippingFee: "5.000",
          shippingFeeTaxRate: "15",
          adjustments: [new OrderAdjustment({ label: "Rounding", amount: "-0.027" })],
          terms: "Net 30",
          paymentMethod: "BANK_TRANSFER",
          paymentTermName: "Half now, half on delivery",
          paymentTerms: [
            new PaymentTerm({ label: "Advance", percent: "50", days: 0, basis: "ORDER" }),
            new PaymentTerm({ label: "Balance", percent: "50", days: 30, basis: "DELIVERY" })
          ],
          schedule: [
            new ScheduledPayment({ seq: 1, label: "Advance", percent: "50", amount: "20.000", dueDate: "2026-03-01" }),
            new ScheduledPayment({ seq: 2, label: "Balance", percent: "50", amount: "20.000", dueDate: null })
          ],
          attachments: ["file-1", "file-2"],
          remarks: "Urgent",
          watchers: [
            new OrderWatcher({
              userId: org.adminId,
              notificationStatusMap: { ORDER_SUBMISSION: { enabled: true, notified: false } }
            })
          ],
          budget: new OrderBudgetLine({ budgetId: "budget-1", line: "6200" }),
          budgetWarning: new BudgetWarning({
            line: "Office (6200)",
            limit: "10.000",
            excess: "30.000",
            currency: "KWD"
          }),
          totals: new OrderTotals({
            gross: "38.363",
            discount: "3.086",
            subTotal: "31.654",
            tax: "4.373",
            shippingFee: "5.000",
            shippingFeeTax: "0.750",
            adjustments: "-0.027",
            total: "40.000"
          }),
          orgCurrency: "SAR",
          valueInOrgCurrency: "488.40",
          approvedTotal: "40.000",
          categories: ["cat-7"],
          approvalClassification: "capex",
          events: [
            new OrderEvent({
              kind: "SENT_TO_VENDOR",
              at: "2026-03-01T10:00:00.000Z",
              by: org.adminId,
              from: "ORDER_SUBMITTED_TO_VENDOR",
              to: "ORDER_SUBMITTED_TO_VENDOR",
              remark: "",
              totalBefore: null,
              totalAfter: null
            })
          ],
          submittedAt: "2026-03-01T09:00:00.000Z",
          approvedAt: "2026-03-01T09:30:00.000Z",
          sentAt: "2026-03-01T10:00:00.000Z"
        })
        const first = yield* repository.insert(org.orgId, rich)
        const second = yield* repository.insert(org.orgId, orderRecordFor(org.south, org.adminId, vendorOf(org.gulf)))
        const elsewhere = yield* repository.insert(
          other.orgId,
          orderRecordFor(other.north, other.adminId, vendorOf(other.sahara))
        )
        assert.deepStrictEqual([first.number, second.number, elsewhere.number], ["PO-000001", "PO-000002", "PO-000001"])
        assert.strictEqual(first.version, 1)
        assert.strictEqual(first.createdAt, first.updatedAt)
        assert.deepStrictEqual(recordOf(first), rich)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(org.orgId, first.id)), first)
        assert.isTrue(Option.isNone(yield* repository.find(other.orgId, first.id)))
        assert.isTrue(Option.isNone(yield* repository.find(org.orgId, crypto.randomUUID())))
        assert.isTrue(Option.isNone(yield* repository.find(org.orgId, "not-an-id")))
      })
    )

    it.effect("updates at the version read, replacing lines, schedule and watchers, and refuses a stale one", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const watcher = yield* org.colleague()
        const made = yield* repository.insert(
          org.orgId,
          orderRecordFor(org.north, org.adminId, vendorOf(org.sahara), {
            watchers: [
              new OrderWatcher({
                userId: org.adminId,
                notificationStatusMap: { ORDER_SUBMISSION: { enabled: true, notified: false } }
              })
            ]
          })
        )
        const changed = orderRecordFor(org.south, org.adminId, vendorOf(org.gulf), {
          title: "Paper, amended",
          status: "ORDER_UNAPPROVED",
          lines: [line("line-1", 1, "4", "400.00"), line("line-2", 2, "1", "9.99")],
          watchers: [
            new OrderWatcher({
              userId: watcher,
              notificationStatusMap: { ORDER_SUBMISSION: { enabled: false, notified: true } }
            })
          ],
          schedule: [new ScheduledPayment({ seq: 1, label: "All", percent: "100", amount: "409.99", dueDate: null })]
        })
        const saved = Option.getOrThrow(yield* repository.update(org.orgId, made.id, changed, made.version))
        assert.strictEqual(saved.version, made.version + 1)
        assert.strictEqual(saved.number, made.number)
        assert.strictEqual(saved.createdAt, made.createdAt)
        assert.deepStrictEqual(recordOf(saved), changed)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(org.orgId, made.id)), saved)
        const stale = yield* Effect.exit(repository.update(org.orgId, made.id, changed, made.version))
        assert.deepStrictEqual([errorOf(stale)["_tag"], errorOf(stale)["entity"]], ["VersionConflict", "order"])
        assert.isTrue(Option.isNone(yield* repository.update(other.orgId, made.id, changed, saved.version)))
        assert.isTrue(Option.isNone(yield* repository.update(org.orgId, crypto.randomUUID(), changed, 1)))
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(org.orgId, made.id)).version, saved.version)
      })
    )

    it.effect("lists in every sort, both ways, by offset and by cursor in either direction", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const specs: ReadonlyArray<readonly [string, OrderRecord["status"], string]> = [
          ["Paper", "ORDER_DRAFTED", "100.00"],
          ["toner", "ORDER_UNAPPROVED", "2000.50"],
          ["Chairs", "ORDER_DRAFTED", "99.99"],
          ["chairs", "ORDER_CANCELLED", "100.00"],
          ["Desks", "ORDER_SUBMITTED_TO_VENDOR", "15000"],
          ["ورق", "ORDER_DRAFTED", "7.5"],
          ["Água", "ORDER_CLOSED", "0.00"]
        ]
        const made: Array<Order> = []
        for (const [title, status, value] of specs) {
          made.push(
            yield* repository.insert(
              org.orgId,
              orderRecordFor(org.north, org.adminId, vendorOf(org.sahara), { title, status, valueInOrgCurrency: value })
            )
          )
        }
        const columns: ReadonlyArray<OrderSortColumn> = ["createdAt", "updatedAt", "title", "status", "total"]
        for (const column of columns) {
          for (const direction of ["asc", "desc"] as const) {
            const sort = { column, direction }
            const expected = expectedOrder(made, sort)
            const all = yield* repository.list(org.orgId, queryOf({ sort }))
            assert.deepStrictEqual(ids(all.orders), expected, `${column} ${direction}`)
            assert.isNull(all.nextCursor)
            assert.isNull(all.previousCursor)
            const middle = yield* repository.list(org.orgId, queryOf({ sort, window: byPage(2, 3) }))
            assert.deepStrictEqual(ids(middle.orders), expected.slice(2, 5))
            assert.isNotNull(middle.nextCursor)
            assert.isNotNull(middle.previousCursor)
            // Forwards by cursors, two at a time, from the first page to the last.
            const walked: Array<string> = []
            let page = yield* repository.list(org.orgId, queryOf({ sort, window: byPage(0, 2) }))
            assert.isNull(page.previousCursor)
            walked.push(...ids(page.orders))
            while (page.nextCursor !== null) {
              page = yield* repository.list(
                org.orgId,
                queryOf({ sort, window: { kind: "after", cursor: page.nextCursor, limit: 2 } })
              )
              assert.isNotNull(page.previousCursor)
              walked.push(...ids(page.orders))
            }
            assert.deepStrictEqual(walked, expected, `forwards ${column} ${direction}`)
            // And back again from the last page.
            const back: Array<string> = [...ids(page.orders)]
            while (page.previousCursor !== null) {
              page = yield* repository.list(
                org.orgId,
                queryOf({ sort, window: { kind: "before", cursor: page.previousCursor, limit: 2 } })
              )
              assert.isNotNull(page.nextCursor)
              back.unshift(...ids(page.orders))
            }
            assert.deepStrictEqual(back, expected, `backwards ${column} ${direction}`)
          }
        }
      })
    )

    it.effect("narrows by every filter and a reader's scope, and counts each status beside the status filter", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const reader = yield* org.colleague()
        const requester = yield* org.colleague()
        const request = yield* (yield* RequestRepository).insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const insert = (extra: Partial<OrderRecord>, vendor = org.sahara, workspace = org.north) =>
          repository.insert(org.orgId, orderRecordFor(workspace, org.adminId, vendorOf(vendor), extra))
        const a = yield* insert({ title: "Printer paper", status: "ORDER_DRAFTED", priority: "High" })
        const b = yield* insert({ title: "Toner 50% off_now", status: "ORDER_UNAPPROVED" }, org.gulf)
        const c = yield* insert(
          {
            title: "Chairs",
            status: "ORDER_SUBMITTED_TO_VENDOR",
            source: "request",
            request: new OrderRequestRef({ id: request.id, number: request.number }),
            requesterId: requester
          },
          org.sahara,
          org.south
        )
        const d = yield* insert(
          {
            title: "Desks",
            status: "ORDER_DRAFTED",
            watchers: [
              new OrderWatcher({
                userId: reader,
                notificationStatusMap: { ORDER_SUBMISSION: { enabled: true, notified: false } }
              })
            ]
          },
          org.gulf,
          org.south
        )
        yield* repository.insert(other.orgId, orderRecordFor(other.north, other.adminId, vendorOf(other.sahara)))
        const listed = (extra: Partial<OrderQuery>) =>
          Effect.map(repository.list(org.orgId, queryOf(extra)), (p) => [...ids(p.orders)].sort())
        const sorted = (...orders: ReadonlyArray<Order>) => ids(orders).toSorted()
        assert.deepStrictEqual(yield* listed({}), sorted(a, b, c, d))
        assert.deepStrictEqual(yield* listed({ statuses: ["ORDER_DRAFTED"] }), sorted(a, d))
        assert.deepStrictEqual(yield* listed({ workspaceIds: [org.south] }), sorted(c, d))
        assert.deepStrictEqual(yield* listed({ vendorIds: [org.gulf.id] }), sorted(b, d))
        assert.deepStrictEqual(yield* listed({ priorities: ["High"] }), sorted(a))
        assert.deepStrictEqual(yield* listed({ requestId: request.id }), sorted(c))
        assert.deepStrictEqual(yield* listed({ requestId: "nothing" }), [])
        assert.deepStrictEqual(yield* listed({ requesterId: requester }), sorted(c))
        assert.deepStrictEqual(yield* listed({ search: "PAPER" }), sorted(a))
        assert.deepStrictEqual(yield* listed({ search: "50%" }), sorted(b))
        assert.deepStrictEqual(yield* listed({ search: "f_n" }), sorted(b))
        assert.deepStrictEqual(yield* listed({ search: "%" }), sorted(b))
        assert.deepStrictEqual(yield* listed({ search: "po-000003" }), sorted(c))
        assert.deepStrictEqual(yield* listed({ search: "الخليج" }), sorted(b, d))
        assert.deepStrictEqual(yield* listed({ scope: { workspaceIds: [], userId: reader } }), sorted(d))
        assert.deepStrictEqual(yield* listed({ scope: { workspaceIds: [], userId: requester } }), sorted(c))
        assert.deepStrictEqual(yield* listed({ scope: { workspaceIds: [org.north], userId: reader } }), sorted(a, b, d))
        assert.deepStrictEqual(
          yield* listed({ statuses: ["ORDER_DRAFTED"], workspaceIds: [org.south], vendorIds: [org.gulf.id] }),
          sorted(d)
        )
        const counts = yield* repository.counts(org.orgId, { statuses: ["ORDER_DRAFTED"], workspaceIds: [org.south] })
        const count = (status: string) => counts.statuses.find((s) => s.status === status)?.count
        assert.deepStrictEqual(
          [
            count("ORDER_DRAFTED"),
            count("ORDER_SUBMITTED_TO_VENDOR"),
            count("ORDER_UNAPPROVED"),
            count("ORDER_CLOSED")
          ],
          [1, 1, 0, 0]
        )
        assert.strictEqual(counts.statuses.length, 16)
      })
    )

    it.effect("sums what the live orders of a request take of each of its lines", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const requests = yield* RequestRepository
        const request = yield* requests.insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const another = yield* requests.insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const from = (req: typeof request, status: OrderRecord["status"], lines: ReadonlyArray<OrderLine>) =>
          repository.insert(
            org.orgId,
            orderRecordFor(org.north, org.adminId, vendorOf(org.sahara), {
              source: "request",
              request: new OrderRequestRef({ id: req.id, number: req.number }),
              status,
              lines
            })
          )
        yield* from(request, "ORDER_DRAFTED", [line("l1", 1, "2.5", "1"), line("l2", 2, "1", "1", "item-2")])
        yield* from(request, "ORDER_SUBMITTED_TO_VENDOR", [line("l1", 1, "1.25", "1", "item-2")])
        yield* from(request, "ORDER_CANCELLED", [line("l1", 1, "100", "1", "item-2")])
        yield* from(request, "ORDER_REJECTED", [line("l1", 1, "100", "1", "item-3")])
        yield* from(another, "ORDER_DRAFTED", [line("l1", 1, "7", "1", "item-2")])
        const taken = yield* repository.orderedOf(org.orgId, request.id)
        assert.deepStrictEqual(
          taken.map((t) => [t.requestItemId, Number(t.quantity)]),
          [["item-2", 2.25]]
        )
        assert.deepStrictEqual(yield* repository.orderedOf(org.orgId, crypto.randomUUID()), [])
      })
    )

    it.effect("shows a vendor organisation the orders sent to its connections, and no other's", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const vendors = yield* VendorRepository
        const org = yield* newOrg
        const seller = yield* newOrg
        const rival = yield* newOrg
        assert.isTrue(yield* vendors.connect(org.orgId, org.sahara.id, seller.orgId))
        const connected = Option.getOrThrow(yield* vendors.find(org.orgId, org.sahara.id))
        const draft = yield* repository.insert(org.orgId, orderRecordFor(org.north, org.adminId, vendorOf(connected)))
        const sent = yield* repository.insert(
          org.orgId,
          orderRecordFor(org.north, org.adminId, vendorOf(connected), {
            title: "Sent paper",
            watchers: [
              new OrderWatcher({
                userId: org.adminId,
                notificationStatusMap: { ORDER_SUBMISSION: { enabled: true, notified: true } }
              })
            ],
            status: "ORDER_SUBMITTED_TO_VENDOR",
            sentAt: "2026-03-01T10:00:00.000Z"
          })
        )
        const toGulf = yield* repository.insert(
          org.orgId,
          orderRecordFor(org.north, org.adminId, vendorOf(org.gulf), {
            status: "ORDER_SUBMITTED_TO_VENDOR",
            sentAt: "2026-03-01T10:00:00.000Z"
          })
        )
        const page = yield* repository.listForVendor(seller.orgId, queryOf())
        assert.deepStrictEqual(ids(page.orders), [sent.id])
        assert.deepStrictEqual(page.orders[0]?.lines, sent.lines)
        const counts = yield* repository.countsForVendor(seller.orgId, {})
        assert.strictEqual(counts.statuses.find((s) => s.status === "ORDER_SUBMITTED_TO_VENDOR")?.count, 1)
        assert.strictEqual(
          counts.statuses.reduce((sum, s) => sum + s.count, 0),
          1
        )
        const found = Option.getOrThrow(yield* repository.findForVendor(seller.orgId, sent.id))
        assert.strictEqual(found.orgId, org.orgId)
        assert.strictEqual(found.order.number, sent.number)
        assert.deepStrictEqual(found.order.watchers, [])
        assert.isTrue(Option.isNone(yield* repository.findForVendor(seller.orgId, draft.id)))
        assert.isTrue(Option.isNone(yield* repository.findForVendor(seller.orgId, toGulf.id)))
        assert.isTrue(Option.isNone(yield* repository.findForVendor(rival.orgId, sent.id)))
        assert.deepStrictEqual(ids((yield* repository.listForVendor(rival.orgId, queryOf())).orders), [])
        // The gulf connection made afterwards addresses its sent order to the new seller too.
        assert.isTrue(yield* vendors.connect(org.orgId, org.gulf.id, rival.orgId))
        assert.deepStrictEqual(ids((yield* repository.listForVendor(rival.orgId, queryOf())).orders), [toGulf.id])
        assert.deepStrictEqual(ids((yield* repository.listForVendor(seller.orgId, queryOf())).orders), [sent.id])

        const event = new OrderEvent({
          kind: "VENDOR_ACCEPTED",
          at: "2026-03-02T10:00:00.000Z",
          by: seller.adminId,
          from: "ORDER_SUBMITTED_TO_VENDOR",
          to: "ORDER_ACCEPTED_BY_VENDOR",
          remark: "On its way",
          totalBefore: null,
          totalAfter: null
        })
        const answer = (vendorOrg: OrgId, id: string, version: number) =>
          repository.answerForVendor(org.orgId, vendorOrg, id, "ORDER_ACCEPTED_BY_VENDOR", event, version)
        assert.isTrue(Option.isNone(yield* answer(rival.orgId, sent.id, sent.version)))
        assert.isTrue(Option.isNone(yield* answer(seller.orgId, draft.id, draft.version)))
        const answered = Option.getOrThrow(yield* answer(seller.orgId, sent.id, sent.version))
        assert.strictEqual(answered.status, "ORDER_ACCEPTED_BY_VENDOR")
        assert.strictEqual(answered.version, sent.version + 1)
        assert.deepStrictEqual(answered.events, [...sent.events, event])
        assert.deepStrictEqual(answered.lines, sent.lines)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(org.orgId, sent.id)), answered)
        const stale = yield* Effect.exit(answer(seller.orgId, sent.id, sent.version))
        assert.strictEqual(errorOf(stale)["_tag"], "VersionConflict")
      })
    )

    it.effect("keeps each user's columns for the list", () =>
      Effect.gen(function* () {
        const repository = yield* OrderRepository
        const org = yield* newOrg
        const colleague = yield* org.colleague()
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, org.adminId), [])
        yield* repository.saveColumns(org.orgId, org.adminId, ["number", "vendor", "total"])
        yield* repository.saveColumns(org.orgId, org.adminId, ["number", "status"])
        yield* repository.saveColumns(org.orgId, colleague, ["title"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, org.adminId), ["number", "status"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, colleague), ["title"])
      })
    )
  })
