import { Context, Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"
import { UserId } from "./User.ts"

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
