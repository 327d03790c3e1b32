import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Create from "./users/create.ts"
import * as Import from "./users/import.ts"
import * as List from "./users/list.ts"
import * as Reset from "./users/reset.ts"
import * as Status from "./users/status.ts"

/** `tawreed users …`: the organisation's users, for its admins. */
export const register = (parent: Command, run: Runner) => {
  const users = parent.command("users").description("list, add, import, block and unblock your organisation's users")
  for (const command of [List, Create, Import, Status, Reset]) command.register(users, run)
  return users
}
