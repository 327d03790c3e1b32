import { Result, Schema } from "effect"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"
import { TransitionNotAllowed } from "../shared/TransitionErrors.ts"

/** The statuses of a purchase order (SPEC.md §4 lists the values; the spelling follows the request's). */
export const OrderStatus = Schema.Literals([
  "ORDER_DRAFTED",
  "ORDER_UNAPPROVED",
  "ORDER_PARTIAL_APPROVED",
  "ORDER_REJECTED",
  "ORDER_RETURNED",
  "ORDER_SUBMITTED_TO_VENDOR",
  "ORDER_VENDOR_PENDING",
  "ORDER_ACCEPTED_BY_VENDOR",
  "ORDER_CANCELLED",
  "ORDER_RECEIVED",
  "ORDER_COMPLETED",
  "ORDER_CLOSED",
  "ORDER_INTEGRATION_TRIGGERED",
  "ORDER_INTEGRATION_SUCCESS",
  "ORDER_INTEGRATION_FAILED",
  "ORDER_INTEGRATION_RETRY"
])
export type OrderStatus = typeof OrderStatus.Type

/**
 * How an order moves, after ERPNext's Purchase Order (draft → to receive → completed, or cancelled/closed) and
 * Odoo's purchase.order (draft → to approve → purchase → done):
 *
 * | from | to | why |
 * |---|---|---|
 * | ORDER_DRAFTED, ORDER_RETURNED | ORDER_UNAPPROVED | submitted into the approval workflow |
 * | ORDER_DRAFTED, ORDER_RETURNED, ORDER_UNAPPROVED, ORDER_PARTIAL_APPROVED | ORDER_SUBMITTED_TO_VENDOR | no approval needed, or the last level approved |
 * | ORDER_UNAPPROVED | ORDER_PARTIAL_APPROVED | some approval levels approved |
 * | ORDER_UNAPPROVED, ORDER_PARTIAL_APPROVED | ORDER_REJECTED, ORDER_RETURNED | an approver rejected it or returned it to the buyer |
 * | ORDER_SUBMITTED_TO_VENDOR | ORDER_VENDOR_PENDING | the vendor opened it and has not answered |
 * | ORDER_SUBMITTED_TO_VENDOR, ORDER_VENDOR_PENDING | ORDER_ACCEPTED_BY_VENDOR | the vendor accepted |
 * | ORDER_SUBMITTED_TO_VENDOR, ORDER_VENDOR_PENDING | ORDER_REJECTED | the vendor refused it |
 * | ORDER_SUBMITTED_TO_VENDOR, ORDER_VENDOR_PENDING | ORDER_UNAPPROVED | amended past an approval level before the vendor accepted |
 * | ORDER_ACCEPTED_BY_VENDOR | ORDER_INTEGRATION_TRIGGERED | pushed to the organisation's ERP |
 * | ORDER_INTEGRATION_TRIGGERED, ORDER_INTEGRATION_RETRY | ORDER_INTEGRATION_SUCCESS, ORDER_INTEGRATION_FAILED | the ERP answered |
 * | ORDER_INTEGRATION_FAILED | ORDER_INTEGRATION_RETRY | pushed again |
 * | ORDER_ACCEPTED_BY_VENDOR, ORDER_INTEGRATION_SUCCESS | ORDER_RECEIVED | all goods received |
 * | ORDER_RECEIVED | ORDER_COMPLETED | billed in full |
 * | any status before acceptance | ORDER_CANCELLED | withdrawn |
 * | any status after acceptance | ORDER_CLOSED | closed short, nothing more expected |
 * | ORDER_CLOSED | ORDER_ACCEPTED_BY_VENDOR | re-opened (ERPNext's "Re-open"): more is expected after all |
 *
 * An order sent to the vendor is never edited in place, only amended (quantities, prices, new lines); once the
 * vendor accepted it, an amendment never sends it back to approval. Rejected, cancelled and completed are terminal.
 */
export const orderTransitions: TransitionTable<OrderStatus> = {
  ORDER_DRAFTED: ["ORDER_UNAPPROVED", "ORDER_SUBMITTED_TO_VENDOR", "ORDER_CANCELLED"],
  ORDER_RETURNED: ["ORDER_UNAPPROVED", "ORDER_SUBMITTED_TO_VENDOR", "ORDER_CANCELLED"],
  ORDER_UNAPPROVED: [
    "ORDER_PARTIAL_APPROVED",
    "ORDER_SUBMITTED_TO_VENDOR",
    "ORDER_REJECTED",
    "ORDER_RETURNED",
    "ORDER_CANCELLED"
  ],
  ORDER_PARTIAL_APPROVED: ["ORDER_SUBMITTED_TO_VENDOR", "ORDER_REJECTED", "ORDER_RETURNED", "ORDER_CANCELLED"],
  ORDER_SUBMITTED_TO_VENDOR: [
    "ORDER_VENDOR_PENDING",
    "ORDER_ACCEPTED_BY_VENDOR",
    "ORDER_REJECTED",
    "ORDER_UNAPPROVED",
    "ORDER_CANCELLED"
  ],
  ORDER_VENDOR_PENDING: ["ORDER_ACCEPTED_BY_VENDOR", "ORDER_REJECTED", "ORDER_UNAPPROVED", "ORDER_CANCELLED"],
  ORDER_ACCEPTED_BY_VENDOR: ["ORDER_INTEGRATION_TRIGGERED", "ORDER_RECEIVED", "ORDER_CLOSED"],
  ORDER_INTEGRATION_TRIGGERED: ["ORDER_INTEGRATION_SUCCESS", "ORDER_INTEGRATION_FAILED"],
  ORDER_INTEGRATION_RETRY: ["ORDER_INTEGRATION_SUCCESS", "ORDER_INTEGRATION_FAILED"],
  ORDER_INTEGRATION_FAILED: ["ORDER_INTEGRATION_RETRY", "ORDER_CLOSED"],
  ORDER_INTEGRATION_SUCCESS: ["ORDER_RECEIVED", "ORDER_CLOSED"],
  ORDER_RECEIVED: ["ORDER_COMPLETED", "ORDER_CLOSED"],
  ORDER_REJECTED: [],
  ORDER_CANCELLED: [],
  ORDER_COMPLETED: [],
  ORDER_CLOSED: ["ORDER_ACCEPTED_BY_VENDOR"]
}

/** The order status machine; a new order starts drafted. */
export const orderStatusMachine = makeStatusMachine({
  entity: "order",
  statuses: OrderStatus.literals,
  initial: "ORDER_DRAFTED",
  transitions: orderTransitions
})

/** What a buyer, approver, vendor or integration does to an order, and the status each action leads to. */
export const orderActionTargets = {
  submitForApproval: "ORDER_UNAPPROVED",
  submitToVendor: "ORDER_SUBMITTED_TO_VENDOR",
  approveLevel: "ORDER_PARTIAL_APPROVED",
  reject: "ORDER_REJECTED",
  returnToBuyer: "ORDER_RETURNED",
  vendorOpen: "ORDER_VENDOR_PENDING",
  vendorAccept: "ORDER_ACCEPTED_BY_VENDOR",
  triggerIntegration: "ORDER_INTEGRATION_TRIGGERED",
  integrationSucceeded: "ORDER_INTEGRATION_SUCCESS",
  integrationFailed: "ORDER_INTEGRATION_FAILED",
  retryIntegration: "ORDER_INTEGRATION_RETRY",
  receive: "ORDER_RECEIVED",
  complete: "ORDER_COMPLETED",
  cancel: "ORDER_CANCELLED",
  close: "ORDER_CLOSED",
  vendorReject: "ORDER_REJECTED",
  amendForApproval: "ORDER_UNAPPROVED",
  reopen: "ORDER_ACCEPTED_BY_VENDOR"
} as const satisfies Readonly<Record<string, OrderStatus>>
export type OrderAction = keyof typeof orderActionTargets

/** The status an order takes when an action is applied, or why it cannot be. */
export const applyOrderAction = (
  status: OrderStatus,
  action: OrderAction
): Result.Result<OrderStatus, TransitionNotAllowed> => {
  const to = orderActionTargets[action]
  return orderStatusMachine.canTransition(status, to)
    ? Result.succeed(to)
    : Result.fail(new TransitionNotAllowed({ entity: "order", from: status, to }))
}

/** Whether the buyer may change an order's content: only before it goes anywhere. */
export const isOrderEditable = (status: OrderStatus): boolean =>
  status === "ORDER_DRAFTED" || status === "ORDER_RETURNED"

/**
 * The order's names for its approval (the document kit's): waiting is ORDER_UNAPPROVED (ORDER_PARTIAL_APPROVED once a
 * level of several passed), approved is ORDER_SUBMITTED_TO_VENDOR (ready for the vendor: it sees the order once it is
 * sent, at once where the workspace's `autoSubmitOrder` says so).
 */
export const orderApprovalStatuses: ApprovalStatuses<OrderStatus> = {
  pending: "ORDER_UNAPPROVED",
  approved: "ORDER_SUBMITTED_TO_VENDOR",
  returned: "ORDER_RETURNED",
  rejected: "ORDER_REJECTED"
}

/** Whether the order waits on its approvers. */
export const isOrderPending = (status: OrderStatus): boolean =>
  status === "ORDER_UNAPPROVED" || status === "ORDER_PARTIAL_APPROVED"

/**
 * Whether an approved order is open: it holds a commitment on its budget line (sent or not, answered or not,
 * received in part), and is not closed, cancelled, rejected or completed.
 */
export const isOrderOpen = (status: OrderStatus): boolean =>
  [
    "ORDER_SUBMITTED_TO_VENDOR",
    "ORDER_VENDOR_PENDING",
    "ORDER_ACCEPTED_BY_VENDOR",
    "ORDER_RECEIVED",
    "ORDER_INTEGRATION_TRIGGERED",
    "ORDER_INTEGRATION_SUCCESS",
    "ORDER_INTEGRATION_FAILED",
    "ORDER_INTEGRATION_RETRY"
  ].includes(status)
