import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import {
  applyOrderAction,
  isOrderEditable,
  orderActionTargets,
  OrderStatus,
  orderStatusMachine,
  orderTransitions,
  type OrderAction
} from "./OrderStatus.ts"

describe("OrderStatus", () => {
  it("lists the order statuses of SPEC.md §4 and starts drafted", () => {
    assert.deepStrictEqual(OrderStatus.literals, [
      "ORDER_DRAFTED",
      "ORDER_UNAPPROVED",
      "ORDER_PARTIAL_APPROVED",
      "ORDER_REJECTED",
      "ORDER_RETURNED",
      "ORDER_SUBMITTED_TO_VENDOR",
      "ORDER_VENDOR_PENDING",
      "ORDER_ACCEPTED_BY_VENDOR",
      "ORDER_CANCELLED",
      "ORDER_RECEIVED",
      "ORDER_COMPLETED",
      "ORDER_CLOSED",
      "ORDER_INTEGRATION_TRIGGERED",
      "ORDER_INTEGRATION_SUCCESS",
      "ORDER_INTEGRATION_FAILED",
      "ORDER_INTEGRATION_RETRY"
    ])
    assert.strictEqual(orderStatusMachine.initial, "ORDER_DRAFTED")
  })

  it("cannot be cancelled once the vendor accepted it, only closed", () => {
    assert.isTrue(Result.isFailure(applyOrderAction("ORDER_ACCEPTED_BY_VENDOR", "cancel")))
    assert.deepStrictEqual(applyOrderAction("ORDER_ACCEPTED_BY_VENDOR", "close"), Result.succeed("ORDER_CLOSED"))
  })

  it("is re-opened after closing, and the vendor's refusal ends it", () => {
    assert.deepStrictEqual(applyOrderAction("ORDER_CLOSED", "reopen"), Result.succeed("ORDER_ACCEPTED_BY_VENDOR"))
    assert.deepStrictEqual(applyOrderAction("ORDER_VENDOR_PENDING", "vendorReject"), Result.succeed("ORDER_REJECTED"))
    assert.isTrue(Result.isFailure(applyOrderAction("ORDER_ACCEPTED_BY_VENDOR", "amendForApproval")))
  })

  it("retries a failed integration until it succeeds", () => {
    assert.deepStrictEqual(
      applyOrderAction("ORDER_INTEGRATION_FAILED", "retryIntegration"),
      Result.succeed("ORDER_INTEGRATION_RETRY")
    )
    assert.deepStrictEqual(
      applyOrderAction("ORDER_INTEGRATION_RETRY", "integrationSucceeded"),
      Result.succeed("ORDER_INTEGRATION_SUCCESS")
    )
  })

  it("is editable only as a draft or when returned to the buyer", () => {
    assert.deepStrictEqual(OrderStatus.literals.filter(isOrderEditable), ["ORDER_DRAFTED", "ORDER_RETURNED"])
  })
})

statusMachineLaws(orderStatusMachine, {
  terminal: ["ORDER_REJECTED", "ORDER_CANCELLED", "ORDER_COMPLETED"],
  // Pinned here, not read from the table: a move added to or dropped from it fails this test.
  allowed: {
    ORDER_DRAFTED: ["ORDER_UNAPPROVED", "ORDER_SUBMITTED_TO_VENDOR", "ORDER_CANCELLED"],
    ORDER_UNAPPROVED: [
      "ORDER_PARTIAL_APPROVED",
      "ORDER_SUBMITTED_TO_VENDOR",
      "ORDER_REJECTED",
      "ORDER_RETURNED",
      "ORDER_CANCELLED"
    ],
    ORDER_PARTIAL_APPROVED: ["ORDER_SUBMITTED_TO_VENDOR", "ORDER_REJECTED", "ORDER_RETURNED", "ORDER_CANCELLED"],
    ORDER_REJECTED: [],
    ORDER_RETURNED: ["ORDER_UNAPPROVED", "ORDER_SUBMITTED_TO_VENDOR", "ORDER_CANCELLED"],
    ORDER_SUBMITTED_TO_VENDOR: [
      "ORDER_VENDOR_PENDING",
      "ORDER_ACCEPTED_BY_VENDOR",
      "ORDER_REJECTED",
      "ORDER_UNAPPROVED",
      "ORDER_CANCELLED"
    ],
    ORDER_VENDOR_PENDING: ["ORDER_ACCEPTED_BY_VENDOR", "ORDER_REJECTED", "ORDER_UNAPPROVED", "ORDER_CANCELLED"],
    ORDER_ACCEPTED_BY_VENDOR: ["ORDER_INTEGRATION_TRIGGERED", "ORDER_RECEIVED", "ORDER_CLOSED"],
    ORDER_CANCELLED: [],
    ORDER_RECEIVED: ["ORDER_COMPLETED", "ORDER_CLOSED"],
    ORDER_COMPLETED: [],
    ORDER_CLOSED: ["ORDER_ACCEPTED_BY_VENDOR"],
    ORDER_INTEGRATION_TRIGGERED: ["ORDER_INTEGRATION_SUCCESS", "ORDER_INTEGRATION_FAILED"],
    ORDER_INTEGRATION_SUCCESS: ["ORDER_RECEIVED", "ORDER_CLOSED"],
    ORDER_INTEGRATION_FAILED: ["ORDER_INTEGRATION_RETRY", "ORDER_CLOSED"],
    ORDER_INTEGRATION_RETRY: ["ORDER_INTEGRATION_SUCCESS", "ORDER_INTEGRATION_FAILED"]
  }
})

/** An order as a use case holds it, with the audit trail of its moves. */
class OrderDocument {
  status: OrderStatus = orderStatusMachine.initial
  readonly trail: Array<readonly [OrderStatus, OrderStatus]> = []
  act(action: OrderAction): boolean {
    const result = applyOrderAction(this.status, action)
    if (Result.isFailure(result)) return false
    this.trail.push([this.status, result.success])
    this.status = result.success
    return true
  }
}

interface OrderModel {
  status: OrderStatus
  /** Once the vendor accepted, the order is never cancelled and never goes back to approval. */
  accepted: boolean
}

class OrderActionCommand implements fc.Command<OrderModel, OrderDocument> {
  readonly action: OrderAction
  constructor(action: OrderAction) {
    this.action = action
  }
  check = () => true
  run(model: OrderModel, real: OrderDocument): void {
    const before = model.status
    const target = orderActionTargets[this.action]
    const allowed = orderTransitions[before].includes(target)
    assert.strictEqual(real.act(this.action), allowed, `${this.action} from ${before}`)
    if (allowed) model.status = target
    if (target === "ORDER_ACCEPTED_BY_VENDOR" && allowed) model.accepted = true
    assert.strictEqual(real.status, model.status)
    if (model.accepted) {
      assert.notInclude(
        ["ORDER_CANCELLED", "ORDER_DRAFTED", "ORDER_UNAPPROVED", "ORDER_RETURNED", "ORDER_SUBMITTED_TO_VENDOR"],
        real.status
      )
    }
  }
  toString = () => this.action
}

describe("order lifecycle (model-based)", () => {
  it("never reaches a state the table forbids, whatever buyers, approvers and vendors do", () => {
    const actions = Object.keys(orderActionTargets) as Array<OrderAction>
    fc.assert(
      fc.property(
        fc.commands(
          actions.map((a) => fc.constant(new OrderActionCommand(a))),
          { maxCommands: 40 }
        ),
        (cmds) => {
          const real = new OrderDocument()
          fc.modelRun(() => ({ model: { status: orderStatusMachine.initial, accepted: false }, real }), cmds)
          for (const [from, to] of real.trail)
            assert.isTrue(orderStatusMachine.canTransition(from, to), `${from} → ${to}`)
          const terminalAt = real.trail.findIndex(([, to]) => orderStatusMachine.isTerminal(to))
          if (terminalAt >= 0) assert.strictEqual(terminalAt, real.trail.length - 1)
        }
      ),
      { numRuns: 300 }
    )
  })
})
