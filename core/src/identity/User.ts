import { Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"

/** A user's id. */
export const UserId = Schema.String.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type

/** The account states of a user (SPEC.md §4 generic entity statuses that apply to people). */
export const UserStatus = Schema.Literals(["ACTIVE", "INACTIVE", "BLOCKED"])
export type UserStatus = typeof UserStatus.Type

/** Someone who signs in, always inside one organisation. */
export class User extends Schema.Class<User>("User")({
  id: UserId,
  orgId: OrgId,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  status: UserStatus,
  roles: Schema.Array(Schema.String)
}) {
  get displayName(): string {
    return `${this.firstName} ${this.lastName}`.trim()
  }
}

/** What sign-in needs of a user: the account and its password hash, never sent anywhere else. */
export interface UserCredentials {
  readonly user: User
  readonly passwordHash: string
  readonly orgActive: boolean
  /** When the organisation's subscription ends; none for no end. */
  readonly orgExpiresAt: Date | null
  /** The organisation's maximum password age in days; none for passwords that never expire. */
  readonly passwordMaxAgeDays: number | null
  readonly passwordChangedAt: Date
  readonly mfaEnabled: boolean
  readonly failedLogins: number
  readonly lockedUntil: Date | null
}

/** Emails compare without case and surrounding spaces. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase()
