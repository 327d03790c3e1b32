import { BigDecimal, Context, Effect, Layer, Option } from "effect"
import { budgetStopOverride } from "../access/DefaultRoles.ts"
import { roundTo } from "../money/Money.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { InvalidField, type TransactionConflict } from "../shared/Errors.ts"
import { Transactions } from "../shared/Transactions.ts"
import { type BudgetEntry, BudgetMovement, BudgetRepository, decimal, money, type MoveOutcome } from "./Budget.ts"
import {
  type BudgetActionNotAllowed,
  type BudgetExceeded,
  type BudgetLineNotFound,
  BudgetNotFound
} from "./BudgetErrors.ts"

/**
 * Who moves money: a signed-in actor (whose privileges may override a Stop policy) or the system acting for an
 * organisation (a scheduled expiry, an import), which never overrides.
 */
export interface Mover {
  readonly orgId: OrgId
  readonly privileges: ReadonlyArray<string>
}

/** The system acting inside an organisation: holds no privilege, so a Stop policy always stops it. */
export const systemMover = (orgId: OrgId): Mover => ({ orgId, privileges: [] })

/** Whether a mover's Stop becomes Warn (the `bdg_ov_u_o` privilege, see DefaultRoles). */
export const overridesStop = (mover: Mover): boolean => mover.privileges.includes(budgetStopOverride)

export type MoveError =
  BudgetNotFound | BudgetLineNotFound | BudgetExceeded | BudgetActionNotAllowed | InvalidField | TransactionConflict

/**
 * The one way money enters, moves between and leaves a budget's buckets (issue 6: "later modules move money
 * between these buckets through one core API; nothing else writes them"). Each move joins the caller's
 * transaction, so a document's status and its budget movement commit together; several moves of one document
 * either all happen or none.
 */
export interface BudgetLedgerShape {
  /**
   * Moves one document's amount on one line. A move from `none` is judged by the budget's policy: Stop refuses it
   * with BudgetExceeded (line, limit, excess) unless the mover overrides; Warn answers the warning the document
   * records; Ignore lets it pass. The amount is rounded to the budget currency's precision.
   */
  readonly move: (mover: Mover, movement: BudgetMovement) => Effect.Effect<MoveOutcome, MoveError>
  /** Several moves as one: all of them, or (on the first refusal) none. */
  readonly moveAll: (
    mover: Mover,
    movements: ReadonlyArray<BudgetMovement>
  ) => Effect.Effect<ReadonlyArray<MoveOutcome>, MoveError>
  /** Gives back everything a document holds, in every bucket of every line: for a cancelled or deleted document. */
  readonly release: (
    mover: Mover,
    documentKind: string,
    documentId: string
  ) => Effect.Effect<ReadonlyArray<MoveOutcome>, MoveError>
  /** What a document holds, per budget and line. */
  readonly entriesOf: (
    orgId: OrgId,
    documentKind: string,
    documentId: string
  ) => Effect.Effect<ReadonlyArray<BudgetEntry>>
}

export class BudgetLedger extends Context.Service<BudgetLedger, BudgetLedgerShape>()(
  "@tawreed/core/budgets/BudgetLedger"
) {
  static readonly layer = Layer.effect(
    BudgetLedger,
    Effect.gen(function* () {
      const repository = yield* BudgetRepository
      const transactions = yield* Transactions

      const checked = Effect.fn("BudgetLedger.checked")(function* (mover: Mover, movement: BudgetMovement) {
        const budget = yield* repository.find(mover.orgId, movement.budgetId)
        if (Option.isNone(budget)) return yield* new BudgetNotFound({ id: movement.budgetId })
        const amount = roundTo(decimal(movement.amount), currencyDecimals(budget.value.currency))
        if (!BigDecimal.isPositive(amount)) {
          return yield* new InvalidField({ field: "amount", problem: "mustBePositive" })
        }
        return new BudgetMovement({ ...movement, amount: money(amount, budget.value.currency) })
      })

      const moveIn = (mover: Mover, movement: BudgetMovement) =>
        Effect.flatMap(checked(mover, movement), (rounded) =>
          repository.move(mover.orgId, rounded, overridesStop(mover))
        )

      /**
       * Moves in one order whatever order they were asked in (by budget, then line), so that two documents moving
       * on the same lines lock them in the same order and never wait on each other in a circle; the answers keep
       * the order asked.
       */
      const moveAll = Effect.fn("BudgetLedger.moveAll")(function* (
        mover: Mover,
        movements: ReadonlyArray<BudgetMovement>
      ) {
        const order = movements
          .map((movement, index) => ({ movement, index }))
          .sort((a, b) =>
            a.movement.budgetId !== b.movement.budgetId
              ? a.movement.budgetId < b.movement.budgetId
                ? -1
                : 1
              : a.movement.line < b.movement.line
                ? -1
                : a.movement.line > b.movement.line
                  ? 1
                  : a.index - b.index
          )
        const done = yield* transactions.inOrg(
          mover.orgId,
          Effect.forEach(order, ({ movement, index }) =>
            Effect.map(moveIn(mover, movement), (outcome) => ({ outcome, index }))
          )
        )
        return [...done].sort((a, b) => a.index - b.index).map((d) => d.outcome)
      })

      return BudgetLedger.of({
        move: (mover, movement) => transactions.inOrg(mover.orgId, moveIn(mover, movement)),
        moveAll,
        release: (mover, documentKind, documentId) =>
          transactions.inOrg(
            mover.orgId,
            Effect.gen(function* () {
              const held = yield* repository.documentEntries(mover.orgId, documentKind, documentId)
              const movements = held.flatMap((entry) =>
                (["requested", "committed", "actual"] as const).flatMap((bucket) =>
                  BigDecimal.isPositive(decimal(entry[bucket]))
                    ? [
                        new BudgetMovement({
                          budgetId: entry.budgetId,
                          line: entry.line,
                          documentKind,
                          documentId,
                          from: bucket,
                          to: "none",
                          amount: entry[bucket]
                        })
                      ]
                    : []
                )
              )
              return yield* Effect.forEach(movements, (m) => repository.move(mover.orgId, m, false))
            })
          ),
        entriesOf: (orgId, documentKind, documentId) => repository.documentEntries(orgId, documentKind, documentId)
      })
    })
  )
}
