import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { EmailTaken } from "../organisations/OrganisationErrors.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { ManagedUser, StatusCount, UserQuery } from "./ManagedUser.ts"
import type { UserId, UserStatus } from "./User.ts"

/** The users of an organisation as its admins manage them. */
export interface UserDirectoryShape {
  /** A page of the organisation's users matching the query, by name, and how many match in all. */
  readonly list: (
    orgId: OrgId,
    query: UserQuery
  ) => Effect.Effect<{ readonly users: ReadonlyArray<ManagedUser>; readonly totalCount: number }>
  /** How many of the users the query matches (whatever its status) have each status. */
  readonly statusCounts: (orgId: OrgId, query: UserQuery) => Effect.Effect<ReadonlyArray<StatusCount>>
  readonly find: (orgId: OrgId, id: UserId) => Effect.Effect<Option.Option<ManagedUser>>
  /**
   * Creates users in one transaction, each with version 1 and a password hash nobody can sign in with until they
   * set one. EmailTaken, and nothing created, when an email has an account anywhere.
   */
  readonly create: (
    orgId: OrgId,
    users: ReadonlyArray<ManagedUser>,
    passwordHash: string
  ) => Effect.Effect<ReadonlyArray<ManagedUser>, EmailTaken>
  /**
   * Writes a user's fields (not the status) when the stored version is `expectedVersion`, and answers the user with
   * the next version. Option.none when there is no such user.
   */
  readonly update: (
    orgId: OrgId,
    user: ManagedUser,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<ManagedUser>, VersionConflict | EmailTaken>
  /**
   * Sets a user's status. Any status but ACTIVE ends all the user's sessions in the same transaction; ACTIVE also
   * clears a lock from failed sign-ins. With `expectedVersion`, VersionConflict when the user moved.
   */
  readonly setStatus: (
    orgId: OrgId,
    id: UserId,
    status: UserStatus,
    expectedVersion?: number
  ) => Effect.Effect<Option.Option<ManagedUser>, VersionConflict>
  /** Deletes a user with their sessions; false when there was none. */
  readonly remove: (orgId: OrgId, id: UserId) => Effect.Effect<boolean>
}

/** Port: the organisation's user directory. */
export class UserDirectory extends Context.Service<UserDirectory, UserDirectoryShape>()(
  "@tawreed/core/identity/UserDirectory"
) {}
