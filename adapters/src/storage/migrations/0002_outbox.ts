/** The embedded outbox: mail kept for an organisation's admins to read when no mail server is configured. */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE outbox (
     id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     recipient text NOT NULL,
     subject text NOT NULL,
     body_text text NOT NULL,
     body_html text,
     created_at timestamptz NOT NULL DEFAULT clock_timestamp()
   )`,
  `CREATE INDEX outbox_org ON outbox (org_id, id DESC)`,
  `ALTER TABLE outbox ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE outbox FORCE ROW LEVEL SECURITY`,
  `CREATE POLICY tenant_isolation ON outbox USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, DELETE ON outbox TO tawreed_app`,
  `GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO tawreed_app`
]
