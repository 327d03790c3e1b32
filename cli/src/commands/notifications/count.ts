import type { Command } from "commander"
import { Effect } from "effect"
import { Output } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"

/** `tawreed notifications count`: the unread count as a bare number, for scripts (it is valid JSON too). */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("count")
    .description("print how many notifications are unread")
    .action((_options: unknown, command: Command) => run(command, count))

const count = Effect.gen(function* () {
  const client = yield* signedInClient
  const unread = yield* client.notifications.countUnread()
  yield* (yield* Output).stdout(`${unread}\n`)
})
