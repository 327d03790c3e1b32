import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as List from "./workflows/list.ts"
import * as Save from "./workflows/save.ts"
import * as Show from "./workflows/show.ts"

/** `tawreed workflows …`: the approval workflows of workspaces and of the organisation. */
export const register = (parent: Command, run: Runner) => {
  const workflows = parent
    .command("workflows")
    .description("list, show and save approval workflows: their levels, approvers and criteria")
  for (const command of [List, Show, Save]) command.register(workflows, run)
  return workflows
}
