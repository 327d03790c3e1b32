import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { Mailer } from "../mail/Mailer.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import { AuditEvent, AuditLog, type AuditEventName, RequestOrigin } from "../shared/AuditLog.ts"
import { messageFor } from "../shared/ErrorCatalogue.ts"
import { interpolate, type Locale, type Translated } from "../shared/Locale.ts"
import { Throttle } from "../shared/Throttle.ts"
import { accountPolicy, passwordAge } from "./AccountPolicy.ts"
import { AccountSecurity, SecurityCode } from "./AccountSecurity.ts"
import {
  OrgExpired,
  PasswordExpired,
  SecurityCodeAttemptsExceeded,
  SecurityCodeExpired,
  SecurityCodeInvalid,
  TooManyAttempts
} from "./AccountSecurityErrors.ts"
import { Actor } from "./Actor.ts"
import { AccountBlocked, AccountInactive, InvalidCredentials, OrgInactive, SessionRequired } from "./IdentityErrors.ts"
import { maskEmail } from "./ForgotPasswordRules.ts"
import { isPhoneDigits } from "./LoginRules.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { Platform, Session, sessionLifetime } from "./Session.ts"
import { SessionRepository } from "./SessionRepository.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { normaliseEmail, type User, type UserCredentials } from "./User.ts"
import { UserRepository } from "./UserRepository.ts"

/** The login request of SPEC.md §3. */
export class LoginRequest extends Schema.Class<LoginRequest>("LoginRequest")({
  email: Schema.String,
  password: Schema.String,
  platform: Schema.optionalKey(Platform)
}) {}

/** The login response of SPEC.md §3. With `mfa: true` the tokens are empty until the emailed code is verified. */
export class LoginResponse extends Schema.Class<LoginResponse>("LoginResponse")({
  accessToken: Schema.String,
  dashboardToken: Schema.String,
  mfa: Schema.Boolean,
  accountSecurityMessage: Schema.NullOr(Schema.String)
}) {}

/** What a request for a security code answers, whether or not the email has an account (SPEC.md §8 E1018, E1019). */
export class CodeSent extends Schema.Class<CodeSent>("CodeSent")({
  code: Schema.Literals(["E1018", "E1019"]),
  message: Schema.String,
  email: Schema.String
}) {}

export type LoginError =
  InvalidCredentials | AccountBlocked | AccountInactive | OrgInactive | OrgExpired | PasswordExpired | TooManyAttempts

export type CodeError = SecurityCodeInvalid | SecurityCodeExpired | SecurityCodeAttemptsExceeded

/** Sign-in (with MFA where the account asks for it), sign-out and resolving a token to the actor behind it. */
export interface SessionsShape {
  /** Signs in with email and password: opens a session, or starts the MFA step when the account has MFA on. */
  readonly login: (
    request: LoginRequest,
    origin?: RequestOrigin,
    locale?: Locale
  ) => Effect.Effect<LoginResponse, LoginError>
  /** Sends (again) the MFA code of the email's pending sign-in; answers alike whether or not there is one. */
  readonly sendMfaCode: (email: string, locale: Locale, origin?: RequestOrigin) => Effect.Effect<CodeSent>
  /** Verifies the MFA code of the email's pending sign-in and opens its session. */
  readonly verifyMfa: (email: string, code: string, origin?: RequestOrigin) => Effect.Effect<LoginResponse, CodeError>
  /**
   * Opens a session for a user another proof of identity has already established (single sign-on): the account's
   * and organisation's state are checked as at any sign-in; the password plays no part.
   */
  readonly openFor: (
    orgId: string,
    userId: string,
    platform: Platform,
    origin: RequestOrigin,
    detail: Record<string, string>
  ) => Effect.Effect<LoginResponse, LoginError>
  /** Ends the session of an access token. */
  readonly logout: (token: string, origin?: RequestOrigin) => Effect.Effect<void>
  /** The actor behind an access token, or SessionRequired. */
  readonly authenticate: (token: string | undefined) => Effect.Effect<Actor, SessionRequired>
}

const noOrigin = new RequestOrigin({ address: null })

/** Use cases: sessions. */
export class Sessions extends Context.Service<Sessions, SessionsShape>()("@tawreed/core/identity/Sessions") {
  static readonly layer = Layer.effect(
    Sessions,
    Effect.gen(function* () {
      const users = yield* UserRepository
      const sessions = yield* SessionRepository
      const hasher = yield* PasswordHasher
      const tokens = yield* SessionTokens
      const security = yield* AccountSecurity
      const throttle = yield* Throttle
      const audit = yield* AuditLog
      const mailer = yield* Mailer

      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const record = (
        event: AuditEventName,
        origin: RequestOrigin,
        who: { readonly orgId?: string; readonly userId?: string } = {},
        detail: Record<string, string> = {}
      ) =>
        audit.record(
          new AuditEvent({
            orgId: who.orgId ?? null,
            actorId: who.userId ?? null,
            event,
            address: origin.address,
            detail
          })
        )
      const addressKey = (origin: RequestOrigin) => `sign-in-failures:${origin.address ?? "unknown"}`

      const openSession = Effect.fn("Sessions.openSession")(function* (user: User, platform: Platform) {
        const access = yield* tokens.issue
        const dashboard = yield* tokens.issue
        const at = yield* now
        yield* sessions.create(
          new Session({
            id: yield* tokens.newId,
            orgId: user.orgId,
            userId: user.id,
            platform,
            tokenHash: access.hash,
            dashboardTokenHash: dashboard.hash,
            createdAt: at,
            expiresAt: new Date(at.getTime() + Duration.toMillis(sessionLifetime(platform)))
          })
        )
        return { accessToken: access.token, dashboardToken: dashboard.token }
      })

      /** The account's state, checked once the password (or another proof) is known to be right. */
      const admit = Effect.fn("Sessions.admit")(function* (credentials: UserCredentials, at: Date) {
        const { user } = credentials
        if (!credentials.orgActive) return yield* new OrgInactive()
        if (credentials.orgExpiresAt !== null && credentials.orgExpiresAt <= at) return yield* new OrgExpired()
        if (user.status === "BLOCKED") return yield* new AccountBlocked()
        if (user.status !== "ACTIVE") return yield* new AccountInactive()
        const age = passwordAge(credentials.passwordChangedAt, at, credentials.passwordMaxAgeDays)
        if (age === "expired") return yield* new PasswordExpired()
        return age
      })

      const login = Effect.fn("Sessions.login")(function* (
        request: LoginRequest,
        origin: RequestOrigin = noOrigin,
        locale: Locale = "en"
      ) {
        const at = yield* now
        const address = addressKey(origin)
        // Every limit is claimed before any password is compared, so that a burst of sign-ins arriving together
        // cannot all pass a count that none of them has yet added to.
        if (!(yield* throttle.take(address, accountPolicy.addressWindow, accountPolicy.addressFailures))) {
          yield* record("sign_in.throttled", origin)
          return yield* new TooManyAttempts({ minutes: Duration.toMinutes(accountPolicy.addressWindow) })
        }
        // Digits alone are a phone number, which finds an account only where its organisation signs in by phone.
        const identifier = request.email.trim()
        const found = isPhoneDigits(identifier)
          ? yield* users.findCredentialsByPhone(identifier)
          : yield* users.findCredentials(normaliseEmail(identifier))
        const who = Option.match(found, {
          onNone: () => ({}),
          onSome: (c) => ({ orgId: c.user.orgId, userId: c.user.id })
        })
        const hash = Option.match(found, { onNone: () => undefined, onSome: (c) => c.passwordHash })
        const claimed = Option.isNone(found)
          ? true
          : yield* security.claimSignInAttempt(found.value.user.orgId, found.value.user.id, at)
        if (!claimed) {
          // A locked account's password is not compared at all: saying "locked" to the right password only would
          // tell a guesser which guess was right, and let guessing go on through the lock. It answers as a wrong
          // password does, in the same time; its owner gets in again once the lock ends, or at once by resetting
          // the password (which lifts the lock), or when an admin sets the account active again.
          yield* throttle.release(address)
          yield* hasher.verify(undefined, request.password)
          yield* record("sign_in.locked", origin, who)
          return yield* new InvalidCredentials()
        }
        // Every wrong password costs the same time and says the same, whether or not the email has an account.
        const matches = yield* hasher.verify(hash, request.password)
        if (Option.isNone(found) || !matches) {
          yield* record("sign_in.failed", origin, who)
          return yield* new InvalidCredentials()
        }
        // The right password: the address's claim and the account's are given back, and any lock lifted.
        yield* throttle.release(address)
        yield* security.recordSignIn(found.value.user.orgId, found.value.user.id)
        const credentials = found.value
        const age = yield* admit(credentials, at).pipe(
          Effect.tapError((refusal) => record("sign_in.refused", origin, who, { reason: refusal._tag }))
        )
        const platform = request.platform ?? "web"
        if (credentials.mfaEnabled) {
          // The sign-in attempt is the MFA code's record: its code is sent when the client asks for it.
          yield* security.saveCode(
            new SecurityCode({
              id: yield* tokens.newId,
              orgId: credentials.user.orgId,
              userId: credentials.user.id,
              purpose: "mfa",
              platform,
              codeHash: null,
              attempts: 0,
              sends: 0,
              verifiedAt: null,
              sentAt: null,
              expiresAt: new Date(at.getTime() + Duration.toMillis(accountPolicy.securityCodeLifetime))
            })
          )
          return new LoginResponse({ accessToken: "", dashboardToken: "", mfa: true, accountSecurityMessage: null })
        }
        const opened = yield* openSession(credentials.user, platform)
        yield* record("sign_in.succeeded", origin, who, { platform })
        return new LoginResponse({
          ...opened,
          mfa: false,
          accountSecurityMessage: age === "nearingExpiry" ? messageFor("E1008", locale) : null
        })
      })

      const sendMfaCode = Effect.fn("Sessions.sendMfaCode")(function* (
        email: string,
        locale: Locale,
        origin: RequestOrigin = noOrigin
      ) {
        const at = yield* now
        const answer = (code: "E1018" | "E1019") =>
          new CodeSent({ code, message: messageFor(code, locale), email: maskEmail(email) })
        const found = yield* users.findCredentials(normaliseEmail(email))
        if (Option.isNone(found)) return answer("E1018")
        const { user } = found.value
        const pending = yield* security.openCode(user.orgId, user.id, "mfa")
        if (Option.isNone(pending) || pending.value.expiresAt <= at) return answer("E1018")
        const code = yield* tokens.newCode
        // Not sent within the last minute and not sent too often: checked and claimed in one step, so requests
        // arriving together send one mail.
        const claimed = yield* security.claimCodeSend(user.orgId, pending.value.id, {
          codeHash: yield* tokens.digest(code),
          at,
          sentBefore: new Date(at.getTime() - Duration.toMillis(accountPolicy.resendAfter) + 1),
          maxSends: accountPolicy.securityCodeSends,
          expiresAt: new Date(at.getTime() + Duration.toMillis(accountPolicy.securityCodeLifetime))
        })
        if (!claimed) return answer("E1019")
        yield* mailer.send(securityCodeMail(user, code, locale)).pipe(Effect.orDie)
        yield* record("mfa.code_sent", origin, { orgId: user.orgId, userId: user.id })
        return answer("E1018")
      })

      const verifyMfa = Effect.fn("Sessions.verifyMfa")(function* (
        email: string,
        code: string,
        origin: RequestOrigin = noOrigin
      ) {
        const found = yield* users.findCredentials(normaliseEmail(email))
        if (Option.isNone(found)) return yield* new SecurityCodeInvalid()
        const { user } = found.value
        const attempt = yield* checkCode(security, tokens, user, "mfa", code, yield* now).pipe(
          Effect.tapError((failure) =>
            record("mfa.failed", origin, { orgId: user.orgId, userId: user.id }, { reason: failure._tag })
          )
        )
        // Two tries with the right code at once: only the one that closes it signs in.
        if (!(yield* security.closeCode(user.orgId, attempt.id))) return yield* new SecurityCodeInvalid()
        yield* security.recordSignIn(user.orgId, user.id)
        const opened = yield* openSession(user, attempt.platform)
        yield* record("sign_in.succeeded", origin, { orgId: user.orgId, userId: user.id }, { mfa: "true" })
        return new LoginResponse({ ...opened, mfa: false, accountSecurityMessage: null })
      })

      const openFor = Effect.fn("Sessions.openFor")(function* (
        orgId: string,
        userId: string,
        platform: Platform,
        origin: RequestOrigin,
        detail: Record<string, string>
      ) {
        const user = yield* users.findById(orgId as User["orgId"], userId as User["id"])
        const credentials = Option.isSome(user)
          ? yield* users.findCredentials(normaliseEmail(user.value.email))
          : Option.none()
        if (Option.isNone(credentials)) return yield* new AccountInactive()
        const at = yield* now
        // The password's age is the password's business; a sign-in without it is not held back by it.
        yield* admit({ ...credentials.value, passwordMaxAgeDays: null }, at)
        yield* security.recordSignIn(credentials.value.user.orgId, credentials.value.user.id)
        const opened = yield* openSession(credentials.value.user, platform)
        yield* record("sign_in.succeeded", origin, { orgId, userId }, detail)
        return new LoginResponse({ ...opened, mfa: false, accountSecurityMessage: null })
      })

      const logout = Effect.fn("Sessions.logout")(function* (token: string, origin: RequestOrigin = noOrigin) {
        const actor = yield* Effect.option(authenticate(token))
        yield* sessions.revoke(yield* tokens.digest(token))
        if (Option.isSome(actor)) {
          yield* record("sign_out", origin, { orgId: actor.value.orgId, userId: actor.value.userId })
        }
      })

      const authenticate = Effect.fn("Sessions.authenticate")(function* (token: string | undefined) {
        if (token === undefined || token.length === 0) return yield* new SessionRequired()
        const actor = yield* sessions.findActor(yield* tokens.digest(token), yield* now)
        if (Option.isNone(actor)) return yield* new SessionRequired()
        return actor.value
      })

      return Sessions.of({ login, sendMfaCode, verifyMfa, openFor, logout, authenticate })
    })
  )
}

/**
 * Checks a code against the open code of a user and purpose: expired codes, burned codes and wrong codes are each
 * their own error, and every try counts towards burning it.
 */
export const checkCode = Effect.fn("Sessions.checkCode")(function* (
  security: AccountSecurity["Service"],
  tokens: SessionTokens["Service"],
  user: User,
  purpose: "mfa" | "reset",
  code: string,
  at: Date
) {
  const open = yield* security.openCode(user.orgId, user.id, purpose)
  if (Option.isNone(open) || open.value.codeHash === null) return yield* new SecurityCodeInvalid()
  const current = open.value
  if (current.expiresAt <= at) return yield* new SecurityCodeExpired()
  // The try is counted before the code is compared, in one statement that refuses once the tries are spent.
  const attempt = yield* security.claimCodeAttempt(user.orgId, current.id, accountPolicy.securityCodeAttempts)
  if (Option.isNone(attempt)) return yield* new SecurityCodeAttemptsExceeded()
  if ((yield* tokens.digest(code.trim())) !== current.codeHash) {
    return yield* attempt.value >= accountPolicy.securityCodeAttempts
      ? Effect.fail(new SecurityCodeAttemptsExceeded())
      : Effect.fail(new SecurityCodeInvalid())
  }
  return new SecurityCode({ ...current, attempts: attempt.value })
})

/** The mail that carries a security code to its user, in the request's language. */
export const securityCodeMail = (user: User, code: string, locale: Locale): OutgoingMail =>
  new OutgoingMail({
    orgId: user.orgId,
    to: user.email,
    subject: securityCodeSubject[locale],
    text: securityCodeText(code, locale)
  })

const securityCodeSubject: Readonly<Record<Locale, string>> = {
  en: "Your Tawreed security code",
  ar: "رمز الأمان الخاص بك في توريد"
}

const securityCodeTexts: Translated = {
  en: "Your security code is {code}. It is valid for 10 minutes and works once. If you did not ask for it, ignore this email.",
  ar: "رمز الأمان الخاص بك هو {code}. صالح لمدة 10 دقائق ولمرة واحدة. إن لم تطلبه فتجاهل هذه الرسالة."
}

// The code is filled as an isolated value, so that its digits keep their place in the Arabic sentence.
const securityCodeText = (code: string, locale: Locale): string => interpolate(securityCodeTexts[locale], { code })
