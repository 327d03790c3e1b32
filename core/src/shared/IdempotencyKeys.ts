import { Context, Effect, Schema } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"

/** Another request with the same Idempotency-Key is still being processed. */
export class IdempotencyKeyInProgress extends Schema.TaggedError<IdempotencyKeyInProgress>()(
  "IdempotencyKeyInProgress",
  {}
) {}

/** The Idempotency-Key was already used for a different request. */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", {}) {}

/** What claiming a key finds. */
export type IdempotencyClaim =
  /** The key is new (or expired): the caller does the work, then completes or releases the key. */
  | { readonly _tag: "Claimed" }
  /** The same request finished before: its answer, as it was stored. */
  | { readonly _tag: "Replay"; readonly response: unknown }
  | { readonly _tag: "InProgress" }
  | { readonly _tag: "Reused" }

/** Idempotency keys of creates and submits, kept a day, per organisation. */
export interface IdempotencyKeysShape {
  /** Claims a key for a request, named by its fingerprint (what was asked, by whom). */
  readonly claim: (orgId: OrgId, key: string, fingerprint: string) => Effect.Effect<IdempotencyClaim>
  /** Stores the answer of the work done under a claimed key. */
  readonly complete: (orgId: OrgId, key: string, response: unknown) => Effect.Effect<void>
  /** Gives a key back after the work failed, so that a retry may do it. */
  readonly release: (orgId: OrgId, key: string) => Effect.Effect<void>
}

/** Port: where idempotency keys are kept. */
export class IdempotencyKeys extends Context.Service<IdempotencyKeys, IdempotencyKeysShape>()(
  "@tawreed/core/shared/IdempotencyKeys"
) {}

/**
 * Runs a create once per Idempotency-Key (ARCHITECTURE.md, concurrency): a retry of the same request answers what
 * the first made; the same key for another request, or while the first still runs, is refused. Without a key the
 * work simply runs.
 */
export const idempotent = <A, I, E, R>(
  orgId: OrgId,
  key: string | undefined,
  fingerprint: string,
  codec: Schema.Codec<A, I>,
  work: Effect.Effect<A, E, R>
): Effect.Effect<A, E | IdempotencyKeyInProgress | IdempotencyKeyReused, R | IdempotencyKeys> =>
  key === undefined || key.trim() === ""
    ? work
    : Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const claim = yield* keys.claim(orgId, key, fingerprint)
        switch (claim._tag) {
          case "Replay":
            return yield* Schema.decodeUnknownEffect(codec)(claim.response).pipe(Effect.orDie)
          case "InProgress":
            return yield* new IdempotencyKeyInProgress()
          case "Reused":
            return yield* new IdempotencyKeyReused()
          case "Claimed": {
            const result = yield* work.pipe(Effect.onError(() => keys.release(orgId, key)))
            yield* keys.complete(orgId, key, yield* Schema.encodeEffect(codec)(result).pipe(Effect.orDie))
            return result
          }
        }
      })
