import { Duration, Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"
import { UserId } from "./User.ts"

/** Where a sign-in comes from (SPEC.md §3 login request). */
export const Platform = Schema.Literals(["web", "mobile"])
export type Platform = typeof Platform.Type

/**
 * How long a session lasts from sign-in. A browser session is a working day; the native app and the CLI keep
 * theirs for 30 days, as mobile procurement apps do, and every session ends at once on logout.
 */
export const sessionLifetime = (platform: Platform): Duration.Duration =>
  platform === "web" ? Duration.hours(12) : Duration.days(30)

/** A signed-in session; only hashes of its tokens are kept. */
export class Session extends Schema.Class<Session>("Session")({
  id: Schema.String,
  orgId: OrgId,
  userId: UserId,
  platform: Platform,
  tokenHash: Schema.String,
  dashboardTokenHash: Schema.String,
  createdAt: Schema.Date,
  expiresAt: Schema.Date
}) {}
