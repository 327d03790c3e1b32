/**
 * Account security: subscription end and password age per organisation; MFA, failed sign-ins, locks and the
 * password's age per user; security codes (MFA and password reset) and invitations, kept as hashes; the audit log;
 * throttling counters. Invitations are found by the hash of their token before the organisation is known, through
 * a lookup policy that names exactly that token.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE organisations
     ADD COLUMN expires_at timestamptz,
     ADD COLUMN password_max_age_days integer CHECK (password_max_age_days IS NULL OR password_max_age_days > 0)`,
  `ALTER TABLE users
     ADD COLUMN mfa_enabled boolean NOT NULL DEFAULT false,
     ADD COLUMN failed_logins integer NOT NULL DEFAULT 0,
     ADD COLUMN locked_until timestamptz,
     ADD COLUMN password_changed_at timestamptz NOT NULL DEFAULT now()`,
  `CREATE TABLE security_codes (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     purpose text NOT NULL CHECK (purpose IN ('mfa', 'reset')),
     platform text NOT NULL CHECK (platform IN ('web', 'mobile')),
     code_hash text,
     attempts integer NOT NULL DEFAULT 0,
     sends integer NOT NULL DEFAULT 0,
     verified_at timestamptz,
     sent_at timestamptz,
     expires_at timestamptz NOT NULL,
     used_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX security_codes_open ON security_codes (org_id, user_id, purpose, created_at DESC) WHERE used_at IS NULL`,
  `CREATE TABLE invitations (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     token_hash text NOT NULL UNIQUE,
     expires_at timestamptz NOT NULL,
     used_at timestamptz,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE TABLE audit_log (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     org_id uuid REFERENCES organisations (id),
     actor_id uuid,
     event text NOT NULL,
     address text,
     detail jsonb NOT NULL DEFAULT '{}',
     at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX audit_log_org ON audit_log (org_id, id DESC)`,
  `CREATE TABLE throttle_hits (
     key text NOT NULL,
     at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX throttle_hits_key ON throttle_hits (key, at)`,

  `ALTER TABLE security_codes ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE security_codes FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON security_codes USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `ALTER TABLE invitations ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE invitations FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON invitations USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY invitation_lookup ON invitations FOR SELECT
     USING (current_setting('app.invitation_token_hash', true) = token_hash)`,
  `ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE audit_log FORCE ROW LEVEL SECURITY`,
  // A failed sign-in with an unknown email belongs to no organisation: it may be written, and only read by operators.
  `CREATE POLICY tenant_isolation ON audit_log USING (org_id = app_org_id())
     WITH CHECK (org_id IS NULL OR org_id = app_org_id())`,

  `GRANT SELECT, INSERT, UPDATE ON security_codes, invitations TO tawreed_app`,
  `GRANT SELECT, INSERT ON audit_log TO tawreed_app`,
  `GRANT SELECT, INSERT, DELETE ON throttle_hits TO tawreed_app`,
  `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tawreed_app`
]
