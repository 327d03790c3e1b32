import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { PaymentStatus, paymentStatusMachine } from "./PaymentStatus.ts"

describe("PaymentStatus", () => {
  it("lists the spec's statuses and starts at PAYMENT_DRAFTED", () => {
    assert.deepStrictEqual(PaymentStatus.literals, ["PAYMENT_DRAFTED", "PAYMENT_SUBMITTED"])
    assert.strictEqual(paymentStatusMachine.initial, "PAYMENT_DRAFTED")
  })
})

statusMachineLaws(paymentStatusMachine, {
  terminal: ["PAYMENT_SUBMITTED"],
  // Pinned here, not read from the table: a move added to or dropped from it fails this test.
  allowed: {
    PAYMENT_DRAFTED: ["PAYMENT_SUBMITTED"],
    PAYMENT_SUBMITTED: []
  }
})
