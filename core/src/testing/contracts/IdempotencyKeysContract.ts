import { assert, layer } from "@effect/vitest"
import { Effect, Fiber, type Layer, Ref } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { IdempotencyKeys } from "../../shared/IdempotencyKeys.ts"
import { Fixtures } from "../Fixtures.ts"

/** The behaviour every IdempotencyKeys adapter must show. */
export const suite = (name: string, storage: Layer.Layer<IdempotencyKeys | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`IdempotencyKeys contract: ${name}`, (it) => {
    const newOrg = Effect.gen(function* () {
      const fixtures = yield* Fixtures
      return (yield* fixtures.newUser()).orgId as OrgId
    })

    it.effect("runs work once per key, replays its answer, and refuses the key for another request", () =>
      Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const orgId = yield* newOrg
        const other = yield* newOrg
        const runs = yield* Ref.make(0)
        const key = crypto.randomUUID()
        const work = Effect.as(
          Ref.update(runs, (n) => n + 1),
          { id: "u-1" }
        )
        const answer = (user: { id: string }) => ({ user, message: "User Created Successfully" })
        assert.deepStrictEqual(yield* keys.run(orgId, key, "POST /users {a}", work, answer), {
          _tag: "Ran",
          value: { id: "u-1" }
        })
        assert.deepStrictEqual(yield* keys.run(orgId, key, "POST /users {a}", work, answer), {
          _tag: "Replay",
          response: { user: { id: "u-1" }, message: "User Created Successfully" }
        })
        assert.deepStrictEqual(yield* keys.run(orgId, key, "POST /users {b}", work, answer), { _tag: "Reused" })
        assert.deepStrictEqual(yield* keys.run(other, key, "POST /users {b}", work, answer), {
          _tag: "Ran",
          value: { id: "u-1" }
        })
        assert.strictEqual(yield* Ref.get(runs), 2)
      })
    )

    it.effect("gives a key back when its work fails or is interrupted, so that a retry runs it", () =>
      Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const orgId = yield* newOrg
        const key = crypto.randomUUID()
        const failed = yield* Effect.flip(keys.run(orgId, key, "POST /x {}", Effect.fail("refused"), () => null))
        assert.strictEqual(failed, "refused")
        const started = yield* Ref.make(false)
        const stuck = yield* Effect.forkChild(
          keys.run(orgId, key, "POST /x {}", Effect.andThen(Ref.set(started, true), Effect.never), () => null)
        )
        while (!(yield* Ref.get(started))) yield* Effect.yieldNow
        yield* Fiber.interrupt(stuck)
        assert.deepStrictEqual(yield* keys.run(orgId, key, "POST /x {}", Effect.succeed(7), (n) => n), {
          _tag: "Ran",
          value: 7
        })
      })
    )

    it.effect("lets one of many concurrent runs of a key do the work and the others replay its answer", () =>
      Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const orgId = yield* newOrg
        const key = crypto.randomUUID()
        const runs = yield* Ref.make(0)
        const work = Effect.gen(function* () {
          const n = yield* Ref.updateAndGet(runs, (count) => count + 1)
          yield* Effect.yieldNow
          return { run: n }
        })
        const outcomes = yield* Effect.all(
          Array.from({ length: 16 }, () => keys.run(orgId, key, "POST /x {}", work, (value) => value)),
          { concurrency: "unbounded" }
        )
        assert.strictEqual(yield* Ref.get(runs), 1)
        assert.strictEqual(outcomes.filter((outcome) => outcome._tag === "Ran").length, 1)
        for (const outcome of outcomes) {
          assert.deepStrictEqual(
            outcome._tag === "Ran" ? outcome.value : outcome,
            outcome._tag === "Ran" ? { run: 1 } : { _tag: "Replay", response: { run: 1 } }
          )
        }
      })
    )
  })
