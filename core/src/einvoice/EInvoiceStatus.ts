import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of an e-invoice (SPEC.md §4 lists the values). */
export const EInvoiceStatus = Schema.Literals([
  "DRAFTED",
  "ORG_VALIDATION_FAILED",
  "PENDING_GENERATION",
  "VALIDATED",
  "FAILED"
])
export type EInvoiceStatus = typeof EInvoiceStatus.Type

/**
 * How an e-invoice moves, after ERPNext's and Odoo's ZATCA integrations: the organisation's own data is checked
 * first, then the invoice is generated and cleared by the tax authority.
 *
 * | from | to | why |
 * |---|---|---|
 * | DRAFTED | ORG_VALIDATION_FAILED | the organisation's tax data is incomplete |
 * | ORG_VALIDATION_FAILED | DRAFTED | corrected by the user |
 * | DRAFTED, ORG_VALIDATION_FAILED | PENDING_GENERATION | sent for generation |
 * | PENDING_GENERATION | VALIDATED, FAILED | the tax authority answered |
 * | FAILED | PENDING_GENERATION, DRAFTED | retried, or opened for correction |
 *
 * A validated e-invoice is terminal: the authority holds it, and a correction is a new credit or debit note.
 */
export const eInvoiceTransitions: TransitionTable<EInvoiceStatus> = {
  DRAFTED: ["ORG_VALIDATION_FAILED", "PENDING_GENERATION"],
  ORG_VALIDATION_FAILED: ["DRAFTED", "PENDING_GENERATION"],
  PENDING_GENERATION: ["VALIDATED", "FAILED"],
  FAILED: ["PENDING_GENERATION", "DRAFTED"],
  VALIDATED: []
}

/** The e-invoice status machine; a new e-invoice starts drafted. */
export const eInvoiceStatusMachine = makeStatusMachine({
  entity: "e-invoice",
  statuses: EInvoiceStatus.literals,
  initial: "DRAFTED",
  transitions: eInvoiceTransitions
})
