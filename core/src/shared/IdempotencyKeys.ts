import { Context, Effect, Schema } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { TransactionConflict } from "./Errors.ts"

/** Another request with the same Idempotency-Key is still being processed. */
export class IdempotencyKeyInProgress extends Schema.TaggedError<IdempotencyKeyInProgress>()(
  "IdempotencyKeyInProgress",
  {}
) {}

/** The Idempotency-Key was already used for a different request. */
export class IdempotencyKeyReused extends Schema.TaggedError<IdempotencyKeyReused>()("IdempotencyKeyReused", {}) {}

/** What running work under a key came to. */
export type IdempotentOutcome<A> =
  /** The key was free: the work ran, and its answer is now kept with it. */
  | { readonly _tag: "Ran"; readonly value: A }
  /** The same request committed before: its answer, as it was stored. */
  | { readonly _tag: "Replay"; readonly response: unknown }
  /** The key belongs to a different request. */
  | { readonly _tag: "Reused" }

/** Idempotency keys of creates and submits, kept a day, per organisation. */
export interface IdempotencyKeysShape {
  /**
   * Runs work once under a key, named with its request's fingerprint (what was asked, by whom). The key's claim, the
   * work's writes and its stored answer commit together or not at all, so a crash can never leave a key claimed
   * without its answer, nor a write done without its key: a retry after a failure or a crash simply runs again. A
   * concurrent run of the same key waits for the first to end, then replays its answer, or runs if it failed. A key
   * older than a day is forgotten. The claim, the work and the answer are one unit of `Transactions`: run again as
   * a whole after a deadlock, TransactionConflict when that persists, after-commit steps run once it commits.
   */
  readonly run: <A, E, R>(
    orgId: OrgId,
    key: string,
    fingerprint: string,
    work: Effect.Effect<A, E, R>,
    answer: (value: A) => unknown
  ) => Effect.Effect<IdempotentOutcome<A>, E | IdempotencyKeyInProgress | TransactionConflict, R>
}

/** Port: where idempotency keys are kept. */
export class IdempotencyKeys extends Context.Service<IdempotencyKeys, IdempotencyKeysShape>()(
  "@tawreed/core/shared/IdempotencyKeys"
) {}

/**
 * Runs a create or submit once per Idempotency-Key (ARCHITECTURE.md, concurrency): a retry of the same request
 * answers what the first committed; the same key for another request is refused. Without a key the work simply runs.
 */
export const idempotent = <A, I, E, R>(
  orgId: OrgId,
  key: string | undefined,
  fingerprint: string,
  codec: Schema.Codec<A, I>,
  work: Effect.Effect<A, E, R>
): Effect.Effect<A, E | IdempotencyKeyInProgress | IdempotencyKeyReused | TransactionConflict, R | IdempotencyKeys> =>
  key === undefined || key.trim() === ""
    ? work
    : Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const encode = Schema.encodeSync(codec)
        const outcome = yield* keys.run(orgId, key, fingerprint, work, (value) => encode(value))
        switch (outcome._tag) {
          case "Ran":
            return outcome.value
          case "Replay":
            return yield* Schema.decodeUnknownEffect(codec)(outcome.response).pipe(Effect.orDie)
          case "Reused":
            return yield* new IdempotencyKeyReused()
        }
      })
