import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as List from "./budgets/list.ts"
import * as Summary from "./budgets/summary.ts"

/** `tawreed budgets …`: the workspaces' budgets and how much of each line is spoken for. */
export const register = (parent: Command, run: Runner) => {
  const budgets = parent.command("budgets").description("list budgets and show how much of each line is used")
  for (const command of [List, Summary]) command.register(budgets, run)
  return budgets
}
