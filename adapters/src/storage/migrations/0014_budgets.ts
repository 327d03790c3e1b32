/**
 * Budgets (SPEC.md §3 Budget, issue 6):
 *
 * - `budgets`: one workspace's limits for one period, in the organisation's currency, with its status and policy.
 * - `budget_lines`: per expense account or category, the limit and the three buckets (requested, committed,
 *   actual). No bucket goes below zero. Money is `numeric`, never floating point.
 * - `budget_entries`: the ledger, what each document holds on each line per bucket, so every bucket is the sum of
 *   its documents. An entry's line cannot be removed while the entry exists.
 * - `budget_changes`: the approvable changes of a budget (request for limit, internal and external adjustments,
 *   update), with their line deltas, status and when they were decided; `seq` orders them.
 *
 * Every table is the organisation's alone: org_id with the tenant policy, forced for the table's owner too.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE budgets (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     workspace_id uuid NOT NULL,
     name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
     start_date date NOT NULL,
     end_date date NOT NULL,
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     status text NOT NULL CHECK (status IN ('BUDGETED', 'ACTIVE', 'INACTIVE')),
     policy text NOT NULL CHECK (policy IN ('STOP', 'WARN', 'IGNORE')),
     created_by uuid NOT NULL,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT now(),
     updated_at timestamptz NOT NULL DEFAULT now(),
     UNIQUE (org_id, id),
     CHECK (end_date >= start_date),
     FOREIGN KEY (org_id, workspace_id) REFERENCES workspaces (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX budgets_workspace_period ON budgets (org_id, workspace_id, start_date)`,
  `CREATE TABLE budget_lines (
     org_id uuid NOT NULL,
     budget_id uuid NOT NULL,
     key text NOT NULL CHECK (length(btrim(key)) BETWEEN 1 AND 100),
     label text NOT NULL,
     position integer NOT NULL,
     limit_amount numeric(21, 6) NOT NULL CHECK (limit_amount >= 0),
     requested numeric(21, 6) NOT NULL DEFAULT 0 CHECK (requested >= 0),
     committed numeric(21, 6) NOT NULL DEFAULT 0 CHECK (committed >= 0),
     actual numeric(21, 6) NOT NULL DEFAULT 0 CHECK (actual >= 0),
     PRIMARY KEY (budget_id, key),
     FOREIGN KEY (org_id, budget_id) REFERENCES budgets (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE TABLE budget_entries (
     org_id uuid NOT NULL,
     budget_id uuid NOT NULL,
     line_key text NOT NULL,
     document_kind text NOT NULL,
     document_id text NOT NULL,
     requested numeric(21, 6) NOT NULL DEFAULT 0 CHECK (requested >= 0),
     committed numeric(21, 6) NOT NULL DEFAULT 0 CHECK (committed >= 0),
     actual numeric(21, 6) NOT NULL DEFAULT 0 CHECK (actual >= 0),
     updated_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (budget_id, line_key, document_kind, document_id),
     FOREIGN KEY (org_id, budget_id) REFERENCES budgets (org_id, id) ON DELETE CASCADE,
     FOREIGN KEY (budget_id, line_key) REFERENCES budget_lines (budget_id, key)
   )`,
  `CREATE INDEX budget_entries_document ON budget_entries (org_id, document_kind, document_id)`,
  `CREATE TABLE budget_changes (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL,
     budget_id uuid NOT NULL,
     workspace_id uuid NOT NULL,
     seq bigint GENERATED ALWAYS AS IDENTITY,
     action text NOT NULL CHECK (action IN ('request_for_budget_limit', 'adjust_budget_internally',
                                            'adjust_budget_externally', 'update_budget')),
     lines jsonb NOT NULL,
     name text,
     start_date date,
     end_date date,
     remark text NOT NULL DEFAULT '',
     status text NOT NULL CHECK (status IN ('PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'RETURNED')),
     requester_id uuid NOT NULL,
     value numeric(21, 6) NOT NULL CHECK (value >= 0),
     created_at timestamptz NOT NULL DEFAULT now(),
     decided_at timestamptz,
     version integer NOT NULL DEFAULT 1,
     FOREIGN KEY (org_id, budget_id) REFERENCES budgets (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX budget_changes_budget ON budget_changes (org_id, budget_id, seq DESC)`,
  ...["budgets", "budget_lines", "budget_entries", "budget_changes"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `GRANT SELECT, INSERT, UPDATE, DELETE ON budgets, budget_lines, budget_entries, budget_changes TO tawreed_app`
]
