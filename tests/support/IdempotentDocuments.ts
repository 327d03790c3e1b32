import { Effect } from "effect"
import type { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import { demoOrganisations, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"

/**
 * A write the API runs once per Idempotency-Key. The idempotency suites run every document of this table, so that a
 * document added later (a request, an order, a bill's submit) is covered by adding its row here.
 */
export interface IdempotentDocument {
  readonly name: string
  /** The request that makes one record, told apart from the others by its tag. */
  readonly request: (tag: string) => { readonly method: string; readonly path: string; readonly body: unknown }
  /** Readies the demo data for many of these requests at once, as the database's owner. */
  readonly prepare?: (sql: SqlClient.SqlClient) => Effect.Effect<unknown, SqlError>
  /** How many records the request with this tag made, read as the database's owner. */
  readonly count: (sql: SqlClient.SqlClient, tag: string) => Effect.Effect<number, SqlError>
}

const counted = (rows: ReadonlyArray<{ n: number }>) => Number(rows[0]?.n ?? 0)

/** The demo buyer organisation's documents, signed in as its admin. */
export const idempotentDocuments = (budgetId: string): ReadonlyArray<IdempotentDocument> => {
  /** The demo's connected vendor, read by the order's `prepare` (vendor ids are made when the demo loads). */
  let orderVendorId = ""
  return [
    {
      name: "workspace create",
      // The demo plan's limit of workspaces would refuse a burst of creates.
      prepare: (sql) =>
        sql`UPDATE organisations SET admin_config = admin_config - 'workspacesLimit' WHERE id = ${demoOrganisations.buyer.id}`,
      request: (tag) => ({ method: "POST", path: "/api/workspaces", body: { name: tag } }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM workspaces WHERE name = ${tag}`.pipe(Effect.map(counted))
    },
    {
      name: "budget change request",
      request: (tag) => ({
        method: "POST",
        path: `/api/budgets/${budgetId}/changes`,
        body: { action: "adjust_budget_externally", lines: [{ key: "6100", delta: "1" }], remark: tag }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM budget_changes WHERE remark = ${tag}`.pipe(
          Effect.map(counted)
        )
    },
    {
      name: "user create",
      request: (tag) => ({
        method: "POST",
        path: "/api/users",
        body: { email: `${tag}@buyer.tawreed.test`, firstName: "Huda", lastName: tag, roles: ["org_basic_user"] }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM users WHERE email = ${`${tag}@buyer.tawreed.test`}`.pipe(
          Effect.map(counted)
        )
    },
    {
      name: "request create",
      request: (tag) => ({
        method: "POST",
        path: "/api/request",
        body: {
          requestType: "product",
          workspaceId: demoWorkspaces[0].id,
          title: tag,
          items: [{ name: { en: "Printer toner" }, quantity: "2", price: { basePrice: "180" } }]
        }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM requests WHERE title = ${tag}`.pipe(Effect.map(counted))
    },
    {
      name: "vendor create",
      request: (tag) => ({ method: "POST", path: "/api/vendors", body: { nameEn: tag, nameAr: "مورد" } }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM vendors WHERE name_en = ${tag}`.pipe(Effect.map(counted))
    },
    {
      name: "vendor invite",
      request: (tag) => ({
        method: "POST",
        path: "/api/invites",
        body: { vendorName: tag, email: "keyed@onboarding.example" }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM vendor_invites WHERE vendor_name = ${tag}`.pipe(
          Effect.map(counted)
        )
    },
    {
      name: "questionnaire create",
      request: (tag) => ({
        method: "POST",
        path: "/api/questionnaires",
        body: {
          name: tag,
          sections: [{ title: { en: "Company" }, questions: [{ type: "SHORT_ANSWER", label: { en: "Trade name" } }] }]
        }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM questionnaire_templates WHERE name = ${tag}`.pipe(
          Effect.map(counted)
        )
    },
    {
      name: "order create",
      prepare: (sql) =>
        sql<{
          id: string
        }>`SELECT id FROM vendors WHERE org_id = ${demoOrganisations.buyer.id} AND name_en = 'Sahara Supplies'`.pipe(
          Effect.tap((rows) =>
            Effect.sync(() => {
              orderVendorId = rows[0]?.id ?? ""
            })
          )
        ),
      request: (tag) => ({
        method: "POST",
        path: "/api/order",
        body: {
          workspaceId: demoWorkspaces[0].id,
          vendorId: orderVendorId,
          title: tag,
          lines: [{ name: { en: "Printer toner" }, quantity: "2", unitPrice: "180" }]
        }
      }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM orders WHERE title = ${tag}`.pipe(Effect.map(counted))
    },
    {
      name: "product create",
      request: (tag) => ({ method: "POST", path: "/api/products", body: { nameEn: tag, nameAr: "منتج" } }),
      count: (sql, tag) =>
        sql<{ n: number }>`SELECT count(*)::int AS n FROM products WHERE name_en = ${tag} AND deleted_at IS NULL`.pipe(
          Effect.map(counted)
        )
    }
  ]
}

/** Runs every item's request at once; settles when all have. */
export const sendTogether = async <T>(items: ReadonlyArray<T>, send: (item: T) => Promise<unknown>): Promise<void> => {
  await Promise.allSettled(items.map(send))
}
