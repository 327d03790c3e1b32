import { hostname } from "node:os"
import { Duration, Effect, Layer, Schedule } from "effect"
import { contractExpiryJob, Contracts } from "@tawreed/core/contracts"
import { Files } from "@tawreed/core/files"
import { type JobHandler, type JobSchedule, runPass } from "@tawreed/core/jobs"

/** How often each app process looks for due jobs and schedules (`JOBS_POLL_SECONDS`, 10 by default). */
export const pollEvery = (env: Record<string, string | undefined> = process.env): Duration.Duration => {
  const seconds = Number(env["JOBS_POLL_SECONDS"] ?? 10)
  return Duration.seconds(Number.isFinite(seconds) && seconds > 0 ? seconds : 10)
}

/**
 * The recurring jobs of the product: the hourly sweep of uploads no document took and files taken off documents,
 * and the daily contract expiry pass (each owner alerted once 60 days before the end; ended contracts expired).
 */
export const schedules: ReadonlyArray<JobSchedule> = [
  { kind: "files.sweep", everySeconds: 3600 },
  { kind: contractExpiryJob, everySeconds: 86_400 }
]

/** What runs each kind of job. */
const handlersOf = (files: Files["Service"], contracts: Contracts["Service"]): ReadonlyArray<JobHandler> => [
  {
    kind: "files.sweep",
    run: () =>
      files
        .sweep()
        .pipe(Effect.tap((removed) => (removed > 0 ? Effect.logInfo(`swept ${removed} files`) : Effect.void)))
  },
  {
    kind: contractExpiryJob,
    run: () =>
      contracts
        .runExpiry()
        .pipe(
          Effect.tap(({ alerted, expired }) =>
            alerted + expired > 0 ? Effect.logInfo(`contracts: ${alerted} alerted, ${expired} expired`) : Effect.void
          )
        )
  }
]

/**
 * The job worker of one app process (core/src/jobs/JobQueue.ts): a pass every `pollEvery`, for as long as the app
 * runs. Every process runs one; the queue gives each job to one of them and each schedule's period to one.
 */
export const JobWorker = Layer.effectDiscard(
  Effect.gen(function* () {
    const files = yield* Files
    const contracts = yield* Contracts
    const worker = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`
    const handlers = handlersOf(files, contracts)
    const pass = runPass(worker, handlers, schedules).pipe(
      Effect.tap((done) => (done.failed > 0 ? Effect.logWarning(`${done.failed} jobs failed`) : Effect.void)),
      Effect.catchCause((cause) => Effect.logWarning("job pass failed", cause))
    )
    yield* Effect.forkScoped(pass.pipe(Effect.repeat(Schedule.spaced(pollEvery()))))
  })
)
