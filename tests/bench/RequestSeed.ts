// Fills an organisation with requests in one SQL statement, for the benchmarks: copies of one of its drafts, each
// with its own id, number, title and creation time, as if raised one second apart over the past days. Going
// through the API would take hours; the list reads what a real organisation's table would hold.
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "@tawreed/adapters/storage/Database"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"

/** The columns a copy gets afresh; every other column is the template's. */
const fresh: Readonly<Record<string, string>> = {
  id: "gen_random_uuid()",
  number: `'REQ-' || lpad((counter.last_value + g)::text, 6, '0')`,
  title: `t.title || ' #' || g`,
  title_key: `lower(t.title || ' #' || g)`,
  requested_date: `t.created_at - g * interval '1 second'`,
  created_at: `t.created_at - g * interval '1 second'`,
  updated_at: `t.created_at - g * interval '1 second'`,
  version: "1"
}

/**
 * Adds `count` copies of the organisation's oldest draft request and moves its request counter past them, so the
 * product numbers its next request after them, then vacuums the table. Answers how many requests the organisation
 * then holds.
 */
export const seedRequests = (config: Database.DatabaseConfig, orgId: string, count: number) =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return yield* inTenant(orgId)(
        Effect.gen(function* () {
          const columns = yield* sql<{ column_name: string }>`
            SELECT column_name FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name = 'requests'
            ORDER BY ordinal_position`
          const names = columns.map((c) => c.column_name)
          const [template] = yield* sql<{ id: string }>`
            SELECT id FROM requests WHERE org_id = ${orgId} AND status = 'REQUEST_DRAFTED'
            ORDER BY created_at, id LIMIT 1`
          if (template === undefined) return yield* Effect.die(new Error("the organisation holds no draft request"))
          const list = names.map((n) => `"${n}"`).join(", ")
          const values = names.map((n) => fresh[n] ?? `t."${n}"`).join(", ")
          yield* sql.unsafe(
            `INSERT INTO requests (${list})
             SELECT ${values}
             FROM requests t,
                  (SELECT coalesce(max(last_value), 0) AS last_value FROM document_counters
                   WHERE org_id = $1 AND kind = 'request') counter,
                  generate_series(1, $3::int) g
             WHERE t.org_id = $1 AND t.id = $2`,
            [orgId, template.id, count]
          )
          yield* sql`
            INSERT INTO document_counters (org_id, kind, last_value) VALUES (${orgId}, 'request', ${count})
            ON CONFLICT (org_id, kind) DO UPDATE SET last_value = document_counters.last_value + ${count}`
          const [total] = yield* sql<{ n: string }>`SELECT count(*) AS n FROM requests WHERE org_id = ${orgId}`
          return Number(total!.n)
        })
      ).pipe(
        // As autovacuum would leave a table that has settled: its statistics taken and its visibility map set, so
        // the list's index-only scans read no rows they need not.
        Effect.tap(() => sql`VACUUM ANALYZE requests`.pipe(Effect.orDie))
      )
    }).pipe(Effect.provide(Layer.orDie(Database.layer(config))), Effect.orDie)
  )
