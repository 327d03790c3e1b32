import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type ClaimedJob, defaultMaxAttempts, JobRepository, type JobStatus } from "@tawreed/core/jobs"
import { textArray } from "../SqlArrays.ts"

interface ClaimedRow {
  readonly id: string | number
  readonly kind: string
  readonly payload: unknown
  readonly attempts: number
  readonly max_attempts: number
}

/**
 * The job queue in PostgreSQL (migration 0029). Every call is one statement or two, outside any organisation: a
 * claim marks the jobs whose holder stopped with their attempts spent DEAD, then takes due jobs by `FOR UPDATE SKIP
 * LOCKED`, so workers in any number of processes never take one job twice and never wait on each other.
 */
export const SqlJobs = Layer.effect(
  JobRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const json = (value: unknown) => JSON.stringify(value ?? null)
    const payloadOf = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value)
    return JobRepository.of({
      enqueue: (job) =>
        Effect.map(
          sql<{ id: string }>`
            INSERT INTO jobs (kind, key, payload, run_at, max_attempts)
            VALUES (${job.kind}, ${job.key ?? null}, ${json(job.payload)}::jsonb,
                    coalesce(${job.runAt?.toISOString() ?? null}::timestamptz, now()),
                    ${job.maxAttempts ?? defaultMaxAttempts})
            ON CONFLICT (kind, key) WHERE key IS NOT NULL AND status IN ('PENDING', 'RUNNING') DO NOTHING
            RETURNING id`,
          (rows) => rows.length > 0
        ).pipe(Effect.orDie),
      claim: (worker, limit, lease) =>
        Effect.gen(function* () {
          yield* sql`
            UPDATE jobs SET status = 'DEAD', finished_at = now(), locked_by = NULL
            WHERE status = 'RUNNING' AND locked_until < now() AND attempts >= max_attempts`
          const rows = yield* sql<ClaimedRow>`
            UPDATE jobs SET status = 'RUNNING', locked_by = ${worker}, attempts = attempts + 1,
                   locked_until = now() + make_interval(secs => ${lease})
            WHERE id IN (
              SELECT id FROM jobs
              WHERE attempts < max_attempts
                AND ((status = 'PENDING' AND run_at <= now()) OR (status = 'RUNNING' AND locked_until < now()))
              ORDER BY run_at, id LIMIT ${limit}
              FOR UPDATE SKIP LOCKED)
            RETURNING id, kind, payload, attempts, max_attempts`
          return rows
            .map((r): ClaimedJob => ({
              id: String(r.id),
              kind: r.kind,
              payload: payloadOf(r.payload),
              attempts: Number(r.attempts),
              maxAttempts: Number(r.max_attempts)
            }))
            .sort((a, b) => Number(a.id) - Number(b.id))
        }).pipe(Effect.orDie),
      complete: (id, worker) =>
        sql`
          UPDATE jobs SET status = 'DONE', finished_at = now(), locked_by = NULL, locked_until = NULL
          WHERE id = ${id}::bigint AND locked_by = ${worker} AND status = 'RUNNING'`.pipe(Effect.asVoid, Effect.orDie),
      fail: (id, worker, error, retryIn) =>
        sql`
          UPDATE jobs SET
            status = CASE WHEN attempts >= max_attempts THEN 'DEAD' ELSE 'PENDING' END,
            finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
            run_at = now() + make_interval(secs => ${retryIn}),
            last_error = ${error}, locked_by = NULL, locked_until = NULL
          WHERE id = ${id}::bigint AND locked_by = ${worker} AND status = 'RUNNING'`.pipe(Effect.asVoid, Effect.orDie),
      dueSchedules: (schedules) =>
        Effect.gen(function* () {
          const kinds = textArray(schedules.map((s) => s.kind))
          const every = `{${schedules.map((s) => Math.max(1, Math.round(s.everySeconds))).join(",")}}`
          yield* sql`
            INSERT INTO job_schedules (kind, every_seconds, next_run_at)
            SELECT k, e, now() + make_interval(secs => e) FROM unnest(${kinds}::text[], ${every}::int[]) s(k, e)
            ON CONFLICT (kind) DO UPDATE SET every_seconds = excluded.every_seconds
            WHERE job_schedules.every_seconds <> excluded.every_seconds`
          // A second caller at the same time waits on the row, then finds its time already moved on.
          const due = yield* sql<{ kind: string }>`
            UPDATE job_schedules SET next_run_at = now() + make_interval(secs => every_seconds)
            WHERE kind = ANY(${kinds}::text[]) AND next_run_at <= now()
            RETURNING kind`
          return due.map((r) => r.kind)
        }).pipe(Effect.orDie),
      counts: (kind) =>
        Effect.map(
          sql<{ status: JobStatus; n: string | number }>`
            SELECT status, count(*) AS n FROM jobs WHERE kind = ${kind} GROUP BY status`,
          (rows) => {
            const counted: Record<JobStatus, number> = { PENDING: 0, RUNNING: 0, DONE: 0, DEAD: 0 }
            for (const r of rows) counted[r.status] = Number(r.n)
            return counted
          }
        ).pipe(Effect.orDie)
    })
  })
)
