import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { JobRepositoryContract, memoryJobs } from "../testing/index.ts"
import { JobRepository, retryDelaySeconds, runPass } from "./JobQueue.ts"

JobRepositoryContract.suite(
  "memory",
  Layer.sync(JobRepository, () => memoryJobs())
)

describe("retryDelaySeconds", () => {
  it("waits 30 s after the first failure, doubling, at most an hour", () => {
    assert.deepStrictEqual([1, 2, 3, 4, 5, 8, 20].map(retryDelaySeconds), [30, 60, 120, 240, 480, 3600, 3600])
  })
})

describe("runPass", () => {
  it.effect("enqueues a schedule's job once a period, runs jobs by their handlers, and retries a failure", () => {
    let clock = Date.parse("2026-11-24T08:00:00Z")
    const ran: Array<unknown> = []
    const handlers = [
      { kind: "files.sweep", run: () => Effect.sync(() => void ran.push("sweep")) },
      {
        kind: "mail.send",
        run: (payload: unknown) =>
          payload === "bad" ? Effect.fail("SMTP 451") : Effect.sync(() => void ran.push(payload))
      }
    ]
    const schedules = [{ kind: "files.sweep", everySeconds: 3600 }]
    return Effect.gen(function* () {
      const jobs = yield* JobRepository
      assert.deepStrictEqual(yield* runPass("w1", handlers, schedules), { scheduled: 0, done: 0, failed: 0 })
      yield* jobs.enqueue({ kind: "mail.send", payload: "hello" })
      yield* jobs.enqueue({ kind: "mail.send", payload: "bad" })
      yield* jobs.enqueue({ kind: "unknown.kind" })
      assert.deepStrictEqual(yield* runPass("w1", handlers, schedules), { scheduled: 0, done: 1, failed: 2 })
      clock += 3600_000
      assert.deepStrictEqual(yield* runPass("w2", handlers, schedules), { scheduled: 1, done: 1, failed: 2 })
      assert.deepStrictEqual(yield* runPass("w1", handlers, schedules), { scheduled: 0, done: 0, failed: 0 })
      assert.deepStrictEqual(ran, ["hello", "sweep"])
      assert.deepStrictEqual((yield* jobs.counts("mail.send")).PENDING, 1)
    }).pipe(Effect.provide(Layer.sync(JobRepository, () => memoryJobs(() => clock))))
  })
})
