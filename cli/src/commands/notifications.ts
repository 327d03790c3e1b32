import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Count from "./notifications/count.ts"
import * as List from "./notifications/list.ts"
import * as ReadAll from "./notifications/read-all.ts"
import * as Read from "./notifications/read.ts"

/** `tawreed notifications …`: the signed-in user's notification centre. */
export const register = (parent: Command, run: Runner) => {
  const notifications = parent.command("notifications").description("read and clear your notifications")
  for (const command of [List, Count, Read, ReadAll]) command.register(notifications, run)
  return notifications
}
