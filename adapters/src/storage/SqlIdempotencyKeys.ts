import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { OrgId } from "@tawreed/core/organisations"
import { type IdempotencyClaim, IdempotencyKeys } from "@tawreed/core/shared"
import { inTenant } from "./Tenancy.ts"

/** Idempotency keys in PostgreSQL; the request's fingerprint is kept as a digest. */
export const SqlIdempotencyKeys = Layer.effect(
  IdempotencyKeys,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const run = <A>(orgId: OrgId, work: Effect.Effect<A, unknown, SqlClient.SqlClient>) =>
      inTenant(orgId)(Effect.orDie(work)).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    const claim = Effect.fn("SqlIdempotencyKeys.claim")(function* (orgId: OrgId, key: string, fingerprint: string) {
      return yield* run(
        orgId,
        Effect.gen(function* () {
          yield* sql`DELETE FROM idempotency_keys
                     WHERE org_id = ${orgId} AND key = ${key} AND created_at < now() - interval '1 day'`
          // A concurrent claim of the same key waits here for the first to commit, then finds it taken.
          const inserted = yield* sql`
            INSERT INTO idempotency_keys (org_id, key, fingerprint) VALUES (${orgId}, ${key}, md5(${fingerprint}))
            ON CONFLICT (org_id, key) DO NOTHING RETURNING key`
          if (inserted.length > 0) return { _tag: "Claimed" } satisfies IdempotencyClaim
          const [found] = yield* sql<{ same: boolean; response: unknown }>`
            SELECT fingerprint = md5(${fingerprint}) AS same, response FROM idempotency_keys
            WHERE org_id = ${orgId} AND key = ${key}`
          const claimed: IdempotencyClaim =
            found === undefined
              ? { _tag: "InProgress" }
              : !found.same
                ? { _tag: "Reused" }
                : found.response === null
                  ? { _tag: "InProgress" }
                  : {
                      _tag: "Replay",
                      response: typeof found.response === "string" ? JSON.parse(found.response) : found.response
                    }
          return claimed
        })
      )
    })

    const complete = Effect.fn("SqlIdempotencyKeys.complete")(function* (orgId: OrgId, key: string, response: unknown) {
      yield* run(
        orgId,
        sql`UPDATE idempotency_keys SET response = ${JSON.stringify(response)}::jsonb
            WHERE org_id = ${orgId} AND key = ${key}`
      )
    })

    const release = Effect.fn("SqlIdempotencyKeys.release")(function* (orgId: OrgId, key: string) {
      yield* run(orgId, sql`DELETE FROM idempotency_keys WHERE org_id = ${orgId} AND key = ${key} AND response IS NULL`)
    })

    return IdempotencyKeys.of({ claim, complete, release })
  })
)
