/**
 * The approval engine's stores (issue 6):
 *
 * - `approval_workflows`: per organisation, workspace (NULL for the organisation's own) and document kind, the
 *   ordered levels as JSON, with a version for optimistic updates.
 * - `approval_states`: where each document's approval stands, its levels snapshotted at submission.
 * - `approval_entries`: the append-only timeline. The app role may add and read entries, never change or remove
 *   them.
 *
 * Every table is the organisation's alone: org_id with the tenant policy, forced for the table's owner too.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE approval_workflows (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     workspace_id uuid,
     kind text NOT NULL CHECK (kind IN ('request', 'rfq', 'pre_rfq_approval', 'order', 'bill', 'workspace', 'budget')),
     levels jsonb NOT NULL,
     version integer NOT NULL DEFAULT 1,
     updated_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE UNIQUE INDEX approval_workflows_scope ON approval_workflows
     (org_id, coalesce(workspace_id, '00000000-0000-0000-0000-000000000000'::uuid), kind)`,
  `CREATE TABLE approval_states (
     org_id uuid NOT NULL REFERENCES organisations (id),
     kind text NOT NULL,
     document_id text NOT NULL,
     workspace_id uuid,
     title text NOT NULL,
     requester_id text NOT NULL,
     created_by text NOT NULL,
     status text NOT NULL CHECK (status IN ('SUBMITTED', 'APPROVED', 'PENDING_APPROVAL', 'REJECTED', 'RETURNED',
                                            'UPDATED')),
     levels jsonb NOT NULL,
     approver_ids jsonb NOT NULL,
     current_level integer,
     approved_by jsonb NOT NULL,
     super_action boolean NOT NULL,
     waiting_on text[] NOT NULL DEFAULT '{}',
     version integer NOT NULL,
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (org_id, kind, document_id)
   )`,
  `CREATE INDEX approval_states_waiting ON approval_states USING gin (waiting_on)`,
  `CREATE TABLE approval_entries (
     org_id uuid NOT NULL REFERENCES organisations (id),
     kind text NOT NULL,
     document_id text NOT NULL,
     seq integer NOT NULL,
     action text NOT NULL,
     actor_id text NOT NULL,
     actor_name text NOT NULL,
     level integer,
     remark text NOT NULL,
     assignees text[] NOT NULL DEFAULT '{}',
     at timestamptz NOT NULL,
     PRIMARY KEY (org_id, kind, document_id, seq)
   )`,
  ...["approval_workflows", "approval_states", "approval_entries"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `GRANT SELECT, INSERT, UPDATE, DELETE ON approval_workflows, approval_states TO tawreed_app`,
  `GRANT SELECT, INSERT ON approval_entries TO tawreed_app`
]
