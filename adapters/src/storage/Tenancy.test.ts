import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { countPromise, type StatementCount } from "./StatementCount.ts"
import { beforeTenant, enterTenant, inOneTransaction, inTenant } from "./Tenancy.ts"

// The connections count what each piece of work sends (StatementCount.ts).
process.env["TAWREED_SQL_COUNT"] = "on"

const orgA = crypto.randomUUID()
const orgB = crypto.randomUUID()

/** What a piece of work sent, as the database saw it. */
const sent = <A, E>(work: Effect.Effect<A, E, SqlClient.SqlClient>) =>
  Effect.flatMap(Effect.context<SqlClient.SqlClient>(), (context) =>
    Effect.promise(() => countPromise(() => Effect.runPromiseWith(context)(Effect.exit(work)), true))
  ).pipe(Effect.map(({ count }): StatementCount => count))

const setting = (sql: SqlClient.SqlClient, name: string) =>
  Effect.map(
    sql<{ value: string | null }>`SELECT current_setting(${name}, true) AS value`.pipe(Effect.orDie),
    (rows) => rows[0]?.value ?? null
  )

for (const engine of TestDatabase.engines()) {
  layer(TestDatabase.layer(engine), { timeout: 120_000 })(`tenancy on ${engine}`, (it) => {
    it.effect("runs repository calls inside a transaction of the same organisation without savepoints", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const count = yield* sent(
          inTenant(orgA)(
            Effect.all([
              inTenant(orgA)(sql`SELECT 1`),
              inTenant(orgA)(inTenant(orgA)(sql`SELECT 2`)),
              inTenant(orgA)(sql`SELECT 3`)
            ])
          ).pipe(Effect.orDie)
        )
        assert.deepStrictEqual(
          [count.transactions, count.savepoints, count.policySettings, count.statements],
          [1, 0, 1, 4]
        )
      })
    )

    it.effect("gives work for another organisation its own setting, and the caller's back after it", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const seen = yield* inTenant(orgA)(
          Effect.gen(function* () {
            const inner = yield* inTenant(orgB)(setting(sql, "app.org_id"))
            const after = yield* setting(sql, "app.org_id")
            const again = yield* inTenant(orgA)(setting(sql, "app.org_id"))
            return [inner, after, again]
          })
        )
        assert.deepStrictEqual(seen, [orgB, orgA, orgA])
      })
    )

    it.effect("adds a setting a one-transaction unit lacks once, then joins it; a lookup that enters keeps it", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const count = yield* sent(
          inOneTransaction(
            Effect.gen(function* () {
              yield* beforeTenant("app.session_token_hash", "a hash")(enterTenant(orgA))
              yield* inTenant(orgA)(sql`SELECT 1`)
              yield* inTenant(orgA)(sql`SELECT 2`)
            })
          ).pipe(Effect.orDie)
        )
        assert.deepStrictEqual([count.transactions, count.savepoints, count.policySettings], [1, 0, 2])
        const role = yield* inOneTransaction(Effect.andThen(inTenant(orgA)(Effect.void), setting(sql, "role")))
        assert.strictEqual(role, "tawreed_app")
      })
    )

    it.effect("keeps row-level security on for work that joins: another organisation's rows stay hidden", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [outer, joined] = yield* inTenant(orgA)(
          Effect.all([
            setting(sql, "app.org_id"),
            inTenant(orgA)(Effect.all([setting(sql, "role"), setting(sql, "app.org_id")]))
          ])
        )
        assert.deepStrictEqual([outer, joined], [orgA, ["tawreed_app", orgA]])
      })
    )
  })
}
