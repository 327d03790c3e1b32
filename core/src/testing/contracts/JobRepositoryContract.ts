import { assert, layer } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { JobRepository } from "../../jobs/JobQueue.ts"

const kindOf = (name: string) => `${name}.${crypto.randomUUID().slice(0, 8)}`
const pause = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

/** The behaviour every job queue adapter must show. */
export const suite = (name: string, storage: Layer.Layer<JobRepository, unknown>) =>
  layer(storage, { timeout: 120_000 })(`JobRepository contract: ${name}`, (it) => {
    it.effect("takes each due job once, leaves a later one waiting, and keeps what ended", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("mail.send")
        yield* jobs.enqueue({ kind, payload: { to: "a@example.test" } })
        yield* jobs.enqueue({ kind, payload: { to: "b@example.test" } })
        yield* jobs.enqueue({ kind, payload: { to: "later@example.test" }, runAt: new Date(Date.now() + 3_600_000) })
        const first = (yield* jobs.claim("w1", 10, 60)).filter((j) => j.kind === kind)
        assert.deepStrictEqual(
          first.map((j) => j.payload),
          [{ to: "a@example.test" }, { to: "b@example.test" }]
        )
        assert.isTrue(first.every((j) => j.attempts === 1 && j.maxAttempts === 5))
        assert.deepStrictEqual(
          (yield* jobs.claim("w2", 10, 60)).filter((j) => j.kind === kind),
          []
        )
        for (const job of first) yield* jobs.complete(job.id, "w1")
        assert.deepStrictEqual(yield* jobs.counts(kind), { PENDING: 1, RUNNING: 0, DONE: 2, DEAD: 0 })
      })
    )

    it.effect("enqueues a keyed job once while one of its kind and key waits or runs", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("invites.remind")
        assert.isTrue(yield* jobs.enqueue({ kind, key: "invite-1" }))
        assert.isFalse(yield* jobs.enqueue({ kind, key: "invite-1" }))
        assert.isTrue(yield* jobs.enqueue({ kind, key: "invite-2" }))
        const taken = (yield* jobs.claim("w1", 10, 60)).filter((j) => j.kind === kind)
        assert.isFalse(yield* jobs.enqueue({ kind, key: "invite-1" }))
        for (const job of taken) yield* jobs.complete(job.id, "w1")
        assert.isTrue(yield* jobs.enqueue({ kind, key: "invite-1" }))
      })
    )

    it.effect("runs a failed job again after its wait, and gives it up once its attempts are spent", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("contracts.expiry")
        yield* jobs.enqueue({ kind, maxAttempts: 2 })
        const [once] = (yield* jobs.claim("w1", 10, 60)).filter((j) => j.kind === kind)
        yield* jobs.fail(once!.id, "w1", "SMTP 451", 3600)
        assert.deepStrictEqual(
          (yield* jobs.claim("w1", 10, 60)).filter((j) => j.kind === kind),
          []
        )
        assert.deepStrictEqual(yield* jobs.counts(kind), { PENDING: 1, RUNNING: 0, DONE: 0, DEAD: 0 })
        const other = kindOf("contracts.expiry")
        yield* jobs.enqueue({ kind: other, maxAttempts: 2 })
        const [first] = (yield* jobs.claim("w1", 10, 60)).filter((j) => j.kind === other)
        yield* jobs.fail(first!.id, "w1", "SMTP 451", 0)
        const [second] = (yield* jobs.claim("w2", 10, 60)).filter((j) => j.kind === other)
        assert.strictEqual(second?.attempts, 2)
        yield* jobs.fail(second!.id, "w2", "SMTP 451", 0)
        assert.deepStrictEqual(
          (yield* jobs.claim("w3", 10, 60)).filter((j) => j.kind === other),
          []
        )
        assert.deepStrictEqual(yield* jobs.counts(other), { PENDING: 0, RUNNING: 0, DONE: 0, DEAD: 1 })
      })
    )

    it.effect("gives a job whose holder's lease lapsed to another worker, and ignores the first holder after", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("files.sweep")
        yield* jobs.enqueue({ kind })
        const [held] = (yield* jobs.claim("stopped", 10, 0)).filter((j) => j.kind === kind)
        yield* pause(20)
        const [again] = (yield* jobs.claim("w2", 10, 60)).filter((j) => j.kind === kind)
        assert.strictEqual(again?.id, held?.id)
        assert.strictEqual(again?.attempts, 2)
        yield* jobs.complete(held!.id, "stopped")
        assert.deepStrictEqual(yield* jobs.counts(kind), { PENDING: 0, RUNNING: 1, DONE: 0, DEAD: 0 })
        yield* jobs.complete(again!.id, "w2")
        assert.deepStrictEqual(yield* jobs.counts(kind), { PENDING: 0, RUNNING: 0, DONE: 1, DEAD: 0 })
      })
    )

    it.effect("takes every job once however many workers claim at the same time", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("burst")
        for (let i = 0; i < 30; i++) yield* jobs.enqueue({ kind, payload: i })
        const worker = (name: string) =>
          Effect.gen(function* () {
            const mine: Array<unknown> = []
            for (;;) {
              const taken = (yield* jobs.claim(name, 4, 60)).filter((j) => j.kind === kind)
              if (taken.length === 0) return mine
              for (const job of taken) {
                mine.push(job.payload)
                yield* jobs.complete(job.id, name)
              }
            }
          })
        const all = (yield* Effect.all(["a", "b", "c", "d"].map(worker), { concurrency: "unbounded" })).flat()
        assert.strictEqual(all.length, 30)
        assert.strictEqual(new Set(all).size, 30)
        assert.deepStrictEqual(yield* jobs.counts(kind), { PENDING: 0, RUNNING: 0, DONE: 30, DEAD: 0 })
      })
    )

    it.effect("gives a schedule's kind to one caller a period, the first one a period after it is declared", () =>
      Effect.gen(function* () {
        const jobs = yield* JobRepository
        const kind = kindOf("schedule")
        const schedules = [{ kind, everySeconds: 1 }]
        assert.deepStrictEqual(yield* jobs.dueSchedules(schedules), [])
        yield* pause(1100)
        const callers = yield* Effect.all(
          Array.from({ length: 5 }, () => jobs.dueSchedules(schedules)),
          { concurrency: "unbounded" }
        )
        assert.deepStrictEqual(
          callers.flat().filter((k) => k === kind),
          [kind]
        )
        assert.deepStrictEqual(yield* jobs.dueSchedules(schedules), [])
      })
    )
  })
