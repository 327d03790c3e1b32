import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of a bill (SPEC.md §4 lists the values; the spelling follows the request's). */
export const BillStatus = Schema.Literals([
  "BILL_DRAFTED",
  "BILL_VENDOR_PENDING",
  "BILL_VENDOR_SUBMITTED",
  "BILL_VENDOR_REJECTED",
  "BILL_APPROVAL_PENDING",
  "BILL_REJECTED",
  "BILL_SUBMITTED",
  "BILL_INTEGRATION_TRIGGERED",
  "BILL_PAYMENT_PROCESSING",
  "BILL_PARTIAL",
  "BILL_PAID",
  "BILL_CLOSED"
])
export type BillStatus = typeof BillStatus.Type

/**
 * How a bill moves, after ERPNext's Purchase Invoice (draft → submitted/unpaid → partly paid → paid) and Odoo's
 * vendor bill (draft → posted → in payment → paid):
 *
 * | from | to | why |
 * |---|---|---|
 * | BILL_DRAFTED | BILL_VENDOR_PENDING | waiting for the vendor to send its invoice |
 * | BILL_VENDOR_PENDING | BILL_VENDOR_SUBMITTED | the vendor sent it |
 * | BILL_VENDOR_SUBMITTED | BILL_VENDOR_REJECTED | the buyer refused the vendor's invoice |
 * | BILL_VENDOR_REJECTED | BILL_VENDOR_PENDING | the vendor is asked again |
 * | BILL_DRAFTED, BILL_VENDOR_SUBMITTED | BILL_APPROVAL_PENDING | submitted into the approval workflow |
 * | BILL_DRAFTED, BILL_VENDOR_SUBMITTED, BILL_APPROVAL_PENDING | BILL_SUBMITTED | posted (no approval, or approved) |
 * | BILL_APPROVAL_PENDING | BILL_DRAFTED | returned to the requester |
 * | BILL_APPROVAL_PENDING | BILL_REJECTED | an approver rejected it |
 * | BILL_SUBMITTED | BILL_INTEGRATION_TRIGGERED | pushed to the organisation's ERP |
 * | BILL_SUBMITTED, BILL_INTEGRATION_TRIGGERED, BILL_PARTIAL | BILL_PAYMENT_PROCESSING | a payment is under way |
 * | BILL_PAYMENT_PROCESSING | BILL_SUBMITTED | the payment failed |
 * | BILL_SUBMITTED, BILL_INTEGRATION_TRIGGERED, BILL_PAYMENT_PROCESSING | BILL_PARTIAL, BILL_PAID | paid in part or in full |
 * | BILL_PARTIAL | BILL_PAID | the rest paid |
 * | open statuses | BILL_CLOSED | written off or withdrawn |
 *
 * Rejected, paid and closed are terminal.
 */
export const billTransitions: TransitionTable<BillStatus> = {
  BILL_DRAFTED: ["BILL_VENDOR_PENDING", "BILL_APPROVAL_PENDING", "BILL_SUBMITTED", "BILL_CLOSED"],
  BILL_VENDOR_PENDING: ["BILL_VENDOR_SUBMITTED", "BILL_CLOSED"],
  BILL_VENDOR_SUBMITTED: ["BILL_VENDOR_REJECTED", "BILL_APPROVAL_PENDING", "BILL_SUBMITTED"],
  BILL_VENDOR_REJECTED: ["BILL_VENDOR_PENDING", "BILL_CLOSED"],
  BILL_APPROVAL_PENDING: ["BILL_SUBMITTED", "BILL_DRAFTED", "BILL_REJECTED"],
  BILL_SUBMITTED: ["BILL_INTEGRATION_TRIGGERED", "BILL_PAYMENT_PROCESSING", "BILL_PARTIAL", "BILL_PAID", "BILL_CLOSED"],
  BILL_INTEGRATION_TRIGGERED: ["BILL_PAYMENT_PROCESSING", "BILL_PARTIAL", "BILL_PAID"],
  BILL_PAYMENT_PROCESSING: ["BILL_SUBMITTED", "BILL_PARTIAL", "BILL_PAID"],
  BILL_PARTIAL: ["BILL_PAYMENT_PROCESSING", "BILL_PAID", "BILL_CLOSED"],
  BILL_REJECTED: [],
  BILL_PAID: [],
  BILL_CLOSED: []
}

/** The bill status machine; a new bill starts drafted. */
export const billStatusMachine = makeStatusMachine({
  entity: "bill",
  statuses: BillStatus.literals,
  initial: "BILL_DRAFTED",
  transitions: billTransitions
})
