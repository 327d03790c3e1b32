import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { orderCursorOf, type OrderQuery, OrderRepository } from "@tawreed/core/orders"
import type { OrgId } from "@tawreed/core/organisations"
import { Fixtures } from "@tawreed/core/testing"
import { blankWorkspaceFields, WorkspaceRepository } from "@tawreed/core/workspaces"
import { largeTenantTables, nodesOf, planOf, sequentialScans, statementsOf } from "../../testing/QueryPlans.ts"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { inTenant } from "../Tenancy.ts"
import { SqlWorkspaces } from "../workspaces/SqlWorkspaces.ts"
import { SqlOrders } from "./SqlOrders.ts"

/**
 * The orders list's queries, as SqlOrders sends them, planned by PostgreSQL over tables of some thousands of rows
 * shared by several organisations, with row-level security on as the app runs them: no statement reads a large
 * tenant table by a sequential scan, for the default order, deep offsets, cursors both ways, each filter and sort,
 * a reader's scope, the counts, what a request's orders take, and the vendor organisation's own list; and a deep
 * page of the default order finds its ids from the covering index alone (the policy's columns included).
 */
const rowsInOrg = 3000
const otherOrgs = 5
const rowsPerOtherOrg = 1000

const statuses = [
  "ORDER_DRAFTED",
  "ORDER_UNAPPROVED",
  "ORDER_SUBMITTED_TO_VENDOR",
  "ORDER_ACCEPTED_BY_VENDOR",
  "ORDER_CANCELLED",
  "ORDER_CLOSED"
]

interface Place {
  readonly orgId: OrgId
  readonly adminId: string
  readonly workspaces: readonly [string, string]
  readonly vendors: readonly [string, string]
}

/** `count` orders in an organisation's two workspaces to its two vendors, of every status and priority, a minute apart. */
const fill = (place: Place, count: number) =>
  inTenant(place.orgId)(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO orders (id, org_id, number, title, title_key, priority, status, source, vendor_id, vendor_number,
                            vendor_name_en, vendor_name_ar, vendor_connected, workspace_id, requester_id, created_by,
                            currency, tax_mode, shipping_fee, shipping_fee_tax_rate, gross, discount, sub_total,
                            tax_total, shipping_fee_total, shipping_fee_tax, adjustments_total, total, org_currency,
                            value_in_org_currency, search_keys, sent_at, created_at, updated_at)
        SELECT gen_random_uuid(), ${place.orgId}, 'GEN-' || lpad(n::text, 6, '0'), 'Order ' || n, 'order ' || n,
               (ARRAY['Low', 'Medium', 'High'])[1 + n % 3], s.status, 'direct',
               CASE WHEN n % 2 = 0 THEN ${place.vendors[0]}::uuid ELSE ${place.vendors[1]}::uuid END, 'VEN-000001',
               'Vendor', 'مورد', true,
               CASE WHEN n % 3 = 0 THEN ${place.workspaces[1]}::uuid ELSE ${place.workspaces[0]}::uuid END,
               ${place.adminId}, ${place.adminId}, 'SAR', 'EXCLUSIVE', 0, 0, n % 997, 0, n % 997, 0, 0, 0, 0, n % 997,
               'SAR', n % 997, ARRAY['gen-' || lpad(n::text, 6, '0'), 'order ' || n],
               CASE WHEN s.status IN ('ORDER_SUBMITTED_TO_VENDOR', 'ORDER_ACCEPTED_BY_VENDOR', 'ORDER_CLOSED')
                    THEN now() END,
               date_trunc('milliseconds', now()) - make_interval(mins => n),
               date_trunc('milliseconds', now()) - make_interval(mins => n % 500)
        FROM generate_series(1, ${count}::integer) n,
             LATERAL (SELECT (${`{${statuses.join(",")}}`}::text[])[1 + n % ${statuses.length}] AS status) s`
      yield* sql`
        INSERT INTO order_lines (org_id, order_id, position, id, line_seq_id, name_en, name_ar, quantity, unit_price,
                                 price_origin, tax_rate, gross, discount_amount, net, tax, total)
        SELECT org_id, id, 0, 'line-1', 1, 'Paper', 'ورق', 1, total, 'given', 0, total, 0, total, 0, total
        FROM orders WHERE org_id = ${place.orgId}`
    })
  ).pipe(Effect.orDie)

const storage = Layer.mergeAll(SqlOrders, SqlWorkspaces, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  layer(storage.pipe(Layer.provideMerge(TestDatabase.layer(engine))), { timeout: 180_000 })(
    `orders list plans on ${engine}`,
    (it) => {
      it.effect("reads orders through indexes for every list query and count, the buyer's and the vendor's", () =>
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const repository = yield* OrderRepository
          const fixtures = yield* Fixtures
          const seller = yield* fixtures.newUser({ roles: ["org_super_user"] })
          const sellerOrg = seller.orgId as OrgId
          const organisation = Effect.gen(function* () {
            const admin = yield* fixtures.newUser({ roles: ["org_super_user"] })
            const orgId = admin.orgId as OrgId
            const workspace = (name: string) =>
              Effect.map(
                Effect.flatMap(Effect.service(WorkspaceRepository), (w) =>
                  w.create(orgId, blankWorkspaceFields(name, "SAR", admin.id), "ACTIVE", admin.id)
                ),
                (w) => w.id
              ).pipe(Effect.orDie)
            const vendor = (n: number, vendorOrgId: string | null) =>
              Effect.map(
                inTenant(orgId)(
                  sql<{ id: string }>`
                    INSERT INTO vendors (id, org_id, number, vendor_org_id, name_en, name_ar, name_key, country,
                                         payment_terms_days, currency, status, created_by)
                    VALUES (gen_random_uuid(), ${orgId}, ${`VEN-00000${n}`}, ${vendorOrgId}, 'Vendor', 'مورد',
                            'vendor', 'SA', 30, 'SAR', 'VENDOR_ACTIVE', ${admin.id})
                    RETURNING id`
                ).pipe(Effect.orDie),
                (rows) => rows[0]!.id
              )
            const place: Place = {
              orgId,
              adminId: admin.id,
              workspaces: [yield* workspace("North"), yield* workspace("South")],
              vendors: [yield* vendor(1, sellerOrg), yield* vendor(2, null)]
            }
            return place
          })
          const org = yield* organisation
          const reader = yield* fixtures.newUser({ roles: ["org_basic_user"] })
          yield* fill(org, rowsInOrg)
          for (let i = 0; i < otherOrgs; i++) yield* fill(yield* organisation, rowsPerOtherOrg)
          yield* sql.unsafe("VACUUM ANALYZE orders, order_lines, order_watchers")

          const base: OrderQuery = {
            sort: { column: "createdAt", direction: "desc" },
            window: { kind: "offset", offset: 0, limit: 25 }
          }
          const counted = yield* repository.counts(org.orgId, {})
          assert.strictEqual(
            counted.statuses.reduce((sum, s) => sum + s.count, 0),
            rowsInOrg
          )
          const deep = yield* repository.list(org.orgId, {
            ...base,
            window: { kind: "offset", offset: 2500, limit: 25 }
          })
          assert.strictEqual(deep.orders.length, 25)
          const cursor = orderCursorOf(deep.orders[0]!, base.sort)
          const sent = yield* repository.countsForVendor(sellerOrg, {})
          // Half the orders go to the connected vendor, and half of those were sent, in every organisation.
          assert.isAbove(
            sent.statuses.reduce((sum, s) => sum + s.count, 0),
            rowsInOrg / 4
          )
          const vendorDeep = yield* repository.listForVendor(sellerOrg, {
            ...base,
            window: { kind: "offset", offset: 1000, limit: 25 }
          })
          const vendorCursor = orderCursorOf(vendorDeep.orders[0]!, base.sort)

          const buyer: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
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
            ["by status", repository.list(org.orgId, { ...base, statuses: ["ORDER_CLOSED"] })],
            ["by workspace", repository.list(org.orgId, { ...base, workspaceIds: [org.workspaces[1]] })],
            ["by vendor", repository.list(org.orgId, { ...base, vendorIds: [org.vendors[1]] })],
            ["by priority", repository.list(org.orgId, { ...base, priorities: ["High"] })],
            ["by requester", repository.list(org.orgId, { ...base, requesterId: org.adminId })],
            ["by request", repository.list(org.orgId, { ...base, requestId: crypto.randomUUID() })],
            [
              "by status, workspace and vendor together",
              repository.list(org.orgId, {
                ...base,
                statuses: ["ORDER_DRAFTED", "ORDER_CLOSED"],
                workspaceIds: [org.workspaces[0]],
                vendorIds: [org.vendors[0]]
              })
            ],
            [
              "a reader's scope",
              repository.list(org.orgId, { ...base, scope: { workspaceIds: [org.workspaces[1]], userId: reader.id } })
            ],
            ["by title", repository.list(org.orgId, { ...base, sort: { column: "title", direction: "asc" } })],
            ["by status order", repository.list(org.orgId, { ...base, sort: { column: "status", direction: "asc" } })],
            ["by total", repository.list(org.orgId, { ...base, sort: { column: "total", direction: "desc" } })],
            ["by update", repository.list(org.orgId, { ...base, sort: { column: "updatedAt", direction: "desc" } })],
            ["counts", repository.counts(org.orgId, {})],
            ["counts by workspace", repository.counts(org.orgId, { workspaceIds: [org.workspaces[1]] })],
            ["what a request's orders take", repository.orderedOf(org.orgId, crypto.randomUUID())],
            ["one order", repository.find(org.orgId, deep.orders[3]!.id)]
          ]
          const vendor: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
            ["vendor's list, first page", repository.listForVendor(sellerOrg, base)],
            [
              "vendor's list, offset 1000",
              repository.listForVendor(sellerOrg, { ...base, window: { kind: "offset", offset: 1000, limit: 25 } })
            ],
            [
              "vendor's list, after a cursor",
              repository.listForVendor(sellerOrg, {
                ...base,
                window: { kind: "after", cursor: vendorCursor, limit: 25 }
              })
            ],
            ["vendor's counts", repository.countsForVendor(sellerOrg, {})],
            ["vendor's order", repository.findForVendor(sellerOrg, vendorDeep.orders[0]!.id)]
          ]
          const found: Array<string> = []
          for (const [orgId, cases] of [
            [org.orgId, buyer],
            [sellerOrg, vendor]
          ] as const) {
            for (const [name, call] of cases) {
              const { statements, scans } = yield* sequentialScans(orgId, call)
              assert.isAbove(statements, 0, name)
              found.push(...scans.map((scan) => `${name}: ${scan}`))
            }
          }
          assert.deepStrictEqual(found, [])
          const large = yield* largeTenantTables(300)
          assert.isTrue(large.has("orders") && large.has("order_lines"))

          // A deep page's ids come from the covering index alone, the policy's columns read there too.
          const { sent: deepStatements } = yield* statementsOf(
            repository.list(org.orgId, { ...base, window: { kind: "offset", offset: 2500, limit: 25 } })
          )
          const [pageText, pageParams] = deepStatements.find(([text]) => /\bFROM orders o\b/.test(text))!
          const access = nodesOf(yield* planOf(org.orgId, pageText, pageParams))
            .filter((n) => n["Index Name"]?.startsWith("orders") === true)
            .map((n) => `${n["Node Type"]} ${n["Index Name"]}`)
          assert.isTrue(
            access.some((a) => a.startsWith("Index Only Scan")),
            access.join(", ")
          )
        })
      )
    }
  )
}
