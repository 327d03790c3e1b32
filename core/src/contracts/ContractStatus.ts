import { Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/**
 * Where a contract (a framework agreement with a vendor, GLOSSARY "contract") stands, as ERPNext's Blanket Order
 * and Odoo's blanket orders (purchase agreements) have it, with the approval of the document kit in front:
 *
 * - CONTRACT_DRAFTED: being written; edited freely, then submitted. A contract returned by its approvers comes back
 *   here.
 * - CONTRACT_PENDING_APPROVAL: waiting on its approvers (kind `contract`, CONTRACT_WAITING_FOR_APPROVAL).
 * - CONTRACT_ACTIVE: approved (or submitted where no level applies). Its agreed prices are the default prices of
 *   its vendor's products on the days of its validity, and orders consume its ceiling.
 * - CONTRACT_REJECTED: refused by an approver; kept for the record.
 * - CONTRACT_EXPIRED: its end date passed while it was active (the daily expiry job moves it).
 * - CONTRACT_TERMINATED: ended early by the buyer (Odoo's "cancel" of a running agreement), with a reason.
 * - CONTRACT_CLOSED: ended as fulfilled (Odoo's "done"): nothing more is ordered against it.
 */
export const ContractStatus = Schema.Literals([
  "CONTRACT_DRAFTED",
  "CONTRACT_PENDING_APPROVAL",
  "CONTRACT_ACTIVE",
  "CONTRACT_REJECTED",
  "CONTRACT_EXPIRED",
  "CONTRACT_TERMINATED",
  "CONTRACT_CLOSED"
])
export type ContractStatus = typeof ContractStatus.Type

const contractTransitions: TransitionTable<ContractStatus> = {
  CONTRACT_DRAFTED: ["CONTRACT_PENDING_APPROVAL", "CONTRACT_ACTIVE"],
  CONTRACT_PENDING_APPROVAL: ["CONTRACT_ACTIVE", "CONTRACT_DRAFTED", "CONTRACT_REJECTED"],
  CONTRACT_ACTIVE: ["CONTRACT_EXPIRED", "CONTRACT_TERMINATED", "CONTRACT_CLOSED"],
  CONTRACT_REJECTED: [],
  CONTRACT_EXPIRED: [],
  CONTRACT_TERMINATED: [],
  CONTRACT_CLOSED: []
}

/** The contract's status machine. */
export const contractStatusMachine = makeStatusMachine({
  entity: "contract",
  statuses: ContractStatus.literals,
  initial: "CONTRACT_DRAFTED",
  transitions: contractTransitions
})

/** The statuses a contract takes from its approval: a returned contract is a draft again. */
export const contractApprovalStatuses: ApprovalStatuses<ContractStatus> = {
  pending: "CONTRACT_PENDING_APPROVAL",
  approved: "CONTRACT_ACTIVE",
  returned: "CONTRACT_DRAFTED",
  rejected: "CONTRACT_REJECTED"
}

/** What a person does to a contract; each is offered in the statuses listed. */
export const contractActions = {
  update: ["CONTRACT_DRAFTED"],
  submit: ["CONTRACT_DRAFTED"],
  review: ["CONTRACT_PENDING_APPROVAL"],
  terminate: ["CONTRACT_ACTIVE"],
  close: ["CONTRACT_ACTIVE"]
} as const satisfies Readonly<Record<string, ReadonlyArray<ContractStatus>>>
export type ContractAction = keyof typeof contractActions

/** Whether an action is offered in a status. */
export const contractActionAllowed = (action: ContractAction, status: ContractStatus): boolean =>
  (contractActions[action] as ReadonlyArray<ContractStatus>).includes(status)
