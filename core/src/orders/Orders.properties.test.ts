import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { WorkflowRepository } from "../approvals/ApprovalPorts.ts"
import { ApprovalCriteria, Workflow, WorkflowLevel } from "../approvals/Workflow.ts"
import { BudgetRepository, decimal } from "../budgets/Budget.ts"
import type { Actor } from "../identity/Actor.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
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
  LineDiscount,
  NewOrderInput,
  type Order,
  OrderAdjustment,
  OrderAmendInput,
  OrderApproval,
  OrderBudgetLine,
  OrderCancelInput,
  OrderLine,
  OrderLineInput,
  OrderReview,
  OrderUpdateInput,
  VendorAnswerInput
} from "./Order.ts"
import { orderRecordOf } from "./OrderCommands.ts"
import { formatMoney } from "./OrderPricing.ts"
import { OrderRepository } from "./OrderRepository.ts"
import { isOrderOpen, isOrderPending } from "./OrderStatus.ts"
import { Orders } from "./Orders.ts"

type Who = "buyer" | "approver" | "director" | "seller" | "admin"
const who = fc.constantFrom<Who>("buyer", "approver", "director", "seller", "admin")
const mostly = (...natural: ReadonlyArray<Who>) =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...natural) }, { weight: 1, arbitrary: who })
const target = fc.nat({ max: 2 })
const quantity = fc.integer({ min: 1, max: 20 })
const cents = fc.integer({ min: 100, max: 6_000 })

/** What buyers, approvers and the vendor do to orders, and what receipts take of them. */
type Step =
  | { readonly kind: "create"; readonly quantity: number; readonly cents: number }
  | { readonly kind: "update" | "amend"; readonly target: number; readonly by: Who; readonly quantity: number }
  | { readonly kind: "addLine"; readonly target: number; readonly cents: number }
  | {
      readonly kind:
        "submit" | "approve" | "reject" | "return" | "send" | "accept" | "refuse" | "cancel" | "close" | "reopen"
      readonly target: number
      readonly by: Who
    }
  | { readonly kind: "receive"; readonly target: number; readonly quantity: number }
  | { readonly kind: "advance"; readonly target: number }

const step: fc.Arbitrary<Step> = fc.oneof(
  // The natural next move of its natural actor, so that orders get far along their way and there meet the rest.
  { weight: 12, arbitrary: fc.record({ kind: fc.constant("advance" as const), target }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("create" as const), quantity, cents }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("update" as const, "amend" as const),
      target,
      by: mostly("buyer"),
      quantity
    })
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("addLine" as const), target, cents }) },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constantFrom("submit" as const, "send" as const, "close" as const),
      target,
      by: mostly("buyer")
    })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("cancel" as const, "reopen" as const),
      target,
      by: mostly("buyer")
    })
  },
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant("approve" as const),
      target,
      by: mostly("approver", "approver", "director")
    })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("reject" as const, "return" as const),
      target,
      by: mostly("approver", "director")
    })
  },
  {
    weight: 5,
    arbitrary: fc.oneof(
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("accept" as const), target, by: mostly("seller") }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("refuse" as const), target, by: mostly("seller") }) }
    )
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("receive" as const), target, quantity }) }
)

const amountOf = (c: number) => BigDecimal.format(BigDecimal.make(BigInt(c), 2))
const zero = BigDecimal.fromBigInt(0n)

/** The share of an order's total not yet received or billed, as the order module prorates it. */
const openShare = (order: Order) => {
  const total = decimal(order.totals.total)
  const linesTotal = BigDecimal.sumAll(order.lines.map((l) => decimal(l.amounts.total)))
  if (!BigDecimal.isPositive(linesTotal)) return total
  const delivered = BigDecimal.sumAll(
    order.lines.map((l) =>
      BigDecimal.divideUnsafe(
        BigDecimal.multiply(
          decimal(l.amounts.total),
          BigDecimal.max(decimal(l.receivedQuantity), decimal(l.billedQuantity))
        ),
        decimal(l.quantity)
      )
    )
  )
  return BigDecimal.divideUnsafe(BigDecimal.multiply(total, BigDecimal.subtract(linesTotal, delivered)), linesTotal)
}

/**
 * What an order should hold committed on its line: an open approved order its total; a closed one what was
 * received or billed of it (the rest went back); one whose amendment waits on approval, or went back to the buyer,
 * what was approved before (or its new total, if lower); anything else nothing.
 */
const expectedCommitted = (order: Order): BigDecimal.BigDecimal => {
  const total = decimal(order.totals.total)
  if (isOrderOpen(order.status)) return total
  if (order.status === "ORDER_CLOSED") {
    // Close releases the open share rounded to the currency, so what stays is the total less that rounded share.
    return BigDecimal.subtract(total, decimal(formatMoney(openShare(order), order.currency)))
  }
  if (order.approvedTotal === null) return zero
  if (isOrderPending(order.status)) return BigDecimal.min(decimal(order.approvedTotal), total)
  if (order.status === "ORDER_RETURNED") return decimal(order.approvedTotal)
  return zero
}

/** What it should hold as requested: a pending order what its approvers have still to pass. */
const expectedRequested = (order: Order): BigDecimal.BigDecimal =>
  isOrderPending(order.status) ? BigDecimal.subtract(decimal(order.totals.total), expectedCommitted(order)) : zero

describe("orders under any sequence of actions", () => {
  it("keep committed on the budget line the sum of the open approved orders, and requested that of those waiting", async () => {
    const seen = { succeeded: 0, refused: 0, committed: 0, closed: 0, amended: 0 }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 10, maxLength: 60 }), async (steps) => {
        await Effect.runPromise(
          Effect.gen(function* () {
            yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
            const admin = yield* actorWith(["org_super_user"])
            const buyer = yield* actorWith(["org_basic_user"], admin)
            const approver = yield* actorWith(["org_basic_user"], admin)
            const director = yield* actorWith(["org_basic_user"], admin)
            const seller = yield* actorWith(["org_super_user"])
            const office = yield* workspaceOf(admin, "Head Office", [[buyer, "workspaces_manager"]])
            yield* changeSettings(
              admin,
              (s) =>
                new OrgSettings({
                  ...s,
                  modules: s.modules.map((m) =>
                    m.code === "orders" ? moduleConfig("orders", true, { enableDirectOrder: true }) : m
                  )
                })
            )
            const workflows = yield* WorkflowRepository
            yield* workflows.save(
              admin.orgId,
              new Workflow({
                id: crypto.randomUUID(),
                workspaceId: null,
                kind: "order",
                levels: [
                  new WorkflowLevel({
                    level: 1,
                    name: "Manager",
                    approvers: [{ type: "USER", userId: approver.userId }],
                    mode: "ONE",
                    criteria: new ApprovalCriteria({ minValue: "200" })
                  }),
                  new WorkflowLevel({
                    level: 2,
                    name: "Director",
                    approvers: [{ type: "USER", userId: director.userId }],
                    mode: "ONE",
                    criteria: new ApprovalCriteria({ minValue: "900" })
                  })
                ],
                version: 0
              }),
              0
            )
            const budget = yield* activeBudget(admin, office.id, [["6100", "6000"]])
            const sahara = yield* (yield* Vendors).create(admin, new NewVendorInput({ nameEn: "Sahara Supplies" }))
            yield* (yield* VendorRepository).connect(admin.orgId, sahara.id, seller.orgId)
            const actors: Readonly<Record<Who, Actor>> = { buyer, approver, director, seller, admin }
            const orders = yield* Orders
            const repository = yield* OrderRepository
            const budgets = yield* BudgetRepository
            const charged = new OrderBudgetLine({ budgetId: budget.id, line: "6100" })
            const ids: Array<string> = []
            const find = (id: string) => Effect.map(repository.find(admin.orgId, id), Option.getOrThrow)
            const line = Effect.map(budgets.find(admin.orgId, budget.id), (b) => Option.getOrThrow(b).lines[0]!)

            for (const s of steps) {
              const id = s.kind === "create" || ids.length === 0 ? undefined : ids[s.target % ids.length]
              // A few orders, each taken far along its way, rather than many barely started.
              if ((s.kind !== "create" && id === undefined) || (s.kind === "create" && ids.length >= 3)) continue
              // Goods come only against an order that is out and open (receiving refuses the others).
              if (
                s.kind === "receive" &&
                !(isOrderOpen((yield* find(id!)).status) && (yield* find(id!)).sentAt !== null)
              )
                continue
              const before = id === undefined ? undefined : yield* find(id)
              const lineBefore = yield* line
              const actor = "by" in s ? actors[s.by] : buyer
              const run: Effect.Effect<unknown, unknown> =
                s.kind === "create"
                  ? orders.create(
                      buyer,
                      new NewOrderInput({
                        workspaceId: office.id,
                        vendorId: sahara.id,
                        budget: charged,
                        shippingFee: "7.5",
                        shippingFeeTaxRate: "15",
                        adjustments: [new OrderAdjustment({ label: "rounding", amount: "-0.37" })],
                        lines: [
                          new OrderLineInput({
                            name: { en: "Paper" },
                            quantity: String(s.quantity),
                            unitPrice: amountOf(s.cents),
                            discount: new LineDiscount({ type: "PERCENT", value: "3.5" })
                          })
                        ]
                      })
                    )
                  : s.kind === "update"
                    ? orders.update(
                        actor,
                        new OrderUpdateInput({
                          id: id!,
                          version: before!.version,
                          lines: [new OrderLineInput({ id: before!.lines[0]!.id, quantity: String(s.quantity) })]
                        })
                      )
                    : s.kind === "amend"
                      ? orders.amend(
                          actor,
                          id!,
                          new OrderAmendInput({
                            version: before!.version,
                            lines: [new OrderLineInput({ id: before!.lines[0]!.id, quantity: String(s.quantity) })]
                          })
                        )
                      : s.kind === "addLine"
                        ? orders.amend(
                            buyer,
                            id!,
                            new OrderAmendInput({
                              version: before!.version,
                              lines: [
                                new OrderLineInput({
                                  name: { en: "Toner" },
                                  quantity: "1.5",
                                  unitPrice: amountOf(s.cents)
                                })
                              ]
                            })
                          )
                        : s.kind === "receive"
                          ? Effect.flatMap(find(id!), (order) =>
                              repository.update(
                                admin.orgId,
                                order.id,
                                {
                                  ...orderRecordOf(order),
                                  lines: order.lines.map(
                                    (l) =>
                                      new OrderLine({
                                        ...l,
                                        receivedQuantity: BigDecimal.format(
                                          BigDecimal.min(
                                            decimal(l.quantity),
                                            BigDecimal.fromNumberUnsafe(s.quantity / 4)
                                          )
                                        )
                                      })
                                  )
                                },
                                order.version
                              )
                            )
                          : s.kind === "advance"
                            ? before!.status === "ORDER_DRAFTED" || before!.status === "ORDER_RETURNED"
                              ? orders.submit(buyer, id!)
                              : isOrderPending(before!.status)
                                ? Effect.orElseSucceed(
                                    Effect.catchTag(
                                      orders.approve(approver, id!, new OrderApproval({})),
                                      "NotAnApprover",
                                      () => orders.approve(director, id!, new OrderApproval({}))
                                    ),
                                    () => undefined
                                  )
                                : before!.status === "ORDER_SUBMITTED_TO_VENDOR"
                                  ? before!.sentAt === null
                                    ? orders.submitToVendor(buyer, id!)
                                    : orders.vendorAccept(seller, id!)
                                  : before!.status === "ORDER_ACCEPTED_BY_VENDOR"
                                    ? orders.close(buyer, id!)
                                    : before!.status === "ORDER_CLOSED"
                                      ? orders.reopen(buyer, id!)
                                      : Effect.void
                            : s.kind === "submit"
                              ? orders.submit(actor, id!)
                              : s.kind === "approve"
                                ? orders.approve(actor, id!, new OrderApproval({}))
                                : s.kind === "reject"
                                  ? orders.reject(actor, id!, new OrderReview({}))
                                  : s.kind === "return"
                                    ? orders.returnToBuyer(actor, id!, new OrderReview({}))
                                    : s.kind === "send"
                                      ? orders.submitToVendor(actor, id!)
                                      : s.kind === "accept"
                                        ? orders.vendorAccept(actor, id!)
                                        : s.kind === "refuse"
                                          ? orders.vendorReject(actor, id!, new VendorAnswerInput({ remark: "no" }))
                                          : s.kind === "cancel"
                                            ? orders.cancel(actor, id!, new OrderCancelInput({ reason: "not needed" }))
                                            : s.kind === "close"
                                              ? orders.close(actor, id!)
                                              : orders.reopen(actor, id!)
              const exit = yield* Effect.exit(run)
              if (Exit.isFailure(exit)) {
                seen.refused++
                const error = (exit.cause.reasons[0] as { error?: unknown } | undefined)?.error
                assert.isDefined(error, `${s.kind}: ${String(exit.cause)}`)
                // A refused action leaves the order and its budget line as they were.
                if (id !== undefined) assert.deepStrictEqual(yield* find(id), before, `${s.kind} refused`)
                assert.deepStrictEqual(yield* line, lineBefore, `${s.kind} refused`)
              } else {
                seen.succeeded++
                if (s.kind === "create") ids.push((exit.value as Order).id)
                if (s.kind === "close" || (s.kind === "advance" && before!.status === "ORDER_ACCEPTED_BY_VENDOR"))
                  seen.closed++
                if (s.kind === "amend" || s.kind === "addLine") seen.amended++
                // Only the vendor's own organisation answers it.
                if (s.kind === "accept" || s.kind === "refuse") assert.strictEqual(s.by, "seller")
              }

              const all = yield* Effect.forEach(ids, find)
              const now = yield* line
              const committed = BigDecimal.sumAll(all.map(expectedCommitted))
              if (BigDecimal.isPositive(committed)) seen.committed++
              assert.strictEqual(
                now.committed,
                formatMoney(committed, "SAR"),
                `committed after ${s.kind}: ${all.map((o) => `${o.status} ${o.totals.total} ${o.approvedTotal}`).join("; ")}`
              )
              assert.strictEqual(
                now.requested,
                formatMoney(BigDecimal.sumAll(all.map(expectedRequested)), "SAR"),
                `requested after ${s.kind}`
              )
              // Lines, taxes and the header add up on every order, whatever was done to it.
              for (const o of all) {
                const sum = (f: (l: OrderLine) => string) => BigDecimal.sumAll(o.lines.map((l) => decimal(f(l))))
                assert.isTrue(
                  BigDecimal.equals(
                    sum((l) => l.amounts.net),
                    decimal(o.totals.subTotal)
                  )
                )
                assert.isTrue(
                  BigDecimal.equals(
                    BigDecimal.sum(
                      sum((l) => l.amounts.tax),
                      decimal(o.totals.shippingFeeTax)
                    ),
                    decimal(o.totals.tax)
                  )
                )
                assert.isTrue(
                  BigDecimal.equals(
                    BigDecimal.sumAll([
                      decimal(o.totals.subTotal),
                      decimal(o.totals.tax),
                      decimal(o.totals.shippingFee),
                      decimal(o.totals.adjustments)
                    ]),
                    decimal(o.totals.total)
                  ),
                  `header of ${o.number}`
                )
                assert.isTrue(
                  BigDecimal.equals(
                    BigDecimal.sumAll(o.schedule.map((p) => decimal(p.amount))),
                    decimal(o.totals.total)
                  ),
                  `schedule of ${o.number}`
                )
              }
            }
          }).pipe(Effect.provide(layerMemoryOrdersWorld), Effect.provide(TestClock.layer()))
        )
      }),
      { numRuns: 150 }
    )
    // The generator reaches both outcomes, commitments, closes and amendments.
    assert.isAbove(seen.succeeded, 300)
    assert.isAbove(seen.refused, 300)
    assert.isAbove(seen.committed, 100)
    assert.isAbove(seen.closed, 5)
    assert.isAbove(seen.amended, 5)
  })
})
