import { Context, Effect, Layer } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"

/**
 * One unit of work inside one organisation: everything a command writes (a document, its timeline, its budget
 * movement, the notifications it sends) commits together or not at all. Repository calls made inside join it.
 */
export interface TransactionsShape {
  readonly inOrg: <A, E, R>(orgId: OrgId, work: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
}

export class Transactions extends Context.Service<Transactions, TransactionsShape>()(
  "@tawreed/core/shared/Transactions"
) {
  /** For memory adapters: the work runs as it is (memory repositories apply each write at once). */
  static readonly layerPassThrough = Layer.succeed(Transactions, { inOrg: (_orgId, work) => work })
}

/** Runs work as one transaction of the organisation. */
export const inOrg = <A, E, R>(orgId: OrgId, work: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const transactions = yield* Transactions
    return yield* transactions.inOrg(orgId, work)
  })
