/**
 * Reviewed changes to connected vendors' key details:
 *
 * - `vendor_changes`: one row per proposed change of a vendor connection (`vendor_id`), with the key details before
 *   and after as jsonb, the fields it changes, the vendor's version it was proposed against, who proposed it, its
 *   status (PENDING, APPROVED, REJECTED, WITHDRAWN), the reviewer's remark and its own version. At most one PENDING
 *   change per vendor (a partial unique index), so two proposals at once leave one.
 * - `onboarding_rules.review_vendor_changes`: whether changes to legal names, CR and VAT numbers and addresses are
 *   reviewed too (bank accounts always are); on by default.
 * - The approval engine's workflows take the kind `vendor_change`.
 *
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE approval_workflows DROP CONSTRAINT IF EXISTS approval_workflows_kind_check`,
  `ALTER TABLE approval_workflows ADD CONSTRAINT approval_workflows_kind_check
     CHECK (kind IN ('request', 'rfq', 'pre_rfq_approval', 'order', 'bill', 'workspace', 'budget', 'invite',
       'vendor_change'))`,
  `ALTER TABLE onboarding_rules ADD COLUMN IF NOT EXISTS review_vendor_changes boolean NOT NULL DEFAULT true`,
  `CREATE TABLE IF NOT EXISTS vendor_changes (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     vendor_id uuid NOT NULL REFERENCES vendors (id),
     status text NOT NULL CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'WITHDRAWN')),
     fields text[] NOT NULL,
     before jsonb NOT NULL,
     after jsonb NOT NULL,
     vendor_version integer NOT NULL,
     requested_by uuid NOT NULL,
     remark text NOT NULL DEFAULT '',
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     decided_at timestamptz
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS vendor_changes_one_pending ON vendor_changes (org_id, vendor_id)
     WHERE status = 'PENDING'`,
  `CREATE INDEX IF NOT EXISTS vendor_changes_by_vendor ON vendor_changes (org_id, vendor_id, created_at DESC)`,
  `ALTER TABLE vendor_changes ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE vendor_changes FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON vendor_changes`,
  `CREATE POLICY tenant_isolation ON vendor_changes USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE ON vendor_changes TO tawreed_app`
]
