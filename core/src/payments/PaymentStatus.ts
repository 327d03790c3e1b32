import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of a payment (SPEC.md §4). */
export const PaymentStatus = Schema.Literals(["PAYMENT_DRAFTED", "PAYMENT_SUBMITTED"])
export type PaymentStatus = typeof PaymentStatus.Type

/**
 * A payment is drafted, then submitted; like ERPNext's Payment Entry, a submitted payment is never changed — a
 * mistake is corrected by a new, reversing entry.
 */
export const paymentTransitions: TransitionTable<PaymentStatus> = {
  PAYMENT_DRAFTED: ["PAYMENT_SUBMITTED"],
  PAYMENT_SUBMITTED: []
}

/** The payment status machine; a new payment starts drafted. */
export const paymentStatusMachine = makeStatusMachine({
  entity: "payment",
  statuses: PaymentStatus.literals,
  initial: "PAYMENT_DRAFTED",
  transitions: paymentTransitions
})
