/**
 * Users management, roles, organisation settings and themes.
 *
 * - users: the profile fields the users screens edit, and the user's mail preferences.
 * - roles: the roles an organisation composes from privileges (SPEC.md §6's role codes keep their defaults in the
 *   core). A session's check reads the roles of its own organisation through a lookup policy that names exactly
 *   the organisation of the token being checked, as the user and organisation lookups do.
 * - organisations: logo, modules (null until the organisation saves its own: the core gives its kind's defaults),
 *   admin and general configuration, and the profile fields of the update-organisation payload.
 * - themes: one per organisation. The sign-in page reads it before anyone signs in, by the organisation's code or
 *   by the address the site is served at; each lookup policy names exactly that code or address. The code is
 *   copied onto the theme so that neither lookup has to read organisations.
 */
export const statements: ReadonlyArray<string> = [
  `ALTER TABLE users
     ADD COLUMN position text NOT NULL DEFAULT '',
     ADD COLUMN image text,
     ADD COLUMN email_alerts boolean NOT NULL DEFAULT true,
     ADD COLUMN receive_notifications boolean NOT NULL DEFAULT true`,
  `CREATE INDEX users_org_names ON users (org_id, lower(first_name), lower(last_name))`,
  `CREATE TABLE roles (
     org_id uuid NOT NULL REFERENCES organisations (id),
     code text NOT NULL CHECK (code ~ '^[a-z][a-z0-9]*(_[a-z0-9]+)*$'),
     name_en text NOT NULL,
     name_ar text NOT NULL,
     privileges text[] NOT NULL DEFAULT '{}',
     system boolean NOT NULL DEFAULT false,
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (org_id, code)
   )`,
  `ALTER TABLE organisations
     ADD COLUMN logo text,
     ADD COLUMN modules jsonb,
     ADD COLUMN admin_config jsonb NOT NULL DEFAULT '{}',
     ADD COLUMN general_config jsonb NOT NULL DEFAULT '{}',
     ADD COLUMN profile jsonb NOT NULL DEFAULT '{}'`,
  `CREATE TABLE themes (
     org_id uuid PRIMARY KEY REFERENCES organisations (id),
     org_code text NOT NULL,
     url text UNIQUE,
     theme jsonb NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `ALTER TABLE roles ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE roles FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON roles USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY session_lookup ON roles FOR SELECT
     USING (org_id IN (SELECT org_id FROM sessions WHERE token_hash = current_setting('app.session_token_hash', true)))`,
  `ALTER TABLE themes ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE themes FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON themes USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `CREATE POLICY theme_lookup ON themes FOR SELECT
     USING (org_code = current_setting('app.theme_org_code', true) OR url = current_setting('app.theme_url', true))`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON roles, themes TO tawreed_app`
]
