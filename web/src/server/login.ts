import { Duration, Effect } from "effect"
import { LoginRequest, loginFailures, Sessions, sessionLifetime } from "@tawreed/core/identity"
import { describeError, type Locale, RequestOrigin } from "@tawreed/core/shared"

export interface LoginForm {
  readonly email: string
  readonly password: string
  /** The deployment signs in by phone number: the first field takes the phone's digits. */
  readonly phoneLogin?: boolean
}

/** What the sign-in form says about its fields, by field; empty when the form may be sent. */
export interface LoginFieldErrors {
  readonly email?: "emailRequired" | "emailInvalid" | "phoneRequired" | "phoneInvalid"
  readonly password?: "passwordRequired"
}

/** Checks the form with the core's sign-in rules (SPEC.md §5) before any sign-in is tried. */
export const validateLogin = (form: LoginForm): LoginFieldErrors => {
  const failures = loginFailures({
    email: form.email,
    phone: form.email,
    password: form.password,
    phoneLogin: form.phoneLogin === true
  })
  const identifier = failures.find((f) => f !== "passwordRequired" && f !== "captchaRequired")
  return {
    ...(identifier ? { email: identifier as NonNullable<LoginFieldErrors["email"]> } : {}),
    ...(failures.includes("passwordRequired") ? { password: "passwordRequired" as const } : {})
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

/**
 * The session cookie: HttpOnly, SameSite=Lax, for the session's lifetime, and Secure whenever the client reached
 * the site over https (directly or through a trusted proxy, see `locals.client`).
 */
export const sessionCookieOptions = (https: boolean) => ({
  httpOnly: true,
  sameSite: "lax" as const,
  path: "/",
  secure: https,
  maxAge: sessionCookieMaxAge
})

/** Ends a session; signing out twice, or with an unknown token, is harmless. */
export const signOut = (token: string) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    yield* sessions.logout(token)
  })
