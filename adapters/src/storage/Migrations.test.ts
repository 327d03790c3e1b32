import { assert, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { latestMigration, migrate } from "./Migrations.ts"

for (const engine of TestDatabase.engines()) {
  layer(TestDatabase.layer(engine), { timeout: 60_000 })(`migrations (${engine})`, (it) => {
    it.effect("creates the budgets tables on a database that recorded approvals before budgets", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe("DROP TABLE budget_changes, budget_entries, budget_lines, budgets")
        yield* sql.unsafe("DELETE FROM schema_migrations WHERE migration_id >= 14")
        yield* migrate
        const [found] = yield* sql<{ present: boolean }>`SELECT to_regclass('budget_changes') IS NOT NULL AS present`
        assert.isTrue(found?.present)
        const [newest] = yield* sql<{ version: number }>`SELECT max(migration_id) AS version FROM schema_migrations`
        assert.strictEqual(Number(newest?.version), latestMigration)
      })
    )

    it.effect("leaves the budgets tables of a database that already has them", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql.unsafe("DELETE FROM schema_migrations WHERE migration_id >= 14")
        yield* migrate
        const rows = yield* sql<{ count: number }>`SELECT count(*)::int AS count FROM budgets`
        assert.strictEqual(rows[0]?.count, 0)
      })
    )
  })
}
