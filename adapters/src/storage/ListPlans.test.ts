import { assert, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CatalogRepository, productSearchOf } from "@tawreed/core/catalog"
import { NotificationRepository, Recipient } from "@tawreed/core/notifications"
import type { OrgId } from "@tawreed/core/organisations"
import { PageRequest } from "@tawreed/core/shared"
import { Fixtures } from "@tawreed/core/testing"
import { defaultWorkspaceConfig, WorkspaceRepository } from "@tawreed/core/workspaces"
import { largeTenantTables, scannedTables, sequentialScans } from "../testing/QueryPlans.ts"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { SqlFixtures } from "./SqlFixtures.ts"
import { SqlCatalog } from "./catalog/SqlCatalog.ts"
import { SqlNotificationRepository } from "./notifications/SqlNotificationRepository.ts"
import { SqlWorkspaces } from "./workspaces/SqlWorkspaces.ts"
import { inTenant } from "./Tenancy.ts"

/**
 * The notification list, the workspaces list and the products list and search (its one-word searches through the postings
 * of migration 0039), as their repositories send them, planned by PostgreSQL over
 * tables of some thousands of rows shared by several organisations: no statement reads a tenant table of more than
 * a few hundred rows by a sequential scan (QueryPlans.ts).
 */
const organisations = 5
const perOrg = 1500

const fill = (orgId: string, userId: string, otherUserId: string) =>
  inTenant(orgId)(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`
        INSERT INTO notifications (org_id, user_id, module, type, document_id, title_en, title_ar, body, url, status)
        SELECT ${orgId}, CASE WHEN n % 2 = 0 THEN ${userId}::uuid ELSE ${otherUserId}::uuid END, 'workspaces',
               'WORKSPACE_WAITING_FOR_APPROVAL', gen_random_uuid()::text, 'Notification ' || n, 'إشعار ' || n, '', '/workspaces',
               CASE WHEN n % 3 = 0 THEN 'UNREAD' ELSE 'READ' END
        FROM generate_series(1, ${perOrg}::integer) n`
      yield* sql`
        INSERT INTO workspaces (id, org_id, number, name, status, currency, config, created_by, requester_id, classification)
        SELECT gen_random_uuid(), ${orgId}, 'WS-' || lpad(n::text, 6, '0'), 'Workspace ' || n,
               (ARRAY['ACTIVE', 'DRAFT', 'INACTIVE'])[1 + n % 3], 'SAR', ${JSON.stringify(defaultWorkspaceConfig)}::jsonb, ${userId}, ${userId},
               (ARRAY['office', 'IT', NULL])[1 + n % 3]
        FROM generate_series(1, ${perOrg}::integer) n`
      yield* sql`
        INSERT INTO workspace_users (org_id, workspace_id, user_id, role, position)
        SELECT org_id, id, CASE WHEN row_number() OVER () % 4 = 0 THEN ${userId}::uuid ELSE ${otherUserId}::uuid END,
               'workspaces_viewer', 0
        FROM workspaces WHERE org_id = ${orgId}`
      const catalogId = crypto.randomUUID()
      yield* sql`INSERT INTO catalogs (id, org_id, name_en, name_ar, name_key, kind)
                 VALUES (${catalogId}, ${orgId}, 'Office', 'المكتب', 'office', 'OWN')`
      yield* sql`
        INSERT INTO products (id, org_id, sku, sku_key, sku_number, name_en, name_ar, name_key, brand, brand_key, price,
          price_value, min_qty_rfq, min_qty_direct_order, is_available, allow_direct_order, allow_rfq, public,
          catalog_ids, category_ids, search_text, search_words, search_tsv, created_by)
        SELECT gen_random_uuid(), ${orgId}, sku, lower(sku), n, en, ar, lower(en), 'Brand ' || (n % 40), 'brand ' || (n % 40),
               jsonb_build_object('value', n % 900, 'currency', 'SAR', 'valueForQuantity', 1, 'total', n % 900, 'percent', 0,
                 'basePrice', n % 900, 'taxes', '[]'::jsonb), n % 900, 1, 1, n % 7 <> 0, true, true, false, ARRAY[${catalogId}::text],
               ARRAY['c' || (n % 30)], lower(en) || ' ' || ar || ' ' || lower(sku), string_to_array(lower(en) || ' ' || ar || ' ' || lower(sku), ' '),
               to_tsvector('english', en), ${userId}
        FROM (SELECT n, 'PRD-' || lpad(n::text, 6, '0') AS sku,
                     (ARRAY['Ergonomic', 'Steel', 'Wooden', 'Compact', 'Heavy', 'Portable', 'Digital', 'Industrial'])[1 + n % 8] || ' ' ||
                     (ARRAY['chair', 'desk', 'stapler', 'pump', 'cable', 'helmet', 'glove', 'printer', 'toner', 'drill',
                            'valve', 'lamp', 'binder', 'marker', 'router', 'switch', 'ladder', 'shelf', 'cabinet', 'fan'])[1 + (n / 8) % 20] || ' ' || n AS en,
                     (ARRAY['كرسي', 'مكتب', 'دباسه', 'مضخه', 'كابل', 'خوذه', 'قفاز', 'طابعه', 'حبر', 'مثقاب',
                            'صمام', 'مصباح', 'ملف', 'قلم', 'موجه', 'مفتاح', 'سلم', 'رف', 'خزانه', 'مروحه'])[1 + (n / 8) % 20] || ' ' || n AS ar
              FROM generate_series(1, ${perOrg}::integer) n) g`
      return catalogId
    })
  ).pipe(Effect.orDie)

const storage = Layer.mergeAll(SqlNotificationRepository, SqlWorkspaces, SqlCatalog, SqlFixtures)

for (const engine of TestDatabase.engines()) {
  layer(storage.pipe(Layer.provideMerge(TestDatabase.layer(engine))), { timeout: 180_000 })(
    `list plans on ${engine}`,
    (it) => {
      it.effect(
        "reads notifications, workspaces and products through indexes, never by a scan of a large tenant table",
        () =>
          Effect.gen(function* () {
            const sql = yield* SqlClient.SqlClient
            const fixtures = yield* Fixtures
            const notifications = yield* NotificationRepository
            const workspaces = yield* WorkspaceRepository
            const products = yield* CatalogRepository
            const users = []
            const catalogIds: Array<string> = []
            for (let i = 0; i < organisations; i++) {
              const user = yield* fixtures.newUser({ roles: ["org_super_user"] })
              const other = yield* fixtures.newUser({
                colleagueOf: new Recipient({ orgId: user.orgId as OrgId, userId: user.id }),
                roles: ["org_basic_user"]
              })
              catalogIds.push(yield* fill(user.orgId, user.id, other.id))
              users.push(user)
            }
            yield* sql.unsafe("ANALYZE notifications, workspaces, workspace_users, products, product_postings")
            const { orgId: org, id: userId } = users[0]!
            const orgId = org as OrgId
            // The second organisation is a member of the first's catalog (migration 0037).
            const member = users[1]!.orgId as OrgId
            const shared = { catalogIds: [catalogIds[0]!], includeOutOfStock: true }
            yield* inTenant(member)(
              sql`INSERT INTO catalog_members (catalog_id, org_id, invitation_id, accepted_at)
                  VALUES (${catalogIds[0]!}, ${member}, gen_random_uuid(), now())`
            ).pipe(Effect.orDie)
            const recipient = new Recipient({ orgId, userId })
            const base = { offset: 0, limit: 10 }
            const cases: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
              ["notifications, first page", notifications.list(recipient, new PageRequest({ page: 0, limit: 10 }))],
              ["notifications, page 50", notifications.list(recipient, new PageRequest({ page: 50, limit: 10 }))],
              ["unread notifications", notifications.countUnread(recipient)],
              ["workspaces, first page", workspaces.list(orgId, base)],
              ["workspaces, a member's", workspaces.list(orgId, { ...base, memberId: userId })],
              ["workspaces by status", workspaces.list(orgId, { ...base, statuses: ["ACTIVE"] })],
              ["workspace status counts", workspaces.statusCounts(orgId, { ...base, memberId: userId })],
              ["workspace filter counts", workspaces.filterCounts(orgId, { ...base, memberId: userId })],
              [
                "products, first page",
                products.listProducts(orgId, { ...base, sort: "name", includeOutOfStock: true })
              ],
              [
                "products, page 50",
                products.listProducts(orgId, { ...base, offset: 500, sort: "name", includeOutOfStock: true })
              ],
              ["products in stock", products.listProducts(orgId, { ...base, sort: "name" })],
              [
                "products by price",
                products.listProducts(orgId, { ...base, sort: "priceAsc", includeOutOfStock: true })
              ],
              [
                "products by brand",
                products.listProducts(orgId, { ...base, sort: "brandDesc", includeOutOfStock: true })
              ],
              ["products of a category", products.listProducts(orgId, { ...base, sort: "name", categoryIds: ["c7"] })],
              ["products count", products.countProducts(orgId, { includeOutOfStock: true })],
              [
                "products search, a SKU",
                products.listProducts(orgId, { ...base, sort: "rank", search: productSearchOf("PRD-000042") })
              ],
              [
                "products search, English",
                products.listProducts(orgId, { ...base, sort: "rank", search: productSearchOf("ergonomic staplers") })
              ],
              [
                "products search, one English word from its postings",
                products.listProducts(orgId, { ...base, sort: "rank", search: productSearchOf("staplers") })
              ],
              [
                "products search, Arabic",
                products.listProducts(orgId, { ...base, sort: "rank", search: productSearchOf("المضخة") })
              ],
              [
                "products search, Arabic plural",
                products.listProducts(orgId, { ...base, sort: "rank", search: productSearchOf("كراسي") })
              ],
              ["products search count", products.countProducts(orgId, { search: productSearchOf("مكاتب") })],
              ["products facets", products.facets(orgId, { categoryIds: ["c3"] })]
            ]
            const memberCases: ReadonlyArray<readonly [string, Effect.Effect<unknown>]> = [
              [
                "a member catalog's products, walked",
                products.listProducts(member, { ...base, ...shared, sort: "name", matching: perOrg })
              ],
              [
                "a member catalog's products, gathered",
                products.listProducts(member, { ...base, ...shared, sort: "name" })
              ],
              ["a member catalog's products count", products.countProducts(member, shared)],
              [
                "a member catalog's products search",
                products.listProducts(member, { ...base, ...shared, sort: "rank", search: productSearchOf("staplers") })
              ]
            ]
            const found: Array<string> = []
            for (const [name, call] of cases) {
              const { statements, scans } = yield* sequentialScans(orgId, call)
              assert.isAbove(statements, 0, name)
              found.push(...scans.map((scan) => `${name}: ${scan}`))
            }
            for (const [name, call] of memberCases) {
              const { statements, scans } = yield* sequentialScans(member, call)
              assert.isAbove(statements, 0, name)
              found.push(...scans.map((scan) => `${name}: ${scan}`))
            }
            assert.deepStrictEqual(found, [])
            // The check sees the tables as large, and finds a scan where there is one.
            const large = yield* largeTenantTables(300)
            assert.isTrue(
              large.has("notifications") &&
                large.has("workspaces") &&
                large.has("workspace_users") &&
                large.has("products") &&
                large.has("product_postings")
            )
            const scan = { "Node Type": "Seq Scan", "Relation Name": "notifications" }
            const plan = { "Node Type": "Limit", Plans: [{ "Node Type": "Sort", Plans: [scan] }] }
            assert.deepStrictEqual(scannedTables(plan, large), ["notifications"])
          })
      )
    }
  )
}
