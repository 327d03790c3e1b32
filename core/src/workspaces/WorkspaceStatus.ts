import { Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of a workspace, with the super-approval variants (SPEC.md §4). */
export const WorkspaceStatus = Schema.Literals([
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
export type WorkspaceStatus = typeof WorkspaceStatus.Type

/**
 * How a workspace moves, after ERPNext's approval workflows on masters (draft → pending → approved) with an
 * enabled/disabled flag once in use:
 *
 * | from | to | why |
 * |---|---|---|
 * | DRAFT | PENDING | submitted for review |
 * | DRAFT | ACTIVE | created where no review is needed |
 * | PENDING | APPROVED, RETURNED, REJECTED | a reviewer decided |
 * | PENDING | SUPER_APPROVED, SUPER_RETURNED, SUPER_REJECTED | a super approver decided over the levels |
 * | RETURNED, SUPER_RETURNED | PENDING | changed and submitted again |
 * | APPROVED, SUPER_APPROVED | ACTIVE | activated |
 * | ACTIVE | INACTIVE | deactivated |
 * | INACTIVE | ACTIVE | activated again |
 *
 * Rejected and super rejected are terminal; deleting a workspace removes it rather than moving it.
 */
export const workspaceTransitions: TransitionTable<WorkspaceStatus> = {
  DRAFT: ["PENDING", "ACTIVE"],
  PENDING: ["APPROVED", "RETURNED", "REJECTED", "SUPER_APPROVED", "SUPER_RETURNED", "SUPER_REJECTED"],
  RETURNED: ["PENDING"],
  SUPER_RETURNED: ["PENDING"],
  APPROVED: ["ACTIVE"],
  SUPER_APPROVED: ["ACTIVE"],
  ACTIVE: ["INACTIVE"],
  INACTIVE: ["ACTIVE"],
  REJECTED: [],
  SUPER_REJECTED: []
}

/** The workspace status machine; a new workspace starts as a draft. */
export const workspaceStatusMachine = makeStatusMachine({
  entity: "workspace",
  statuses: WorkspaceStatus.literals,
  initial: "DRAFT",
  transitions: workspaceTransitions
})

/** The statuses a workspace takes from its approval (the document kit's `statusAfterApproval`). */
export const workspaceApprovalStatuses: ApprovalStatuses<WorkspaceStatus> = {
  pending: "PENDING",
  approved: "APPROVED",
  returned: "RETURNED",
  rejected: "REJECTED",
  superApproved: "SUPER_APPROVED",
  superReturned: "SUPER_RETURNED",
  superRejected: "SUPER_REJECTED"
}
