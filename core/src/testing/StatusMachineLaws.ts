import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { reachableFrom, type StatusMachine } from "../shared/StatusMachine.ts"

/**
 * The laws every status machine keeps: its table covers exactly its statuses, the terminal statuses are the
 * expected ones and never move, every status is reachable from the first, and `transition` agrees with the table.
 */
export const statusMachineLaws = <S extends string>(machine: StatusMachine<S>, expectedTerminal: ReadonlyArray<S>) =>
  describe(`${machine.entity} status machine laws`, () => {
    const status = fc.constantFrom(...machine.statuses)

    it("has a row for every status and names only known statuses", () => {
      assert.deepStrictEqual(Object.keys(machine.transitions).sort(), [...machine.statuses].sort())
      for (const targets of Object.values<ReadonlyArray<S>>(machine.transitions)) {
        for (const target of targets) assert.include(machine.statuses, target)
      }
      assert.strictEqual(new Set(machine.statuses).size, machine.statuses.length)
    })

    it("has exactly the expected terminal statuses", () => {
      assert.deepStrictEqual([...machine.terminal].sort(), [...expectedTerminal].sort())
    })

    it("never lets a terminal status move", () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...(machine.terminal.length > 0 ? machine.terminal : machine.statuses)),
          status,
          (from, to) => (machine.isTerminal(from) ? !machine.canTransition(from, to) : true)
        )
      )
    })

    it("reaches every status from the first", () => {
      assert.deepStrictEqual([...reachableFrom(machine, machine.initial)].sort(), [...machine.statuses].sort())
    })

    it("moves no status to itself", () => {
      for (const s of machine.statuses) assert.isFalse(machine.canTransition(s, s), s)
    })

    it.effect("transition succeeds exactly for the table's pairs", () =>
      Effect.sync(() =>
        fc.assert(
          fc.property(status, status, (from, to) => {
            const exit = Effect.runSyncExit(machine.transition(from, to))
            return machine.canTransition(from, to) ? Exit.isSuccess(exit) && exit.value === to : Exit.isFailure(exit)
          })
        )
      )
    )
  })
