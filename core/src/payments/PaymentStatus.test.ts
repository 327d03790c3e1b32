import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { PaymentStatus, paymentStatusMachine } from "./PaymentStatus.ts"

describe("PaymentStatus", () => {
  it("lists the spec's statuses and starts at PAYMENT_DRAFTED", () => {
    assert.deepStrictEqual(PaymentStatus.literals, ["PAYMENT_DRAFTED", "PAYMENT_SUBMITTED"])
    assert.strictEqual(paymentStatusMachine.initial, "PAYMENT_DRAFTED")
  })
})

statusMachineLaws(paymentStatusMachine, ["PAYMENT_SUBMITTED"])
