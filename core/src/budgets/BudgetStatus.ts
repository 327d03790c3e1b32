import { Schema } from "effect"
import { makeStatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"

/** The statuses of a budget (SPEC.md §4). */
export const BudgetStatus = Schema.Literals(["BUDGETED", "ACTIVE", "INACTIVE"])
export type BudgetStatus = typeof BudgetStatus.Type

/**
 * A budget is planned (BUDGETED), then put in force (ACTIVE); like ERPNext's Budget and Odoo's budget lines it
 * can be switched off and on again, so no status is terminal.
 */
export const budgetTransitions: TransitionTable<BudgetStatus> = {
  BUDGETED: ["ACTIVE"],
  ACTIVE: ["INACTIVE"],
  INACTIVE: ["ACTIVE"]
}

/** The budget status machine; a new budget starts budgeted. */
export const budgetStatusMachine = makeStatusMachine({
  entity: "budget",
  statuses: BudgetStatus.literals,
  initial: "BUDGETED",
  transitions: budgetTransitions
})
