import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { Mailer } from "../mail/Mailer.ts"
import { OutgoingMail } from "../mail/Mail.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { AuditEvent, AuditLog } from "../shared/AuditLog.ts"
import type { Locale, Translated } from "../shared/Locale.ts"
import { accountPolicy } from "./AccountPolicy.ts"
import { AccountSecurity, Invitation, type InvitationView } from "./AccountSecurity.ts"
import { InvitationExpired, InvitationInvalid, PasswordAlreadySet } from "./AccountSecurityErrors.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import type { PasswordRejected } from "./CredentialErrors.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { checkPassword } from "./PasswordRules.ts"
import { SessionTokens } from "./SessionTokens.ts"
import type { UserId } from "./User.ts"
import { UserRepository } from "./UserRepository.ts"

/** What the set-password screen shows once the token is valid (SPEC.md §3 set-password organisation data). */
export class InvitationDetails extends Schema.Class<InvitationDetails>("InvitationDetails")({
  name: Schema.String,
  email: Schema.String
}) {}

export type InvitationError = InvitationInvalid | InvitationExpired | PasswordAlreadySet

/**
 * Invitations to set a password: a token of 256 random bits, mailed as a link, kept only as a hash, valid for
 * seven days and for one use. A used token answers E1020, which the sign-in screen turns into its
 * "link expired" dialog.
 */
export interface InvitationsShape {
  /** Invites a user of the organisation to set a password; `baseUrl` is the site's address for the link. */
  readonly invite: (orgId: OrgId, userId: UserId, locale: Locale, baseUrl: string) => Effect.Effect<boolean>
  /** Whether a token can still set a password. */
  readonly validate: (token: string) => Effect.Effect<void, InvitationError>
  /** The organisation's name and the invited email. */
  readonly details: (token: string) => Effect.Effect<InvitationDetails, InvitationError>
  /** Sets the password and spends the token; the user then signs in as usual. */
  readonly setPassword: (token: string, password: string) => Effect.Effect<void, InvitationError | PasswordRejected>
}

/** Use cases: invitations. */
export class Invitations extends Context.Service<Invitations, InvitationsShape>()(
  "@tawreed/core/identity/Invitations"
) {
  static readonly layer = Layer.effect(
    Invitations,
    Effect.gen(function* () {
      const users = yield* UserRepository
      const security = yield* AccountSecurity
      const tokens = yield* SessionTokens
      const hasher = yield* PasswordHasher
      const mailer = yield* Mailer
      const audit = yield* AuditLog
      const commonPasswords = yield* CommonPasswords
      const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms))

      const invite = Effect.fn("Invitations.invite")(function* (
        orgId: OrgId,
        userId: UserId,
        locale: Locale,
        baseUrl: string
      ) {
        const user = yield* users.findById(orgId, userId)
        if (Option.isNone(user)) return false
        const issued = yield* tokens.issue
        const at = yield* now
        yield* security.createInvitation(
          new Invitation({
            id: yield* tokens.newId,
            orgId,
            userId,
            expiresAt: new Date(at.getTime() + Duration.toMillis(accountPolicy.invitationLifetime)),
            usedAt: null
          }),
          issued.hash
        )
        const link = `${baseUrl.replace(/\/$/, "")}/${locale}/auth/set-password?token=${issued.token}&version=v2`
        yield* mailer
          .send(
            new OutgoingMail({
              orgId,
              to: user.value.email,
              subject: invitationSubject[locale],
              text: invitationText(link, locale)
            })
          )
          .pipe(Effect.orDie)
        yield* audit.record(
          new AuditEvent({ orgId, actorId: userId, event: "invitation.sent", address: null, detail: {} })
        )
        return true
      })

      const open = Effect.fn("Invitations.open")(function* (token: string) {
        const found = yield* security.findInvitation(yield* tokens.digest(token))
        if (Option.isNone(found)) return yield* new InvitationInvalid()
        const view: InvitationView = found.value
        if (view.invitation.usedAt !== null) return yield* new PasswordAlreadySet()
        if (view.invitation.expiresAt <= (yield* now)) return yield* new InvitationExpired()
        return view
      })

      const setPassword = Effect.fn("Invitations.setPassword")(function* (token: string, password: string) {
        const view = yield* open(token)
        const accepted = yield* checkPassword(password).pipe(Effect.provideService(CommonPasswords, commonPasswords))
        const { invitation } = view
        const at = yield* now
        if (!(yield* security.useInvitation(invitation.orgId, invitation.id, at)))
          return yield* new PasswordAlreadySet()
        yield* security.setPassword(invitation.orgId, invitation.userId, yield* hasher.hash(accepted), at)
        yield* audit.record(
          new AuditEvent({
            orgId: invitation.orgId,
            actorId: invitation.userId,
            event: "password.set_from_invitation",
            address: null,
            detail: {}
          })
        )
      })

      return Invitations.of({
        invite,
        validate: (token) => Effect.asVoid(open(token)),
        details: (token) => Effect.map(open(token), (v) => new InvitationDetails({ name: v.orgName, email: v.email })),
        setPassword
      })
    })
  )
}

const invitationSubject: Readonly<Record<Locale, string>> = {
  en: "You are invited to Tawreed",
  ar: "دعوة للانضمام إلى توريد"
}

const invitationTexts: Translated = {
  en: "You have been invited to Tawreed. Choose your password within 7 days at: {link}",
  ar: "تمت دعوتك إلى توريد. اختر كلمة المرور الخاصة بك من هذا الرابط خلال 7 أيام: {link}"
}

// The link ends the sentence on a line of its own terms and stays bare: mail programs find links by their
// characters, and an isolate mark after it would be taken as part of the address.
const invitationText = (link: string, locale: Locale): string => invitationTexts[locale].replace("{link}", link)
