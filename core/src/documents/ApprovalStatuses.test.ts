import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { ApprovalStatus } from "../approvals/Workflow.ts"
import { budgetChangeApprovalStatuses } from "../budgets/Budget.ts"
import { requestApprovalStatuses as requestStatuses, requestStatusMachine } from "../requests/RequestStatus.ts"
import { approvalStateOf } from "../testing/ApprovalStates.ts"
import { workspaceApprovalStatuses, workspaceStatusMachine } from "../workspaces/WorkspaceStatus.ts"
import { endOfPath, statusAfterApproval, submissionPath } from "./ApprovalStatuses.ts"

describe("the status after an approval", () => {
  it("names each outcome in the module's own words, super decisions in their variants where it has them", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ApprovalStatus.literals), fc.boolean(), (approval, superAction) => {
        const state = approvalStateOf(approval, superAction)
        const workspace = statusAfterApproval(workspaceApprovalStatuses, state)
        const change = statusAfterApproval(budgetChangeApprovalStatuses, state)
        const decided = ["APPROVED", "RETURNED", "REJECTED"].includes(approval)
        if (!decided) return workspace === "PENDING" && change === "PENDING_APPROVAL"
        return workspace === (superAction ? `SUPER_${approval}` : approval) && change === approval
      })
    )
  })

  it("submits through pending, or straight to the outcome where the machine has that move", () => {
    assert.deepStrictEqual(
      submissionPath(workspaceStatusMachine, workspaceApprovalStatuses, "DRAFT", approvalStateOf("APPROVED")),
      ["PENDING", "APPROVED"]
    )
    assert.deepStrictEqual(
      submissionPath(
        workspaceStatusMachine,
        workspaceApprovalStatuses,
        "RETURNED",
        approvalStateOf("PENDING_APPROVAL")
      ),
      ["PENDING"]
    )
    assert.deepStrictEqual(
      submissionPath(requestStatusMachine, requestStatuses, "REQUEST_DRAFTED", approvalStateOf("APPROVED")),
      ["REQUEST_SUBMITTED"]
    )
    assert.deepStrictEqual(
      submissionPath(requestStatusMachine, requestStatuses, "REQUEST_EDIT", approvalStateOf("PENDING_APPROVAL")),
      ["REQUEST_UNAPPROVED"]
    )
  })

  it("follows a path only as far as the machine allows every move", () => {
    assert.strictEqual(endOfPath(workspaceStatusMachine, "DRAFT", ["PENDING", "APPROVED"]), "APPROVED")
    assert.strictEqual(endOfPath(workspaceStatusMachine, "DRAFT", []), "DRAFT")
    assert.isUndefined(endOfPath(workspaceStatusMachine, "DRAFT", ["APPROVED"]))
    assert.isUndefined(endOfPath(workspaceStatusMachine, "PENDING", ["APPROVED", "PENDING"]))
  })
})
