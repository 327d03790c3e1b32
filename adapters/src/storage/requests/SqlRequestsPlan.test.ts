import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import * as Statement from "effect/sql/Statement"
import type { OrgId } from "@tawreed/core/organisations"
import { cursorOf, type RequestQuery, RequestRepository } from "@tawreed/core/requests"
import { Fixtures } from "@tawreed/core/testing"
import { blankWorkspaceFields, WorkspaceRepository } from "@tawreed/core/workspaces"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { json } from "../SqlKit.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlRequests } from "./SqlRequests.ts"
import { SqlWorkspaces } from "../workspaces/SqlWorkspaces.ts"
import { inTenant } from "../Tenancy.ts"

/**
 * The requests list's queries, as SqlRequests sends them, planned by PostgreSQL over a table of some thousands of
 * rows shared by several organisations: every statement that reads `requests` finds its rows through an index,
 * never a sequential scan of the table, for the default order, deep offsets, cursors, each filter and sort, a
 * reader's scope, and the counts beside the list.
 */
const rowsInOrg = 3000
const otherOrgs = 6
const rowsPerOtherOrg = 1000

interface PlanNode {
  readonly "Node Type": string
  readonly "Relation Name"?: string
  readonly "Index Name"?: string
  readonly Plans?: ReadonlyArray<PlanNode>
}

const nodesOf = (node: PlanNode): ReadonlyArray<PlanNode> => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

/** How a plan reads the requests table: "Seq Scan", or its scans by the indexes they use. */
const accessOf = (plan: PlanNode): ReadonlyArray<string> =>
  nodesOf(plan).flatMap((n) =>
    n["Index Name"]?.startsWith("requests") === true
      ? [`${n["Node Type"]} ${n["Index Name"]}`]
      : n["Relation Name"] === "requests" && n["Node Type"] === "Seq Scan"
        ? ["Seq Scan"]
        : []
  )

const statuses = ["REQUEST_DRAFTED", "REQUEST_UNAPPROVED", "REQUEST_SUBMITTED", "RFQ_PENDING", "REQUEST_CLOSED"]

/** `count` requests in an organisation's two workspaces, of every status, kind and classification, a minute apart. */
const fill = (orgId: string, requesterId: string, workspaces: readonly [string, string], count: number) =>
  inTenant(orgId)(
    Effect.flatMap(
      Effect.service(SqlClient.SqlClient),
      (sql) => sql`
        INSERT INTO requests (id, org_id, number, title, title_key, request_type, status, sourcing_status,
                              workspace_id, requester_id, created_by, classification, currency, requested_date,
                              search_keys, sub_total, tax_total, total, org_currency, value_in_org_currency,
                              created_at, updated_at)
        SELECT gen_random_uuid(), ${orgId}, 'GEN-' || lpad(n::text, 6, '0'), 'Request ' || n, 'request ' || n,
               (ARRAY['product', 'service', 'inventory', 'expense'])[1 + n % 4],
               (${`{${statuses.join(",")}}`}::text[])[1 + n % ${statuses.length}], 'NO_SOURCING',
               CASE WHEN n % 3 = 0 THEN ${workspaces[1]}::uuid ELSE ${workspaces[0]}::uuid END,
               ${requesterId}, ${requesterId}, (ARRAY['office', 'IT', NULL])[1 + n % 3], 'SAR', now(),
               ARRAY['gen-' || lpad(n::text, 6, '0'), 'request ' || n], n % 997, 0, n % 997, 'SAR', n % 997,
               date_trunc('milliseconds', now()) - make_interval(mins => n),
               date_trunc('milliseconds', now()) - make_interval(mins => n % 500)
        FROM generate_series(1, ${count}::integer) n`
    )
  ).pipe(Effect.orDie)

const storage = Layer.mergeAll(SqlRequests, SqlWorkspaces, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  layer(storage.pipe(Layer.provideMerge(TestDatabase.layer(engine))), { timeout: 180_000 })(
    `requests list plans on ${engine}`,
    (it) => {
      it.effect("reads the requests table through an index for every list query and count", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const repository = yield* RequestRepository
          const fixtures = yield* Fixtures
          const organisation = Effect.gen(function* () {
            const admin = yield* fixtures.newUser({ roles: ["org_super_user"] })
            const workspace = (name: string) =>
              Effect.map(
                Effect.flatMap(Effect.service(WorkspaceRepository), (w) =>
                  w.create(admin.orgId as OrgId, blankWorkspaceFields(name, "SAR", admin.id), "ACTIVE", admin.id)
                ),
                (w) => w.id
              ).pipe(Effect.orDie)
            const workspaces = [yield* workspace("North"), yield* workspace("South")] as const
            return { orgId: admin.orgId as OrgId, adminId: admin.id as string, workspaces }
          })
          const org = yield* organisation
          const reader = yield* fixtures.newUser({ roles: ["org_basic_user"] })
          yield* fill(org.orgId, org.adminId, org.workspaces, rowsInOrg)
          for (let i = 0; i < otherOrgs; i++) {
            const other = yield* organisation
            yield* fill(other.orgId, other.adminId, other.workspaces, rowsPerOtherOrg)
          }
          yield* sql.unsafe("VACUUM ANALYZE requests")

          /** Runs a repository call and answers the statements it sent that read `requests`. */
          const statementsOf = <A, E>(call: Effect.Effect<A, E>) =>
            Effect.gen(function* () {
              const sent: Array<readonly [string, ReadonlyArray<unknown>]> = []
              const capture: Statement.Transformer = (self) =>
                Effect.sync(() => {
                  sent.push(self.compile())
                  return self
                })
              const result = yield* call.pipe(Effect.provideService(Statement.CurrentTransformer, capture))
              return { result, sent: sent.filter(([text]) => /\bFROM requests\b/.test(text)) }
            })

          const explain = (text: string, params: ReadonlyArray<unknown>) =>
            Effect.map(
              inTenant(org.orgId)(
                sql.unsafe<Record<string, unknown>>(`EXPLAIN (FORMAT JSON) ${text}`, params as Array<unknown>)
              ).pipe(Effect.orDie),
              (rows) => (json(Object.values(rows[0]!)[0]) as ReadonlyArray<{ Plan: PlanNode }>)[0]!.Plan
            )

          const timed = (text: string, params: ReadonlyArray<unknown>) =>
            Effect.map(
              inTenant(org.orgId)(
                sql.unsafe<Record<string, unknown>>(`EXPLAIN (ANALYZE, FORMAT JSON) ${text}`, params as Array<unknown>)
              ).pipe(Effect.orDie),
              (rows) =>
                (json(Object.values(rows[0]!)[0]) as ReadonlyArray<{ "Execution Time": number }>)[0]!["Execution Time"]
            )

          const base: RequestQuery = {
            sort: { column: "createdAt", direction: "desc" },
            window: { kind: "offset", offset: 0, limit: 25 }
          }
          const firstPage = yield* repository.list(org.orgId, base)
          const counted = yield* repository.counts(org.orgId, {})
          assert.strictEqual(
            counted.statuses.reduce((sum, s) => sum + s.count, 0),
            rowsInOrg
          )
          assert.strictEqual(firstPage.requests.length, 25)
          const deep = yield* repository.list(org.orgId, {
            ...base,
            window: { kind: "offset", offset: 2500, limit: 25 }
          })
          const cursor = cursorOf(deep.requests[0]!, base.sort)

          const cases: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
            ["default order, first page", repository.list(org.orgId, base)],
            [
              "default order, offset 2500",
              repository.list(org.orgId, { ...base, window: { kind: "offset", offset: 2500, limit: 25 } })
            ],
            [
              "default order, after a cursor at row 2500",
              repository.list(org.orgId, { ...base, window: { kind: "after", cursor, limit: 25 } })
            ],
            [
              "default order, before a cursor at row 2500",
              repository.list(org.orgId, { ...base, window: { kind: "before", cursor, limit: 25 } })
            ],
            ["by status", repository.list(org.orgId, { ...base, statuses: ["REQUEST_SUBMITTED"] })],
            ["by workspace", repository.list(org.orgId, { ...base, workspaceIds: [org.workspaces[1]] })],
            ["by classification", repository.list(org.orgId, { ...base, classifications: ["IT"] })],
            ["by kind", repository.list(org.orgId, { ...base, requestTypes: ["service"] })],
            ["by requester", repository.list(org.orgId, { ...base, requesterId: org.adminId })],
            [
              "by status, workspace and kind together",
              repository.list(org.orgId, {
                ...base,
                statuses: ["REQUEST_DRAFTED", "REQUEST_SUBMITTED"],
                workspaceIds: [org.workspaces[0]],
                requestTypes: ["product", "service"]
              })
            ],
            [
              "a reader's scope",
              repository.list(org.orgId, {
                ...base,
                scope: { workspaceIds: [org.workspaces[1]], userId: reader.id }
              })
            ],
            ["by title", repository.list(org.orgId, { ...base, sort: { column: "title", direction: "asc" } })],
            ["by status order", repository.list(org.orgId, { ...base, sort: { column: "status", direction: "asc" } })],
            ["by total", repository.list(org.orgId, { ...base, sort: { column: "total", direction: "desc" } })],
            ["by update", repository.list(org.orgId, { ...base, sort: { column: "updatedAt", direction: "desc" } })],
            ["counts", repository.counts(org.orgId, {})],
            ["counts by status", repository.counts(org.orgId, { statuses: ["REQUEST_SUBMITTED"] })],
            ["latest of a requester", repository.latest(org.orgId, org.adminId)]
          ]

          const report: Array<string> = []
          const seqScans: Array<string> = []
          for (const [name, call] of cases) {
            const { sent } = yield* statementsOf(call)
            assert.isAbove(sent.length, 0, name)
            for (const [index, [text, params]] of sent.entries()) {
              const access = accessOf(yield* explain(text, params))
              const ms = yield* timed(text, params)
              report.push(`${name} #${index + 1}: ${access.join(", ")} (${ms.toFixed(2)} ms)`)
              if (access.some((a) => a.startsWith("Seq Scan"))) seqScans.push(`${name} #${index + 1}: ${text}`)
            }
          }
          console.info(
            `requests plans on ${engine}, ${rowsInOrg} of ${rowsInOrg + otherOrgs * rowsPerOtherOrg} rows:\n  ${report.join("\n  ")}`
          )
          assert.deepStrictEqual(seqScans, [])
        })
      )
    }
  )
}
