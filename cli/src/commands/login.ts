import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput } from "@tawreed/core/shared"
import { CredentialStore } from "../Credentials.ts"
import { text } from "../Messages.ts"
import { emit } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { clientWith } from "../Session.ts"
import { Settings } from "../Settings.ts"

const LoginOptions = Schema.Struct({
  email: Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty()),
  password: Schema.String.check(Schema.isNonEmpty())
})

/** `tawreed login --email --password`: signs in and keeps the token for this API address. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("login")
    .description("sign in and keep the session for this API")
    .requiredOption("--email <email>", "the account's email address")
    .requiredOption("--password <password>", "the account's password")
    .action((options: unknown, command: Command) => run(command, login(options)))

const login = (options: unknown) =>
  Effect.gen(function* () {
    const settings = yield* Settings
    const { email, password } = yield* Schema.decodeUnknownEffect(LoginOptions)(trimEmail(options)).pipe(
      Effect.mapError(
        () => new InvalidInput({ detail: text("emptyOption", settings.locale, { option: "--email/--password" }) })
      )
    )
    const client = yield* clientWith(undefined)
    // The CLI signs in as a native client does, so its session lasts as long as the mobile app's.
    const response = yield* client.login({ email, password, platform: "mobile" })
    yield* (yield* CredentialStore).save(settings.apiUrl, {
      email,
      accessToken: response.accessToken,
      signedInAt: new Date().toISOString()
    })
    yield* emit(
      () => [text("signedIn", settings.locale, { email, apiUrl: settings.apiUrl })],
      () => ({ email, apiUrl: settings.apiUrl, signedIn: true })
    )
  })

const trimEmail = (options: unknown) => {
  const { email, password } = options as { email?: unknown; password?: unknown }
  return { email: typeof email === "string" ? email.trim() : email, password }
}
