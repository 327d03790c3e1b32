/**
 * Requests (SPEC.md §3 Request, §4):
 *
 * - `requests`: one row per request. What the list filters and sorts by is a column of its own (status, kind,
 *   workspace, requester, creator, assignee, classification, the value in the organisation's currency, the
 *   timestamps, the lower-cased title `title_key`); the lines (`items`, `expense_items`) and the nested parts
 *   (expense details, RFP weights, budget warning) are jsonb, read and written whole with the request, and the
 *   lines' names in both languages are kept beside them in `line_names` for the list's search. Amounts are
 *   `numeric` without a fixed scale, so each keeps the scale of its currency as written. Timestamps are held to the
 *   millisecond, the precision of the cursors the list hands out. Sortable texts compare by code point
 *   (`COLLATE "C"`), as the port promises.
 * - `request_watchers`: who follows a request, in the order given, with whether they are told of its order.
 * - `request_list_columns`: the columns each user keeps for each list of requests.
 *
 * Indexes: each starts with org_id; one per list filter followed by the default order (creation, then id), one
 * per other sort column, and one covering index on the default order that carries the columns the common filters
 * read, so a page deep in the list is found from the index alone before its rows are read. Row-level security as
 * everywhere: org_id with the tenant policy, forced for the table's owner too. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS requests (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     number text NOT NULL,
     title text NOT NULL,
     title_key text COLLATE "C" NOT NULL,
     request_type text NOT NULL CHECK (request_type IN ('inventory', 'product', 'reimbursement', 'service',
                                                         'proposal', 'expense', 'contract')),
     status text COLLATE "C" NOT NULL,
     sourcing_status text NOT NULL,
     workspace_id uuid NOT NULL,
     location_id text,
     requester_id uuid NOT NULL,
     created_by uuid NOT NULL,
     assignee_id uuid,
     classification text COLLATE "C",
     approval_classification text,
     currency text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
     requested_date timestamptz NOT NULL,
     expected_date timestamptz,
     enquiry_last_date timestamptz,
     expiry_date timestamptz,
     accept_to_respond_last_date timestamptz,
     items jsonb NOT NULL DEFAULT '[]',
     expense_items jsonb NOT NULL DEFAULT '[]',
     search_keys text[] NOT NULL DEFAULT '{}',
     expense jsonb,
     rfp jsonb,
     attachments text[] NOT NULL DEFAULT '{}',
     remarks text NOT NULL DEFAULT '',
     budget_id text,
     budget_line text,
     budget_warning jsonb,
     sub_total numeric NOT NULL,
     tax_total numeric NOT NULL,
     total numeric NOT NULL,
     org_currency text NOT NULL CHECK (org_currency ~ '^[A-Z]{3}$'),
     value_in_org_currency numeric NOT NULL,
     categories text[] NOT NULL DEFAULT '{}',
     copied_from text,
     submitted_at timestamptz,
     version integer NOT NULL DEFAULT 1,
     created_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     updated_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now()),
     UNIQUE (org_id, id),
     CONSTRAINT requests_number_unique UNIQUE (org_id, number),
     CHECK ((budget_id IS NULL) = (budget_line IS NULL)),
     FOREIGN KEY (org_id, workspace_id) REFERENCES workspaces (org_id, id)
   )`,
  // The default order (newest first) covers the common filters, so offsets deep in the list are counted in the index.
  `CREATE INDEX IF NOT EXISTS requests_created ON requests (org_id, created_at, id)
     INCLUDE (status, workspace_id, request_type, classification, requester_id)`,
  `CREATE INDEX IF NOT EXISTS requests_status_created ON requests (org_id, status, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_workspace_created ON requests (org_id, workspace_id, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_classification_created ON requests (org_id, classification, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_type_created ON requests (org_id, request_type, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_requester_created ON requests (org_id, requester_id, created_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_creator ON requests (org_id, created_by)`,
  `CREATE INDEX IF NOT EXISTS requests_assignee ON requests (org_id, assignee_id) WHERE assignee_id IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS requests_updated ON requests (org_id, updated_at, id)`,
  `CREATE INDEX IF NOT EXISTS requests_title ON requests (org_id, title_key, id)`,
  `CREATE INDEX IF NOT EXISTS requests_status ON requests (org_id, status, id)`,
  `CREATE INDEX IF NOT EXISTS requests_total ON requests (org_id, value_in_org_currency, id)`,
  `CREATE TABLE IF NOT EXISTS request_watchers (
     org_id uuid NOT NULL,
     request_id uuid NOT NULL,
     position integer NOT NULL,
     user_id uuid NOT NULL,
     order_submission_enabled boolean NOT NULL,
     order_submission_notified boolean NOT NULL,
     PRIMARY KEY (request_id, position),
     UNIQUE (request_id, user_id),
     FOREIGN KEY (org_id, request_id) REFERENCES requests (org_id, id) ON DELETE CASCADE
   )`,
  `CREATE INDEX IF NOT EXISTS request_watchers_user ON request_watchers (org_id, user_id, request_id)`,
  `CREATE TABLE IF NOT EXISTS request_list_columns (
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     list text NOT NULL CHECK (list IN ('requests', 'expense_requests')),
     columns text[] NOT NULL,
     PRIMARY KEY (org_id, user_id, list)
   )`,
  ...["requests", "request_watchers", "request_list_columns"].flatMap((table) => [
    `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`,
    `DROP POLICY IF EXISTS tenant_isolation ON ${table}`,
    `CREATE POLICY tenant_isolation ON ${table} USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`
  ]),
  `GRANT SELECT, INSERT, UPDATE, DELETE ON requests, request_watchers, request_list_columns TO tawreed_app`
]
