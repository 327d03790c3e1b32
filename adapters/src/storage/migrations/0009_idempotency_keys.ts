/**
 * Idempotency keys of creates (ARCHITECTURE.md, concurrency): the key a client sent, a digest of the request it
 * came with, and the answer once the work is done. Keys are per organisation and live a day.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE idempotency_keys (
     org_id uuid NOT NULL REFERENCES organisations (id),
     key text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
     fingerprint text NOT NULL,
     response jsonb,
     created_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (org_id, key)
   )`,
  `ALTER TABLE idempotency_keys ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE idempotency_keys FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON idempotency_keys USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON idempotency_keys TO tawreed_app`
]
