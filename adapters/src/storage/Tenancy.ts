import { Context, Effect, Option } from "effect"
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
  | "app.invite_token_hash"
  | "app.public_picture_id"
  | "app.contracts_due_until"

/**
 * The policy settings made in the transaction the work runs in (the role among them), with the connection they
 * were made on: work that joins the transaction with the same settings runs as it is, without a savepoint or a
 * statement of its own.
 */
interface PolicyScope {
  readonly connection: unknown
  readonly settings: Map<PolicySetting | "role", string>
}

class CurrentPolicyScope extends Context.Service<CurrentPolicyScope, PolicyScope>()(
  "@tawreed/adapters/storage/Tenancy/CurrentPolicyScope"
) {}

/** The policy scope of the transaction the work runs in, when this module made it on that transaction's connection. */
const scopeOf = (sql: SqlClient.SqlClient) =>
  Effect.gen(function* () {
    const transaction = yield* Effect.serviceOption(sql.transactionService)
    const scope = yield* Effect.serviceOption(CurrentPolicyScope)
    return Option.isSome(transaction) && Option.isSome(scope) && scope.value.connection === transaction.value[0]
      ? scope.value
      : undefined
  })

/** The connection of the transaction the work runs in (undefined outside one). */
const connectionOf = (sql: SqlClient.SqlClient) =>
  Effect.map(Effect.serviceOption(sql.transactionService), (transaction) =>
    Option.isSome(transaction) ? transaction.value[0] : undefined
  )

/** Makes one or two policy settings for the rest of the transaction, in one statement. */
const settingsStatement = (sql: SqlClient.SqlClient, settings: ReadonlyArray<readonly [string, string]>) => {
  const [[name, value] = ["", ""], second] = settings
  return (
    second === undefined
      ? sql`SELECT set_config(${name}, ${value}, true)`
      : sql`SELECT set_config(${name}, ${value}, true), set_config(${second[0]}, ${second[1]}, true)`
  ).pipe(Effect.orDie)
}

/**
 * Runs work in a transaction as the app role, with one policy setting made for that transaction only: a new
 * transaction when there is none, else the caller's. Work joining a transaction that already has the setting runs
 * directly (one `set_config` per transaction, no savepoint per repository call); a setting the transaction does not
 * have yet is added to it; work that needs another value of a setting the caller relies on runs in a savepoint
 * with its value, and the caller's value is set again after it. Errors of the database itself are defects; so a
 * statement whose refusal a repository answers as a domain error (a taken name or email) runs in a savepoint of its
 * own (`sql.withTransaction`), which leaves the caller's transaction usable after the refusal.
 */
const asApp =
  (setting: PolicySetting, value: string) =>
  <A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | SqlClient.SqlClient> =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const scope = yield* scopeOf(sql)
      if (scope !== undefined) {
        const previous = scope.settings.get(setting)
        if (previous === value) return yield* work
        if (previous === undefined) {
          const missing: Array<readonly [string, string]> = scope.settings.has("role") ? [] : [["role", "tawreed_app"]]
          yield* settingsStatement(sql, [...missing, [setting, value]])
          scope.settings.set("role", "tawreed_app")
          scope.settings.set(setting, value)
          return yield* work
        }
        return yield* sql
          .withTransaction(
            Effect.andThen(
              settingsStatement(sql, [[setting, value]]),
              Effect.provideService(work, CurrentPolicyScope, {
                connection: scope.connection,
                settings: new Map([...scope.settings, [setting, value]])
              })
            )
          )
          .pipe(Effect.tap(() => settingsStatement(sql, [[setting, previous]])))
      }
      return yield* sql.withTransaction(
        Effect.gen(function* () {
          const connection = yield* connectionOf(sql)
          yield* settingsStatement(sql, [
            ["role", "tawreed_app"],
            [setting, value]
          ])
          const settings = new Map<PolicySetting | "role", string>([
            ["role", "tawreed_app"],
            [setting, value]
          ])
          return yield* Effect.provideService(work, CurrentPolicyScope, { connection, settings })
        })
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
    const scope = yield* scopeOf(sql)
    scope?.settings.set("app.org_id", orgId)
  }).pipe(Effect.orDie)

/**
 * Runs work as one transaction that the policy scopes inside it join (see `asApp`): one `BEGIN`, and each setting
 * made once, however many repository calls the work makes. Inside another transaction, it is that transaction.
 */
export const inOneTransaction = <A, E, R>(work: Effect.Effect<A, E, R>): Effect.Effect<A, E, R | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if ((yield* scopeOf(sql)) !== undefined) return yield* work
    if (Option.isSome(yield* Effect.serviceOption(sql.transactionService))) return yield* work
    return yield* sql.withTransaction(
      Effect.gen(function* () {
        const connection = yield* connectionOf(sql)
        return yield* Effect.provideService(work, CurrentPolicyScope, { connection, settings: new Map() })
      })
    )
  }).pipe(Effect.catchTag("SqlError", Effect.die))

/** Whether a failure is the database's own, which the adapters turn into a defect. */
export const isSqlError = <E>(error: E): error is Extract<E, { readonly _tag: "SqlError" }> =>
  typeof error === "object" && error !== null && "_tag" in error && error._tag === "SqlError"
