import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of an RFQ (SPEC.md §4 lists the values; the spelling follows the request's). */
export const RfqStatus = Schema.Literals([
  "RFQ_DRAFTED",
  "RFQ_EOI_SENT",
  "RFQ_EOI_CLOSED",
  "RFQ_SUBMITTED",
  "RFQ_UPDATED",
  "RFQ_REMINDED",
  "OFFERS_RECEIVED",
  "OFFERS_RETURNED",
  "OFFERS_REVISED",
  "OFFERS_APPROVED",
  "RFQ_APPROVED",
  "RFQ_REJECTED",
  "RFQ_CANCELLED",
  "ORDERS_CREATED"
])
export type RfqStatus = typeof RfqStatus.Type

/**
 * How an RFQ moves, after ERPNext's Request for Quotation and Odoo's call for tenders:
 *
 * | from | to | why |
 * |---|---|---|
 * | RFQ_DRAFTED | RFQ_EOI_SENT | vendors are first asked to express interest |
 * | RFQ_EOI_SENT | RFQ_EOI_CLOSED | the expression-of-interest window closed |
 * | RFQ_DRAFTED, RFQ_EOI_CLOSED | RFQ_SUBMITTED | sent to the vendors |
 * | RFQ_SUBMITTED, RFQ_REMINDED | RFQ_UPDATED | the buyer amended it (a new revision, not an edit in place) |
 * | RFQ_SUBMITTED, RFQ_UPDATED | RFQ_REMINDED | vendors were reminded |
 * | RFQ_SUBMITTED, RFQ_UPDATED, RFQ_REMINDED | OFFERS_RECEIVED | the first offer came in |
 * | OFFERS_RECEIVED, OFFERS_REVISED, OFFERS_APPROVED | OFFERS_RETURNED | offers sent back to vendors for revision |
 * | OFFERS_RETURNED | OFFERS_REVISED | vendors revised their offers |
 * | OFFERS_RECEIVED, OFFERS_REVISED | OFFERS_APPROVED | the buyer chose offers and sent them for approval |
 * | OFFERS_APPROVED | RFQ_APPROVED, RFQ_REJECTED | the approvers decided |
 * | OFFERS_RECEIVED, OFFERS_REVISED | RFQ_REJECTED | every offer refused |
 * | RFQ_APPROVED | ORDERS_CREATED | orders were raised from the chosen offers |
 * | any status before approval | RFQ_CANCELLED | withdrawn by the buyer |
 *
 * Cancelled, rejected and orders created are terminal.
 */
export const rfqTransitions: TransitionTable<RfqStatus> = {
  RFQ_DRAFTED: ["RFQ_EOI_SENT", "RFQ_SUBMITTED", "RFQ_CANCELLED"],
  RFQ_EOI_SENT: ["RFQ_EOI_CLOSED", "RFQ_CANCELLED"],
  RFQ_EOI_CLOSED: ["RFQ_SUBMITTED", "RFQ_CANCELLED"],
  RFQ_SUBMITTED: ["RFQ_UPDATED", "RFQ_REMINDED", "OFFERS_RECEIVED", "RFQ_CANCELLED"],
  RFQ_UPDATED: ["RFQ_REMINDED", "OFFERS_RECEIVED", "RFQ_CANCELLED"],
  RFQ_REMINDED: ["RFQ_UPDATED", "OFFERS_RECEIVED", "RFQ_CANCELLED"],
  OFFERS_RECEIVED: ["OFFERS_RETURNED", "OFFERS_APPROVED", "RFQ_REJECTED", "RFQ_CANCELLED"],
  OFFERS_RETURNED: ["OFFERS_REVISED", "RFQ_CANCELLED"],
  OFFERS_REVISED: ["OFFERS_RETURNED", "OFFERS_APPROVED", "RFQ_REJECTED", "RFQ_CANCELLED"],
  OFFERS_APPROVED: ["RFQ_APPROVED", "RFQ_REJECTED", "OFFERS_RETURNED"],
  RFQ_APPROVED: ["ORDERS_CREATED"],
  RFQ_REJECTED: [],
  RFQ_CANCELLED: [],
  ORDERS_CREATED: []
}

/** The RFQ status machine; a new RFQ starts drafted. */
export const rfqStatusMachine = makeStatusMachine({
  entity: "rfq",
  statuses: RfqStatus.literals,
  initial: "RFQ_DRAFTED",
  transitions: rfqTransitions
})
