import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of an RFP, the two-envelope proposal request (SPEC.md §4 lists the values). */
export const RfpStatus = Schema.Literals([
  "RFP_DRAFTED",
  "RFP_EXPRESSION_OF_INTEREST",
  "RFP_SUBMITTED",
  "RESPONSES_RECEIVED",
  "RESPONSES_REVISED",
  "RFP_PENDING_APPROVAL",
  "RESPONSES_APPROVED",
  "RESPONSES_REJECTED"
])
export type RfpStatus = typeof RfpStatus.Type

/**
 * How an RFP moves, after Odoo's two-step tenders: technical scoring is submitted, then approved, and only then
 * does commercial evaluation follow (SPEC.md §4).
 *
 * | from | to | why |
 * |---|---|---|
 * | RFP_DRAFTED | RFP_EXPRESSION_OF_INTEREST | vendors are first asked to express interest |
 * | RFP_DRAFTED, RFP_EXPRESSION_OF_INTEREST | RFP_SUBMITTED | sent to the vendors |
 * | RFP_SUBMITTED | RESPONSES_RECEIVED | responses came in |
 * | RESPONSES_RECEIVED | RESPONSES_REVISED | vendors revised their responses |
 * | RESPONSES_RECEIVED, RESPONSES_REVISED | RFP_PENDING_APPROVAL | technical scoring submitted for approval |
 * | RFP_PENDING_APPROVAL | RESPONSES_RECEIVED | scoring returned to the evaluators |
 * | RFP_PENDING_APPROVAL | RESPONSES_APPROVED | technical approval given; commercial evaluation follows |
 * | RESPONSES_RECEIVED, RESPONSES_REVISED, RFP_PENDING_APPROVAL | RESPONSES_REJECTED | the responses were refused |
 *
 * Approved and rejected are terminal.
 */
export const rfpTransitions: TransitionTable<RfpStatus> = {
  RFP_DRAFTED: ["RFP_EXPRESSION_OF_INTEREST", "RFP_SUBMITTED"],
  RFP_EXPRESSION_OF_INTEREST: ["RFP_SUBMITTED"],
  RFP_SUBMITTED: ["RESPONSES_RECEIVED"],
  RESPONSES_RECEIVED: ["RESPONSES_REVISED", "RFP_PENDING_APPROVAL", "RESPONSES_REJECTED"],
  RESPONSES_REVISED: ["RFP_PENDING_APPROVAL", "RESPONSES_REJECTED"],
  RFP_PENDING_APPROVAL: ["RESPONSES_RECEIVED", "RESPONSES_APPROVED", "RESPONSES_REJECTED"],
  RESPONSES_APPROVED: [],
  RESPONSES_REJECTED: []
}

/** The RFP status machine; a new RFP starts drafted. */
export const rfpStatusMachine = makeStatusMachine({
  entity: "rfp",
  statuses: RfpStatus.literals,
  initial: "RFP_DRAFTED",
  transitions: rfpTransitions
})
