import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { reachableFrom, type StatusMachine, type TransitionTable } from "../shared/StatusMachine.ts"
import { TransitionNotAllowed } from "../shared/TransitionErrors.ts"

/** What a machine's test pins, written out as literals in the test so that a change to the table shows there. */
export interface PinnedMachine<S extends string> {
  /** The statuses with no way out. */
  readonly terminal: ReadonlyArray<S>
  /** Every allowed move, status by status: any pair not written here must be refused. */
  readonly allowed: TransitionTable<S>
}

/**
 * The laws every status machine keeps: its table covers exactly its statuses, every status is reachable from the
 * first, no status moves to itself, and — held against the literals its test pins, never against its own table —
 * `transition` allows exactly the pinned moves and the pinned terminal statuses never move.
 */
export const statusMachineLaws = <S extends string>(machine: StatusMachine<S>, pinned: PinnedMachine<S>) =>
  describe(`${machine.entity} status machine laws`, () => {
    const status = fc.constantFrom(...machine.statuses)
    const pinnedPairs = (Object.keys(pinned.allowed) as Array<S>).flatMap((from) =>
      pinned.allowed[from].map((to) => `${from} → ${to}`)
    )

    it("has a row for every status and names only known statuses", () => {
      assert.deepStrictEqual(Object.keys(machine.transitions).sort(), [...machine.statuses].sort())
      assert.deepStrictEqual(Object.keys(pinned.allowed).sort(), [...machine.statuses].sort())
      for (const targets of Object.values<ReadonlyArray<S>>(machine.transitions)) {
        for (const target of targets) assert.include(machine.statuses, target)
      }
      assert.strictEqual(new Set(machine.statuses).size, machine.statuses.length)
    })

    it("has exactly the expected terminal statuses", () => {
      assert.deepStrictEqual([...machine.terminal].sort(), [...pinned.terminal].sort())
    })

    it("allows exactly the pinned moves, and no other", () => {
      const allowed = machine.statuses.flatMap((from) =>
        machine.statuses
          .filter((to) => Exit.isSuccess(Effect.runSyncExit(machine.transition(from, to))))
          .map((to) => `${from} → ${to}`)
      )
      assert.deepStrictEqual(allowed.sort(), [...pinnedPairs].sort())
    })

    it("never lets a pinned terminal status move, and says which move it refused", () => {
      if (pinned.terminal.length === 0) return
      fc.assert(
        fc.property(fc.constantFrom(...pinned.terminal), status, (from, to) => {
          assert.isFalse(machine.canTransition(from, to), `${from} → ${to}`)
          assert.deepStrictEqual(machine.next(from), [])
          const refusal = Effect.runSyncExit(Effect.flip(machine.transition(from, to)))
          assert.isTrue(Exit.isSuccess(refusal), `${from} → ${to}`)
          if (Exit.isSuccess(refusal)) {
            assert.instanceOf(refusal.value, TransitionNotAllowed)
            assert.deepStrictEqual(
              { ...refusal.value },
              { _tag: "TransitionNotAllowed", entity: machine.entity, from, to }
            )
          }
        })
      )
    })

    it("reaches every status from the first", () => {
      assert.deepStrictEqual([...reachableFrom(machine, machine.initial)].sort(), [...machine.statuses].sort())
    })

    it("moves no status to itself", () => {
      for (const s of machine.statuses) assert.isFalse(machine.canTransition(s, s), s)
    })

    it("agrees with itself: canTransition, next and transition give the same answer for every pair", () => {
      fc.assert(
        fc.property(status, status, (from, to) => {
          const exit = Effect.runSyncExit(machine.transition(from, to))
          const allowed = pinned.allowed[from].includes(to)
          assert.strictEqual(machine.canTransition(from, to), allowed, `${from} → ${to}`)
          assert.strictEqual(machine.next(from).includes(to), allowed, `${from} → ${to}`)
          assert.strictEqual(Exit.isSuccess(exit) && exit.value === to, allowed, `${from} → ${to}`)
        })
      )
    })
  })
