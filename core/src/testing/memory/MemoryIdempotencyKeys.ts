import { Deferred, Effect, Layer } from "effect"
import { IdempotencyKeys, type IdempotentOutcome } from "../../shared/IdempotencyKeys.ts"

type Entry =
  | { readonly _tag: "Running"; readonly fingerprint: string; readonly ended: Deferred.Deferred<void> }
  | { readonly _tag: "Done"; readonly fingerprint: string; readonly response: unknown }

/**
 * Idempotency keys in memory, for one test's lifetime. A key is held while its work runs and given back if the work
 * fails or is interrupted, as a database transaction would roll its claim back; a concurrent run waits for it.
 */
export const MemoryIdempotencyKeys = Layer.sync(IdempotencyKeys, () => {
  const keys = new Map<string, Entry>()
  const id = (orgId: string, key: string) => `${orgId} ${key}`
  const run = <A, E, R>(
    orgId: string,
    key: string,
    fingerprint: string,
    work: Effect.Effect<A, E, R>,
    answer: (value: A) => unknown
  ): Effect.Effect<IdempotentOutcome<A>, E, R> =>
    Effect.suspend(() => {
      const found = keys.get(id(orgId, key))
      if (found?._tag === "Running")
        return Effect.andThen(Deferred.await(found.ended), run(orgId, key, fingerprint, work, answer))
      if (found?._tag === "Done")
        return Effect.succeed<IdempotentOutcome<A>>(
          found.fingerprint === fingerprint ? { _tag: "Replay", response: found.response } : { _tag: "Reused" }
        )
      const ended = Deferred.makeUnsafe<void>()
      keys.set(id(orgId, key), { _tag: "Running", fingerprint, ended })
      return work.pipe(
        Effect.map((value): IdempotentOutcome<A> => {
          keys.set(id(orgId, key), { _tag: "Done", fingerprint, response: answer(value) })
          return { _tag: "Ran", value }
        }),
        Effect.onExit((exit) =>
          Effect.andThen(
            Effect.sync(() => {
              if (exit._tag === "Failure") keys.delete(id(orgId, key))
            }),
            Deferred.succeed(ended, undefined)
          )
        )
      )
    })
  return IdempotencyKeys.of({ run })
})
