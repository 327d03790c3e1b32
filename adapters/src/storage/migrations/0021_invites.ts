/**
 * Vendor onboarding (SPEC.md §7 invites, questionnaires):
 *
 * - `questionnaire_templates`: the buyer organisation's onboarding questionnaires, their sections and questions as
 *   jsonb read and written whole; at most one default per organisation (a partial unique index); the hash of the
 *   public link anyone may apply by (`public_token_hash`), found through the same lookup policy as a link's token.
 * - `onboarding_rules`: one row per organisation that changed the defaults (days an invitation's link lasts).
 * - `vendor_invites`: one row per invitation, with the questionnaire as it was sent, the answers, the registration
 *   and the message back to the vendor as jsonb and text. The link's token is kept only as its SHA-256
 *   (`token_hash`, NULL once used or cancelled); the page the vendor opens finds it by that hash before the
 *   organisation is known, through a lookup policy that `app.invite_token_hash` opens for its transaction only.
 *   The first user's password is kept only as its hash, never answered.
 * - The approval engine's workflows take the kind `invite`.
 *
 * Row-level security as everywhere: org_id with the tenant policy, forced for the table's owner too. Running it
 * again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE approval_workflows DROP CONSTRAINT IF EXISTS approval_workflows_kind_check`,
  `ALTER TABLE approval_workflows ADD CONSTRAINT approval_workflows_kind_check
     CHECK (kind IN ('request', 'rfq', 'pre_rfq_approval', 'order', 'bill', 'workspace', 'budget', 'invite'))`,
  `CREATE TABLE IF NOT EXISTS questionnaire_templates (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
     sections jsonb NOT NULL DEFAULT '[]',
     is_default boolean NOT NULL DEFAULT false,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now())
   )`,
  `CREATE INDEX IF NOT EXISTS questionnaire_templates_org ON questionnaire_templates (org_id, created_at, id)`,
  `CREATE UNIQUE INDEX IF NOT EXISTS questionnaire_templates_default ON questionnaire_templates (org_id) WHERE is_default`,
  `ALTER TABLE questionnaire_templates ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE questionnaire_templates FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON questionnaire_templates`,
  `CREATE POLICY tenant_isolation ON questionnaire_templates USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `ALTER TABLE questionnaire_templates ADD COLUMN IF NOT EXISTS public_token_hash text UNIQUE
     CHECK (public_token_hash ~ '^[0-9a-f]{64}$')`,
  `DROP POLICY IF EXISTS public_link_lookup ON questionnaire_templates`,
  `CREATE POLICY public_link_lookup ON questionnaire_templates FOR SELECT
     USING (public_token_hash = nullif(current_setting('app.invite_token_hash', true), ''))`,
  `GRANT SELECT, INSERT, UPDATE ON questionnaire_templates TO tawreed_app`,
  `CREATE TABLE IF NOT EXISTS onboarding_rules (
     org_id uuid PRIMARY KEY REFERENCES organisations (id),
     expiry_days integer NOT NULL CHECK (expiry_days BETWEEN 1 AND 90),
     version integer NOT NULL DEFAULT 1
   )`,
  `ALTER TABLE onboarding_rules ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE onboarding_rules FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON onboarding_rules`,
  `CREATE POLICY tenant_isolation ON onboarding_rules USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE ON onboarding_rules TO tawreed_app`,
  `CREATE TABLE IF NOT EXISTS vendor_invites (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     number text NOT NULL,
     status text NOT NULL CHECK (status IN ('INVITED', 'OPENED', 'UNDER_REVIEW', 'RETURNED', 'APPROVED', 'REJECTED', 'EXPIRED', 'CANCELLED')),
     vendor_name text NOT NULL,
     email text NOT NULL,
     locale text NOT NULL CHECK (locale IN ('en', 'ar')),
     questionnaire jsonb NOT NULL,
     answers jsonb NOT NULL DEFAULT '[]',
     registration jsonb,
     vendor_message text NOT NULL DEFAULT '',
     from_public_link boolean NOT NULL DEFAULT false,
     vendor_id uuid,
     expires_at timestamptz NOT NULL,
     submitted_at timestamptz,
     token_hash text UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
     password_hash text,
     search_key text NOT NULL DEFAULT '',
     created_by uuid NOT NULL,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     CONSTRAINT vendor_invites_number_unique UNIQUE (org_id, number)
   )`,
  `CREATE INDEX IF NOT EXISTS vendor_invites_list ON vendor_invites (org_id, created_at DESC, id DESC)`,
  `ALTER TABLE vendor_invites ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE vendor_invites FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON vendor_invites`,
  `CREATE POLICY tenant_isolation ON vendor_invites USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `DROP POLICY IF EXISTS invite_lookup ON vendor_invites`,
  `CREATE POLICY invite_lookup ON vendor_invites FOR SELECT
     USING (token_hash = nullif(current_setting('app.invite_token_hash', true), ''))`,
  `GRANT SELECT, INSERT, UPDATE ON vendor_invites TO tawreed_app`
]
