import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** Whether goods of a delivery note have arrived (SPEC.md §4). */
export const DeliveryStatus = Schema.Literals(["NOT_DELIVERED", "DELIVERED"])
export type DeliveryStatus = typeof DeliveryStatus.Type

/** A delivery arrives once; a wrong receipt is corrected by a return, as ERPNext's Purchase Receipt does. */
export const deliveryTransitions: TransitionTable<DeliveryStatus> = {
  NOT_DELIVERED: ["DELIVERED"],
  DELIVERED: []
}

/** The delivery status machine; a delivery starts not delivered. */
export const deliveryStatusMachine = makeStatusMachine({
  entity: "delivery",
  statuses: DeliveryStatus.literals,
  initial: "NOT_DELIVERED",
  transitions: deliveryTransitions
})
