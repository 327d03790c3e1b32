import { Context, type Effect } from "effect"
import { User, type UserId, type UserStatus } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { Recipient } from "../notifications/Recipient.ts"

/** How a fixture user should be made; every field has a sensible default. */
export interface NewUserOptions {
  /** Put the user in this user's organisation instead of a new one. */
  readonly colleagueOf?: Recipient
  readonly email?: string
  readonly passwordHash?: string
  readonly status?: UserStatus
  readonly roles?: ReadonlyArray<string>
  /** Whether a new organisation is active. */
  readonly orgActive?: boolean
  /** When a new organisation's subscription ends. */
  readonly orgExpiresAt?: Date
  /** A new organisation's maximum password age in days. */
  readonly passwordMaxAgeDays?: number
  /** When the user's password was set. */
  readonly passwordChangedAt?: Date
  /** Whether the user signs in with an emailed code as a second step. */
  readonly mfaEnabled?: boolean
  /** The user's phone number in digits. */
  readonly phone?: string
  /** Whether a new organisation signs in by phone number. */
  readonly orgPhoneLogin?: boolean
}

/** What the contract suites need to set up: fresh organisations and users in the storage under test. */
export interface FixturesShape {
  /** A new user in a new organisation. */
  readonly newRecipient: Effect.Effect<Recipient>
  /** A new user in the organisation of an existing one. */
  readonly newColleague: (of: Recipient) => Effect.Effect<Recipient>
  /** A user made to measure. */
  readonly newUser: (options?: NewUserOptions) => Effect.Effect<User>
}

/** Test port: creates organisations and users for contract suites. */
export class Fixtures extends Context.Service<Fixtures, FixturesShape>()("@tawreed/core/testing/Fixtures") {}

/** The user a fixture makes from its options, with the ids the storage under test chose. */
export const fixtureUser = (options: NewUserOptions, orgId: string, id: string): User =>
  new User({
    id: id as UserId,
    orgId: orgId as OrgId,
    email: options.email ?? `${id}@fixtures.tawreed.test`,
    firstName: "Test",
    lastName: "User",
    status: options.status ?? "ACTIVE",
    roles: [...(options.roles ?? [])]
  })
