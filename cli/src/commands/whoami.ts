import type { Command } from "commander"
import { Effect } from "effect"
import { countText, text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { signedInClient } from "../Session.ts"
import { Settings } from "../Settings.ts"

/** `tawreed whoami`: the signed-in user, their roles and how many privileges they hold. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("whoami")
    .description("show who is signed in at this API, with their roles")
    .action((_options: unknown, command: Command) => run(command, whoami))

const whoami = Effect.gen(function* () {
  const settings = yield* Settings
  const client = yield* signedInClient
  const iam = yield* client.iam()
  const { profile } = iam
  yield* emit(
    () => [
      text("whoami", settings.locale, {
        name: `${profile.firstName} ${profile.lastName}`.trim(),
        email: profile.email,
        apiUrl: settings.apiUrl
      }),
      countText("whoamiRoles", settings.locale, iam.policies.length, {
        roles: profile.roles.map((r) => r.roleName).join(", ")
      })
    ],
    () => ({ profile, policies: iam.policies })
  )
})
