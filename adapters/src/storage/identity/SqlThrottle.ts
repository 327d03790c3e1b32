import { Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { Throttle } from "@tawreed/core/shared"

/**
 * Throttling counters in PostgreSQL, so every app process counts the same events. Every write holds a
 * transaction-scoped advisory lock named after its key: calls on one key take turns, so a count read inside one
 * is never overtaken by a concurrent insert.
 */
export const SqlThrottle = Layer.effect(
  Throttle,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const since = (window: Duration.Duration) => new Date(Date.now() - Duration.toMillis(window))
    const count = (key: string, window: Duration.Duration) =>
      Effect.map(
        sql<{
          hits: string | number
        }>`SELECT count(*) AS hits FROM throttle_hits WHERE key = ${key} AND at > ${since(window)}`,
        (rows) => Number(rows[0]?.hits ?? 0)
      ).pipe(Effect.orDie)
    /** Runs work holding the key's lock, with the key's expired events already gone. */
    const locked = <A, E>(key: string, window: Duration.Duration, work: Effect.Effect<A, E>) =>
      sql
        .withTransaction(
          Effect.gen(function* () {
            yield* sql`SELECT pg_advisory_xact_lock(hashtextextended(${`throttle:${key}`}, 0))`
            yield* sql`DELETE FROM throttle_hits WHERE key = ${key} AND at <= ${since(window)}`
            return yield* work
          })
        )
        .pipe(Effect.orDie)
    return Throttle.of({
      hit: (key, window) =>
        locked(key, window, Effect.andThen(sql`INSERT INTO throttle_hits (key) VALUES (${key})`, count(key, window))),
      count,
      take: (key, window, limit) =>
        locked(
          key,
          window,
          Effect.gen(function* () {
            if ((yield* count(key, window)) >= limit) return false
            yield* sql`INSERT INTO throttle_hits (key) VALUES (${key})`
            return true
          })
        ),
      release: (key) =>
        Effect.asVoid(
          sql`DELETE FROM throttle_hits WHERE ctid IN (
                SELECT ctid FROM throttle_hits WHERE key = ${key} ORDER BY at DESC LIMIT 1)`
        ).pipe(Effect.orDie)
    })
  })
)
