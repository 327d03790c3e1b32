/**
 * The job queue and its schedules (core/src/jobs/JobQueue.ts): system tables, not an organisation's, so they carry
 * no row-level policy; a job's payload names the organisation it works for. A worker takes due jobs with
 * `FOR UPDATE SKIP LOCKED`; a key keeps one waiting or running job of its kind (the partial unique index); a
 * schedule's next time moves on by one conditional update. Running it again leaves what it made.
 */
export const statements: ReadonlyArray<string> = [
  `CREATE TABLE IF NOT EXISTS jobs (
     id bigserial PRIMARY KEY,
     kind text NOT NULL,
     key text,
     payload jsonb NOT NULL DEFAULT 'null',
     status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'RUNNING', 'DONE', 'DEAD')),
     run_at timestamptz NOT NULL DEFAULT now(),
     attempts integer NOT NULL DEFAULT 0,
     max_attempts integer NOT NULL DEFAULT 5 CHECK (max_attempts > 0),
     locked_by text,
     locked_until timestamptz,
     last_error text,
     created_at timestamptz NOT NULL DEFAULT now(),
     finished_at timestamptz
   )`,
  `CREATE UNIQUE INDEX IF NOT EXISTS jobs_key ON jobs (kind, key)
     WHERE key IS NOT NULL AND status IN ('PENDING', 'RUNNING')`,
  `CREATE INDEX IF NOT EXISTS jobs_due ON jobs (run_at, id) WHERE status = 'PENDING'`,
  `CREATE INDEX IF NOT EXISTS jobs_leased ON jobs (locked_until) WHERE status = 'RUNNING'`,
  `CREATE INDEX IF NOT EXISTS jobs_kind ON jobs (kind, status)`,
  `CREATE TABLE IF NOT EXISTS job_schedules (
     kind text PRIMARY KEY,
     every_seconds integer NOT NULL CHECK (every_seconds > 0),
     next_run_at timestamptz NOT NULL
   )`,
  `GRANT SELECT, INSERT, UPDATE, DELETE ON jobs, job_schedules TO tawreed_app`,
  `GRANT USAGE ON SEQUENCE jobs_id_seq TO tawreed_app`
]
