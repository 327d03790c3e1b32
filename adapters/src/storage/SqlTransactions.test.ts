import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Ref } from "effect"
import { SqlClient } from "effect/sql"
import type { OrgId } from "@tawreed/core/organisations"
import { TransactionConflict, Transactions } from "@tawreed/core/shared"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { conflictRetries, SqlTransactions } from "./SqlTransactions.ts"

const orgId = crypto.randomUUID() as OrgId

/** A statement the database refuses with the given SQLSTATE, as the adapters see it: a defect. */
const refused = (sql: SqlClient.SqlClient, state: "40001" | "40P01") =>
  sql
    .unsafe(`DO $$ BEGIN RAISE EXCEPTION 'refused for concurrent work' USING ERRCODE = '${state}'; END $$`)
    .pipe(Effect.orDie)

for (const engine of TestDatabase.engines()) {
  layer(SqlTransactions.pipe(Layer.provideMerge(TestDatabase.layer(engine))), {
    timeout: 120_000,
    // The retries pause on the real clock.
    excludeTestServices: true
  })(`SqlTransactions on ${engine}`, (it) => {
    it.effect("runs a unit again after a deadlock or a serialization failure, and answers a conflict that stays", () =>
      Effect.gen(function* () {
        const transactions = yield* Transactions
        const sql = yield* SqlClient.SqlClient
        const runs = yield* Ref.make(0)
        const once = yield* transactions.inOrg(
          orgId,
          Effect.gen(function* () {
            if ((yield* Ref.updateAndGet(runs, (n) => n + 1)) === 1) yield* refused(sql, "40P01")
            return "done"
          })
        )
        assert.deepStrictEqual([once, yield* Ref.get(runs)], ["done", 2])

        const tries = yield* Ref.make(0)
        const always = Effect.andThen(
          Ref.update(tries, (n) => n + 1),
          refused(sql, "40001")
        )
        const error = yield* Effect.flip(transactions.inOrg(orgId, always))
        assert.instanceOf(error, TransactionConflict)
        assert.strictEqual(yield* Ref.get(tries), 1 + conflictRetries)
      })
    )

    it.effect("leaves a unit inside another to be run again with the outer one, never on its own", () =>
      Effect.gen(function* () {
        const transactions = yield* Transactions
        const sql = yield* SqlClient.SqlClient
        const inner = yield* Ref.make(0)
        const error = yield* Effect.flip(
          transactions.inOrg(
            orgId,
            transactions.inOrg(
              orgId,
              Effect.andThen(
                Ref.update(inner, (n) => n + 1),
                refused(sql, "40001")
              )
            )
          )
        )
        assert.instanceOf(error, TransactionConflict)
        assert.strictEqual(yield* Ref.get(inner), 1 + conflictRetries)
      })
    )

    it.effect("sees two units that lock in opposite orders both through, the deadlock's loser run again", () =>
      Effect.gen(function* () {
        const transactions = yield* Transactions
        const sql = yield* SqlClient.SqlClient
        const lock = (key: number) => sql`SELECT pg_advisory_xact_lock(${key})`.pipe(Effect.orDie)
        const crossing = (first: number, second: number) =>
          transactions.inOrg(
            orgId,
            Effect.gen(function* () {
              yield* lock(first)
              yield* Effect.sleep("200 millis")
              yield* lock(second)
              return first
            })
          )
        const done = yield* Effect.all([crossing(71, 72), crossing(72, 71)], { concurrency: "unbounded" })
        assert.deepStrictEqual(done, [71, 72])
      })
    )

    it.effect(
      "runs after-commit steps once the outermost unit commits, once, and never for a rolled-back attempt",
      () =>
        Effect.gen(function* () {
          const transactions = yield* Transactions
          const sql = yield* SqlClient.SqlClient
          const seen = yield* Ref.make<ReadonlyArray<string>>([])
          const note = (what: string) => Ref.update(seen, (all) => [...all, what])
          const attempts = yield* Ref.make(0)
          yield* transactions.inOrg(
            orgId,
            Effect.gen(function* () {
              const attempt = yield* Ref.updateAndGet(attempts, (n) => n + 1)
              yield* transactions.afterCommit(note(`attempt ${attempt}`))
              yield* transactions.inOrg(orgId, transactions.afterCommit(note(`inner of ${attempt}`)))
              yield* note(`work ${attempt}`)
              if (attempt === 1) yield* refused(sql, "40P01")
            })
          )
          assert.deepStrictEqual(yield* Ref.get(seen), ["work 1", "work 2", "attempt 2", "inner of 2"])

          yield* Ref.set(seen, [])
          const failed = yield* Effect.flip(
            transactions.inOrg(
              orgId,
              Effect.andThen(transactions.afterCommit(note("rolled back")), Effect.fail("refused" as const))
            )
          )
          assert.deepStrictEqual([failed, yield* Ref.get(seen)], ["refused", []])

          yield* transactions.afterCommit(note("outside any unit"))
          assert.deepStrictEqual(yield* Ref.get(seen), ["outside any unit"])
        })
    )
  })
}
