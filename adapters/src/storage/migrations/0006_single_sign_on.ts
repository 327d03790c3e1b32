/**
 * Single sign-on: sign-ins under way at a provider (found by the hash of their state, before any organisation is
 * known, and kept ten minutes), and the links between a provider's identities (issuer + subject) and users, found
 * through a lookup policy that names exactly one identity.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE sso_attempts (
     state_hash text PRIMARY KEY,
     provider text NOT NULL,
     code_verifier text NOT NULL,
     nonce text NOT NULL,
     redirect_uri text NOT NULL,
     return_url text NOT NULL,
     platform text NOT NULL CHECK (platform IN ('web', 'mobile')),
     expires_at timestamptz NOT NULL
   )`,
  `CREATE TABLE user_identities (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     issuer text NOT NULL,
     subject text NOT NULL,
     email text,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (issuer, subject)
   )`,
  `CREATE INDEX user_identities_user ON user_identities (org_id, user_id)`,
  `ALTER TABLE user_identities ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE user_identities FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON user_identities USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY identity_lookup ON user_identities FOR SELECT
     USING (current_setting('app.sso_identity', true) = issuer || ' ' || subject)`,
  `GRANT SELECT, INSERT, DELETE ON sso_attempts TO tawreed_app`,
  `GRANT SELECT, INSERT, DELETE ON user_identities TO tawreed_app`
]
