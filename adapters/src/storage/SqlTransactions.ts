import { Context, Effect, Layer, Option, Schedule } from "effect"
import { SqlClient } from "effect/sql"
import { TransactionConflict, Transactions } from "@tawreed/core/shared"
import { inTenant } from "./Tenancy.ts"

/** How many times work is run again after a deadlock or a serialization failure before it answers a conflict. */
export const conflictRetries = 4

/**
 * Whether a defect is the database refusing a transaction for others' concurrent work: PostgreSQL's
 * serialization_failure (40001) or deadlock_detected (40P01). The adapters turn SQL errors into defects, so these
 * arrive as defects whatever repository call met them.
 */
const isConcurrencyFailure = (defect: unknown): boolean => {
  if (typeof defect !== "object" || defect === null || !("_tag" in defect) || defect._tag !== "SqlError") return false
  const reason = "reason" in defect ? defect.reason : undefined
  const tag = typeof reason === "object" && reason !== null && "_tag" in reason ? reason._tag : undefined
  return tag === "DeadlockError" || tag === "SerializationError"
}

/** What the outermost unit runs once it has committed, gathered while its work runs. */
class CommitHooks extends Context.Service<CommitHooks, Array<Effect.Effect<void>>>()(
  "@tawreed/adapters/storage/SqlTransactions/CommitHooks"
) {}

/** A hook's failure is logged: the work it follows has committed and stands. */
const runHook = (hook: Effect.Effect<void>) =>
  hook.pipe(Effect.catchCause((cause) => Effect.logWarning("An after-commit step failed", cause)))

/**
 * One transaction per command, as the app role inside the organisation. Repository calls made inside join it as
 * they are (Tenancy.ts: no savepoint, no second `set_config`), so a command's writes commit together or not at all. The outermost unit
 * runs again, with a short jittered pause, when the database refused it for a deadlock or a serialization
 * failure (the whole transaction was rolled back, so running it again is safe); a unit inside another leaves
 * that to the outer one, whose transaction the failure aborted. Steps asked for after the commit run once the
 * outermost unit has committed, in the order asked.
 */
export const SqlTransactions = Layer.effect(
  Transactions,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const retries = Schedule.exponential("20 millis").pipe(Schedule.jittered)
    return Transactions.of({
      inOrg: (orgId, work) =>
        Effect.gen(function* () {
          const unit = work.pipe(inTenant(orgId), Effect.provideService(SqlClient.SqlClient, sql))
          if (Option.isSome(yield* Effect.serviceOption(sql.transactionService))) return yield* unit
          // Each attempt gathers its own hooks, so a rolled-back attempt's are dropped with it.
          const attempt = Effect.suspend(() => {
            const hooks: Array<Effect.Effect<void>> = []
            return Effect.map(Effect.provideService(unit, CommitHooks, hooks), (result) => ({ result, hooks }))
          })
          const { result, hooks } = yield* attempt.pipe(
            Effect.catchDefect((defect) =>
              isConcurrencyFailure(defect) ? Effect.fail(new TransactionConflict()) : Effect.die(defect)
            ),
            Effect.retry({
              schedule: retries,
              times: conflictRetries,
              while: (error) => error instanceof TransactionConflict
            })
          )
          yield* Effect.forEach(hooks, runHook, { discard: true })
          return result
        }),
      afterCommit: (effect) =>
        Effect.flatMap(Effect.serviceOption(CommitHooks), (hooks) =>
          Option.isSome(hooks) ? Effect.sync(() => void hooks.value.push(effect)) : runHook(effect)
        )
    })
  })
)
