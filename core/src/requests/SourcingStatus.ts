import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** Where a request stands in sourcing, exactly as SPEC.md §4 spells it. */
export const SourcingStatus = Schema.Literals([
  "NO_SOURCING",
  "RFQ_APPROVAL_PENDING",
  "SOURCING_PENDING",
  "SOURCING_DONE",
  "RFQ_CLOSED",
  "ORDER_PROCESSED",
  "REQUEST_REJECTED"
])
export type SourcingStatus = typeof SourcingStatus.Type

/**
 * How a request's sourcing moves, after ERPNext's Request for Quotation → Supplier Quotation → Purchase Order chain:
 *
 * | from | to | why |
 * |---|---|---|
 * | NO_SOURCING | RFQ_APPROVAL_PENDING | the workspace asks for approval before an RFQ goes out (pre_rfq_approval) |
 * | NO_SOURCING, RFQ_APPROVAL_PENDING | SOURCING_PENDING | the buyer is collecting quotations |
 * | NO_SOURCING, RFQ_APPROVAL_PENDING | REQUEST_REJECTED | the request (or its RFQ approval) was rejected |
 * | SOURCING_PENDING | SOURCING_DONE | an offer was chosen |
 * | SOURCING_PENDING, SOURCING_DONE | RFQ_CLOSED | the round closed with no order |
 * | NO_SOURCING, SOURCING_DONE | ORDER_PROCESSED | every line was ordered (straight after approval, or from the chosen offer) |
 *
 * Rejected, closed and processed are terminal; a new round starts a new RFQ.
 */
export const sourcingTransitions: TransitionTable<SourcingStatus> = {
  NO_SOURCING: ["RFQ_APPROVAL_PENDING", "SOURCING_PENDING", "REQUEST_REJECTED", "ORDER_PROCESSED"],
  RFQ_APPROVAL_PENDING: ["SOURCING_PENDING", "REQUEST_REJECTED"],
  SOURCING_PENDING: ["SOURCING_DONE", "RFQ_CLOSED"],
  SOURCING_DONE: ["ORDER_PROCESSED", "RFQ_CLOSED"],
  RFQ_CLOSED: [],
  ORDER_PROCESSED: [],
  REQUEST_REJECTED: []
}

/** The sourcing status machine; a request starts with no sourcing. */
export const sourcingStatusMachine = makeStatusMachine({
  entity: "sourcing",
  statuses: SourcingStatus.literals,
  initial: "NO_SOURCING",
  transitions: sourcingTransitions
})
