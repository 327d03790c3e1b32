import { Duration, Effect } from "effect"
import { LoginRequest, Sessions, sessionLifetime } from "@tawreed/core/identity"
import { describeError, type Locale } from "@tawreed/core/shared"

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

/** Signs in; answers the access token, or the catalogue's code and message in the page's language. */
export const signIn = (form: LoginForm, locale: Locale) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const response = yield* sessions.login(
      new LoginRequest({ email: form.email.trim(), password: form.password, platform: "web" })
    )
    return { ok: true as const, token: response.accessToken }
  }).pipe(Effect.catch((error) => Effect.succeed({ ok: false as const, ...describeError(error, locale) })))

/** Ends a session; signing out twice, or with an unknown token, is harmless. */
export const signOut = (token: string) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    yield* sessions.logout(token)
  })
