import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import * as Migrator from "effect/sql/Migrator"
import * as Foundation from "./migrations/0001_foundation.ts"
import * as Outbox from "./migrations/0002_outbox.ts"
import * as LookupPolicies from "./migrations/0003_lookup_policies.ts"
import * as AccountSecurity from "./migrations/0004_account_security.ts"
import * as SingleSignOn from "./migrations/0006_single_sign_on.ts"
import * as PhoneLogin from "./migrations/0007_phone_login.ts"
import * as UsersRolesSettings from "./migrations/0008_users_roles_settings.ts"
import * as IdempotencyKeys from "./migrations/0009_idempotency_keys.ts"
import * as Workspaces from "./migrations/0011_workspaces.ts"
import * as Approvals from "./migrations/0013_approvals.ts"
import * as Budgets from "./migrations/0014_budgets.ts"
import * as DocumentNumbers from "./migrations/0015_document_numbers.ts"
import * as Files from "./migrations/0016_files.ts"
import * as Requests from "./migrations/0017_requests.ts"
import * as Vendors from "./migrations/0020_vendors.ts"
import * as Invites from "./migrations/0021_invites.ts"
import * as VendorLists from "./migrations/0022_vendor_lists.ts"
import * as Catalog from "./migrations/0023_catalog.ts"
import * as Carts from "./migrations/0025_carts.ts"
import * as Marketplace from "./migrations/0026_marketplace.ts"
import * as VendorChanges from "./migrations/0027_vendor_changes.ts"
import * as ProductWords from "./migrations/0028_product_words.ts"
import * as Jobs from "./migrations/0029_jobs.ts"
import * as Orders from "./migrations/0030_orders.ts"
import * as Contracts from "./migrations/0031_contracts.ts"
import * as MailAttachments from "./migrations/0032_mail_attachments.ts"
import * as PublicPictures from "./migrations/0033_public_pictures.ts"
import * as OrderRequestShare from "./migrations/0034_order_request_share.ts"
import * as OrderLineContracts from "./migrations/0035_order_line_contracts.ts"
import * as VendorConnectionOnce from "./migrations/0036_vendor_connection_once.ts"
import * as MemberCatalogs from "./migrations/0037_member_catalogs.ts"
import * as MemberCatalogWords from "./migrations/0038_member_catalog_words.ts"
import * as ProductPostings from "./migrations/0039_product_postings.ts"

const run = (statements: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (const statement of statements) yield* sql.unsafe(statement)
  })

/**
 * The migrations in order; each runs once, in its own transaction, and is recorded in `schema_migrations`. The
 * budgets tables were once migration 0012, applied after 0013 by databases that had 0013 first, which the
 * migrator skipped; 0014 creates them wherever they are still missing.
 */
export const migrations = {
  "0001_foundation": run(Foundation.statements),
  "0002_outbox": run(Outbox.statements),
  "0003_lookup_policies": run(LookupPolicies.statements),
  "0004_account_security": run(AccountSecurity.statements),
  "0006_single_sign_on": run(SingleSignOn.statements),
  "0007_phone_login": run(PhoneLogin.statements),
  "0008_users_roles_settings": run(UsersRolesSettings.statements),
  "0009_idempotency_keys": run(IdempotencyKeys.statements),
  "0011_workspaces": run(Workspaces.statements),
  "0013_approvals": run(Approvals.statements),
  "0014_budgets": Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [found] = yield* sql<{ present: boolean }>`SELECT to_regclass('budgets') IS NOT NULL AS present`
    if (found?.present !== true) yield* run(Budgets.statements)
  }),
  "0015_document_numbers": run(DocumentNumbers.statements),
  "0016_files": run(Files.statements),
  "0017_requests": run(Requests.statements),
  "0020_vendors": run(Vendors.statements),
  "0021_invites": run(Invites.statements),
  "0022_vendor_lists": run(VendorLists.statements),
  "0023_catalog": run(Catalog.statements),
  "0025_carts": run(Carts.statements),
  "0026_marketplace": run(Marketplace.statements),
  "0027_vendor_changes": run(VendorChanges.statements),
  "0028_product_words": run(ProductWords.statements),
  "0029_jobs": run(Jobs.statements),
  "0030_orders": run(Orders.statements),
  "0031_contracts": run(Contracts.statements),
  "0032_mail_attachments": run(MailAttachments.statements),
  "0033_public_pictures": run(PublicPictures.statements),
  "0034_order_request_share": run(OrderRequestShare.statements),
  "0035_order_line_contracts": run(OrderLineContracts.statements),
  "0036_vendor_connection_once": run(VendorConnectionOnce.statements),
  "0037_member_catalogs": run(MemberCatalogs.statements),
  "0038_member_catalog_words": run(MemberCatalogWords.statements),
  "0039_product_postings": run(ProductPostings.statements)
}

/** The id of the newest migration, which `/api/health` reports once it is applied. */
export const latestMigration = Math.max(...Object.keys(migrations).map((key) => Number(key.slice(0, 4))))

const migrator = Migrator.make({})

/**
 * Applies every migration not yet recorded. A table lock taken by the migrator serialises app processes that
 * start together against one server.
 */
export const migrate = migrator({ loader: Migrator.fromRecord(migrations), table: "schema_migrations" })

/** The newest migration the database records, or 0 on an empty database. */
export const appliedVersion = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ version: number | null }>`SELECT max(migration_id) AS version FROM schema_migrations`
  return Number(rows[0]?.version ?? 0)
})
