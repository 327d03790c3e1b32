/**
 * The marketplace (SPEC.md §3 KYCVerified, §6 marketplace guard, §7 Guest and catalog invitations):
 *
 * - `organisation_kyc`: whether an organisation's KYC is verified, and when; no row reads as not verified. Written
 *   only by the platform's operators (see Marketplaces.setKyc), in the organisation's own transaction.
 * - `organisations` and `organisation_kyc` may be read by code (`app.theme_org_code`, the setting the public theme
 *   lookup already makes): the guest page and the catalog invitation name an organisation by its code before, or
 *   outside, its tenancy.
 * - `catalog_invitations`: a catalog shared with another organisation by a mailed link, stored as the SHA-256 hash
 *   of its token (`token_hash`, emptied once accepted); read and written by the organisation that sent it, read and
 *   accepted by the one invited, found by the hash of a link's token (`app.invite_token_hash`).
 * - `catalog_members`: the organisations that accepted a catalog invitation.
 *
 * Row-level security as everywhere. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS organisation_kyc (
     org_id uuid PRIMARY KEY REFERENCES organisations (id),
     verified boolean NOT NULL DEFAULT false,
     verified_at timestamptz,
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
   )`,
  `CREATE TABLE IF NOT EXISTS catalog_invitations (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     to_org_id uuid NOT NULL REFERENCES organisations (id),
     catalog_id uuid NOT NULL REFERENCES catalogs (id),
     catalog_name_en text NOT NULL,
     catalog_name_ar text NOT NULL,
     from_org_name text NOT NULL,
     to_org_name text NOT NULL,
     email text NOT NULL,
     status text NOT NULL CHECK (status IN ('PENDING', 'ACCEPTED', 'WITHDRAWN')),
     token_hash text,
     expires_at timestamptz NOT NULL,
     created_by uuid NOT NULL,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     accepted_at timestamptz,
     accepted_by uuid
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS catalog_invitations_token ON catalog_invitations (token_hash)
     WHERE token_hash IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS catalog_invitations_pending ON catalog_invitations (to_org_id, created_at DESC, id)
     WHERE status = 'PENDING'`,
  `CREATE INDEX IF NOT EXISTS catalog_invitations_sent ON catalog_invitations (org_id, created_at DESC, id)`,
  `CREATE TABLE IF NOT EXISTS catalog_members (
     catalog_id uuid NOT NULL REFERENCES catalogs (id),
     org_id uuid NOT NULL REFERENCES organisations (id),
     invitation_id uuid NOT NULL,
     accepted_at timestamptz NOT NULL,
     PRIMARY KEY (org_id, catalog_id)
   )`,
  ...["organisation_kyc", "catalog_invitations", "catalog_members"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `DROP POLICY IF EXISTS code_lookup ON organisations`,
  `CREATE POLICY code_lookup ON organisations FOR SELECT
     USING (code = current_setting('app.theme_org_code', true))`,
  `DROP POLICY IF EXISTS code_lookup ON organisation_kyc`,
  `CREATE POLICY code_lookup ON organisation_kyc FOR SELECT
     USING (org_id IN (SELECT o.id FROM organisations o WHERE o.code = current_setting('app.theme_org_code', true)))`,
  `DROP POLICY IF EXISTS invited_access ON catalog_invitations`,
  `CREATE POLICY invited_access ON catalog_invitations
     USING (to_org_id = app_org_id()) WITH CHECK (to_org_id = app_org_id())`,
  `DROP POLICY IF EXISTS token_lookup ON catalog_invitations`,
  `CREATE POLICY token_lookup ON catalog_invitations FOR SELECT
     USING (token_hash = current_setting('app.invite_token_hash', true))`,
  `GRANT SELECT, INSERT, UPDATE ON organisation_kyc, catalog_invitations, catalog_members TO tawreed_app`
]
