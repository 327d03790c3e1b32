import { Context, Effect, Layer } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { TransactionConflict } from "./Errors.ts"

/**
 * One unit of work inside one organisation: everything a command writes (a document, its timeline, its budget
 * movement, the notifications it sends) commits together or not at all. Repository calls made inside join it.
 *
 * Work that meets others' concurrent writes (a deadlock, a serialization failure) is run again from the start a
 * few times; when the conflict persists it fails with TransactionConflict, having written nothing. Work run inside
 * another unit is retried with that unit, as a whole. So a command takes its locks in one global order (a
 * document's row before its lines, a budget before its lines, each set by id) and keeps its unit short.
 */
export interface TransactionsShape {
  readonly inOrg: <A, E, R>(orgId: OrgId, work: Effect.Effect<A, E, R>) => Effect.Effect<A, E | TransactionConflict, R>
  /**
   * Runs `effect` once the outermost unit around the caller has committed (never when it rolls back; once per
   * attempt that commits, not per retry), or at once outside any unit. For what others may see only after the
   * writes are visible: a cache dropped, an event published to other processes.
   */
  readonly afterCommit: (effect: Effect.Effect<void>) => Effect.Effect<void>
}

export class Transactions extends Context.Service<Transactions, TransactionsShape>()(
  "@tawreed/core/shared/Transactions"
) {
  /** For memory adapters: the work runs as it is (memory repositories apply each write at once). */
  static readonly layerPassThrough = Layer.succeed(Transactions, {
    inOrg: (_orgId, work) => work,
    afterCommit: (effect) => effect
  })
}

/** Runs work as one transaction of the organisation. */
export const inOrg = <A, E, R>(orgId: OrgId, work: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const transactions = yield* Transactions
    return yield* transactions.inOrg(orgId, work)
  })

/** Runs an effect once the current transaction has committed (at once outside one). */
export const afterCommit = (effect: Effect.Effect<void>) =>
  Effect.gen(function* () {
    const transactions = yield* Transactions
    return yield* transactions.afterCommit(effect)
  })
