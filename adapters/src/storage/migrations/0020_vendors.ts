/**
 * The buyer's vendors (SPEC.md §3 connection, §4 vendor statuses):
 *
 * - `vendors`: one row per connection between the buyer organisation and a vendor. What the list filters and sorts
 *   by is a column of its own: the standing the buyer chose (`status`, active or inactive), the earliest expiry of
 *   its required documents (`documents_valid_until`, so that "expired" is a comparison with the day asked), the
 *   lower-cased name it is listed by (`name_key`), the compact CR and VAT numbers, and the lower-cased texts the
 *   search looks in (`search_keys`). Addresses, contacts, bank accounts, documents and the hold are jsonb, read
 *   and written whole with the vendor.
 *
 * Indexes start with org_id: the list's order (name, then id), the CR and VAT numbers the uniqueness checks look
 * up. Row-level security as everywhere: org_id with the tenant policy, forced for the table's owner too. Running
 * it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS vendors (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     number text NOT NULL,
     vendor_org_id uuid,
     name_en text NOT NULL,
     name_ar text NOT NULL,
     name_key text COLLATE "C" NOT NULL,
     country text NOT NULL CHECK (country ~ '^[A-Z]{2}$'),
     cr_number text,
     vat_number text,
     addresses jsonb NOT NULL DEFAULT '[]',
     contacts jsonb NOT NULL DEFAULT '[]',
     bank_accounts jsonb NOT NULL DEFAULT '[]',
     categories text[] NOT NULL DEFAULT '{}',
     payment_terms_days integer NOT NULL CHECK (payment_terms_days BETWEEN 0 AND 365),
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     status text NOT NULL CHECK (status IN ('VENDOR_ACTIVE', 'VENDOR_INACTIVE')),
     documents jsonb NOT NULL DEFAULT '[]',
     documents_valid_until date,
     hold jsonb,
     remarks text NOT NULL DEFAULT '',
     search_keys text[] NOT NULL DEFAULT '{}',
     created_by uuid NOT NULL,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     UNIQUE (org_id, id),
     CONSTRAINT vendors_number_unique UNIQUE (org_id, number)
   )`,
  `CREATE INDEX IF NOT EXISTS vendors_name ON vendors (org_id, name_key, id) INCLUDE (status, documents_valid_until)`,
  `CREATE INDEX IF NOT EXISTS vendors_cr_number ON vendors (org_id, cr_number) WHERE cr_number IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS vendors_vat_number ON vendors (org_id, vat_number) WHERE vat_number IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS vendors_vendor_org ON vendors (org_id, vendor_org_id) WHERE vendor_org_id IS NOT NULL`,
  `ALTER TABLE vendors ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE vendors FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON vendors`,
  `CREATE POLICY tenant_isolation ON vendors USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE ON vendors TO tawreed_app`
]
