import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Change from "./budgets/change.ts"
import * as Changes from "./budgets/changes.ts"
import * as Create from "./budgets/create.ts"
import * as List from "./budgets/list.ts"
import * as Review from "./budgets/review.ts"
import * as Status from "./budgets/status.ts"
import * as Summary from "./budgets/summary.ts"

/**
 * `tawreed budgets …`: the workspaces' budgets, how much of each line is spoken for, and the changes of their
 * limits, which their approvers decide.
 */
export const register = (parent: Command, run: Runner) => {
  const budgets = parent
    .command("budgets")
    .description("list, create and activate budgets, show how much of each line is used, and change their limits")
  for (const command of [List, Summary, Create, Status, Change, Changes, Review]) command.register(budgets, run)
  return budgets
}
