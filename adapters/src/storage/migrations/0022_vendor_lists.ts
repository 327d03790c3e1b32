/**
 * What the vendor pages read beside the vendors themselves:
 *
 * - `vendor_list_columns`: the columns each user keeps for the vendors list.
 * - `audit_log_vendor`: the audit log's vendor events by vendor, newest first, which a vendor's history reads (the
 *   vendors module writes `vendorId` into each of its events' detail).
 *
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS vendor_list_columns (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     columns text[] NOT NULL,
     PRIMARY KEY (org_id, user_id)
   )`,
  `ALTER TABLE vendor_list_columns ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE vendor_list_columns FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON vendor_list_columns`,
  `CREATE POLICY tenant_isolation ON vendor_list_columns USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON vendor_list_columns TO tawreed_app`,
  `CREATE INDEX IF NOT EXISTS audit_log_vendor ON audit_log (org_id, (detail ->> 'vendorId'), id DESC)
     WHERE event LIKE 'vendor.%'`
]
