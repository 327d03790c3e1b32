import { assert, describe, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Ref } from "effect"
import { DocumentsChanged, EventBus } from "../shared/EventBus.ts"
import { Transactions } from "../shared/Transactions.ts"
import { ListCounts, listCountsKept } from "./ListCounts.ts"

/** After-commit steps held back until `commit` runs them, as a transaction that has not committed yet would. */
const held = Ref.makeUnsafe<ReadonlyArray<Effect.Effect<void>>>([])
const commit = Effect.flatMap(Ref.getAndSet(held, []), (steps) => Effect.all(steps, { discard: true }))

const HeldTransactions = Layer.succeed(Transactions, {
  inOrg: (_orgId, work) => work,
  afterCommit: (effect) => Ref.update(held, (all) => [...all, effect])
})

const TestLists = ListCounts.layer.pipe(Layer.provideMerge(Layer.mergeAll(EventBus.layerInProcess, HeldTransactions)))

/** A count that says how many times it ran. */
const counter = Effect.gen(function* () {
  const runs = yield* Ref.make(0)
  return { runs, count: Ref.updateAndGet(runs, (n) => n + 1) }
})

describe("ListCounts", () => {
  it.layer(TestLists)((it) => {
    it.effect("serves a query's counts again until a change to its kind in its organisation commits", () =>
      Effect.gen(function* () {
        const lists = yield* ListCounts
        const { runs, count } = yield* counter
        const ask = (org: string, kind: string, query: string) => lists.counted(org, kind, query, count)
        assert.strictEqual(yield* ask("org-a", "request", "{}"), 1)
        assert.strictEqual(yield* ask("org-a", "request", "{}"), 1, "kept")
        assert.strictEqual(yield* ask("org-a", "request", '{"statuses":["X"]}'), 2, "another query is its own")

        yield* lists.changed("org-b", "request")
        yield* lists.changed("org-a", "order")
        yield* commit
        assert.strictEqual(yield* ask("org-a", "request", "{}"), 1, "other organisations and kinds leave it")

        yield* lists.changed("org-a", "request")
        assert.strictEqual(yield* ask("org-a", "request", "{}"), 1, "a change not committed yet leaves it")
        yield* commit
        assert.strictEqual(yield* ask("org-a", "request", "{}"), 3, "counted again once the change commits")
        assert.strictEqual(yield* Ref.get(runs), 3)
      })
    )

    it.effect("never keeps counts that a change committed while they were being counted", () =>
      Effect.gen(function* () {
        const lists = yield* ListCounts
        const { count } = yield* counter
        const started = yield* Deferred.make<void>()
        const go = yield* Deferred.make<void>()
        const slow = Effect.andThen(
          Effect.andThen(Deferred.succeed(started, undefined), Deferred.await(go)),
          Effect.succeed("before the change")
        )
        const counting = yield* Effect.forkChild(lists.counted("org-c", "request", "{}", slow))
        yield* Deferred.await(started)
        yield* lists.changed("org-c", "request")
        yield* commit
        yield* Deferred.succeed(go, undefined)
        assert.strictEqual(yield* Fiber.join(counting), "before the change", "its caller still gets what it counted")
        assert.strictEqual(yield* lists.counted("org-c", "request", "{}", count), 1, "but it is not served again")
      })
    )

    it.effect("drops kept counts when another process says the kind changed", () =>
      Effect.gen(function* () {
        const lists = yield* ListCounts
        const bus = yield* EventBus
        const { count } = yield* counter
        assert.strictEqual(yield* lists.counted("org-d", "request", "{}", count), 1)
        yield* bus.publish(new DocumentsChanged({ orgId: "org-d", kind: "request" }))
        // The subscriber runs on its own fiber: give it turns until it has read the event.
        let answer = 1
        for (let turn = 0; turn < 1_000 && answer === 1; turn++) {
          yield* Effect.yieldNow
          answer = yield* lists.counted("org-d", "request", "{}", count)
        }
        assert.strictEqual(answer, 2)
      })
    )

    it.effect("keeps at most so many answers, the oldest dropped first", () =>
      Effect.gen(function* () {
        const lists = yield* ListCounts
        const { runs, count } = yield* counter
        for (let i = 0; i <= listCountsKept; i++) yield* lists.counted("org-e", "request", `${i}`, count)
        assert.strictEqual(yield* Ref.get(runs), listCountsKept + 1)
        yield* lists.counted("org-e", "request", `${listCountsKept}`, count)
        assert.strictEqual(yield* Ref.get(runs), listCountsKept + 1, "the newest is kept")
        yield* lists.counted("org-e", "request", "0", count)
        assert.strictEqual(yield* Ref.get(runs), listCountsKept + 2, "the oldest was dropped")
      })
    )
  })
})
