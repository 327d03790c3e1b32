import { Schema } from "effect"
import type { RequestToastKey } from "../shared/Notices.ts"
import { type RequestStatus, requestStatusMachine } from "./RequestStatus.ts"

/**
 * What people do to a request (SPEC.md §4 request actions, with the approval's actions, assignment and watchers):
 * each one the use cases run, and the only way a request's status moves.
 */
export const RequestCommand = Schema.Literals([
  "update",
  "copy",
  "returnToDraft",
  "archive",
  "submit",
  "approve",
  "skip",
  "reject",
  "return",
  "close",
  "superClose",
  "delete",
  "assign",
  "updateWatchers"
])
export type RequestCommand = typeof RequestCommand.Type

/** A new request is drafted (SPEC.md §4). */
export const requestCreatedIn: RequestStatus = requestStatusMachine.initial

const open: ReadonlyArray<RequestStatus> = [
  "REQUEST_UNAPPROVED",
  "REQUEST_SUBMITTED",
  "RFQ_PENDING",
  "RFQ_CLOSED",
  "REQUEST_PENDING",
  "REQUEST_PARTIAL_RECEIVED"
]

const stays = (statuses: ReadonlyArray<RequestStatus>) =>
  Object.fromEntries(statuses.map((s) => [s, [s]])) as Partial<Record<RequestStatus, ReadonlyArray<RequestStatus>>>

/**
 * For each command, the statuses it may be taken in and the statuses it may leave the request in (a status
 * listed as its own outcome is no move). A command not offered in a status is refused there, whoever asks.
 *
 * - update: a draft is edited as it is; a returned request is opened for editing (REQUEST_EDIT).
 * - copy: any request the reader sees is copied into a new draft; the original stays as it is.
 * - submit: into the workspace's approval workflow (REQUEST_UNAPPROVED), or straight through where no level applies.
 * - approve, skip: the level passes; the request waits on the next one, or is approved (REQUEST_SUBMITTED).
 * - reject ends it; return sends it back to its requester: from its approvers (REQUEST_APPROVAL_RETURNED) or,
 *   once approved, from the buyer sourcing it (REQUEST_RETURNED).
 * - close: the buyer or the requester closes an open request; a super user closes one over its approval too
 *   (superClose, REQUEST_SUPER_CLOSED). Withdrawing a request still waiting for approval is a super act.
 * - delete removes a request that never went out (drafts and archived ones); assign and updateWatchers change who
 *   handles and who follows an open request.
 */
export const requestCommandTable: Readonly<
  Record<RequestCommand, Readonly<Partial<Record<RequestStatus, ReadonlyArray<RequestStatus>>>>>
> = {
  update: {
    REQUEST_DRAFTED: ["REQUEST_DRAFTED"],
    REQUEST_RETURNED_TO_DRAFT: ["REQUEST_RETURNED_TO_DRAFT"],
    REQUEST_EDIT: ["REQUEST_EDIT"],
    REQUEST_RETURNED: ["REQUEST_EDIT"],
    REQUEST_APPROVAL_RETURNED: ["REQUEST_EDIT"]
  },
  copy: stays(requestStatusMachine.statuses),
  returnToDraft: {
    REQUEST_SUBMITTED: ["REQUEST_RETURNED_TO_DRAFT"],
    REQUEST_RETURNED: ["REQUEST_RETURNED_TO_DRAFT"],
    REQUEST_APPROVAL_RETURNED: ["REQUEST_RETURNED_TO_DRAFT"]
  },
  archive: {
    REQUEST_DRAFTED: ["REQUEST_ARCHIVED"],
    REQUEST_RETURNED_TO_DRAFT: ["REQUEST_ARCHIVED"]
  },
  submit: {
    REQUEST_DRAFTED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"],
    REQUEST_RETURNED_TO_DRAFT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"],
    REQUEST_EDIT: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"]
  },
  approve: { REQUEST_UNAPPROVED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"] },
  skip: { REQUEST_UNAPPROVED: ["REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"] },
  reject: { REQUEST_UNAPPROVED: ["REQUEST_REJECTED"] },
  return: {
    REQUEST_UNAPPROVED: ["REQUEST_APPROVAL_RETURNED"],
    REQUEST_SUBMITTED: ["REQUEST_RETURNED"]
  },
  close: {
    REQUEST_SUBMITTED: ["REQUEST_CLOSED"],
    REQUEST_EDIT: ["REQUEST_CLOSED"],
    REQUEST_RETURNED: ["REQUEST_CLOSED"],
    REQUEST_APPROVAL_RETURNED: ["REQUEST_CLOSED"],
    RFQ_PENDING: ["REQUEST_CLOSED"],
    RFQ_CLOSED: ["REQUEST_CLOSED"],
    REQUEST_PENDING: ["REQUEST_CLOSED"],
    REQUEST_PARTIAL_RECEIVED: ["REQUEST_CLOSED"]
  },
  superClose: Object.fromEntries(open.map((s) => [s, ["REQUEST_SUPER_CLOSED"]])),
  delete: {
    REQUEST_DRAFTED: [],
    REQUEST_RETURNED_TO_DRAFT: [],
    REQUEST_ARCHIVED: []
  },
  assign: stays(open),
  updateWatchers: stays(requestStatusMachine.statuses.filter((s) => !requestStatusMachine.isTerminal(s)))
}

/** Whether a command is offered to a request in a status. */
export const commandAllowed = (command: RequestCommand, status: RequestStatus): boolean =>
  Object.hasOwn(requestCommandTable[command], status)

/** The statuses a command may leave a request in; none for a command not offered there (or one that removes it). */
export const commandOutcomes = (command: RequestCommand, status: RequestStatus): ReadonlyArray<RequestStatus> =>
  requestCommandTable[command][status] ?? []

/**
 * The statuses in which a request holds its amount on its budget line as requested: from submission until it is
 * ordered, closed or sent back. Entering one takes the amount (judged by the budget's policy); leaving for one
 * outside gives it back.
 */
export const budgetHoldingStatuses: ReadonlyArray<RequestStatus> = open

/** Whether a request in this status holds its amount on its budget line. */
export const holdsBudget = (status: RequestStatus): boolean => budgetHoldingStatuses.includes(status)

/** The toast of SPEC.md §8 each command shows, success or failure; null where the spec gives it none. */
export const requestCommandToasts: Readonly<Record<RequestCommand | "create", RequestToastKey | null>> = {
  create: "create",
  update: "update",
  copy: "copy",
  returnToDraft: "returnToDraft",
  archive: "archive",
  submit: "submit",
  approve: "approve",
  skip: "approve",
  reject: "reject",
  return: "return",
  close: "close",
  superClose: "close",
  delete: null,
  assign: null,
  updateWatchers: null
}
