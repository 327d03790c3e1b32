import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { EInvoiceStatus, eInvoiceStatusMachine } from "./EInvoiceStatus.ts"

describe("EInvoiceStatus", () => {
  it("lists the spec's statuses and starts at DRAFTED", () => {
    assert.deepStrictEqual(EInvoiceStatus.literals, [
      "DRAFTED",
      "ORG_VALIDATION_FAILED",
      "PENDING_GENERATION",
      "VALIDATED",
      "FAILED"
    ])
    assert.strictEqual(eInvoiceStatusMachine.initial, "DRAFTED")
  })
})

statusMachineLaws(eInvoiceStatusMachine, {
  terminal: ["VALIDATED"],
  // Pinned here, not read from the table: a move added to or dropped from it fails this test.
  allowed: {
    DRAFTED: ["ORG_VALIDATION_FAILED", "PENDING_GENERATION"],
    ORG_VALIDATION_FAILED: ["DRAFTED", "PENDING_GENERATION"],
    PENDING_GENERATION: ["VALIDATED", "FAILED"],
    VALIDATED: [],
    FAILED: ["PENDING_GENERATION", "DRAFTED"]
  }
})
