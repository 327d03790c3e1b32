import { assert, describe, it } from "@effect/vitest"
import { remainingOf, preferredContract, validOn } from "./Contract.ts"
import { contractActionAllowed, contractStatusMachine } from "./ContractStatus.ts"

describe("a contract's statuses", () => {
  it("move only as a blanket order's do: drafted, approved into force, then ended one way", () => {
    assert.deepStrictEqual(contractStatusMachine.transitions, {
      CONTRACT_DRAFTED: ["CONTRACT_PENDING_APPROVAL", "CONTRACT_ACTIVE"],
      CONTRACT_PENDING_APPROVAL: ["CONTRACT_ACTIVE", "CONTRACT_DRAFTED", "CONTRACT_REJECTED"],
      CONTRACT_ACTIVE: ["CONTRACT_EXPIRED", "CONTRACT_TERMINATED", "CONTRACT_CLOSED"],
      CONTRACT_REJECTED: [],
      CONTRACT_EXPIRED: [],
      CONTRACT_TERMINATED: [],
      CONTRACT_CLOSED: []
    })
    assert.deepStrictEqual(contractStatusMachine.terminal, [
      "CONTRACT_REJECTED",
      "CONTRACT_EXPIRED",
      "CONTRACT_TERMINATED",
      "CONTRACT_CLOSED"
    ])
  })

  it("offer editing only to drafts and ending only to active contracts", () => {
    assert.isTrue(contractActionAllowed("update", "CONTRACT_DRAFTED"))
    assert.isFalse(contractActionAllowed("update", "CONTRACT_ACTIVE"))
    assert.isFalse(contractActionAllowed("terminate", "CONTRACT_DRAFTED"))
    assert.isTrue(contractActionAllowed("close", "CONTRACT_ACTIVE"))
  })
})

describe("a contract's rules", () => {
  it("leave the ceiling less what was consumed, none without a ceiling", () => {
    assert.strictEqual(remainingOf("1000", "249.75"), "750.25")
    assert.strictEqual(remainingOf("1000", "1000"), "0")
    assert.isNull(remainingOf(null, "5"))
  })

  it("count both ends of the validity", () => {
    const contract = { startDate: "2026-01-01", endDate: "2026-01-31" }
    assert.isTrue(validOn(contract, "2026-01-01"))
    assert.isTrue(validOn(contract, "2026-01-31"))
    assert.isFalse(validOn(contract, "2025-12-31"))
    assert.isFalse(validOn(contract, "2026-02-01"))
  })

  it("prefer the agreement that started last, then the later number", () => {
    const older = { startDate: "2026-01-01", number: "CTR-000009" }
    const newer = { startDate: "2026-02-01", number: "CTR-000001" }
    assert.strictEqual(preferredContract(older, newer), newer)
    assert.strictEqual(preferredContract(newer, older), newer)
    const same = { startDate: "2026-02-01", number: "CTR-000002" }
    assert.strictEqual(preferredContract(newer, same), same)
  })
})
