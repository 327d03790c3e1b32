/**
 * Files kept with the embedded outbox's mail (a purchase order's PDF for its vendor...), so that an organisation
 * without a mail server can still pass them on: one row per file, in the order the mail lists them, removed with
 * its mail. The bytes sit in the row; the outbox page lists names and sizes and reads one file when asked.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS outbox_attachments (
     mail_id bigint NOT NULL REFERENCES outbox (id) ON DELETE CASCADE,
     position integer NOT NULL CHECK (position >= 0),
     org_id uuid NOT NULL REFERENCES organisations (id),
     filename text NOT NULL,
     content_type text NOT NULL,
     size integer NOT NULL CHECK (size >= 0),
     content bytea NOT NULL,
     PRIMARY KEY (mail_id, position)
   )`,
  `ALTER TABLE outbox_attachments ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE outbox_attachments FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON outbox_attachments`,
  `CREATE POLICY tenant_isolation ON outbox_attachments USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `GRANT SELECT, INSERT, DELETE ON outbox_attachments TO tawreed_app`
]
