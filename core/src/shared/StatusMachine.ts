import { Effect } from "effect"
import { TransitionNotAllowed } from "./TransitionErrors.ts"

/** The allowed moves of a document: for each status, the statuses it may go to next. */
export type TransitionTable<S extends string> = Readonly<Record<S, ReadonlyArray<S>>>

/** A document's status machine: its statuses, where a new document starts, and which moves are allowed. */
export interface StatusMachine<S extends string> {
  readonly entity: string
  readonly statuses: ReadonlyArray<S>
  readonly initial: S
  readonly transitions: TransitionTable<S>
  /** Statuses with no way out: once there, the document never moves again. */
  readonly terminal: ReadonlyArray<S>
  readonly canTransition: (from: S, to: S) => boolean
  readonly isTerminal: (status: S) => boolean
  readonly next: (from: S) => ReadonlyArray<S>
  /** The move as an effect: the new status, or `TransitionNotAllowed`. */
  readonly transition: (from: S, to: S) => Effect.Effect<S, TransitionNotAllowed>
}

/** Builds a status machine from its table; terminal statuses are those the table gives no way out of. */
export const makeStatusMachine = <const S extends string>(options: {
  readonly entity: string
  readonly statuses: ReadonlyArray<S>
  readonly initial: NoInfer<S>
  readonly transitions: TransitionTable<NoInfer<S>>
}): StatusMachine<S> => {
  const { entity, statuses, initial, transitions } = options
  const canTransition = (from: S, to: S): boolean => transitions[from].includes(to)
  return {
    entity,
    statuses,
    initial,
    transitions,
    terminal: statuses.filter((s) => transitions[s].length === 0),
    canTransition,
    isTerminal: (status) => transitions[status].length === 0,
    next: (from) => transitions[from],
    transition: (from, to) =>
      canTransition(from, to) ? Effect.succeed(to) : Effect.fail(new TransitionNotAllowed({ entity, from, to }))
  }
}

/** Every status a machine can reach from a starting status, the start included. */
export const reachableFrom = <S extends string>(machine: StatusMachine<S>, start: S): ReadonlySet<S> => {
  const seen = new Set<S>([start])
  const queue: Array<S> = [start]
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    for (const next of machine.transitions[current]) {
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return seen
}
