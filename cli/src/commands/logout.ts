import type { Command } from "commander"
import { Effect, Option } from "effect"
import { CredentialStore } from "../Credentials.ts"
import { text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { clientWith } from "../Session.ts"
import { Settings } from "../Settings.ts"

/** `tawreed logout`: ends the session on the API, then forgets its token. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("logout")
    .description("end the session on the API and forget its token")
    .action((_options: unknown, command: Command) => run(command, logout))

const logout = Effect.gen(function* () {
  const settings = yield* Settings
  const store = yield* CredentialStore
  const saved = yield* store.get(settings.apiUrl)
  if (Option.isSome(saved)) {
    const client = yield* clientWith(saved.value.accessToken)
    // A session the API no longer knows is as good as ended; anything else keeps the token for another try.
    yield* client.logout().pipe(
      Effect.catchIf(
        (error) => error._tag === "ApiFailure" && error.status === 401,
        () => Effect.void
      )
    )
    yield* store.remove(settings.apiUrl)
  }
  const key = Option.isSome(saved) ? "signedOut" : "notSignedIn"
  yield* emit(
    () => [text(key, settings.locale, { apiUrl: settings.apiUrl })],
    () => ({ apiUrl: settings.apiUrl, signedOut: true })
  )
})
