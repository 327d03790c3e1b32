import { Effect, Layer } from "effect"
import { type ClaimedJob, defaultMaxAttempts, JobRepository, type JobStatus } from "../../jobs/JobQueue.ts"

interface Row {
  readonly id: string
  readonly kind: string
  readonly key: string | undefined
  readonly payload: unknown
  status: JobStatus
  runAt: number
  attempts: number
  readonly maxAttempts: number
  lockedBy: string | undefined
  lockedUntil: number
  lastError: string | undefined
}

/** The job queue in memory, for use-case tests: the SQL one's behaviour, with a clock tests may move. */
export const memoryJobs = (now: () => number = Date.now) => {
  const rows: Array<Row> = []
  const schedules = new Map<string, { every: number; next: number }>()
  let serial = 0
  return JobRepository.of({
    enqueue: (job) =>
      Effect.sync(() => {
        const live = (r: Row) =>
          r.kind === job.kind && r.key === job.key && (r.status === "PENDING" || r.status === "RUNNING")
        if (job.key !== undefined && rows.some(live)) return false
        rows.push({
          id: String(++serial),
          kind: job.kind,
          key: job.key,
          payload: job.payload ?? null,
          status: "PENDING",
          runAt: job.runAt?.getTime() ?? now(),
          attempts: 0,
          maxAttempts: job.maxAttempts ?? defaultMaxAttempts,
          lockedBy: undefined,
          lockedUntil: 0,
          lastError: undefined
        })
        return true
      }),
    claim: (worker, limit, lease) =>
      Effect.sync(() => {
        const at = now()
        for (const r of rows) {
          if (r.status === "RUNNING" && r.lockedUntil < at && r.attempts >= r.maxAttempts) r.status = "DEAD"
        }
        const due = rows
          .filter(
            (r) =>
              r.attempts < r.maxAttempts &&
              ((r.status === "PENDING" && r.runAt <= at) || (r.status === "RUNNING" && r.lockedUntil < at))
          )
          .sort((a, b) => a.runAt - b.runAt || Number(a.id) - Number(b.id))
          .slice(0, limit)
        return due.map((r): ClaimedJob => {
          r.status = "RUNNING"
          r.lockedBy = worker
          r.lockedUntil = at + lease * 1000
          r.attempts++
          return { id: r.id, kind: r.kind, payload: r.payload, attempts: r.attempts, maxAttempts: r.maxAttempts }
        })
      }),
    complete: (id, worker) =>
      Effect.sync(() => {
        const r = rows.find((x) => x.id === id && x.lockedBy === worker && x.status === "RUNNING")
        if (r !== undefined) {
          r.status = "DONE"
          r.lockedBy = undefined
        }
      }),
    fail: (id, worker, error, retryIn) =>
      Effect.sync(() => {
        const r = rows.find((x) => x.id === id && x.lockedBy === worker && x.status === "RUNNING")
        if (r === undefined) return
        r.status = r.attempts >= r.maxAttempts ? "DEAD" : "PENDING"
        r.runAt = now() + retryIn * 1000
        r.lastError = error
        r.lockedBy = undefined
      }),
    dueSchedules: (declared) =>
      Effect.sync(() => {
        const at = now()
        const due: Array<string> = []
        for (const s of declared) {
          const known = schedules.get(s.kind)
          if (known === undefined) schedules.set(s.kind, { every: s.everySeconds, next: at + s.everySeconds * 1000 })
          else {
            known.every = s.everySeconds
            if (known.next <= at) {
              known.next = at + known.every * 1000
              due.push(s.kind)
            }
          }
        }
        return due
      }),
    counts: (kind) =>
      Effect.sync(() => {
        const counted: Record<JobStatus, number> = { PENDING: 0, RUNNING: 0, DONE: 0, DEAD: 0 }
        for (const r of rows) if (r.kind === kind) counted[r.status]++
        return counted
      })
  })
}

export const MemoryJobs = Layer.sync(JobRepository, () => memoryJobs())
