import type { Command } from "commander"
import { Effect } from "effect"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"

/** `tawreed notifications read-all`: marks every notification as read. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("read-all")
    .description("mark all your notifications as read")
    .action((_options: unknown, command: Command) => run(command, readAll))

const readAll = Effect.gen(function* () {
  const { locale } = yield* Settings
  const client = yield* signedInClient
  yield* client.notifications.readAll()
  yield* emit(
    () => [text("markedAllRead", locale)],
    () => ({ status: "READ" })
  )
})
