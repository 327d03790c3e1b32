import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { RfqStatus, rfqStatusMachine } from "./RfqStatus.ts"

describe("RfqStatus", () => {
  it("lists the spec's statuses and starts at RFQ_DRAFTED", () => {
    assert.deepStrictEqual(RfqStatus.literals, [
      "RFQ_DRAFTED",
      "RFQ_EOI_SENT",
      "RFQ_EOI_CLOSED",
      "RFQ_SUBMITTED",
      "RFQ_UPDATED",
      "RFQ_REMINDED",
      "OFFERS_RECEIVED",
      "OFFERS_RETURNED",
      "OFFERS_REVISED",
      "OFFERS_APPROVED",
      "RFQ_APPROVED",
      "RFQ_REJECTED",
      "RFQ_CANCELLED",
      "ORDERS_CREATED"
    ])
    assert.strictEqual(rfqStatusMachine.initial, "RFQ_DRAFTED")
  })
})

statusMachineLaws(rfqStatusMachine, ["RFQ_REJECTED", "RFQ_CANCELLED", "ORDERS_CREATED"])
