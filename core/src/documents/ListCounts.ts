import { Context, Effect, Layer, Stream } from "effect"
import { DocumentsChanged, EventBus } from "../shared/EventBus.ts"
import { Transactions } from "../shared/Transactions.ts"

/** How many counted answers are kept, across organisations and lists; the oldest go first. */
export const listCountsKept = 2_000

/**
 * The counts beside a document list (its total and its breakdowns by status, workspace or classification) kept
 * between pages. Counting every match of a list's filters costs a scan of them, tens of milliseconds at a hundred
 * thousand documents, while the page itself is one index probe: so the counts of a query are counted once and
 * served again until a document of that kind changes in the organisation.
 *
 * Staleness is ruled out by generations: each (organisation, kind) has one, moved on when a change commits in this
 * process (`changed`, at once after the commit) or in another (the `DocumentsChanged` event). An answer is kept
 * under the generation read before it was counted and served only while that generation holds, so an answer
 * counted across a change is never served after it.
 */
export interface ListCountsShape {
  /**
   * The counts for one query of a kind's list: kept ones while no document of the kind has changed in the
   * organisation since they were counted, else `count` run and kept. `query` names everything the counts depend
   * on (the filters and whose reach they are scoped to).
   */
  readonly counted: <A, E, R>(
    orgId: string,
    kind: string,
    query: string,
    count: Effect.Effect<A, E, R>
  ) => Effect.Effect<A, E, R>
  /** Marks the kind's lists in the organisation changed once the caller's transaction commits, in every process. */
  readonly changed: (orgId: string, kind: string) => Effect.Effect<void>
  /**
   * The kind's generation across every organisation: moved on with each change of a document of the kind, in this
   * process as soon as its transaction commits, so a cache of answers that span organisations (the guest
   * catalogue) keeps an answer under it and is never served one counted before the change the caller just made.
   */
  readonly generationOfKind: (kind: string) => number
}

/** Use cases' helper: list counts kept until their documents change. */
export class ListCounts extends Context.Service<ListCounts, ListCountsShape>()("@tawreed/core/documents/ListCounts") {
  static readonly layer = Layer.effect(
    ListCounts,
    Effect.gen(function* () {
      const bus = yield* EventBus
      const transactions = yield* Transactions
      const generations = new Map<string, number>()
      const kept = new Map<string, { readonly generation: number; readonly value: unknown }>()
      const listOf = (orgId: string, kind: string) => `${orgId}\u0000${kind}`
      const generationOf = (list: string) => generations.get(list) ?? 0
      const kinds = new Map<string, number>()
      const moveOn = (orgId: string, kind: string) =>
        Effect.sync(() => {
          const list = listOf(orgId, kind)
          generations.set(list, generationOf(list) + 1)
          kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
        })

      // Changes committed by other processes (and, harmlessly, this one's own again).
      const events = yield* bus.subscribe
      yield* Effect.forkScoped(
        Stream.runForEach(events, (event) =>
          event instanceof DocumentsChanged ? moveOn(event.orgId, event.kind) : Effect.void
        )
      )

      const counted: ListCountsShape["counted"] = (orgId, kind, query, count) =>
        Effect.suspend(() => {
          const list = listOf(orgId, kind)
          const key = `${list}\u0000${query}`
          const generation = generationOf(list)
          const found = kept.get(key)
          if (found !== undefined && found.generation === generation) return Effect.succeed(found.value as never)
          return Effect.tap(count, (value) =>
            Effect.sync(() => {
              if (generationOf(list) !== generation) return
              kept.delete(key)
              kept.set(key, { generation, value })
              if (kept.size > listCountsKept) kept.delete(kept.keys().next().value!)
            })
          )
        })

      return ListCounts.of({
        counted,
        generationOfKind: (kind) => kinds.get(kind) ?? 0,
        changed: (orgId, kind) =>
          transactions.afterCommit(
            Effect.andThen(moveOn(orgId, kind), bus.publish(new DocumentsChanged({ orgId, kind })))
          )
      })
    })
  )
}
