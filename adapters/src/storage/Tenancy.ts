import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The settings that row-level security policies read (see the migrations). */
export type PolicySetting =
  | "app.org_id"
  | "app.sign_in_email"
  | "app.sign_in_phone"
  | "app.session_token_hash"
  | "app.invitation_token_hash"
  | "app.sso_identity"
  | "app.theme_org_code"
  | "app.theme_url"
  | "app.files_sweep_before"
  | "app.upload_grant_hash"

/**
 * Runs work in one transaction as the app role, with one policy setting made for that transaction only.
 * Errors of the database itself are defects: callers see only their domain's errors.
 */
const asApp =
  (setting: PolicySetting, value: string) =>
  <A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | SqlClient.SqlClient> =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* sql.withTransaction(
        Effect.andThen(
          sql`SELECT set_config('role', 'tawreed_app', true), set_config(${setting}, ${value}, true)`.pipe(
            Effect.orDie
          ),
          work
        )
      )
    }).pipe(Effect.catchTag("SqlError", Effect.die))

/**
 * Runs work inside one organisation: row-level security then shows and accepts only that organisation's rows,
 * whatever a query forgets to say.
 */
export const inTenant = (orgId: string) => asApp("app.org_id", orgId)

/**
 * Runs a lookup that comes before the organisation is known (the email being signed in, or the hash of the token
 * being checked); the lookup policies accept exactly the rows that match it.
 */
export const beforeTenant = (setting: Exclude<PolicySetting, "app.org_id">, value: string) => asApp(setting, value)

/** Names the organisation for the rest of the current transaction, once a lookup has found it. */
export const enterTenant = (orgId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`SELECT set_config('app.org_id', ${orgId}, true)`
  }).pipe(Effect.orDie)

/** Whether a failure is the database's own, which the adapters turn into a defect. */
export const isSqlError = <E>(error: E): error is Extract<E, { readonly _tag: "SqlError" }> =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "SqlError"
