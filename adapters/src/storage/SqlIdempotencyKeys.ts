import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { OrgId } from "@tawreed/core/organisations"
import { IdempotencyKeyInProgress, IdempotencyKeys, type IdempotentOutcome, Transactions } from "@tawreed/core/shared"
import { isSqlError } from "./Tenancy.ts"

/**
 * How long a retry waits for the first request of its key to commit or roll back before it is told to come back:
 * far longer than any create takes, and short enough that a stuck request does not hold every waiter's connection.
 */
const waitForFirst = "15s"

/** Keys older than this are forgotten; a few of them are swept with every claim, so the table stays a day deep. */
const sweepBatch = 50

/**
 * Idempotency keys in PostgreSQL. A key's claim is a row inserted in the same transaction as the work's writes and
 * the answer that ends it (one unit of the organisation's `Transactions`), so they commit together; a concurrent claim of the same key waits on the row's unique
 * key until that transaction ends. The request's fingerprint is kept as a digest.
 */
export const SqlIdempotencyKeys = Layer.effect(
  IdempotencyKeys,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const transactions = yield* Transactions

    const claim = (orgId: OrgId, key: string, fingerprint: string) =>
      Effect.gen(function* () {
        // A committed key without its answer can only be a claim an older release left behind when it stopped: its
        // work had no transaction in common with it, so the key is given back as the expired ones are.
        yield* sql`DELETE FROM idempotency_keys
                   WHERE org_id = ${orgId} AND key = ${key}
                     AND (created_at < now() - interval '1 day' OR response IS NULL)`
        // Other expired keys go too, skipping any another claim is holding, so that no claim waits on an old key.
        yield* sql`DELETE FROM idempotency_keys WHERE (org_id, key) IN (
                     SELECT org_id, key FROM idempotency_keys
                     WHERE org_id = ${orgId} AND created_at < now() - interval '1 day'
                     LIMIT ${sweepBatch} FOR UPDATE SKIP LOCKED)`
        const [setting] = yield* sql<{ previous: string }>`SELECT current_setting('lock_timeout') AS previous`
        yield* sql`SELECT set_config('lock_timeout', ${waitForFirst}, true)`
        // A concurrent claim of the same key waits here until the first one's transaction ends.
        const inserted = yield* sql`
          INSERT INTO idempotency_keys (org_id, key, fingerprint) VALUES (${orgId}, ${key}, md5(${fingerprint}))
          ON CONFLICT (org_id, key) DO NOTHING RETURNING key`.pipe(
          Effect.catchIf(
            (error) => isSqlError(error) && error.reason._tag === "LockTimeoutError",
            () => Effect.fail(new IdempotencyKeyInProgress())
          )
        )
        yield* sql`SELECT set_config('lock_timeout', ${setting?.previous ?? "0"}, true)`
        if (inserted.length > 0) return undefined
        // The first claim committed, with its answer: each statement here sees what committed before it began.
        const [found] = yield* sql<{ same: boolean; response: unknown }>`
          SELECT fingerprint = md5(${fingerprint}) AS same, response FROM idempotency_keys
          WHERE org_id = ${orgId} AND key = ${key}`
        if (found === undefined || found.response === null)
          return yield* Effect.die("an idempotency key without answer")
        const outcome: IdempotentOutcome<never> = found.same
          ? {
              _tag: "Replay",
              response: typeof found.response === "string" ? JSON.parse(found.response) : found.response
            }
          : { _tag: "Reused" }
        return outcome
      }).pipe(Effect.catchTag("SqlError", Effect.die))

    const run = <A, E, R>(
      orgId: OrgId,
      key: string,
      fingerprint: string,
      work: Effect.Effect<A, E, R>,
      answer: (value: A) => unknown
    ) =>
      transactions
        .inOrg(
          orgId,
          Effect.gen(function* () {
            const found = yield* claim(orgId, key, fingerprint)
            if (found !== undefined) return found
            // The use case's own organisation transaction joins this one, so its writes commit with the key.
            const value = yield* work
            yield* sql`UPDATE idempotency_keys SET response = ${JSON.stringify(answer(value))}::jsonb
                     WHERE org_id = ${orgId} AND key = ${key}`.pipe(Effect.orDie)
            const ran: IdempotentOutcome<A> = { _tag: "Ran", value }
            return ran
          }).pipe(Effect.provideService(SqlClient.SqlClient, sql))
        )
        .pipe(Effect.withSpan("SqlIdempotencyKeys.run"))

    return IdempotencyKeys.of({ run })
  })
)
