/**
 * Organisations, users, sessions and notifications, with row-level security on every tenant table.
 *
 * The app works as the role `tawreed_app`, which is not a superuser and cannot bypass row-level security; every
 * transaction names its organisation with `set_config('app.org_id', …, true)`. Two lookups come before an
 * organisation is known — a user by email at sign-in and a session by token hash — and each is allowed by a
 * setting that names exactly the row being looked up, so neither opens a table wider than one row.
 */
export const statements: ReadonlyArray<string> = [
  `DO $$ BEGIN
     CREATE ROLE tawreed_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
   EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
   END $$`,
  `DO $$ BEGIN
     EXECUTE format('GRANT tawreed_app TO %I', current_user);
   EXCEPTION WHEN others THEN NULL;
   END $$`,
  `GRANT USAGE ON SCHEMA public TO tawreed_app`,
  `CREATE FUNCTION app_org_id() RETURNS uuid LANGUAGE sql STABLE AS
     $$ SELECT nullif(current_setting('app.org_id', true), '')::uuid $$`,
  `CREATE TABLE organisations (
     id uuid PRIMARY KEY,
     code text NOT NULL UNIQUE,
     name text NOT NULL,
     name_ar text NOT NULL DEFAULT '',
     org_type text NOT NULL CHECK (org_type IN ('buyer', 'vendor', 'client', 'reseller')),
     currency text NOT NULL DEFAULT 'SAR',
     active boolean NOT NULL DEFAULT true,
     created_at timestamptz NOT NULL DEFAULT now(),
     version integer NOT NULL DEFAULT 1
   )`,
  `CREATE TABLE users (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     email text NOT NULL,
     first_name text NOT NULL DEFAULT '',
     last_name text NOT NULL DEFAULT '',
     password_hash text NOT NULL,
     status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'INACTIVE', 'BLOCKED')),
     roles text[] NOT NULL DEFAULT '{}',
     created_at timestamptz NOT NULL DEFAULT now(),
     version integer NOT NULL DEFAULT 1
   )`,
  `CREATE UNIQUE INDEX users_email_key ON users (lower(email))`,
  `CREATE INDEX users_org ON users (org_id)`,
  `CREATE TABLE sessions (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     platform text NOT NULL CHECK (platform IN ('web', 'mobile')),
     token_hash text NOT NULL UNIQUE,
     dashboard_token_hash text NOT NULL UNIQUE,
     created_at timestamptz NOT NULL DEFAULT now(),
     expires_at timestamptz NOT NULL,
     revoked_at timestamptz
   )`,
  `CREATE INDEX sessions_user ON sessions (org_id, user_id)`,
  `CREATE TABLE notifications (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     module text NOT NULL,
     type text NOT NULL,
     document_id text NOT NULL,
     title_en text NOT NULL,
     title_ar text NOT NULL,
     body text NOT NULL DEFAULT '',
     url text NOT NULL DEFAULT '',
     status text NOT NULL DEFAULT 'UNREAD' CHECK (status IN ('UNREAD', 'READ')),
     created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
     read_at timestamptz
   )`,
  `CREATE INDEX notifications_recipient ON notifications (org_id, user_id, id DESC)`,
  `CREATE INDEX notifications_unread ON notifications (org_id, user_id) WHERE status = 'UNREAD'`,

  `ALTER TABLE organisations ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE organisations FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON organisations USING (id = app_org_id()) WITH CHECK (id = app_org_id())`,
  `ALTER TABLE users ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE users FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON users USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY sign_in_lookup ON users FOR SELECT
     USING (current_setting('app.sign_in_email', true) = lower(email))`,
  `ALTER TABLE sessions ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE sessions FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON sessions USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY session_lookup ON sessions FOR SELECT
     USING (current_setting('app.session_token_hash', true) = token_hash)`,
  `ALTER TABLE notifications ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE notifications FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON notifications USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,

  `CREATE TABLE installation (
     key text PRIMARY KEY,
     value text NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `GRANT SELECT, INSERT, UPDATE ON installation TO tawreed_app`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON organisations, users, sessions, notifications TO tawreed_app`,
  `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tawreed_app`
]
