import { Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/**
 * Where a vendor's invitation stands, named as Coupa's supplier onboarding and SAP Ariba's supplier registration
 * name them:
 *
 * - INVITED: mailed (or opened from a public link), not yet opened by the vendor.
 * - OPENED: the vendor opened the link; registering and answering, saved as a draft.
 * - UNDER_REVIEW: submitted; the buyer's reviewers decide through the approval engine.
 * - RETURNED: sent back to the vendor for correction with a message; the vendor edits and submits again.
 * - APPROVED: the vendor is a connected, active vendor of the buyer, its organisation and first user created.
 * - REJECTED: refused with remarks; nothing is created.
 * - EXPIRED: the link lapsed before the vendor submitted; a reminder mails a new one.
 * - CANCELLED: the buyer called the invitation off; its link is dead.
 */
export const InviteStatus = Schema.Literals([
  "INVITED",
  "OPENED",
  "UNDER_REVIEW",
  "RETURNED",
  "APPROVED",
  "REJECTED",
  "EXPIRED",
  "CANCELLED"
])
export type InviteStatus = typeof InviteStatus.Type

/** The statuses in which the vendor holds the invitation and its link works. */
export const vendorHeldStatuses: ReadonlyArray<InviteStatus> = ["INVITED", "OPENED", "RETURNED"]

const inviteTransitions: TransitionTable<InviteStatus> = {
  INVITED: ["OPENED", "EXPIRED", "CANCELLED", "INVITED"],
  OPENED: ["UNDER_REVIEW", "EXPIRED", "CANCELLED", "OPENED"],
  UNDER_REVIEW: ["APPROVED", "RETURNED", "REJECTED", "OPENED"],
  RETURNED: ["UNDER_REVIEW", "EXPIRED", "CANCELLED", "RETURNED"],
  EXPIRED: ["INVITED", "CANCELLED"],
  APPROVED: [],
  REJECTED: [],
  CANCELLED: []
}

/**
 * The invitation's status machine. A reminder moves INVITED, OPENED or RETURNED to itself (a new link), and
 * EXPIRED back to INVITED; withdrawing a review request moves UNDER_REVIEW back to OPENED, for the vendor to edit.
 */
export const inviteStatusMachine = makeStatusMachine({
  entity: "invite",
  statuses: InviteStatus.literals,
  initial: "INVITED",
  transitions: inviteTransitions
})

/** The statuses an invitation takes from its approval (the document kit's `statusAfterApproval`). */
export const inviteApprovalStatuses: ApprovalStatuses<InviteStatus> = {
  pending: "UNDER_REVIEW",
  approved: "APPROVED",
  returned: "RETURNED",
  rejected: "REJECTED"
}

/**
 * The status an invitation reads as at a moment: one the vendor still holds reads EXPIRED once its link has
 * lapsed (storage keeps the status it had, so a reminder knows where it was).
 */
export const inviteStatusAt = (stored: InviteStatus, expiresAt: Date, now: Date): InviteStatus =>
  vendorHeldStatuses.includes(stored) && expiresAt.getTime() <= now.getTime() ? "EXPIRED" : stored
