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

statusMachineLaws(sourcingStatusMachine, ["RFQ_CLOSED", "ORDER_PROCESSED", "REQUEST_REJECTED"])
