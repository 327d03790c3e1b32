import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Create from "./workspaces/create.ts"
import * as List from "./workspaces/list.ts"
import * as Review from "./workspaces/review.ts"
import * as Submit from "./workspaces/submit.ts"

/** `tawreed workspaces …`: the organisation's workspaces and their approval. */
export const register = (parent: Command, run: Runner) => {
  const workspaces = parent
    .command("workspaces")
    .description("list and create workspaces, submit them for approval and review them")
  for (const command of [List, Create, Submit, Review]) command.register(workspaces, run)
  return workspaces
}
