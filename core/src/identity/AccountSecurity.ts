import { Context, type Effect, type Option, Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"
import { Platform } from "./Session.ts"
import { UserId } from "./User.ts"

/** What a security code is for: the second step of a sign-in, or resetting a forgotten password. */
export const SecurityCodePurpose = Schema.Literals(["mfa", "reset"])
export type SecurityCodePurpose = typeof SecurityCodePurpose.Type

/**
 * A security code sent by email. An MFA code belongs to one sign-in attempt (the record is made when the password
 * was right) and carries that attempt's platform; only the code's hash is kept.
 */
export class SecurityCode extends Schema.Class<SecurityCode>("SecurityCode")({
  id: Schema.String,
  orgId: OrgId,
  userId: UserId,
  purpose: SecurityCodePurpose,
  platform: Platform,
  codeHash: Schema.NullOr(Schema.String),
  attempts: Schema.Int,
  sends: Schema.Int,
  verifiedAt: Schema.NullOr(Schema.Date),
  sentAt: Schema.NullOr(Schema.Date),
  expiresAt: Schema.Date
}) {}

/** An invitation to set a password; only its token's hash is kept. */
export class Invitation extends Schema.Class<Invitation>("Invitation")({
  id: Schema.String,
  orgId: OrgId,
  userId: UserId,
  expiresAt: Schema.Date,
  usedAt: Schema.NullOr(Schema.Date)
}) {}

/** An invitation with what its screen shows: the organisation's name and the invited email. */
export interface InvitationView {
  readonly invitation: Invitation
  readonly orgName: string
  readonly email: string
}

/** The security state of accounts: failed sign-ins and locks, passwords, security codes and invitations. */
export interface AccountSecurityShape {
  /**
   * Claims one password check for the account, taken before the password is compared: false while the account is
   * locked at `at`, else it counts the try as a failure in a row and, when that count reaches the lockout
   * threshold, locks the account for `lockDuration` of it. Count and lock change together under the account's
   * row lock, so however many sign-ins arrive at once, at most the threshold of them are checked per lock.
   * A right password then clears both (`recordSignIn`).
   */
  readonly claimSignInAttempt: (orgId: OrgId, userId: UserId, at: Date) => Effect.Effect<boolean>
  /** A right password clears the failures and any lock. */
  readonly recordSignIn: (orgId: OrgId, userId: UserId) => Effect.Effect<void>
  /** Sets a new password hash; clears failures and locks, and starts the password's age. */
  readonly setPassword: (orgId: OrgId, userId: UserId, passwordHash: string, now: Date) => Effect.Effect<void>
  /** Keeps a code, closing any other open code of the same user and purpose. */
  readonly saveCode: (code: SecurityCode) => Effect.Effect<void>
  /** The newest code of a user and purpose that was not used, expired or not. */
  readonly openCode: (
    orgId: OrgId,
    userId: UserId,
    purpose: SecurityCodePurpose
  ) => Effect.Effect<Option.Option<SecurityCode>>
  /**
   * Sends an open code again under a new hash, its tries starting over: true when this call claimed the send,
   * false when the code was used, sent at or after `sentBefore`, or already sent `maxSends` times. One statement
   * checks and claims, so requests arriving together send one mail, not one each.
   */
  readonly claimCodeSend: (
    orgId: OrgId,
    id: string,
    send: {
      readonly codeHash: string
      readonly at: Date
      readonly sentBefore: Date
      readonly maxSends: number
      readonly expiresAt: Date
    }
  ) => Effect.Effect<boolean>
  /**
   * Claims one try of an open code, taken before the code is compared: answers the try's number, or none when
   * the code already had `maxAttempts` tries or was used. One statement counts and refuses, so concurrent tries
   * never compare more than `maxAttempts` times.
   */
  readonly claimCodeAttempt: (orgId: OrgId, id: string, maxAttempts: number) => Effect.Effect<Option.Option<number>>
  /** Records that a code was verified (a password reset's second step), leaving its tries as they are. */
  readonly markCodeVerified: (orgId: OrgId, id: string, at: Date) => Effect.Effect<void>
  /** Marks a code used, so it never works again; false when it already was (two tries racing with the code). */
  readonly closeCode: (orgId: OrgId, id: string) => Effect.Effect<boolean>
  /** Keeps an invitation under the hash of its token. */
  readonly createInvitation: (invitation: Invitation, tokenHash: string) => Effect.Effect<void>
  /** The invitation a token's hash names. */
  readonly findInvitation: (tokenHash: string) => Effect.Effect<Option.Option<InvitationView>>
  /** Marks an invitation used; false when it already was (two tabs racing). */
  readonly useInvitation: (orgId: OrgId, id: string, now: Date) => Effect.Effect<boolean>
}

/** Port: where account security state is kept. */
export class AccountSecurity extends Context.Service<AccountSecurity, AccountSecurityShape>()(
  "@tawreed/core/identity/AccountSecurity"
) {}
