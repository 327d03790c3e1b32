import { Context, Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"
import { privilegesWithCustomRoles } from "../access/OrgRole.ts"
import { type User, UserId } from "./User.ts"

/** The signed-in person a use case acts for: who, in which organisation, holding which privileges. */
export class Actor extends Schema.Class<Actor>("Actor")({
  sessionId: Schema.String,
  userId: UserId,
  orgId: OrgId,
  email: Schema.String,
  displayName: Schema.String,
  roles: Schema.Array(Schema.String),
  privileges: Schema.Array(Schema.String),
  /** When the session ends by itself; the site signs out then (SPEC.md §4 auto-logout). */
  sessionExpiresAt: Schema.optionalKey(Schema.Date)
}) {}

/** The actor of the current request, provided by the API's and the site's authentication. */
export class CurrentActor extends Context.Service<CurrentActor, Actor>()("@tawreed/core/identity/CurrentActor") {}

/**
 * The actor of a user's session: the user's roles bring the default privileges of SPEC.md §6's role codes, or, for
 * a role the organisation composed (`customRoles`), that role's privileges.
 */
export const actorOf = (
  user: User,
  sessionId: string,
  sessionExpiresAt: Date,
  customRoles: ReadonlyArray<{ readonly code: string; readonly privileges: ReadonlyArray<string> }> = []
): Actor =>
  new Actor({
    sessionId,
    userId: user.id,
    orgId: user.orgId,
    email: user.email,
    displayName: user.displayName,
    roles: user.roles,
    privileges: privilegesWithCustomRoles(user.roles, customRoles),
    sessionExpiresAt
  })
