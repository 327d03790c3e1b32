import { Effect, type Schema } from "effect"
import { IdempotencyKeys, idempotent } from "@tawreed/core/shared"
import type { RequestActor } from "./Api.ts"

/**
 * The handlers' way to run a create or submit once per Idempotency-Key, for the same person, route and payload: the
 * key's claim and answer commit with the write they guard, so a retry after any failure, a crash included, either
 * replays the committed answer or runs the write for the first time.
 */
export const onceByKey = Effect.gen(function* () {
  const keys = yield* IdempotencyKeys
  return <A, I, E>(
    actor: RequestActor["Service"],
    key: string | undefined,
    route: string,
    payload: unknown,
    codec: Schema.Codec<A, I>,
    work: Effect.Effect<A, E>
  ) =>
    idempotent(actor.orgId, key, `${route} ${actor.userId} ${JSON.stringify(payload)}`, codec, work).pipe(
      Effect.provideService(IdempotencyKeys, keys)
    )
})
