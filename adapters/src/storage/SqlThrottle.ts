import { Duration, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { Throttle } from "@tawreed/core/shared"

/** Throttling counters in PostgreSQL, so every app process counts the same events. */
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
    return Throttle.of({
      hit: (key, window) =>
        sql
          .withTransaction(
            Effect.gen(function* () {
              yield* sql`DELETE FROM throttle_hits WHERE key = ${key} AND at <= ${since(window)}`
              yield* sql`INSERT INTO throttle_hits (key) VALUES (${key})`
              return yield* count(key, window)
            })
          )
          .pipe(Effect.orDie),
      count
    })
  })
)
