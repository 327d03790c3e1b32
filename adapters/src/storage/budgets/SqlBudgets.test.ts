import { assert, layer } from "@effect/vitest"
import { BigDecimal, Effect, Exit, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { BudgetLedger, BudgetMovement, BudgetRepository, decimal, systemMover } from "@tawreed/core/budgets"
import type { OrgId } from "@tawreed/core/organisations"
import {
  BudgetRepositoryContract,
  Fixtures,
  layerMemoryAdministration,
  layerMemoryBudgets,
  layerMemoryWorkspaces
} from "@tawreed/core/testing"
import { blankWorkspaceFields, WorkspaceRepository } from "@tawreed/core/workspaces"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlBudgets } from "./SqlBudgets.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlTransactions } from "../SqlTransactions.ts"
import { SqlWorkspaces } from "../workspaces/SqlWorkspaces.ts"
import { inTenant } from "../Tenancy.ts"

BudgetRepositoryContract.suite(
  "memory",
  Layer.mergeAll(layerMemoryBudgets, layerMemoryWorkspaces).pipe(Layer.provideMerge(layerMemoryAdministration))
)

const storage = Layer.mergeAll(SqlBudgets, SqlWorkspaces, SqlFixtures, SqlTransactions)

for (const engine of TestDatabase.engines()) {
  BudgetRepositoryContract.suite(engine, storage.pipe(Layer.provide(TestDatabase.layer(engine))))
}

/** An organisation with an active Stop budget of one line, limited to `limit`, in a new workspace. */
const activeLine = (limit: string) =>
  Effect.gen(function* () {
    const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
    const orgId = admin.orgId as OrgId
    const workspace = yield* (yield* WorkspaceRepository).create(
      orgId,
      blankWorkspaceFields("Concurrency", "SAR", admin.id),
      "ACTIVE",
      admin.id
    )
    const budget = yield* (yield* BudgetRepository).create(
      orgId,
      {
        workspaceId: workspace.id,
        name: "FY",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        currency: "SAR",
        policy: "STOP",
        lines: [{ key: "6100", label: "Travel", limit }]
      },
      "ACTIVE",
      admin.id
    )
    return { orgId, budgetId: budget.id }
  })

/** Each bucket of each line, and the sums of the ledger's entries for it, straight from the tables. */
const bucketsAndSums = (orgId: OrgId, budgetId: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return yield* sql<{
      key: string
      limit_amount: string
      requested: string
      committed: string
      actual: string
      entries_requested: string
      entries_committed: string
      entries_actual: string
    }>`
      SELECT l.key, l.limit_amount::text AS limit_amount, l.requested::text AS requested,
             l.committed::text AS committed, l.actual::text AS actual,
             coalesce(sum(e.requested), 0)::text AS entries_requested,
             coalesce(sum(e.committed), 0)::text AS entries_committed,
             coalesce(sum(e.actual), 0)::text AS entries_actual
      FROM budget_lines l LEFT JOIN budget_entries e ON e.budget_id = l.budget_id AND e.line_key = l.key
      WHERE l.budget_id = ${budgetId}
      GROUP BY l.key, l.limit_amount, l.requested, l.committed, l.actual`.pipe(inTenant(orgId))
  })

// PGlite runs one transaction at a time, so races only show on the PostgreSQL server (ARCHITECTURE.md).
if (TestDatabase.engines().includes("postgresql")) {
  const ledger = BudgetLedger.layer.pipe(
    Layer.provideMerge(storage),
    Layer.provideMerge(TestDatabase.layer("postgresql"))
  )
  layer(ledger, { timeout: 120_000 })("BudgetLedger under concurrency on postgresql", (it) => {
    it.effect("lets 50 concurrent documents take a line only up to its limit, each bucket its documents' sum", () =>
      Effect.gen(function* () {
        const { orgId, budgetId } = yield* activeLine("1000.00")
        const budgets = yield* BudgetLedger
        const exits = yield* Effect.forEach(
          Array.from({ length: 50 }, (_, i) => i),
          (i) =>
            Effect.exit(
              budgets.move(
                systemMover(orgId),
                new BudgetMovement({
                  budgetId,
                  line: "6100",
                  documentKind: "order",
                  documentId: `o${i}`,
                  from: "none",
                  to: "committed",
                  amount: "30.00"
                })
              )
            ),
          { concurrency: "unbounded" }
        )
        const taken = exits.filter(Exit.isSuccess).length
        const refused = exits.filter(
          (e) =>
            Exit.isFailure(e) &&
            (e.cause.reasons[0] as { error?: { _tag?: string } } | undefined)?.error?._tag === "BudgetExceeded"
        ).length
        assert.deepStrictEqual([taken, refused], [33, 17])
        const [line] = yield* bucketsAndSums(orgId, budgetId)
        assert.isTrue(BigDecimal.equals(decimal(line!.committed), decimal("990")))
        assert.isTrue(BigDecimal.equals(decimal(line!.committed), decimal(line!.entries_committed)))
      })
    )

    it.effect("keeps every bucket its documents' sum and the line within its limit under mixed concurrent moves", () =>
      Effect.gen(function* () {
        const { orgId, budgetId } = yield* activeLine("500.00")
        const budgets = yield* BudgetLedger
        const movement = (documentId: string, from: "none" | "requested" | "committed", to: string, amount: string) =>
          new BudgetMovement({
            budgetId,
            line: "6100",
            documentKind: "request",
            documentId,
            from,
            to: to as "requested" | "committed" | "actual" | "none",
            amount
          })
        // Each document asks for an amount, then (in the same fiber, one step after another) orders part of it and
        // bills part of that, while the others race for what is left.
        const exits = yield* Effect.forEach(
          Array.from({ length: 40 }, (_, i) => i),
          (i) =>
            Effect.exit(
              Effect.gen(function* () {
                const amount = `${10 + (i % 7) * 5}.25`
                yield* budgets.move(systemMover(orgId), movement(`r${i}`, "none", "requested", amount))
                yield* budgets.move(systemMover(orgId), movement(`r${i}`, "requested", "committed", "5.00"))
                yield* budgets.move(systemMover(orgId), movement(`r${i}`, "committed", "actual", "2.50"))
                if (i % 3 === 0) yield* budgets.move(systemMover(orgId), movement(`r${i}`, "requested", "none", "1.00"))
              })
            ),
          { concurrency: "unbounded" }
        )
        assert.isAbove(exits.filter(Exit.isSuccess).length, 0)
        assert.isAbove(exits.filter(Exit.isFailure).length, 0)
        const [line] = yield* bucketsAndSums(orgId, budgetId)
        const taken = BigDecimal.sumAll([decimal(line!.requested), decimal(line!.committed), decimal(line!.actual)])
        assert.isTrue(BigDecimal.isLessThanOrEqualTo(taken, decimal(line!.limit_amount)), BigDecimal.format(taken))
        assert.isTrue(BigDecimal.equals(decimal(line!.requested), decimal(line!.entries_requested)))
        assert.isTrue(BigDecimal.equals(decimal(line!.committed), decimal(line!.entries_committed)))
        assert.isTrue(BigDecimal.equals(decimal(line!.actual), decimal(line!.entries_actual)))
        const entries = yield* (yield* BudgetRepository).entries(orgId, budgetId)
        for (const entry of entries) {
          for (const bucket of [entry.requested, entry.committed, entry.actual]) {
            assert.isFalse(BigDecimal.isNegative(decimal(bucket)))
          }
        }
      })
    )
  })
}
