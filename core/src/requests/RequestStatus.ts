import { Effect, Result, Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"
import { TransitionNotAllowed } from "../shared/TransitionErrors.ts"

/** The statuses of a request, exactly as SPEC.md §4 spells them. */
export const RequestStatus = Schema.Literals([
  "REQUEST_DRAFTED",
  "REQUEST_UNAPPROVED",
  "REQUEST_ARCHIVED",
  "REQUEST_REJECTED",
  "REQUEST_SUBMITTED",
  "REQUEST_EDIT",
  "RFQ_PENDING",
  "REQUEST_PENDING",
  "REQUEST_COMPLETED",
  "REQUEST_CLOSED",
  "RFQ_CLOSED",
  "REQUEST_PARTIAL_RECEIVED",
  "REQUEST_RETURNED",
  "REQUEST_APPROVAL_RETURNED",
  "REQUEST_FULFILED_FROM_INVENTORY",
  "REQUEST_RETURNED_TO_DRAFT",
  "REQUEST_SUPER_CLOSED"
])
export type RequestStatus = typeof RequestStatus.Type

/**
 * How a request moves, after ERPNext's Material Request and Odoo's purchase requisition:
 *
 * | from | to | why |
 * |---|---|---|
 * | REQUEST_DRAFTED, REQUEST_RETURNED_TO_DRAFT | REQUEST_UNAPPROVED | submitted into the workspace's approval workflow |
 * | REQUEST_DRAFTED, REQUEST_RETURNED_TO_DRAFT | REQUEST_SUBMITTED | submitted where no approval is needed |
 * | REQUEST_DRAFTED, REQUEST_RETURNED_TO_DRAFT | REQUEST_ARCHIVED | a draft put away |
 * | REQUEST_UNAPPROVED | REQUEST_SUBMITTED | the last approval level (or a super approval) approved it |
 * | REQUEST_UNAPPROVED | REQUEST_REJECTED | an approver (or a super approver) rejected it |
 * | REQUEST_UNAPPROVED | REQUEST_APPROVAL_RETURNED | an approver returned it to the requester |
 * | REQUEST_APPROVAL_RETURNED, REQUEST_RETURNED | REQUEST_EDIT | the requester opens it to change it |
 * | REQUEST_APPROVAL_RETURNED, REQUEST_RETURNED, REQUEST_SUBMITTED | REQUEST_RETURNED_TO_DRAFT | back to a plain draft |
 * | REQUEST_EDIT | REQUEST_UNAPPROVED, REQUEST_SUBMITTED | edited and submitted again |
 * | REQUEST_SUBMITTED | RFQ_PENDING | sent out for quotation |
 * | REQUEST_SUBMITTED, RFQ_PENDING | REQUEST_PENDING | ordered (directly or from an offer); goods awaited |
 * | REQUEST_SUBMITTED | REQUEST_RETURNED | the buyer returned it to the requester |
 * | REQUEST_SUBMITTED | REQUEST_FULFILED_FROM_INVENTORY | served from stock |
 * | RFQ_PENDING | RFQ_CLOSED | the quotation round ended without an order |
 * | RFQ_CLOSED | RFQ_PENDING | sourced again |
 * | REQUEST_PENDING | REQUEST_PARTIAL_RECEIVED, REQUEST_COMPLETED | goods received, in part or in full |
 * | REQUEST_PARTIAL_RECEIVED | REQUEST_COMPLETED | the rest received |
 * | any open status after submission | REQUEST_CLOSED, REQUEST_SUPER_CLOSED | closed by the buyer or a super user |
 *
 * A submitted request is never edited in place: it goes back (returned, returned to draft) and comes forward
 * again. Archived, rejected, completed, closed, super closed and fulfilled from inventory are terminal.
 */
export const requestTransitions: TransitionTable<RequestStatus> = {
  REQUEST_DRAFTED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED", "REQUEST_ARCHIVED"],
  REQUEST_RETURNED_TO_DRAFT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED", "REQUEST_ARCHIVED"],
  REQUEST_UNAPPROVED: [
    "REQUEST_SUBMITTED",
    "REQUEST_REJECTED",
    "REQUEST_APPROVAL_RETURNED",
    "REQUEST_CLOSED",
    "REQUEST_SUPER_CLOSED"
  ],
  REQUEST_APPROVAL_RETURNED: ["REQUEST_EDIT", "REQUEST_RETURNED_TO_DRAFT", "REQUEST_CLOSED"],
  REQUEST_RETURNED: ["REQUEST_EDIT", "REQUEST_RETURNED_TO_DRAFT", "REQUEST_CLOSED"],
  REQUEST_EDIT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED", "REQUEST_CLOSED"],
  REQUEST_SUBMITTED: [
    "RFQ_PENDING",
    "REQUEST_PENDING",
    "REQUEST_RETURNED",
    "REQUEST_RETURNED_TO_DRAFT",
    "REQUEST_FULFILED_FROM_INVENTORY",
    "REQUEST_CLOSED",
    "REQUEST_SUPER_CLOSED"
  ],
  RFQ_PENDING: ["REQUEST_PENDING", "RFQ_CLOSED", "REQUEST_CLOSED", "REQUEST_SUPER_CLOSED"],
  RFQ_CLOSED: ["RFQ_PENDING", "REQUEST_CLOSED", "REQUEST_SUPER_CLOSED"],
  REQUEST_PENDING: ["REQUEST_PARTIAL_RECEIVED", "REQUEST_COMPLETED", "REQUEST_CLOSED", "REQUEST_SUPER_CLOSED"],
  REQUEST_PARTIAL_RECEIVED: ["REQUEST_COMPLETED", "REQUEST_CLOSED", "REQUEST_SUPER_CLOSED"],
  REQUEST_ARCHIVED: [],
  REQUEST_REJECTED: [],
  REQUEST_COMPLETED: [],
  REQUEST_CLOSED: [],
  REQUEST_SUPER_CLOSED: [],
  REQUEST_FULFILED_FROM_INVENTORY: []
}

/** The request's status machine; a new request starts drafted (SPEC.md §4). */
export const requestStatusMachine = makeStatusMachine({
  entity: "request",
  statuses: RequestStatus.literals,
  initial: "REQUEST_DRAFTED",
  transitions: requestTransitions
})

/**
 * The statuses a request takes from its approval (the document kit's `statusAfterApproval`): it waits unapproved;
 * approved (by its levels, a super approver, or at once where none applied) it is submitted for sourcing; rejected
 * it ends; returned it goes back to its requester. A super approver's decision takes the same statuses.
 */
export const requestApprovalStatuses: ApprovalStatuses<RequestStatus> = {
  pending: "REQUEST_UNAPPROVED",
  approved: "REQUEST_SUBMITTED",
  returned: "REQUEST_APPROVAL_RETURNED",
  rejected: "REQUEST_REJECTED"
}

/** What a user or the system does to a request, and the status each action leads to. */
export const requestActionTargets = {
  submitForApproval: "REQUEST_UNAPPROVED",
  submit: "REQUEST_SUBMITTED",
  archive: "REQUEST_ARCHIVED",
  approve: "REQUEST_SUBMITTED",
  reject: "REQUEST_REJECTED",
  returnToRequester: "REQUEST_APPROVAL_RETURNED",
  edit: "REQUEST_EDIT",
  returnToDraft: "REQUEST_RETURNED_TO_DRAFT",
  sendRfq: "RFQ_PENDING",
  closeRfq: "RFQ_CLOSED",
  order: "REQUEST_PENDING",
  returnFromSourcing: "REQUEST_RETURNED",
  fulfilFromInventory: "REQUEST_FULFILED_FROM_INVENTORY",
  receivePart: "REQUEST_PARTIAL_RECEIVED",
  complete: "REQUEST_COMPLETED",
  close: "REQUEST_CLOSED",
  superClose: "REQUEST_SUPER_CLOSED"
} as const satisfies Readonly<Record<string, RequestStatus>>
export type RequestAction = keyof typeof requestActionTargets

/** The status a request takes when an action is applied, or why it cannot be. */
export const applyRequestAction = (
  status: RequestStatus,
  action: RequestAction
): Result.Result<RequestStatus, TransitionNotAllowed> => {
  const to = requestActionTargets[action]
  return requestStatusMachine.canTransition(status, to)
    ? Result.succeed(to)
    : Result.fail(new TransitionNotAllowed({ entity: "request", from: status, to }))
}

/** `applyRequestAction` as an effect, for use cases. */
export const requestAction = (
  status: RequestStatus,
  action: RequestAction
): Effect.Effect<RequestStatus, TransitionNotAllowed> =>
  requestStatusMachine.transition(status, requestActionTargets[action])

/** Statuses in which the requester may change the request's content. */
export const editableRequestStatuses: ReadonlyArray<RequestStatus> = [
  "REQUEST_DRAFTED",
  "REQUEST_RETURNED_TO_DRAFT",
  "REQUEST_EDIT"
]

/** Whether a request's content may be changed; submitted documents are never edited in place. */
export const isRequestEditable = (status: RequestStatus): boolean => editableRequestStatuses.includes(status)
