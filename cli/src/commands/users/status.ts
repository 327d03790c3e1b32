import type { Command } from "commander"
import { Effect } from "effect"
import { UserStatusChange } from "@tawreed/core/identity"
import { type MessageKey, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { userIdOf } from "./Lookup.ts"

/** `tawreed users block <user>` and `tawreed users unblock <user>`: ends or restores a user's access. */
export const register = (parent: Command, run: Runner) => {
  parent
    .command("block")
    .argument("<user>", "the user's email or id")
    .description("block a user: their sessions end at once and they cannot sign in")
    .action((user: string, _options: unknown, command: Command) =>
      run(command, change(user, new UserStatusChange({ status: "INACTIVE", blocked: true })))
    )
  return parent
    .command("unblock")
    .argument("<user>", "the user's email or id")
    .description("make a blocked or inactive user active again")
    .action((user: string, _options: unknown, command: Command) =>
      run(command, change(user, new UserStatusChange({ status: "ACTIVE" })))
    )
}

const change = (user: string, status: UserStatusChange) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const changed = yield* client.users.setStatus(yield* userIdOf(client, user), status)
    yield* emit(
      () => [
        `${changed.message}: ${changed.user.email} (${text(`userStatus${changed.user.status}` as MessageKey, locale)})`
      ],
      () => changed.user
    )
  })
