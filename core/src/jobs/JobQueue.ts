import { Context, Effect, Exit, Cause } from "effect"

/**
 * Background work (reminders, expiries, sweeps, mail to retry): jobs kept in the database, taken by whichever app
 * process asks first, and recurring schedules that enqueue one job per period however many processes run.
 *
 * The queue is the product's own, on a table taken with `FOR UPDATE SKIP LOCKED` (the pattern of graphile-worker,
 * pg-boss and Oban): graphile-worker and pg-boss need PostgreSQL's LISTEN and their own schema migrations, which the
 * embedded engine (PGlite, one connection) does not serve, and the queue must work the same on both engines.
 *
 * - A job is PENDING until its time (`runAt`), RUNNING while one worker holds its lease, then DONE; a failed run
 *   waits `retryDelaySeconds(attempts)` and runs again, DEAD once its attempts are spent (its last error kept).
 * - A worker that stops mid-run leaves its lease to lapse: the job is taken again, counting the attempt it made.
 * - A job with a key is not enqueued twice while one of its kind and key is waiting or running.
 * - A schedule's next time moves on by one conditional update, so one process in a period enqueues its job.
 */
export type JobStatus = "PENDING" | "RUNNING" | "DONE" | "DEAD"

export const jobStatuses: ReadonlyArray<JobStatus> = ["PENDING", "RUNNING", "DONE", "DEAD"]

export interface NewJob {
  readonly kind: string
  readonly payload?: unknown
  /** Not before this time (now when absent). */
  readonly runAt?: Date | undefined
  /** At most one waiting or running job of this kind holds this key. */
  readonly key?: string | undefined
  /** Runs at most this many times (5 when absent). */
  readonly maxAttempts?: number | undefined
}

/** A job a worker holds, for its lease. */
export interface ClaimedJob {
  readonly id: string
  readonly kind: string
  readonly payload: unknown
  /** This run included. */
  readonly attempts: number
  readonly maxAttempts: number
}

/** A recurring job: one job of `kind` every `everySeconds`, the first one period after the schedule is first seen. */
export interface JobSchedule {
  readonly kind: string
  readonly everySeconds: number
}

export const defaultMaxAttempts = 5

/** How long a worker holds a job it took before another may take it: longer than any job runs. */
export const leaseSeconds = 300

/** How many jobs a worker takes at a time. */
export const claimBatch = 10

/** The wait before a failed job runs again: 30 s, doubling with each attempt, at most an hour. */
export const retryDelaySeconds = (attempts: number): number => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1))

export interface JobRepositoryShape {
  /** Adds a job; false when a job of its kind and key is already waiting or running. */
  readonly enqueue: (job: NewJob) => Effect.Effect<boolean>
  /** Takes up to `limit` jobs that are due (or whose holder's lease lapsed) for `worker`; no two workers take one. */
  readonly claim: (worker: string, limit: number, leaseSeconds: number) => Effect.Effect<ReadonlyArray<ClaimedJob>>
  /** A run that ended well; nothing when `worker` no longer holds the job. */
  readonly complete: (id: string, worker: string) => Effect.Effect<void>
  /** A run that failed: the job waits `retryInSeconds` and runs again, or is DEAD once its attempts are spent. */
  readonly fail: (id: string, worker: string, error: string, retryInSeconds: number) => Effect.Effect<void>
  /**
   * Declares the schedules (a new one's first time is one period from now) and moves on every one whose time has
   * come, answering their kinds: of callers at the same time, one gets each kind.
   */
  readonly dueSchedules: (schedules: ReadonlyArray<JobSchedule>) => Effect.Effect<ReadonlyArray<string>>
  /** How many jobs of a kind are in each status (for the operators and tests). */
  readonly counts: (kind: string) => Effect.Effect<Readonly<Record<JobStatus, number>>>
}

/** Port: where jobs and schedules are kept. */
export class JobRepository extends Context.Service<JobRepository, JobRepositoryShape>()(
  "@tawreed/core/jobs/JobRepository"
) {}

/** What runs a kind of job. A failure (or defect) is a failed run. */
export interface JobHandler {
  readonly kind: string
  readonly run: (payload: unknown) => Effect.Effect<void, unknown>
}

/** What one pass of a worker did. */
export interface JobPass {
  readonly scheduled: number
  readonly done: number
  readonly failed: number
}

/**
 * One pass of a worker: enqueues the scheduled jobs whose time has come, then takes a batch of due jobs and runs
 * each with its handler, one after another. A job of a kind no handler serves fails (and is retried: another
 * process of a newer release may serve it).
 */
export const runPass = (worker: string, handlers: ReadonlyArray<JobHandler>, schedules: ReadonlyArray<JobSchedule>) =>
  Effect.gen(function* () {
    const jobs = yield* JobRepository
    const due = schedules.length === 0 ? [] : yield* jobs.dueSchedules(schedules)
    let scheduled = 0
    for (const kind of due) if (yield* jobs.enqueue({ kind, key: "schedule" })) scheduled++
    const taken = yield* jobs.claim(worker, claimBatch, leaseSeconds)
    const byKind = new Map(handlers.map((h) => [h.kind, h]))
    let done = 0
    let failed = 0
    for (const job of taken) {
      const handler = byKind.get(job.kind)
      const exit = handler === undefined ? undefined : yield* Effect.exit(handler.run(job.payload))
      if (exit !== undefined && Exit.isSuccess(exit)) {
        yield* jobs.complete(job.id, worker)
        done++
      } else {
        const error = exit === undefined ? `no handler for ${job.kind}` : Cause.pretty(exit.cause).slice(0, 2000)
        yield* jobs.fail(job.id, worker, error, retryDelaySeconds(job.attempts))
        failed++
      }
    }
    return { scheduled, done, failed } satisfies JobPass
  })
