import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { SourcingStatus, sourcingStatusMachine } from "./SourcingStatus.ts"

describe("SourcingStatus", () => {
  it("lists the spec's statuses and starts at NO_SOURCING", () => {
    assert.deepStrictEqual(SourcingStatus.literals, [
      "NO_SOURCING",
      "RFQ_APPROVAL_PENDING",
      "SOURCING_PENDING",
      "SOURCING_DONE",
      "RFQ_CLOSED",
      "ORDER_PROCESSED",
      "REQUEST_REJECTED"
    ])
    assert.strictEqual(sourcingStatusMachine.initial, "NO_SOURCING")
  })
})

statusMachineLaws(sourcingStatusMachine, {
  terminal: ["RFQ_CLOSED", "ORDER_PROCESSED", "REQUEST_REJECTED"],
  // Pinned here, not read from the table: a move added to or dropped from it fails this test.
  allowed: {
    NO_SOURCING: ["RFQ_APPROVAL_PENDING", "SOURCING_PENDING", "REQUEST_REJECTED", "ORDER_PROCESSED"],
    RFQ_APPROVAL_PENDING: ["SOURCING_PENDING", "REQUEST_REJECTED"],
    SOURCING_PENDING: ["SOURCING_DONE", "RFQ_CLOSED"],
    SOURCING_DONE: ["ORDER_PROCESSED", "RFQ_CLOSED"],
    RFQ_CLOSED: [],
    ORDER_PROCESSED: [],
    REQUEST_REJECTED: []
  }
})
