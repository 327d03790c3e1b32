import { Duration, Effect } from "effect"
import { LoginRequest, Sessions, sessionLifetime } from "@tawreed/core/identity"
import { describeError, type Locale, RequestOrigin } from "@tawreed/core/shared"

export interface LoginForm {
  readonly email: string
  readonly password: string
}

/** What the sign-in form says about its fields, by field; empty when the form may be sent. */
export interface LoginFieldErrors {
  readonly email?: "emailRequired" | "emailInvalid"
  readonly password?: "passwordRequired"
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Checks the form before any sign-in is tried. */
export const validateLogin = (form: LoginForm): LoginFieldErrors => {
  const email = form.email.trim()
  const emailError = email.length === 0 ? "emailRequired" : emailPattern.test(email) ? undefined : "emailInvalid"
  return {
    ...(emailError ? { email: emailError } : {}),
    ...(form.password.length === 0 ? { password: "passwordRequired" as const } : {})
  }
}

/** The browser session's cookie lifetime, in seconds: the same as the session's own. */
export const sessionCookieMaxAge = Math.floor(Duration.toSeconds(sessionLifetime("web")))

/** What a sign-in comes to: a session, the MFA step (its code already sent), or the catalogue's refusal. */
export type SignInOutcome =
  | { readonly ok: true; readonly token: string }
  | { readonly ok: "mfa" }
  | ({ readonly ok: false } & ReturnType<typeof describeError>)

const refusal = (locale: Locale) => (error: unknown) =>
  Effect.succeed({ ok: false as const, ...describeError(error, locale) })

/** Signs in; with MFA on the account, sends the code and answers that the second step is next. */
export const signIn = (form: LoginForm, locale: Locale, address: string | null) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const origin = new RequestOrigin({ address })
    const email = form.email.trim()
    const response = yield* sessions.login(
      new LoginRequest({ email, password: form.password, platform: "web" }),
      origin,
      locale
    )
    if (response.mfa) {
      yield* sessions.sendMfaCode(email, locale, origin)
      return { ok: "mfa" as const }
    }
    return { ok: true as const, token: response.accessToken }
  }).pipe(Effect.catch(refusal(locale)))

/** The MFA step: checks the emailed code and opens the session. */
export const verifyMfa = (email: string, code: string, locale: Locale, address: string | null) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const response = yield* sessions.verifyMfa(email.trim(), code.trim(), new RequestOrigin({ address }))
    return { ok: true as const, token: response.accessToken }
  }).pipe(Effect.catch(refusal(locale)))

/** The session cookie: HttpOnly, SameSite=Lax, for the session's lifetime. */
export const sessionCookieOptions = (url: URL) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: url.protocol === "https:",
  maxAge: sessionCookieMaxAge
})

/** Ends a session; signing out twice, or with an unknown token, is harmless. */
export const signOut = (token: string) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    yield* sessions.logout(token)
  })
