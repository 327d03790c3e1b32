import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { Mailer } from "../mail/Mailer.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { AuditEvent, AuditLog, type AuditEventName, RequestOrigin } from "../shared/AuditLog.ts"
import { messageFor } from "../shared/ErrorCatalogue.ts"
import { successMessage } from "../shared/Notices.ts"
import type { Locale } from "../shared/Locale.ts"
import { Throttle } from "../shared/Throttle.ts"
import { accountPolicy } from "./AccountPolicy.ts"
import { AccountSecurity, SecurityCode } from "./AccountSecurity.ts"
import { SecurityCodeInvalid } from "./AccountSecurityErrors.ts"
import type { PasswordRejected } from "./CredentialErrors.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import { maskEmail } from "./ForgotPasswordRules.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { checkPassword } from "./PasswordRules.ts"
import { checkCode, CodeSent, type CodeError, securityCodeMail } from "./Sessions.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { normaliseEmail, type User, type UserId } from "./User.ts"
import { UserRepository } from "./UserRepository.ts"

/** The answer of a verified code: SPEC.md §8's success code S1001. */
export class CodeVerified extends Schema.Class<CodeVerified>("CodeVerified")({
  code: Schema.Literal("S1001"),
  message: Schema.String
}) {}

/** The reset-password request of SPEC.md §7 (`auth/resetpassword`). */
export class ResetPasswordRequest extends Schema.Class<ResetPasswordRequest>("ResetPasswordRequest")({
  email: Schema.String,
  password: Schema.String,
  securityCode: Schema.String
}) {}

/**
 * Forgot password in three steps (SPEC.md §2): send a code, verify it, set the new password. Every answer is the
 * same whether or not the email has an account. A reset does not sign the user in (nor, so, get past MFA); it
 * clears a lock from failed sign-ins.
 */
export interface PasswordResetsShape {
  readonly sendCode: (email: string, locale: Locale, origin?: RequestOrigin) => Effect.Effect<CodeSent>
  readonly verifyCode: (email: string, code: string, locale: Locale) => Effect.Effect<CodeVerified, CodeError>
  readonly reset: (
    request: ResetPasswordRequest,
    origin?: RequestOrigin
  ) => Effect.Effect<void, CodeError | PasswordRejected>
  /** An admin's "send a reset" for one of the organisation's users: the user gets a code by email. */
  readonly sendResetFor: (orgId: OrgId, userId: UserId, locale: Locale) => Effect.Effect<boolean>
}

const noOrigin = new RequestOrigin({ address: null })

/** Use cases: forgotten passwords. */
export class PasswordResets extends Context.Service<PasswordResets, PasswordResetsShape>()(
  "@tawreed/core/identity/PasswordResets"
) {
  static readonly layer = Layer.effect(
    PasswordResets,
    Effect.gen(function* () {
      const users = yield* UserRepository
      const security = yield* AccountSecurity
      const tokens = yield* SessionTokens
      const hasher = yield* PasswordHasher
      const mailer = yield* Mailer
      const throttle = yield* Throttle
      const audit = yield* AuditLog
      const commonPasswords = yield* CommonPasswords
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))
      const record = (event: AuditEventName, origin: RequestOrigin, user: User) =>
        audit.record(
          new AuditEvent({ orgId: user.orgId, actorId: user.id, event, address: origin.address, detail: {} })
        )

      const mailCode = Effect.fn("PasswordResets.mailCode")(function* (user: User, locale: Locale) {
        const at = yield* now
        const code = yield* tokens.newCode
        yield* security.saveCode(
          new SecurityCode({
            id: yield* tokens.newId,
            orgId: user.orgId,
            userId: user.id,
            purpose: "reset",
            platform: "web",
            codeHash: yield* tokens.digest(code),
            attempts: 0,
            sends: 1,
            verifiedAt: null,
            sentAt: at,
            expiresAt: new Date(at.getTime() + Duration.toMillis(accountPolicy.securityCodeLifetime))
          })
        )
        yield* mailer.send(securityCodeMail(user, code, locale)).pipe(Effect.orDie)
      })

      const sendCode = Effect.fn("PasswordResets.sendCode")(function* (
        email: string,
        locale: Locale,
        origin: RequestOrigin = noOrigin
      ) {
        const key = `reset-requests:${normaliseEmail(email)}`
        const answer = (code: "E1018" | "E1019") =>
          new CodeSent({ code, message: messageFor(code, locale), email: maskEmail(email) })
        // Counted for every email, known or not, so that "already sent" tells nothing about accounts.
        if ((yield* throttle.hit(key, accountPolicy.resendAfter)) > 1) return answer("E1019")
        const found = yield* users.findCredentials(normaliseEmail(email))
        if (Option.isNone(found) || found.value.user.status === "INACTIVE") return answer("E1018")
        // The code, its mail (an SMTP round trip) and the audit record would make a known email's answer slower
        // than an unknown one's, and so tell which emails have accounts. They run detached, after the answer: both
        // answers cost the same one lookup.
        const user = found.value.user
        yield* Effect.forkDetach(
          Effect.andThen(mailCode(user, locale), record("password.reset_requested", origin, user)).pipe(
            Effect.catchCause((cause) => Effect.logError("The reset code could not be sent", cause))
          )
        )
        return answer("E1018")
      })

      const verifyCode = Effect.fn("PasswordResets.verifyCode")(function* (
        email: string,
        code: string,
        locale: Locale
      ) {
        const found = yield* users.findCredentials(normaliseEmail(email))
        if (Option.isNone(found)) return yield* new SecurityCodeInvalid()
        const user = found.value.user
        const current = yield* checkCode(security, tokens, user, "reset", code, yield* now)
        yield* security.markCodeVerified(user.orgId, current.id, yield* now)
        return new CodeVerified({ code: "S1001", message: successMessage("S1001", locale) })
      })

      const reset = Effect.fn("PasswordResets.reset")(function* (
        request: ResetPasswordRequest,
        origin: RequestOrigin = noOrigin
      ) {
        const found = yield* users.findCredentials(normaliseEmail(request.email))
        if (Option.isNone(found)) return yield* new SecurityCodeInvalid()
        const user = found.value.user
        const current = yield* checkCode(security, tokens, user, "reset", request.securityCode, yield* now).pipe(
          Effect.tapError(() => record("password.reset_code_failed", origin, user))
        )
        const password = yield* checkPassword(request.password).pipe(
          Effect.provideService(CommonPasswords, commonPasswords)
        )
        const passwordHash = yield* hasher.hash(password)
        // Two resets with the right code at once: only the one that closes it sets its password.
        if (!(yield* security.closeCode(user.orgId, current.id))) return yield* new SecurityCodeInvalid()
        yield* security.setPassword(user.orgId, user.id, passwordHash, yield* now)
        yield* record("password.reset", origin, user)
      })

      const sendResetFor = Effect.fn("PasswordResets.sendResetFor")(function* (
        orgId: OrgId,
        userId: UserId,
        locale: Locale
      ) {
        const user = yield* users.findById(orgId, userId)
        if (Option.isNone(user)) return false
        yield* mailCode(user.value, locale)
        return true
      })

      return PasswordResets.of({ sendCode, verifyCode, reset, sendResetFor })
    })
  )
}
