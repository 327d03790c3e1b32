import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Statement from "effect/sql/Statement"
import { json } from "../storage/SqlKit.ts"
import { inTenant } from "../storage/Tenancy.ts"

/** A node of PostgreSQL's `EXPLAIN (FORMAT JSON)` plan. */
export interface PlanNode {
  readonly "Node Type": string
  readonly "Relation Name"?: string
  readonly "Index Name"?: string
  readonly Plans?: ReadonlyArray<PlanNode>
}

/** Every node of a plan, the root first. */
export const nodesOf = (node: PlanNode): ReadonlyArray<PlanNode> => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/** Runs a call and answers the statements it sent (text and parameters), as the SQL client compiled them. */
export const statementsOf = <A, E, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const sent: Array<readonly [string, ReadonlyArray<unknown>]> = []
    const capture: Statement.Transformer = (self) =>
      Effect.sync(() => {
        sent.push(self.compile())
        return self
      })
    const result = yield* call.pipe(Effect.provideService(Statement.CurrentTransformer, capture))
    // The tenant's own settings are not what a list reads.
    return { result, sent: sent.filter(([text]) => !/^\s*SELECT set_config\(/i.test(text)) }
  })

/** How PostgreSQL plans a statement inside an organisation (row-level security on, as the app runs it). */
export const planOf = (orgId: string, text: string, params: ReadonlyArray<unknown>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* inTenant(orgId)(
      sql.unsafe<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${text}`, params as Array<unknown>)
    ).pipe(Effect.orDie)
    return (json(Object.values(rows[0]!)[0]) as ReadonlyArray<{ Plan: PlanNode }>)[0]!.Plan
  })

/** The tenant tables (those with an `org_id` column) holding more than `rows` rows, by the statistics of ANALYZE. */
export const largeTenantTables = (rows: number) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const found = yield* sql<{ name: string }>`
      SELECT c.relname AS name FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind = 'r' AND c.reltuples > ${rows}
        AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'org_id' AND NOT a.attisdropped)`.pipe(
      Effect.orDie
    )
    return new Set(found.map((r) => r.name))
  })

/** The large tables a plan reads by a sequential scan. */
export const scannedTables = (plan: PlanNode, large: ReadonlySet<string>): ReadonlyArray<string> =>
  nodesOf(plan).flatMap((node) => {
    const table = node["Relation Name"]
    return node["Node Type"] === "Seq Scan" && table !== undefined && large.has(table) ? [table] : []
  })

/**
 * The sequential scans of tenant tables beyond `rows` rows that a call's statements would make, each named with
 * the statement: empty when every large tenant table it reads is found through an index. Run ANALYZE on the tables
 * first, so that the planner and `largeTenantTables` know their sizes.
 */
export const sequentialScans = <A, E, R>(orgId: string, call: Effect.Effect<A, E, R>, rows = 300) =>
  Effect.gen(function* () {
    const large = yield* largeTenantTables(rows)
    const { sent } = yield* statementsOf(call)
    const scans: Array<string> = []
    for (const [text, params] of sent) {
      for (const table of scannedTables(yield* planOf(orgId, text, params), large)) {
        scans.push(`Seq Scan on ${table}: ${text.replace(/\s+/g, " ").trim()}`)
      }
    }
    return { statements: sent.length, scans }
  })
