import { assert, describe, it } from "@effect/vitest"
import { statusMachineLaws } from "../testing/StatusMachineLaws.ts"
import { WorkspaceStatus, workspaceStatusMachine } from "./WorkspaceStatus.ts"

describe("WorkspaceStatus", () => {
  it("lists the spec's statuses and starts at DRAFT", () => {
    assert.deepStrictEqual(WorkspaceStatus.literals, [
      "DRAFT",
      "PENDING",
      "APPROVED",
      "RETURNED",
      "REJECTED",
      "ACTIVE",
      "INACTIVE",
      "SUPER_APPROVED",
      "SUPER_RETURNED",
      "SUPER_REJECTED"
    ])
    assert.strictEqual(workspaceStatusMachine.initial, "DRAFT")
  })
})

statusMachineLaws(workspaceStatusMachine, {
  terminal: ["REJECTED", "SUPER_REJECTED"],
  // Pinned here, not read from the table: a move added to or dropped from it fails this test.
  allowed: {
    DRAFT: ["PENDING", "ACTIVE"],
    PENDING: ["APPROVED", "RETURNED", "REJECTED", "SUPER_APPROVED", "SUPER_RETURNED", "SUPER_REJECTED"],
    APPROVED: ["ACTIVE"],
    RETURNED: ["PENDING"],
    REJECTED: [],
    ACTIVE: ["INACTIVE"],
    INACTIVE: ["ACTIVE"],
    SUPER_APPROVED: ["ACTIVE"],
    SUPER_RETURNED: ["PENDING"],
    SUPER_REJECTED: []
  }
})

describe("workspace lifecycle", () => {
  it("activates and deactivates back and forth, and never reopens a rejection", () => {
    assert.isTrue(workspaceStatusMachine.canTransition("ACTIVE", "INACTIVE"))
    assert.isTrue(workspaceStatusMachine.canTransition("INACTIVE", "ACTIVE"))
    assert.isTrue(workspaceStatusMachine.canTransition("SUPER_RETURNED", "PENDING"))
    assert.isFalse(workspaceStatusMachine.canTransition("REJECTED", "PENDING"))
    assert.isFalse(workspaceStatusMachine.canTransition("DRAFT", "APPROVED"))
  })
})
