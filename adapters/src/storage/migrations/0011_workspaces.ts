/**
 * Workspaces (SPEC.md §3): the workspace itself, its locations and its users with their workspace roles, and each
 * user's workspace preferences (their default workspace and the workspaces list's saved columns).
 *
 * - A workspace's name is used once per organisation, whatever its case.
 * - Locations and users keep the order they were given in (`position`) and go with their workspace.
 * - A user who is deleted leaves every workspace and their preferences with them; a deleted workspace is no
 *   longer anyone's default.
 * - Every table is the organisation's alone: org_id with the tenant policy, forced for the table's owner too.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE workspaces (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
     code text,
     description text NOT NULL DEFAULT '',
     remarks text NOT NULL DEFAULT '',
     classification text,
     start_date date,
     end_date date,
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     status text NOT NULL CHECK (status IN ('DRAFT', 'PENDING', 'APPROVED', 'RETURNED', 'REJECTED', 'ACTIVE',
                                            'INACTIVE', 'SUPER_APPROVED', 'SUPER_RETURNED', 'SUPER_REJECTED')),
     config jsonb NOT NULL,
     created_by uuid NOT NULL,
     requester_id uuid NOT NULL,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (org_id, id),
     CHECK (end_date IS NULL OR start_date IS NULL OR end_date >= start_date)
   )`,
  `CREATE UNIQUE INDEX workspaces_org_name_key ON workspaces (org_id, lower(name))`,
  `CREATE INDEX workspaces_org_status ON workspaces (org_id, status)`,
  `CREATE TABLE locations (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL,
     workspace_id uuid NOT NULL,
     position integer NOT NULL,
     name text NOT NULL,
     status text NOT NULL CHECK (status IN ('ACTIVE', 'INACTIVE')),
     description text NOT NULL DEFAULT '',
     address_type text NOT NULL CHECK (address_type IN ('Office', 'Warehouse', 'Other')),
     address jsonb NOT NULL,
     contact_info jsonb NOT NULL,
     FOREIGN KEY (org_id, workspace_id) REFERENCES workspaces (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX locations_workspace ON locations (workspace_id, position)`,
  `CREATE TABLE workspace_users (
     org_id uuid NOT NULL,
     workspace_id uuid NOT NULL,
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     role text NOT NULL CHECK (role IN ('workspaces_viewer', 'workspaces_manager', 'workspaces_admin')),
     position integer NOT NULL,
     PRIMARY KEY (workspace_id, user_id),
     FOREIGN KEY (org_id, workspace_id) REFERENCES workspaces (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX workspace_users_user ON workspace_users (org_id, user_id)`,
  `CREATE TABLE workspace_preferences (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
     default_workspace_id uuid REFERENCES workspaces (id) ON DELETE SET NULL,
     columns text[] NOT NULL DEFAULT '{}',
     PRIMARY KEY (org_id, user_id)
   )`,
  ...["workspaces", "locations", "workspace_users", "workspace_preferences"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `GRANT SELECT, INSERT, UPDATE, DELETE ON workspaces, locations, workspace_users, workspace_preferences
     TO tawreed_app`
]
