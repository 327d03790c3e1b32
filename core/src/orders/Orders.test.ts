import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import { WorkflowRepository } from "../approvals/ApprovalPorts.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { ApprovalCriteria, Workflow, WorkflowLevel } from "../approvals/Workflow.ts"
import { BudgetRepository } from "../budgets/Budget.ts"
import { CartProduct } from "../carts/Cart.ts"
import { CartRepository } from "../carts/CartRepository.ts"
import { ContractLine, ContractName } from "../contracts/Contract.ts"
import { ContractRepository } from "../contracts/ContractRepository.ts"
import type { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { ItemTax, NewRequestInput, ProductRef, RequestBudgetLine, RequestItemInput } from "../requests/Request.ts"
import { Requests } from "../requests/Requests.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { PageRequest } from "../shared/Paging.ts"
import { MemoryIdentityStore } from "../testing/memory/MemoryIdentity.ts"
import { layerMemoryOrdersWorld } from "../testing/memory/MemoryOrdersWorld.ts"
import {
  requestsWorldActor as actorWith,
  requestsWorldBudget as activeBudget,
  requestsWorldSettings as changeSettings,
  requestsWorldWorkspace as workspaceOf
} from "../testing/memory/MemoryRequestsWorld.ts"
import { NewVendorInput } from "../vendors/Vendor.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { Vendors } from "../vendors/Vendors.ts"
import {
  NewOrderInput,
  type Order,
  OrderAmendInput,
  OrderApproval,
  OrderBudgetLine,
  OrderCancelInput,
  OrderCommandInput,
  OrderFromCartInput,
  OrderFromRequestInput,
  OrderLine,
  OrderLineInput,
  OrderReview,
  OrderUpdateInput,
  RequestLinePick,
  VendorAnswerInput
} from "./Order.ts"
import { orderRecordOf } from "./OrderCommands.ts"
import { OrderRepository } from "./OrderRepository.ts"
import { Orders } from "./Orders.ts"

const errorOf = <A, E>(exit: Exit.Exit<A, E>): Record<string, unknown> => {
  if (Exit.isSuccess(exit)) return { _tag: "success" }
  const error = (exit.cause.reasons[0] as { error?: Record<string, unknown> } | undefined)?.error
  return error ?? { _tag: "defect", cause: String(exit.cause) }
}
const refusal = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(Effect.exit(effect), errorOf)
const tag = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(refusal(effect), (e) => String(e["_tag"]))

const march = Date.parse("2026-03-01T09:00:00Z")
const vat = new ItemTax({ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" })

/**
 * A buyer organisation: its super user, a buyer who manages the head office (`ord_*_w` there), a requester of it,
 * two order approvers, a watcher and an outsider; the vendor Sahara in its vendor master, connected to Sahara's own
 * organisation on the platform (whose user answers orders), and another vendor organisation's user.
 */
const world = Effect.gen(function* () {
  yield* TestClock.setTime(march)
  const admin = yield* actorWith(["org_super_user"])
  const buyer = yield* actorWith(["org_basic_user"], admin)
  const requester = yield* actorWith(["org_basic_user"], admin)
  const approver = yield* actorWith(["org_basic_user"], admin)
  const director = yield* actorWith(["org_basic_user"], admin)
  const watcher = yield* actorWith(["org_basic_user"], admin)
  const outsider = yield* actorWith(["org_basic_user"], admin)
  const office = yield* workspaceOf(admin, "Head Office", [
    [buyer, "workspaces_manager"],
    [requester, "workspaces_viewer"]
  ])
  const seller = yield* actorWith(["org_super_user"])
  const stranger = yield* actorWith(["org_super_user"])
  const sahara = yield* (yield* Vendors).create(
    admin,
    new NewVendorInput({ nameEn: "Sahara Supplies", nameAr: "توريدات الصحراء", categories: ["stationery"] })
  )
  yield* (yield* VendorRepository).connect(admin.orgId, sahara.id, seller.orgId)
  return {
    admin,
    buyer,
    requester,
    approver,
    director,
    watcher,
    outsider,
    office,
    seller,
    stranger,
    sahara,
    orders: yield* Orders,
    requests: yield* Requests
  }
})

/** The organisation's order workflow: one level per entry, from a value in SAR up (none: every order). */
const orderLevels = (admin: Actor, levels: ReadonlyArray<readonly [string, Actor, string | null]>) =>
  Effect.gen(function* () {
    const workflows = yield* WorkflowRepository
    const existing = (yield* workflows.listForWorkspace(admin.orgId, null)).find((w) => w.kind === "order")
    yield* workflows.save(
      admin.orgId,
      new Workflow({
        id: existing?.id ?? crypto.randomUUID(),
        workspaceId: null,
        kind: "order",
        levels: levels.map(
          ([name, approver, minValue], i) =>
            new WorkflowLevel({
              level: i + 1,
              name,
              approvers: [{ type: "USER", userId: approver.userId }],
              mode: "ONE",
              criteria: new ApprovalCriteria(minValue === null ? {} : { minValue })
            })
        ),
        version: existing?.version ?? 0
      }),
      existing?.version ?? 0
    )
  }).pipe(Effect.orDie)

const directOrders = (admin: Actor, enabled: boolean) =>
  changeSettings(
    admin,
    (s) =>
      new OrgSettings({
        ...s,
        modules: s.modules.map((m) =>
          m.code === "orders" ? moduleConfig("orders", true, { ...m.features, enableDirectOrder: enabled }) : m
        )
      })
  )

const paper = (quantity = "10", unitPrice = "25") =>
  new OrderLineInput({ name: { en: "A4 paper", ar: "ورق" }, quantity, unitPrice, unit: "box" })

/** What a budget line holds: requested, committed, available. */
const lineOf = (admin: Actor, budgetId: string, key: string) =>
  Effect.map(
    Effect.flatMap(BudgetRepository, (r) => r.find(admin.orgId, budgetId)),
    (b) => {
      const found = Option.getOrThrow(b).lines.find((l) => l.key === key)!
      return [found.requested, found.committed, found.available]
    }
  )

/** What a document holds on its lines: requested and committed, summed. */
const heldBy = (admin: Actor, kind: string, id: string) =>
  Effect.gen(function* () {
    const entries = yield* (yield* BudgetRepository).documentEntries(admin.orgId, kind, id)
    const sum = (f: (e: (typeof entries)[number]) => string) => entries.reduce((n, e) => n + Number(f(e)), 0).toFixed(2)
    return [sum((e) => e.requested), sum((e) => e.committed)]
  })

const inbox = (actor: Actor) =>
  Effect.gen(function* () {
    const page = yield* (yield* NotificationRepository).list(
      new Recipient({ orgId: actor.orgId, userId: actor.userId as UserId }),
      new PageRequest({ page: 0, limit: 50 })
    )
    return page.notifications.map((n) => [n.type, n.title.en] as const)
  })

/** Sets what receipts and bills took of an order's lines, as those modules will. */
const deliver = (admin: Actor, order: Order, received: ReadonlyArray<string>, billed: ReadonlyArray<string> = []) =>
  Effect.gen(function* () {
    const repository = yield* OrderRepository
    const current = Option.getOrThrow(yield* repository.find(admin.orgId, order.id))
    const saved = yield* repository.update(
      admin.orgId,
      order.id,
      {
        ...orderRecordOf(current),
        lines: current.lines.map(
          (l, i) => new OrderLine({ ...l, receivedQuantity: received[i] ?? "0", billedQuantity: billed[i] ?? "0" })
        )
      },
      current.version
    )
    return Option.getOrThrow(saved)
  }).pipe(Effect.orDie)

/** An approved request of the head office for paper (10 × 25 with VAT) and staples (2.5 × 4), charged to a line. */
const approvedRequest = (requester: Actor, workspaceId: string, budget: RequestBudgetLine | null) =>
  Effect.gen(function* () {
    const requests = yield* Requests
    const made = yield* requests.create(
      requester,
      new NewRequestInput({
        requestType: "product",
        workspaceId,
        title: "Printer paper",
        items: [
          new RequestItemInput({
            name: { en: "A4 paper" },
            quantity: "10",
            unit: "box",
            price: { basePrice: "25", taxes: [vat] }
          }),
          new RequestItemInput({ name: { en: "Staples" }, quantity: "2.5", unit: "box", price: { basePrice: "4" } })
        ],
        ...(budget === null ? {} : { budget })
      })
    )
    return yield* requests.submit(requester, made.id)
  })

describe("Orders", () => {
  it.effect("drafts a direct order only where the organisation allows it, priced with VAT, numbered and audited", () =>
    Effect.gen(function* () {
      const { admin, buyer, office, sahara, orders } = yield* world
      const input = new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()] })
      const off = yield* refusal(orders.create(buyer, input))
      assert.deepStrictEqual([off["_tag"], describeError(off, "en").code], ["DirectOrderNotEnabled", "E6401"])
      yield* directOrders(admin, true)
      const made = yield* orders.create(buyer, input)
      assert.deepStrictEqual(
        [made.number, made.status, made.source, made.priority, made.title, made.currency, made.version],
        ["PO-000001", "ORDER_DRAFTED", "direct", "Low", "Sahara Supplies", "SAR", 1]
      )
      assert.deepStrictEqual(
        [made.vendor.number, made.vendor.connected, made.lines[0]!.taxRate, made.lines[0]!.amounts.tax],
        [sahara.number, true, "15", "37.50"]
      )
      assert.deepStrictEqual(
        [made.totals.subTotal, made.totals.tax, made.totals.total, made.valueInOrgCurrency],
        ["250.00", "37.50", "287.50", "287.50"]
      )
      assert.deepStrictEqual(
        made.schedule.map((s) => [s.percent, s.amount]),
        [["100", "287.50"]]
      )
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "order.created")
      assert.deepStrictEqual(
        audit.map((e) => e.detail["number"]),
        ["PO-000001"]
      )
      const outsider = yield* actorWith(["org_basic_user"], admin)
      assert.strictEqual(yield* tag(orders.create(outsider, input)), "InsufficientPrivileges")
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )
  it.effect("orders an approved request in parts: never beyond a line's quantity, fully ordered by the second", () =>
    Effect.gen(function* () {
      const { admin, buyer, requester, office, sahara, orders, requests } = yield* world
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const charged = new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
      const draft = yield* requests.create(
        requester,
        new NewRequestInput({ requestType: "product", workspaceId: office.id, title: "Paper", items: [] })
      )
      assert.strictEqual(
        yield* tag(orders.createFromRequest(buyer, draft.id, new OrderFromRequestInput({ vendorId: sahara.id }))),
        "OrderRequestNotOrderable",
        "a draft is not ordered"
      )
      const request = yield* approvedRequest(requester, office.id, charged)
      assert.strictEqual(request.status, "REQUEST_SUBMITTED")
      const [paperLine, staplesLine] = request.items
      const first = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({
          vendorId: sahara.id,
          lines: [new RequestLinePick({ requestItemId: paperLine!.id, quantity: "4" })]
        })
      )
      assert.deepStrictEqual(
        [first.source, first.request?.number, first.title, first.budget?.line, first.workspaceId],
        ["request", request.number, "Printer paper", "6100", office.id]
      )
      assert.deepStrictEqual(
        first.lines.map((l) => [l.name.en, l.quantity, l.unitPrice, l.priceOrigin, l.taxRate, l.amounts.total]),
        [["A4 paper", "4", "25", "request", "15", "115.00"]]
      )
      assert.strictEqual((yield* requests.get(requester, request.id)).sourcingStatus, "NO_SOURCING", "ordered in part")
      assert.deepStrictEqual(
        (yield* orders.leftToOrder(buyer, request.id)).map((l) => [l.requestItemId, l.quantity]),
        [
          [paperLine!.id, "6"],
          [staplesLine!.id, staplesLine!.quantity]
        ],
        "what the order form starts from"
      )
      const over = yield* refusal(
        orders.createFromRequest(
          buyer,
          request.id,
          new OrderFromRequestInput({
            vendorId: sahara.id,
            lines: [new RequestLinePick({ requestItemId: paperLine!.id, quantity: "7" })]
          })
        )
      )
      assert.deepStrictEqual(
        [over["_tag"], over["line"], over["left"], describeError(over, "en").code],
        ["RequestLineOverOrdered", "A4 paper", "6", "E5400"]
      )
      const second = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({ vendorId: sahara.id, title: "Rest of the paper" })
      )
      assert.deepStrictEqual(
        second.lines.map((l) => [l.name.en, l.quantity, l.requestItemId, l.taxRate, l.amounts.total]),
        [
          ["A4 paper", "6", paperLine!.id, "15", "172.50"],
          ["Staples", "2.5", staplesLine!.id, "0", "10.00"]
        ],
        "the request's own taxes: none on staples"
      )
      assert.strictEqual(second.title, "Rest of the paper")
      assert.strictEqual((yield* requests.get(requester, request.id)).sourcingStatus, "ORDER_PROCESSED")
      assert.deepStrictEqual(
        (yield* orders.list(buyer, { requestId: request.id })).orders.map((o) => o.number).sort(),
        [first.number, second.number],
        "two orders share one request"
      )
      assert.strictEqual(
        (yield* refusal(
          orders.createFromRequest(buyer, request.id, new OrderFromRequestInput({ vendorId: sahara.id }))
        ))["_tag"],
        "InvalidField",
        "nothing is left to order"
      )
      yield* orders.cancel(buyer, second.id, new OrderCancelInput({ reason: "wrong vendor" }))
      const again = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({
          vendorId: sahara.id,
          lines: [new RequestLinePick({ requestItemId: staplesLine!.id, unitPrice: "3.5" })]
        })
      )
      assert.deepStrictEqual(
        again.lines.map((l) => [l.quantity, l.unitPrice, l.priceOrigin]),
        [["2.5", "3.5", "given"]],
        "a cancelled order gives its lines back"
      )
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("orders a cart's draft for a vendor of the vendor master, keeping the other vendors' lines", () =>
    Effect.gen(function* () {
      const { admin, buyer, office, sahara, orders } = yield* world
      const other = yield* (yield* Vendors).create(admin, new NewVendorInput({ nameEn: "Najd Trading" }))
      const carts = yield* CartRepository
      const owner = { orgId: buyer.orgId, userId: buyer.userId as UserId }
      const product = (id: string, name: string, soldBy: string, basePrice: number) =>
        new CartProduct({
          id,
          sku: `SKU-${id}`,
          name: { en: name, ar: name },
          brand: "",
          soldBy,
          image: null,
          public: false,
          allowRFQ: true,
          allowDirectOrder: true,
          minQtyRFQ: 1,
          minQtyDirectOrder: 1,
          price: basePrice * 1.15,
          basePrice,
          taxPercent: 15,
          currency: "SAR",
          catalogId: "catalog-1",
          categoryId: "stationery",
          unit: "box"
        })
      const put = (p: CartProduct, quantity: string, vendorKey: string) =>
        carts.put(owner, "order", { product: p, quantity, vendorKey, vendorName: p.soldBy, addedAt: "" }, 200)
      yield* put(product("p1", "Pens", "Sahara Supplies", 2.35), "3", sahara.id)
      yield* put(product("p2", "Folders", "Najd Trading", 7), "1", other.id)
      yield* put(product("p3", "Markers", "Sahara Supplies", 0.1 + 0.2), "2", "Sahara Supplies")
      const dollars = new CartProduct({ ...product("p4", "Ink", "Sahara Supplies", 3), currency: "USD" })
      yield* put(dollars, "1", sahara.id)
      const marketplace = new CartProduct({ ...product("p5", "Tape", "Sahara Supplies", 1.5), public: true })
      yield* carts.put(
        owner,
        "public",
        {
          product: marketplace,
          quantity: "4",
          vendorKey: "Sahara Supplies",
          vendorName: "Sahara Supplies",
          addedAt: ""
        },
        200
      )
      const input = new OrderFromCartInput({ workspaceId: office.id })
      assert.strictEqual(yield* tag(orders.createFromCart(buyer, sahara.id, input)), "DirectOrderNotEnabled")
      yield* directOrders(admin, true)
      const made = yield* orders.createFromCart(buyer, sahara.id, input)
      assert.deepStrictEqual([made.source, made.vendor.id, made.status], ["cart", sahara.id, "ORDER_DRAFTED"])
      assert.deepStrictEqual(
        made.lines.map((l) => [l.name.en, l.quantity, l.unitPrice, l.priceOrigin, l.product?.sku, l.amounts.total]),
        [
          ["Pens", "3", "2.35", "product", "SKU-p1", "8.11"],
          ["Markers", "2", "0.3", "product", "SKU-p3", "0.69"],
          ["Tape", "4", "1.5", "product", "SKU-p5", "6.90"]
        ],
        "lines keyed by the vendor's id or named by its seller's name"
      )
      assert.deepStrictEqual(
        [
          ...(yield* carts.lines(owner, "order")).map((l) => l.product.id),
          ...(yield* carts.lines(owner, "public")).map((l) => l.product.id)
        ],
        ["p2", "p4"],
        "another vendor's lines and lines in another currency stay"
      )
      const inDollars = yield* orders.createFromCart(buyer, sahara.id, input)
      assert.deepStrictEqual(
        [inDollars.currency, inDollars.lines.map((l) => l.name.en), inDollars.lines[0]!.taxRate],
        ["USD", ["Ink"], "15"]
      )
      assert.strictEqual(yield* tag(orders.createFromCart(buyer, sahara.id, input)), "OrderCartEmpty")
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("edits a draft at the version read, by its creator or the workspace's buyers only", () =>
    Effect.gen(function* () {
      const { admin, buyer, requester, outsider, office, sahara, orders } = yield* world
      yield* directOrders(admin, true)
      const made = yield* orders.create(
        buyer,
        new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()] })
      )
      const edited = yield* orders.update(
        buyer,
        new OrderUpdateInput({
          id: made.id,
          version: made.version,
          title: "Paper for March",
          priority: "High",
          shippingFee: "20",
          shippingFeeTaxRate: "15",
          lines: [new OrderLineInput({ id: made.lines[0]!.id, quantity: "12" })]
        })
      )
      assert.deepStrictEqual(
        [edited.title, edited.priority, edited.lines[0]!.id, edited.lines[0]!.quantity, edited.lines[0]!.unitPrice],
        ["Paper for March", "High", made.lines[0]!.id, "12", "25"]
      )
      assert.deepStrictEqual(
        [edited.totals.subTotal, edited.totals.shippingFeeTax, edited.totals.tax, edited.totals.total],
        ["300.00", "3.00", "48.00", "368.00"]
      )
      const stale = yield* refusal(
        orders.update(buyer, new OrderUpdateInput({ id: made.id, version: made.version, title: "Late" }))
      )
      assert.deepStrictEqual([stale["_tag"], describeError(stale, "en").kind], ["VersionConflict", "Conflict"])
      assert.strictEqual(
        yield* tag(orders.update(requester, new OrderUpdateInput({ id: made.id, version: edited.version }))),
        "InsufficientPrivileges",
        "a viewer of the workspace reads it and changes nothing"
      )
      assert.strictEqual(yield* tag(orders.get(outsider, made.id)), "OrderNotFound")
      assert.deepStrictEqual(
        [
          (yield* orders.list(requester, {})).totalCount,
          (yield* orders.list(outsider, {})).totalCount,
          (yield* orders.list(buyer, { mine: true })).totalCount,
          (yield* orders.list(requester, { mine: true })).totalCount
        ],
        [1, 0, 1, 0],
        "the workspace's readers list it; others do not"
      )
      yield* orders.submit(buyer, made.id)
      const everyStatus = yield* orders.list(buyer, {})
      const drafts = yield* orders.list(buyer, { statuses: ["ORDER_DRAFTED"] })
      assert.deepStrictEqual(
        [
          everyStatus.totalCount,
          drafts.totalCount,
          drafts.orders.length,
          drafts.statusList.reduce((n, c) => n + c.count, 0)
        ],
        [1, 0, 0, 1],
        "the total counts the statuses the filter keeps; the status tabs count them all"
      )
      assert.strictEqual(
        yield* tag(orders.update(buyer, new OrderUpdateInput({ id: made.id, version: edited.version + 1 }))),
        "OrderActionNotAllowed"
      )
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("submits against the budget line: Stop refuses with line, limit and excess; Warn warns", () =>
    Effect.gen(function* () {
      const { admin, buyer, office, sahara, orders } = yield* world
      yield* directOrders(admin, true)
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const line6100 = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
      const unnamed = yield* orders.create(
        buyer,
        new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()] })
      )
      const required = yield* refusal(orders.submit(buyer, unnamed.id))
      assert.deepStrictEqual([required["_tag"], describeError(required, "en").code], ["OrderBudgetRequired", "E6405"])
      const big = yield* orders.create(
        buyer,
        new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper("40")], budget: line6100 })
      )
      const exceeded = yield* refusal(orders.submit(buyer, big.id))
      assert.deepStrictEqual(
        [exceeded["_tag"], exceeded["line"], exceeded["limit"], exceeded["excess"]],
        ["BudgetExceeded", "6100", "1000.00", "150.00"]
      )
      assert.strictEqual((yield* orders.get(buyer, big.id)).status, "ORDER_DRAFTED")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "0.00", "1000.00"])
      const fits = yield* orders.update(buyer, new OrderUpdateInput({ id: unnamed.id, version: 1, budget: line6100 }))
      yield* orders.submit(buyer, fits.id)
      const out = yield* orders.submitToVendor(buyer, fits.id)
      const rise = yield* refusal(
        orders.amend(
          buyer,
          out.id,
          new OrderAmendInput({
            version: out.version,
            lines: [new OrderLineInput({ id: out.lines[0]!.id, quantity: "40" })]
          })
        )
      )
      assert.deepStrictEqual(
        [rise["_tag"], rise["excess"]],
        ["BudgetExceeded", "150.00"],
        "an amendment's rise is judged too"
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "287.50", "712.50"])

      const branch = yield* workspaceOf(admin, "Branch", [[buyer, "workspaces_manager"]])
      const warned = yield* activeBudget(admin, branch.id, [["6200", "100"]], "WARN")
      const small = yield* orders.create(
        buyer,
        new NewOrderInput({
          workspaceId: branch.id,
          vendorId: sahara.id,
          lines: [paper()],
          budget: new OrderBudgetLine({ budgetId: warned.id, line: "6200" })
        })
      )
      const submitted = yield* orders.submit(buyer, small.id)
      assert.deepStrictEqual(
        [
          submitted.status,
          submitted.budgetWarning?.line,
          submitted.budgetWarning?.limit,
          submitted.budgetWarning?.excess
        ],
        ["ORDER_SUBMITTED_TO_VENDOR", "6200", "100.00", "187.50"],
        "no level applies: approved at once, committed"
      )
      assert.deepStrictEqual(yield* lineOf(admin, warned.id, "6200"), ["0.00", "287.50", "-187.50"])
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("approves through the engine by value; the last level commits and releases the request's share", () =>
    Effect.gen(function* () {
      const { admin, buyer, requester, approver, director, watcher, office, sahara, orders } = yield* world
      yield* orderLevels(admin, [
        ["Manager", approver, null],
        ["Director", director, "500"]
      ])
      const budget = yield* activeBudget(admin, office.id, [["6100", "2000"]])
      const request = yield* approvedRequest(
        requester,
        office.id,
        new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["297.50", "0.00", "1702.50"])
      const made = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({ vendorId: sahara.id, watchers: [{ userId: watcher.userId }] })
      )
      const waiting = yield* orders.submit(buyer, made.id, new OrderCommandInput({ version: made.version }))
      assert.deepStrictEqual(
        [waiting.status, waiting.submittedAt, waiting.watchers[0]!.notificationStatusMap.ORDER_SUBMISSION.notified],
        ["ORDER_UNAPPROVED", "2026-03-01T09:00:00.000Z", true]
      )
      assert.deepStrictEqual(yield* inbox(watcher), [["ORDER_SUBMISSION", `Order ${made.number} submitted`]])
      assert.deepStrictEqual(
        (yield* inbox(approver)).map((n) => n[0]),
        ["ORDER_WAITING_FOR_APPROVAL"]
      )
      // The request's share moved to the order on submission: the line counts the need once while it waits.
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["297.50", "0.00", "1702.50"])
      assert.strictEqual(waiting.requestShare, "297.50")
      assert.strictEqual(
        yield* tag(orders.approve(buyer, made.id, new OrderApproval({}))),
        "SelfApprovalRefused",
        "the buyer who submitted it does not approve it"
      )
      const approved = yield* orders.approve(approver, made.id, new OrderApproval({ remark: "ok" }))
      assert.deepStrictEqual(
        [approved.status, approved.approvedTotal, approved.approvedAt, approved.sentAt],
        ["ORDER_SUBMITTED_TO_VENDOR", "297.50", "2026-03-01T09:00:00.000Z", null],
        "one level under 500; the workspace sends orders by hand"
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "297.50", "1702.50"])
      assert.deepStrictEqual(yield* heldBy(admin, "request", request.id), ["0.00", "0.00"])
      assert.deepStrictEqual(yield* heldBy(admin, "order", made.id), ["0.00", "297.50"])

      yield* directOrders(admin, true)
      const big = yield* orders.create(
        buyer,
        new NewOrderInput({
          workspaceId: office.id,
          vendorId: sahara.id,
          lines: [paper("20")],
          budget: new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
        })
      )
      yield* orders.submit(buyer, big.id)
      const halfway = yield* orders.approve(approver, big.id, new OrderApproval({}))
      assert.strictEqual(halfway.status, "ORDER_PARTIAL_APPROVED")
      const board = yield* (yield* Approvals).pending(director)
      assert.deepStrictEqual(
        board.map((a) => [a.kind, a.documentNumber, a.title]),
        [["order", big.number, "Sahara Supplies"]],
        "the director's action board"
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["575.00", "297.50", "1127.50"])
      const done = yield* orders.approve(director, big.id, new OrderApproval({}))
      assert.strictEqual(done.status, "ORDER_SUBMITTED_TO_VENDOR")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "872.50", "1127.50"])
      assert.deepStrictEqual(
        (yield* orders.timeline(buyer, big.id)).map((e) => e.action),
        ["SUBMIT", "APPROVE", "APPROVE"]
      )
      assert.strictEqual(yield* tag(orders.approve(director, big.id, new OrderApproval({}))), "OrderActionNotAllowed")
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("gives the budget back on rejection, and what it requested on a return, editable again", () =>
    Effect.gen(function* () {
      const { admin, buyer, approver, office, sahara, orders } = yield* world
      yield* orderLevels(admin, [["Manager", approver, null]])
      yield* directOrders(admin, true)
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const charged = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
      const make = orders.create(
        buyer,
        new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()], budget: charged })
      )
      const rejected = yield* make
      yield* orders.submit(buyer, rejected.id)
      const no = yield* orders.reject(approver, rejected.id, new OrderReview({ remark: "too dear" }))
      assert.strictEqual(no.status, "ORDER_REJECTED")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "0.00", "1000.00"])

      const returned = yield* make
      yield* orders.submit(buyer, returned.id)
      const back = yield* orders.returnToBuyer(approver, returned.id, new OrderReview({ remark: "fewer" }))
      assert.strictEqual(back.status, "ORDER_RETURNED")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "0.00", "1000.00"])
      const fewer = yield* orders.update(
        buyer,
        new OrderUpdateInput({
          id: back.id,
          version: back.version,
          lines: [new OrderLineInput({ id: back.lines[0]!.id, quantity: "8" })]
        })
      )
      yield* orders.submit(buyer, fewer.id)
      const yes = yield* orders.approve(approver, fewer.id, new OrderApproval({}))
      assert.deepStrictEqual([yes.status, yes.totals.total], ["ORDER_SUBMITTED_TO_VENDOR", "230.00"])
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "230.00", "770.00"])
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("sends an approved order to its vendor, whose own users alone see and answer it", () =>
    Effect.gen(function* () {
      const { admin, buyer, seller, stranger, office, sahara, orders } = yield* world
      yield* directOrders(admin, true)
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const charged = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
      const approvedOrder = Effect.gen(function* () {
        const made = yield* orders.create(
          buyer,
          new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()], budget: charged })
        )
        return yield* orders.submit(buyer, made.id)
      })
      const order = yield* approvedOrder
      assert.deepStrictEqual([order.status, order.sentAt], ["ORDER_SUBMITTED_TO_VENDOR", null])
      assert.strictEqual((yield* orders.listForVendor(seller, {})).totalCount, 0, "not sent yet")
      assert.strictEqual(yield* tag(orders.getForVendor(seller, order.id)), "OrderNotFound")
      const sent = yield* orders.submitToVendor(buyer, order.id, new OrderCommandInput({ remark: "please" }))
      assert.deepStrictEqual(
        [sent.sentAt, sent.events.map((e) => [e.kind, e.remark])],
        ["2026-03-01T09:00:00.000Z", [["SENT_TO_VENDOR", "please"]]]
      )
      assert.strictEqual(yield* tag(orders.submitToVendor(buyer, order.id)), "OrderActionNotAllowed")
      const seen = yield* orders.getForVendor(seller, order.id)
      assert.deepStrictEqual([seen.number, seen.budget, seen.watchers], [order.number, null, []])
      assert.deepStrictEqual(
        (yield* orders.listForVendor(seller, {})).orders.map((o) => o.number),
        [order.number]
      )
      assert.strictEqual((yield* orders.listForVendor(stranger, {})).totalCount, 0)
      assert.strictEqual(yield* tag(orders.getForVendor(stranger, order.id)), "OrderNotFound")
      assert.strictEqual(yield* tag(orders.vendorAccept(stranger, order.id)), "OrderNotFound")
      assert.strictEqual(yield* tag(orders.vendorAccept(buyer, order.id)), "OrderNotFound", "the buyer is no vendor")
      const accepted = yield* orders.vendorAccept(seller, order.id, new VendorAnswerInput({ remark: "on its way" }))
      assert.strictEqual(accepted.status, "ORDER_ACCEPTED_BY_VENDOR")
      assert.strictEqual(yield* tag(orders.vendorAccept(seller, order.id)), "OrderActionNotAllowed")
      assert.strictEqual(
        yield* tag(orders.vendorReject(seller, order.id, new VendorAnswerInput({ remark: "x" }))),
        "OrderActionNotAllowed"
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "287.50", "712.50"])

      const refused = yield* approvedOrder
      yield* orders.submitToVendor(buyer, refused.id)
      assert.strictEqual(
        yield* tag(orders.vendorReject(seller, refused.id, new VendorAnswerInput({}))),
        "InvalidField",
        "a refusal says why"
      )
      const no = yield* orders.vendorReject(seller, refused.id, new VendorAnswerInput({ remark: "out of stock" }))
      assert.strictEqual(no.status, "ORDER_REJECTED")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "287.50", "712.50"])
      assert.deepStrictEqual(
        (yield* orders.get(buyer, refused.id)).events.map((e) => [e.kind, e.by, e.remark]),
        [
          ["SENT_TO_VENDOR", buyer.userId, ""],
          ["VENDOR_REJECTED", seller.userId, "out of stock"]
        ]
      )
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect(
    "prices product lines at a contract's agreed price from its minimum quantity, and holds its ceiling while open",
    () =>
      Effect.gen(function* () {
        const { admin, buyer, seller, office, sahara, orders } = yield* world
        yield* directOrders(admin, true)
        const stored = yield* ContractRepository
        const drafted = yield* stored.insert(
          admin.orgId,
          {
            title: "Stationery agreement",
            vendorId: sahara.id,
            vendorName: new ContractName({ en: "Sahara Supplies", ar: "توريدات الصحراء" }),
            workspaceId: null,
            workspaceName: null,
            currency: "SAR",
            startDate: "2026-01-01",
            endDate: "2026-12-31",
            ceiling: "100",
            lines: [
              new ContractLine({
                productId: "p1",
                sku: "SKU-p1",
                productName: new ContractName({ en: "Pens", ar: "أقلام" }),
                unitPrice: "2",
                minQuantity: "5"
              })
            ],
            attachments: [],
            terms: ""
          },
          admin.userId
        )
        const contract = Option.getOrThrow(
          yield* stored.setStatus(admin.orgId, drafted.id, "CONTRACT_ACTIVE", drafted.version)
        )
        const consumed = Effect.map(stored.find(admin.orgId, contract.id), (c) => Option.getOrThrow(c).consumed)
        const pens = (quantity: string, unitPrice?: string) =>
          new OrderLineInput({
            product: new ProductRef({ productId: "p1", sku: "SKU-p1", catalogId: null, categoryId: null }),
            name: { en: "Pens", ar: "أقلام" },
            quantity,
            ...(unitPrice === undefined ? {} : { unitPrice })
          })
        const direct = (lines: ReadonlyArray<OrderLineInput>) =>
          orders.create(buyer, new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines }))

        // A product line with no price takes the agreed one; a typed price stays the buyer's.
        const agreed = yield* direct([pens("10"), pens("10", "2.50")])
        assert.deepStrictEqual(
          agreed.lines.map((l) => [l.unitPrice, l.priceOrigin, l.contract?.number ?? null]),
          [
            ["2", "contract", contract.number],
            ["2.50", "given", null]
          ]
        )
        assert.deepStrictEqual(
          (yield* refusal(direct([pens("3")])))["field"],
          "lines.0.unitPrice",
          "below the minimum quantity no price is agreed"
        )

        // The cart's list price gives way to the agreed price from the minimum quantity up.
        const carts = yield* CartRepository
        const owner = { orgId: buyer.orgId, userId: buyer.userId as UserId }
        const listed = new CartProduct({
          id: "p1",
          sku: "SKU-p1",
          name: { en: "Pens", ar: "أقلام" },
          brand: "",
          soldBy: "Sahara Supplies",
          image: null,
          public: false,
          allowRFQ: true,
          allowDirectOrder: true,
          minQtyRFQ: 1,
          minQtyDirectOrder: 1,
          price: 2.7,
          basePrice: 2.35,
          taxPercent: 15,
          currency: "SAR",
          catalogId: "catalog-1",
          categoryId: "stationery",
          unit: "box"
        })
        const fromCart = (quantity: string) =>
          Effect.gen(function* () {
            yield* carts.put(
              owner,
              "order",
              { product: listed, quantity, vendorKey: sahara.id, vendorName: "Sahara Supplies", addedAt: "" },
              200
            )
            return yield* orders.createFromCart(buyer, sahara.id, new OrderFromCartInput({ workspaceId: office.id }))
          })
        assert.deepStrictEqual(
          (yield* fromCart("20")).lines.map((l) => [l.unitPrice, l.priceOrigin]),
          [["2", "contract"]]
        )
        assert.deepStrictEqual(
          (yield* fromCart("4")).lines.map((l) => [l.unitPrice, l.priceOrigin]),
          [["2.35", "product"]]
        )

        // Approval holds the agreed lines' net amount (10 × 2) on the ceiling; a second order past it is refused.
        const sent = yield* orders.submit(buyer, agreed.id)
        assert.strictEqual(sent.status, "ORDER_SUBMITTED_TO_VENDOR")
        assert.strictEqual(yield* consumed, "20")
        const big = yield* direct([pens("45")])
        const refused = yield* refusal(orders.submit(buyer, big.id))
        assert.deepStrictEqual(
          [refused["_tag"], refused["remaining"], describeError(refused, "en").code],
          ["ContractCeilingExceeded", "80", "E6451"]
        )

        // An amendment holds the difference at once; a close keeps what came; a reopening takes the rest again.
        yield* orders.submitToVendor(buyer, agreed.id)
        const out = yield* orders.get(buyer, agreed.id)
        yield* orders.amend(
          buyer,
          agreed.id,
          new OrderAmendInput({
            version: out.version,
            lines: [new OrderLineInput({ id: out.lines[0]!.id, quantity: "15" })],
            remark: "more pens"
          })
        )
        assert.strictEqual(yield* consumed, "30")
        yield* orders.vendorAccept(seller, agreed.id)
        yield* deliver(admin, yield* orders.get(buyer, agreed.id), ["6"])
        yield* orders.close(buyer, agreed.id, new OrderCommandInput({ remark: "short" }))
        assert.strictEqual(yield* consumed, "12", "6 pens came at 2")
        yield* orders.reopen(buyer, agreed.id)
        assert.strictEqual(yield* consumed, "30")
        // A cancelled order gives it all back.
        const other = yield* direct([pens("5")])
        yield* orders.submit(buyer, other.id)
        assert.strictEqual(yield* consumed, "40")
        yield* orders.cancel(buyer, other.id, new OrderCancelInput({ reason: "duplicate" }))
        assert.strictEqual(yield* consumed, "30")
      }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect("cancels only what nothing was received or billed of, naming why; closes and reopens the commitment", () =>
    Effect.gen(function* () {
      const { admin, buyer, seller, office, sahara, orders } = yield* world
      yield* directOrders(admin, true)
      const budget = yield* activeBudget(admin, office.id, [["6100", "600"]])
      const charged = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
      const sentOrder = Effect.gen(function* () {
        const made = yield* orders.create(
          buyer,
          new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()], budget: charged })
        )
        yield* orders.submit(buyer, made.id)
        return yield* orders.submitToVendor(buyer, made.id)
      })
      const first = yield* sentOrder
      const received = yield* deliver(admin, first, ["4"])
      const refused = yield* refusal(orders.cancel(buyer, first.id, new OrderCancelInput({ reason: "changed mind" })))
      assert.deepStrictEqual(
        [refused["_tag"], refused["reason"], refused["line"], describeError(refused, "en").code],
        ["OrderNotCancellable", "received", "A4 paper", "E6406"]
      )
      yield* deliver(admin, received, ["0"], ["2"])
      assert.strictEqual(
        (yield* refusal(orders.cancel(buyer, first.id, new OrderCancelInput({ reason: "changed mind" }))))["reason"],
        "billed"
      )
      const second = yield* sentOrder
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "575.00", "25.00"])
      const cancelled = yield* orders.cancel(buyer, second.id, new OrderCancelInput({ reason: "duplicate" }))
      assert.deepStrictEqual([cancelled.status, cancelled.cancelReason], ["ORDER_CANCELLED", "duplicate"])
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "287.50", "312.50"])
      assert.strictEqual(yield* tag(orders.getForVendor(seller, second.id)), "success", "the vendor sees it withdrawn")

      yield* deliver(admin, first, ["4"], ["4"])
      yield* orders.vendorAccept(seller, first.id)
      const closed = yield* orders.close(buyer, first.id, new OrderCommandInput({ remark: "short" }))
      assert.strictEqual(closed.status, "ORDER_CLOSED")
      assert.deepStrictEqual(
        yield* lineOf(admin, budget.id, "6100"),
        ["0.00", "115.00", "485.00"],
        "6 of 10 never came: 172.50 released"
      )
      const filler = yield* orders.create(
        buyer,
        new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper("14")], budget: charged })
      )
      yield* orders.submit(buyer, filler.id)
      const stopped = yield* refusal(orders.reopen(buyer, first.id))
      assert.deepStrictEqual([stopped["_tag"], stopped["excess"]], ["BudgetExceeded", "90.00"])
      assert.strictEqual((yield* orders.get(buyer, first.id)).status, "ORDER_CLOSED")
      yield* orders.cancel(buyer, filler.id, new OrderCancelInput({ reason: "later" }))
      const reopened = yield* orders.reopen(buyer, first.id)
      assert.strictEqual(reopened.status, "ORDER_ACCEPTED_BY_VENDOR")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "287.50", "312.50"])
      assert.deepStrictEqual(
        reopened.events.map((e) => e.kind),
        ["SENT_TO_VENDOR", "VENDOR_ACCEPTED", "CLOSED", "REOPENED"]
      )
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )

  it.effect(
    "amends an order that is out: quantities, prices and new lines, never below what came, re-approved past a level",
    () =>
      Effect.gen(function* () {
        const { admin, buyer, seller, approver, director, office, sahara, orders } = yield* world
        yield* orderLevels(admin, [
          ["Manager", approver, null],
          ["Director", director, "500"],
          ["Board", admin, "1500"]
        ])
        yield* directOrders(admin, true)
        const budget = yield* activeBudget(admin, office.id, [["6100", "2000"]])
        const charged = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
        const made = yield* orders.create(
          buyer,
          new NewOrderInput({ workspaceId: office.id, vendorId: sahara.id, lines: [paper()], budget: charged })
        )
        yield* orders.submit(buyer, made.id)
        yield* orders.approve(approver, made.id, new OrderApproval({}))
        const sent = yield* orders.submitToVendor(buyer, made.id)
        const lineId = sent.lines[0]!.id
        yield* deliver(admin, sent, ["4"])
        const below = yield* refusal(
          orders.amend(
            buyer,
            made.id,
            new OrderAmendInput({
              version: sent.version + 1,
              lines: [new OrderLineInput({ id: lineId, quantity: "3" })]
            })
          )
        )
        assert.deepStrictEqual(
          [below["_tag"], below["line"], below["quantity"], below["delivered"], describeError(below, "en").code],
          ["OrderLineBelowDelivered", "A4 paper", "3", "4", "E6407"]
        )
        const cheaper = yield* orders.amend(
          buyer,
          made.id,
          new OrderAmendInput({
            version: sent.version + 1,
            lines: [new OrderLineInput({ id: lineId, quantity: "12", unitPrice: "20" })],
            remark: "price agreed"
          })
        )
        assert.deepStrictEqual(
          [cheaper.status, cheaper.lines[0]!.quantity, cheaper.lines[0]!.receivedQuantity, cheaper.totals.total],
          ["ORDER_SUBMITTED_TO_VENDOR", "12", "4", "276.00"]
        )
        assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "276.00", "1724.00"])
        const stale = yield* tag(
          orders.amend(buyer, made.id, new OrderAmendInput({ version: sent.version, lines: [paper("1")] }))
        )
        assert.strictEqual(stale, "VersionConflict")
        const bigger = yield* orders.amend(
          buyer,
          made.id,
          new OrderAmendInput({
            version: cheaper.version,
            lines: [new OrderLineInput({ name: { en: "Toner" }, quantity: "2", unitPrice: "200" })]
          })
        )
        assert.deepStrictEqual(
          [bigger.status, bigger.lines.map((l) => l.name.en), bigger.totals.total],
          ["ORDER_UNAPPROVED", ["A4 paper", "Toner"], "736.00"],
          "past 500 the director approves the rise"
        )
        assert.deepStrictEqual(
          (yield* orders.timeline(buyer, made.id)).map((e) => e.action),
          ["SUBMIT", "APPROVE", "SUBMIT"],
          "the rise goes through approval again"
        )
        assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["460.00", "276.00", "1264.00"])
        assert.strictEqual(yield* tag(orders.vendorAccept(seller, made.id)), "OrderActionNotAllowed")
        yield* orders.approve(approver, made.id, new OrderApproval({}))
        const reapproved = yield* orders.approve(director, made.id, new OrderApproval({}))
        assert.deepStrictEqual([reapproved.status, reapproved.approvedTotal], ["ORDER_SUBMITTED_TO_VENDOR", "736.00"])
        assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "736.00", "1264.00"])
        assert.deepStrictEqual(
          reapproved.events.filter((e) => e.kind === "AMENDED").map((e) => [e.totalBefore, e.totalAfter, e.to]),
          [
            ["287.50", "276.00", "ORDER_SUBMITTED_TO_VENDOR"],
            ["276.00", "736.00", "ORDER_UNAPPROVED"]
          ]
        )
        const returnedRise = yield* orders.amend(
          buyer,
          made.id,
          new OrderAmendInput({
            version: reapproved.version,
            lines: [new OrderLineInput({ name: { en: "Drum" }, quantity: "1", unitPrice: "900" })]
          })
        )
        assert.strictEqual(returnedRise.status, "ORDER_UNAPPROVED", "past 1500 the board approves the rise")
        const back = yield* orders.returnToBuyer(approver, made.id, new OrderReview({ remark: "no drum" }))
        assert.deepStrictEqual(
          [back.status, ...(yield* lineOf(admin, budget.id, "6100"))],
          ["ORDER_RETURNED", "0.00", "736.00", "1264.00"],
          "sent back, the rise is given back and what was approved stays committed"
        )
        const fixed = yield* refusal(
          orders.update(
            buyer,
            new OrderUpdateInput({
              id: made.id,
              version: back.version,
              budget: new OrderBudgetLine({ budgetId: budget.id, line: "6200" })
            })
          )
        )
        assert.deepStrictEqual(
          [fixed["problem"], describeError(fixed, "en").message, describeError(fixed, "ar").message],
          [
            "fixedOnceApproved",
            "Please check \u2068Budget line\u2069: \u2068an order that was approved keeps its budget line\u2069.",
            "يرجى مراجعة \u2068بند الميزانية\u2069: \u2068يبقى أمر الشراء المعتمد على بند ميزانيته\u2069."
          ],
          "its approved commitment keeps it on its line"
        )
        const withoutDrum = yield* orders.update(
          buyer,
          new OrderUpdateInput({
            id: made.id,
            version: back.version,
            lines: back.lines.slice(0, 2).map((l) => new OrderLineInput({ id: l.id, quantity: l.quantity }))
          })
        )
        const resubmitted = yield* orders.submit(buyer, withoutDrum.id)
        assert.deepStrictEqual(
          [resubmitted.status, ...(yield* lineOf(admin, budget.id, "6100"))],
          ["ORDER_UNAPPROVED", "0.00", "736.00", "1264.00"],
          "resubmitted, it asks only for what it does not hold"
        )
        yield* orders.approve(approver, made.id, new OrderApproval({}))
        const again = yield* orders.approve(director, made.id, new OrderApproval({}))
        assert.strictEqual(again.status, "ORDER_SUBMITTED_TO_VENDOR")
        assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "736.00", "1264.00"], "never twice")
        yield* orders.vendorAccept(seller, made.id)
        const accepted = yield* orders.get(buyer, made.id)
        const pastLevel = yield* refusal(
          orders.amend(
            buyer,
            made.id,
            new OrderAmendInput({
              version: accepted.version,
              lines: [new OrderLineInput({ id: lineId, quantity: "100" })]
            })
          )
        )
        assert.deepStrictEqual(
          [pastLevel["_tag"], pastLevel["action"]],
          ["OrderActionNotAllowed", "amendPastLevel"],
          "accepted by the vendor, it never goes back to approval"
        )
        const more = yield* orders.amend(
          buyer,
          made.id,
          new OrderAmendInput({
            version: accepted.version,
            lines: [new OrderLineInput({ id: lineId, quantity: "13" })]
          })
        )
        assert.deepStrictEqual([more.status, more.totals.total], ["ORDER_ACCEPTED_BY_VENDOR", "759.00"])
        assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "759.00", "1241.00"])
      }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )
  it.effect("releases a request's hold order by order as each is approved, never more than it holds", () =>
    Effect.gen(function* () {
      const { admin, buyer, requester, office, sahara, orders } = yield* world
      const budget = yield* activeBudget(admin, office.id, [["6100", "2000"]])
      const request = yield* approvedRequest(
        requester,
        office.id,
        new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
      )
      const [paperLine] = request.items
      const first = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({
          vendorId: sahara.id,
          lines: [new RequestLinePick({ requestItemId: paperLine!.id, quantity: "4" })]
        })
      )
      assert.strictEqual((yield* orders.submit(buyer, first.id)).status, "ORDER_SUBMITTED_TO_VENDOR")
      assert.deepStrictEqual(yield* heldBy(admin, "request", request.id), ["182.50", "0.00"])
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["182.50", "115.00", "1702.50"])
      const dearer = yield* orders.createFromRequest(
        buyer,
        request.id,
        new OrderFromRequestInput({
          vendorId: sahara.id,
          lines: request.items.map((i) =>
            i.id === paperLine!.id
              ? new RequestLinePick({ requestItemId: i.id, unitPrice: "30" })
              : new RequestLinePick({ requestItemId: i.id })
          )
        })
      )
      assert.strictEqual(dearer.totals.total, "217.00")
      yield* orders.submit(buyer, dearer.id)
      assert.deepStrictEqual(yield* heldBy(admin, "request", request.id), ["0.00", "0.00"], "182.50 released, no more")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "332.00", "1668.00"])
    }).pipe(Effect.provide(layerMemoryOrdersWorld))
  )
})
