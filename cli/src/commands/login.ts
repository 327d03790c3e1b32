import type { Command } from "commander"
import { Effect, Option, Schema } from "effect"
import type { LoginResponse } from "@tawreed/core/identity"
import { InvalidInput } from "@tawreed/core/shared"
import { CredentialStore } from "../Credentials.ts"
import { text } from "../Messages.ts"
import { emit, Output } from "../Output.ts"
import type { Runner } from "../Runner.ts"
import { clientWith } from "../Session.ts"
import { Settings } from "../Settings.ts"

const LoginOptions = Schema.Struct({
  email: Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty()),
  password: Schema.optional(Schema.String.check(Schema.isNonEmpty())),
  code: Schema.optional(Schema.String.check(Schema.isNonEmpty()))
})

/**
 * `tawreed login --email --password`: signs in and keeps the token for this API address. For an account with MFA
 * the emailed security code is asked for at the terminal; without a terminal the command says how to finish with
 * `tawreed login --email … --code …`.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("login")
    .description("sign in and keep the session for this API")
    .requiredOption("--email <email>", "the account's email address")
    .option("--password <password>", "the account's password")
    .option("--code <code>", "the emailed security code, to finish a sign-in with MFA")
    .action((options: unknown, command: Command) => run(command, login(options)))

const login = (options: unknown) =>
  Effect.gen(function* () {
    const settings = yield* Settings
    const input = yield* Schema.decodeUnknownEffect(LoginOptions)(trimEmail(options)).pipe(
      Effect.mapError(
        () => new InvalidInput({ detail: text("emptyOption", settings.locale, { option: "--email/--password" }) })
      )
    )
    const { email } = input
    const client = yield* clientWith(undefined)
    const keep = (response: LoginResponse) =>
      Effect.gen(function* () {
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

    if (input.code !== undefined) return yield* keep(yield* client.mfa.verify(email, input.code))
    if (input.password === undefined) {
      return yield* new InvalidInput({ detail: text("emptyOption", settings.locale, { option: "--password" }) })
    }
    // The CLI signs in as a native client does, so its session lasts as long as the mobile app's.
    const response = yield* client.login({ email, password: input.password, platform: "mobile" })
    if (!response.mfa) return yield* keep(response)

    const sent = yield* client.mfa.requestCode(email)
    const output = yield* Output
    yield* output.stderr(`${sent.message} (${sent.email})\n`)
    const answer = yield* output.ask(text("codePrompt", settings.locale))
    if (Option.isNone(answer)) {
      return yield* emit(
        () => [text("finishWithCode", settings.locale, { email })],
        () => ({ email, apiUrl: settings.apiUrl, signedIn: false, mfa: true, codeSentTo: sent.email })
      )
    }
    return yield* keep(yield* client.mfa.verify(email, answer.value))
  })

const trimEmail = (options: unknown) => {
  const { email, password, code } = options as { email?: unknown; password?: unknown; code?: unknown }
  return {
    email: typeof email === "string" ? email.trim() : email,
    ...(password === undefined ? {} : { password }),
    ...(code === undefined ? {} : { code: typeof code === "string" ? code.trim() : code })
  }
}
