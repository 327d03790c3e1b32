/**
 * Stored files (issue 14, SPEC.md §7 media routes): what the product knows of each file whose bytes sit in the file
 * store (a folder under DATA_DIR, or an S3-compatible bucket).
 *
 * - `stored_files`: organisation, uploader, SPEC.md §3 kind, the kind of document it was uploaded for, its name,
 *   the type its bytes showed, size, SHA-256 and storage key; the document that holds it (kind and id) once one
 *   does; when it was taken off or deleted. A file with no document and no removal is pending.
 * - The tenant policy shows an organisation its own files. The sweep, which works across organisations, reads the
 *   files it may take (removed ones, and pending ones uploaded before `app.files_sweep_before`) through a lookup
 *   policy that the setting opens for its transaction only; it then takes each one inside its organisation.
 * - `upload_grants`: signed upload URLs (SPEC.md §7 `media_upload/initial-singedurl`), each for one user's one file
 *   of a kind, kept by the SHA-256 of its token until it lapses or is used. The PUT that uses one finds it by that
 *   hash before the organisation is known, through a lookup policy that the hash opens for its transaction only.
 *
 * Written to run again on a database that has it (Migrations.test.ts replays the migrations from 0014).
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS stored_files (
     id uuid PRIMARY KEY,
     org_id uuid NOT NULL REFERENCES organisations (id),
     uploader_id uuid NOT NULL,
     kind text NOT NULL CHECK (kind IN ('IMAGE', 'DOC', 'PDF', 'ANY')),
     entity text NOT NULL CHECK (entity ~ '^[a-z_]{1,40}$'),
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
     mime text NOT NULL CHECK (length(mime) BETWEEN 1 AND 200),
     size bigint NOT NULL CHECK (size BETWEEN 0 AND 10485760),
     sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
     storage_key text NOT NULL UNIQUE,
     document_kind text CHECK (document_kind ~ '^[a-z_]{1,40}$'),
     document_id text CHECK (length(document_id) BETWEEN 1 AND 100),
     created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
     removed_at timestamptz,
     CHECK ((document_kind IS NULL) = (document_id IS NULL)),
     CHECK (removed_at IS NULL OR document_id IS NULL)
   )`,
  `CREATE INDEX IF NOT EXISTS stored_files_document ON stored_files (org_id, document_kind, document_id, created_at)
     WHERE document_id IS NOT NULL`,
  `CREATE INDEX IF NOT EXISTS stored_files_pending ON stored_files (org_id, uploader_id)
     WHERE document_id IS NULL AND removed_at IS NULL`,
  `CREATE INDEX IF NOT EXISTS stored_files_sweep ON stored_files (created_at) WHERE document_id IS NULL`,
  `ALTER TABLE stored_files ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE stored_files FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON stored_files`,
  `CREATE POLICY tenant_isolation ON stored_files USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `DROP POLICY IF EXISTS sweep_lookup ON stored_files`,
  `CREATE POLICY sweep_lookup ON stored_files FOR SELECT USING (
     document_id IS NULL
     AND nullif(current_setting('app.files_sweep_before', true), '') IS NOT NULL
     AND (removed_at IS NOT NULL
          OR created_at < nullif(current_setting('app.files_sweep_before', true), '')::timestamptz)
   )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON stored_files TO tawreed_app`,
  `CREATE TABLE IF NOT EXISTS upload_grants (
     token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
     org_id uuid NOT NULL REFERENCES organisations (id),
     user_id uuid NOT NULL,
     kind text NOT NULL CHECK (kind IN ('IMAGE', 'DOC', 'PDF', 'ANY')),
     entity text NOT NULL CHECK (entity ~ '^[a-z_]{1,40}$'),
     name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
     expires_at timestamptz NOT NULL,
     created_at timestamptz NOT NULL DEFAULT now()
   )`,
  `CREATE INDEX IF NOT EXISTS upload_grants_expiry ON upload_grants (org_id, expires_at)`,
  `ALTER TABLE upload_grants ENABLE ROW LEVEL SECURITY`,
  `ALTER TABLE upload_grants FORCE ROW LEVEL SECURITY`,
  `DROP POLICY IF EXISTS tenant_isolation ON upload_grants`,
  `CREATE POLICY tenant_isolation ON upload_grants USING (org_id = app_org_id()) WITH CHECK (org_id = app_org_id())`,
  `DROP POLICY IF EXISTS grant_lookup ON upload_grants`,
  `CREATE POLICY grant_lookup ON upload_grants FOR SELECT
     USING (token_hash = nullif(current_setting('app.upload_grant_hash', true), ''))`,
  `GRANT SELECT, INSERT, DELETE ON upload_grants TO tawreed_app`
]
