import { Effect, Option } from "effect"
import { make, type TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { SessionRequired } from "@tawreed/core/identity"
import { CredentialStore, type CredentialsUnavailable } from "./Credentials.ts"
import { Settings } from "./Settings.ts"

/** A client for the chosen API, in the chosen language, with a token when one is given. */
export const clientWith = (token: string | undefined) =>
  Effect.flatMap(Effect.service(Settings), (settings) =>
    make({ baseUrl: settings.apiUrl, token, language: settings.locale, fetch: settings.fetch })
  )

/** A client signed in with the session kept for the chosen API; without one, the command stops before any call. */
export const signedInClient: Effect.Effect<
  TawreedClientShape,
  SessionRequired | CredentialsUnavailable,
  Settings | CredentialStore
> = Effect.gen(function* () {
  const settings = yield* Settings
  const saved = yield* (yield* CredentialStore).get(settings.apiUrl)
  if (Option.isNone(saved)) return yield* new SessionRequired()
  return yield* clientWith(saved.value.accessToken)
})
