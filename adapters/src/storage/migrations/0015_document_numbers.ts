/**
 * Document numbers for people (SPEC.md §3 labels '{Module} #{id}'): `WS-000012`, `BDG-000003`, `BCH-000007`.
 *
 * - `document_counters`: per organisation and kind, the last number taken. A document takes the next one in the
 *   transaction that inserts it (an upsert that locks the counter row until commit), so numbers never repeat and a
 *   rolled-back insert gives its number back. Every numbered document kind, present and future, uses this table.
 * - workspaces, budgets and budget changes get their `number`, unique in the organisation; the rows already there
 *   are numbered in the order they were made, and the counters start after them.
 * - approval states keep the number of the document they decide, which notifications show.
 *
 * It may run again after 0014 recreated the budgets tables (see Migrations.ts): what is already numbered keeps its
 * number. Row-level security is lifted from the numbered tables while they are backfilled (a table owner that is not a
 * superuser would otherwise see none of their rows), and forced again.
 */
const numbered = [
  { table: "workspaces", kind: "workspace", prefix: "WS", order: "created_at, id" },
  { table: "budgets", kind: "budget", prefix: "BDG", order: "created_at, id" },
  { table: "budget_changes", kind: "budget_change", prefix: "BCH", order: "seq" }
] as const

export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS document_counters (
     org_id uuid NOT NULL REFERENCES organisations (id),
     kind text NOT NULL CHECK (kind ~ '^[a-z_]{1,40}$'),
     last_value bigint NOT NULL CHECK (last_value > 0),
     PRIMARY KEY (org_id, kind)
   )`,
  `ALTER TABLE document_counters ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE document_counters FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON document_counters`,
  `CREATE POLICY tenant_isolation ON document_counters USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE ON document_counters TO tawreed_app`,
  ...numbered.flatMap(({ table, kind, prefix, order }) => [
    `ALTER TABLE ${table} NO FORCE ROW LEVEL SECURITY`,
    `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS number text`,
    // Rows without a number take the ones after the organisation's counter, in the order they were made.
    `UPDATE ${table} t
       SET number = '${prefix}-' || lpad((coalesce(c.last_value, 0) + r.n)::text, 6, '0')
       FROM (SELECT id, org_id, row_number() OVER (PARTITION BY org_id ORDER BY ${order}) AS n
             FROM ${table} WHERE number IS NULL) r
       LEFT JOIN document_counters c ON c.org_id = r.org_id AND c.kind = '${kind}'
       WHERE t.id = r.id`,
    `INSERT INTO document_counters (org_id, kind, last_value)
       SELECT org_id, '${kind}', max(substring(number FROM '[0-9]+$')::bigint) FROM ${table} GROUP BY org_id
       ON CONFLICT (org_id, kind) DO UPDATE SET last_value = greatest(document_counters.last_value, excluded.last_value)`,
    `ALTER TABLE ${table} ALTER COLUMN number SET NOT NULL`,
    `ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_number_unique`,
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_number_unique UNIQUE (org_id, number)`,
    `ALTER TABLE ${table} FORCE ROW LEVEL SECURITY`
  ]),
  `ALTER TABLE approval_states ADD COLUMN IF NOT EXISTS document_number text`,
  `ALTER TABLE approval_states NO FORCE ROW LEVEL SECURITY`,
  `UPDATE approval_states a SET document_number = w.number FROM workspaces w
     WHERE a.document_number IS NULL AND a.kind = 'workspace' AND a.org_id = w.org_id AND a.document_id = w.id::text`,
  `UPDATE approval_states a SET document_number = c.number FROM budget_changes c
     WHERE a.document_number IS NULL AND a.kind = 'budget' AND a.org_id = c.org_id AND a.document_id = c.id::text`,
  `ALTER TABLE approval_states FORCE ROW LEVEL SECURITY`
]
