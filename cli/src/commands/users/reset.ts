import type { Command } from "commander"
import { Effect } from "effect"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { userIdOf } from "./Lookup.ts"

/** `tawreed users reset <user>`: mails the user a code to set a new password with. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("reset")
    .argument("<user>", "the user's email or id")
    .description("send a user a password reset by email")
    .action((user: string, _options: unknown, command: Command) => run(command, reset(user)))

const reset = (user: string) =>
  Effect.gen(function* () {
    const client = yield* signedInClient
    const answer = yield* client.users.resetPassword(yield* userIdOf(client, user))
    yield* emit(
      () => [answer.message],
      () => answer
    )
  })
