import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import {
  BudgetLineDelta,
  BudgetMovement,
  type BudgetFields,
  BudgetRepository,
  type BudgetPlace
} from "../../budgets/Budget.ts"
import type { BudgetStatus } from "../../budgets/BudgetStatus.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { blankWorkspaceFields, WorkspaceRepository } from "../../workspaces/Workspace.ts"
import { Fixtures } from "../Fixtures.ts"

const errorOf = <A, E>(exit: Exit.Exit<A, E>): Record<string, unknown> => {
  if (Exit.isSuccess(exit)) return { _tag: "success" }
  const error = (exit.cause.reasons[0] as { error?: Record<string, unknown> } | undefined)?.error
  return error ?? { _tag: "defect" }
}

const fieldsOf = (workspaceId: string, extra: Partial<BudgetFields> = {}): BudgetFields => ({
  workspaceId,
  name: "FY 2026",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  currency: "SAR",
  policy: "STOP",
  lines: [
    { key: "6100", label: "Travel", limit: "1000.00" },
    { key: "6200", label: "Office supplies", limit: "500.00" }
  ],
  ...extra
})

const movement = (
  budgetId: string,
  line: string,
  documentId: string,
  from: BudgetPlace,
  to: BudgetPlace,
  amount: string,
  documentKind = "request"
) => new BudgetMovement({ budgetId, line, documentKind, documentId, from, to, amount })

/** The behaviour every BudgetRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (name: string, storage: Layer.Layer<BudgetRepository | WorkspaceRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`BudgetRepository contract: ${name}`, (it) => {
    /** An organisation with a workspace, and a way to add more workspaces. */
    const newOrg = Effect.gen(function* () {
      const admin = yield* (yield* Fixtures).newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const workspaces = yield* WorkspaceRepository
      const workspace = (name: string) =>
        Effect.map(
          workspaces.create(orgId, blankWorkspaceFields(name, "SAR", admin.id), "ACTIVE", admin.id),
          (w) => w.id
        ).pipe(Effect.orDie)
      return { orgId, adminId: admin.id as string, workspace, workspaceId: yield* workspace("Head Office") }
    })

    /** A budget in the given status with the default lines. */
    const budgetIn = (
      orgId: OrgId,
      workspaceId: string,
      adminId: string,
      status: BudgetStatus,
      extra: Partial<BudgetFields> = {}
    ) => Effect.flatMap(BudgetRepository, (r) => r.create(orgId, fieldsOf(workspaceId, extra), status, adminId))

    it.effect("keeps a budget with its lines, empty buckets and available = limit, for its organisation only", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const made = yield* budgetIn(orgId, workspaceId, adminId, "BUDGETED")
        assert.deepStrictEqual(
          [made.name, made.status, made.policy, made.currency, made.version, made.createdBy, made.workspaceId],
          ["FY 2026", "BUDGETED", "STOP", "SAR", 1, adminId, workspaceId]
        )
        assert.deepStrictEqual([made.startDate, made.endDate], ["2026-01-01", "2026-12-31"])
        assert.deepStrictEqual(
          made.lines.map((l) => [l.key, l.label, l.limit, l.requested, l.committed, l.actual, l.available]),
          [
            ["6100", "Travel", "1000.00", "0.00", "0.00", "0.00", "1000.00"],
            ["6200", "Office supplies", "500.00", "0.00", "0.00", "0.00", "500.00"]
          ]
        )
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(orgId, made.id)), made)
        const other = yield* newOrg
        assert.isTrue(Option.isNone(yield* repository.find(other.orgId, made.id)))
        assert.isTrue(Option.isNone(yield* repository.find(orgId, "not-an-id")))
        assert.deepStrictEqual(yield* repository.list(other.orgId, {}), [])
      })
    )

    it.effect("keeps amounts in the currency's precision", () =>
      Effect.gen(function* () {
        const { orgId, adminId, workspaceId } = yield* newOrg
        const made = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE", {
          currency: "KWD",
          lines: [{ key: "A", label: "A", limit: "12.5" }]
        })
        assert.deepStrictEqual([made.lines[0]!.limit, made.lines[0]!.available], ["12.500", "12.500"])
        const outcome = yield* (yield* BudgetRepository).move(
          orgId,
          movement(made.id, "A", "r1", "none", "requested", "0.125"),
          false
        )
        assert.deepStrictEqual([outcome.line.requested, outcome.line.available], ["0.125", "12.375"])
      })
    )

    it.effect("updates at the version read, keeping the buckets of lines it keeps", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const made = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        yield* repository.move(orgId, movement(made.id, "6100", "r1", "none", "requested", "100"), false)
        const saved = Option.getOrThrow(
          yield* repository.update(
            orgId,
            made.id,
            fieldsOf(workspaceId, {
              name: "FY 2026 revised",
              policy: "WARN",
              endDate: "2026-06-30",
              lines: [
                { key: "6100", label: "Travel and stay", limit: "900.00" },
                { key: "6300", label: "Training", limit: "50.00" }
              ]
            }),
            1
          )
        )
        assert.deepStrictEqual(
          [saved.name, saved.policy, saved.endDate, saved.version, saved.status],
          ["FY 2026 revised", "WARN", "2026-06-30", 2, "ACTIVE"]
        )
        assert.deepStrictEqual(
          saved.lines.map((l) => [l.key, l.label, l.limit, l.requested, l.available]),
          [
            ["6100", "Travel and stay", "900.00", "100.00", "800.00"],
            ["6300", "Training", "50.00", "0.00", "50.00"]
          ]
        )
        const stale = yield* Effect.exit(repository.update(orgId, made.id, fieldsOf(workspaceId), 1))
        assert.strictEqual(errorOf(stale)["_tag"], "VersionConflict")
        const dropsHeld = yield* Effect.exit(
          repository.update(
            orgId,
            made.id,
            fieldsOf(workspaceId, { lines: [{ key: "6300", label: "Training", limit: "50.00" }] }),
            2
          )
        )
        assert.strictEqual(errorOf(dropsHeld)["_tag"], "InvalidField")
        assert.isTrue(Option.isNone(yield* repository.update(orgId, crypto.randomUUID(), fieldsOf(workspaceId), 1)))
        const moved = Option.getOrThrow(yield* repository.setStatus(orgId, made.id, "INACTIVE", 2))
        assert.deepStrictEqual([moved.status, moved.version], ["INACTIVE", 3])
        const staleStatus = yield* Effect.exit(repository.setStatus(orgId, made.id, "ACTIVE", 2))
        assert.strictEqual(errorOf(staleStatus)["_tag"], "VersionConflict")
      })
    )

    it.effect("lists by workspace, status and the day a period holds", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId, workspace } = yield* newOrg
        const second = yield* workspace("Projects")
        const h1 = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE", {
          name: "H1",
          startDate: "2026-01-01",
          endDate: "2026-06-30"
        })
        const h2 = yield* budgetIn(orgId, workspaceId, adminId, "BUDGETED", {
          name: "H2",
          startDate: "2026-07-01",
          endDate: "2026-12-31"
        })
        const projects = yield* budgetIn(orgId, second, adminId, "ACTIVE", { name: "Projects 2026" })
        const names = (list: ReadonlyArray<{ readonly name: string }>) => list.map((b) => b.name)
        assert.deepStrictEqual(names(yield* repository.list(orgId, {})), ["H1", "Projects 2026", "H2"])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { workspaceIds: [workspaceId] })), ["H1", "H2"])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { workspaceIds: [] })), [])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { statuses: ["ACTIVE"] })), ["H1", "Projects 2026"])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { activeOn: "2026-07-01" })), [
          "Projects 2026",
          "H2"
        ])
        assert.deepStrictEqual(names(yield* repository.list(orgId, { activeOn: "2026-06-30" })), [
          "H1",
          "Projects 2026"
        ])
        assert.deepStrictEqual(
          [h1.id, h2.id, projects.id].every((id) => id.length > 0),
          true
        )
      })
    )

    it.effect("reads a slice of the list in its order, ties on period and name broken by id", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspace } = yield* newOrg
        // Five workspaces, each with a budget of the same name and period, and one earlier budget.
        const made = yield* Effect.forEach([1, 2, 3, 4, 5], (n) =>
          Effect.flatMap(workspace(`Site ${n}`), (id) => budgetIn(orgId, id, adminId, "ACTIVE", { name: "Same" }))
        )
        const early = yield* budgetIn(orgId, made[0]!.workspaceId, adminId, "BUDGETED", {
          name: "Early",
          startDate: "2025-01-01",
          endDate: "2025-12-31"
        })
        const order = [early.id, ...made.map((b) => b.id).sort()]
        const ids = (list: ReadonlyArray<{ readonly id: string }>) => list.map((b) => b.id)
        assert.deepStrictEqual(ids(yield* repository.list(orgId, {})), order)
        assert.deepStrictEqual(ids(yield* repository.list(orgId, {}, { offset: 0, limit: 4 })), order.slice(0, 4))
        assert.deepStrictEqual(
          ids(yield* repository.list(orgId, {}, { offset: 4, limit: 4 })),
          order.slice(4),
          "the last page is short"
        )
        assert.deepStrictEqual(ids(yield* repository.list(orgId, {}, { offset: 8, limit: 4 })), [])
        assert.deepStrictEqual(
          ids(yield* repository.list(orgId, { statuses: ["ACTIVE"] }, { offset: 1, limit: 2 })),
          order.slice(2, 4),
          "the slice is taken after the query narrows the list"
        )
        const lines = (yield* repository.list(orgId, {}, { offset: 5, limit: 1 }))[0]!.lines
        assert.deepStrictEqual(
          lines.map((l) => l.key),
          ["6100", "6200"],
          "a budget of a slice comes with its lines"
        )
      })
    )

    it.effect("finds overlapping periods within one workspace, days at both ends included", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId, workspace } = yield* newOrg
        const made = yield* budgetIn(orgId, workspaceId, adminId, "BUDGETED", {
          startDate: "2026-03-01",
          endDate: "2026-03-31"
        })
        const taken = (start: string, end: string, except?: string, ws = workspaceId) =>
          repository.periodTaken(orgId, ws, start, end, except)
        assert.isTrue(yield* taken("2026-03-31", "2026-04-30"))
        assert.isTrue(yield* taken("2026-02-01", "2026-03-01"))
        assert.isTrue(yield* taken("2026-03-10", "2026-03-11"))
        assert.isTrue(yield* taken("2026-01-01", "2026-12-31"))
        assert.isFalse(yield* taken("2026-04-01", "2026-04-30"))
        assert.isFalse(yield* taken("2026-01-01", "2026-02-28"))
        assert.isFalse(yield* taken("2026-03-01", "2026-03-31", made.id))
        assert.isFalse(yield* taken("2026-03-01", "2026-03-31", undefined, yield* workspace("Elsewhere")))
        assert.isFalse(yield* repository.periodTaken((yield* newOrg).orgId, workspaceId, "2026-03-01", "2026-03-31"))
      })
    )

    it.effect("moves a document's money through the buckets, keeping each bucket the sum of its documents", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const budget = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        const move = (id: string, from: BudgetPlace, to: BudgetPlace, amount: string, kind = "request") =>
          repository.move(orgId, movement(budget.id, "6100", id, from, to, amount, kind), false)
        const first = yield* move("r1", "none", "requested", "300")
        assert.deepStrictEqual(
          [first.line.requested, first.line.available, first.entry.requested, first.warning],
          ["300.00", "700.00", "300.00", null]
        )
        yield* move("r2", "none", "requested", "200")
        yield* move("r1", "requested", "committed", "250")
        yield* move("r1", "committed", "actual", "100")
        const released = yield* move("r2", "requested", "none", "200")
        assert.deepStrictEqual(
          [released.line.requested, released.line.committed, released.line.actual, released.line.available],
          ["50.00", "150.00", "100.00", "700.00"]
        )
        const entries = yield* repository.entries(orgId, budget.id)
        assert.deepStrictEqual(
          entries.map((e) => [e.line, e.documentKind, e.documentId, e.requested, e.committed, e.actual]),
          [
            ["6100", "request", "r1", "50.00", "150.00", "100.00"],
            ["6100", "request", "r2", "0.00", "0.00", "0.00"]
          ]
        )
        const line = Option.getOrThrow(yield* repository.find(orgId, budget.id)).lines[0]!
        assert.deepStrictEqual([line.requested, line.committed, line.actual], ["50.00", "150.00", "100.00"])
        const documents = yield* repository.documentEntries(orgId, "request", "r1")
        assert.deepStrictEqual(
          documents.map((e) => [e.budgetId, e.line]),
          [[budget.id, "6100"]]
        )
        assert.deepStrictEqual(yield* repository.documentEntries(orgId, "order", "r1"), [])
      })
    )

    it.effect("never moves more out of a bucket than the document holds there", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const budget = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        yield* repository.move(orgId, movement(budget.id, "6100", "r1", "none", "requested", "100"), false)
        yield* repository.move(orgId, movement(budget.id, "6100", "r2", "none", "requested", "100"), false)
        const tooMuch = yield* Effect.exit(
          repository.move(orgId, movement(budget.id, "6100", "r1", "requested", "committed", "150"), false)
        )
        assert.strictEqual(errorOf(tooMuch)["_tag"], "InvalidField")
        const elsewhere = yield* Effect.exit(
          repository.move(orgId, movement(budget.id, "6200", "r1", "requested", "none", "10"), false)
        )
        assert.strictEqual(errorOf(elsewhere)["_tag"], "InvalidField")
        const same = yield* Effect.exit(
          repository.move(orgId, movement(budget.id, "6100", "r1", "requested", "requested", "10"), false)
        )
        assert.strictEqual(errorOf(same)["_tag"], "InvalidField")
        const line = Option.getOrThrow(yield* repository.find(orgId, budget.id)).lines[0]!
        assert.deepStrictEqual([line.requested, line.committed], ["200.00", "0.00"])
      })
    )

    it.effect("refuses an excess under Stop naming the line, its limit and the excess; Warn and overrides warn", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId, workspace } = yield* newOrg
        const stop = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        yield* repository.move(orgId, movement(stop.id, "6100", "r1", "none", "requested", "900"), false)
        const refused = errorOf(
          yield* Effect.exit(
            repository.move(orgId, movement(stop.id, "6100", "r2", "none", "committed", "150.5"), false)
          )
        )
        assert.deepStrictEqual(
          [refused["_tag"], refused["line"], refused["limit"], refused["excess"], refused["currency"]],
          ["BudgetExceeded", "Travel (6100)", "1000.00", "50.50", "SAR"]
        )
        assert.deepStrictEqual(yield* repository.documentEntries(orgId, "request", "r2"), [])
        const exact = yield* repository.move(orgId, movement(stop.id, "6100", "r3", "none", "requested", "100"), false)
        assert.deepStrictEqual([exact.line.available, exact.warning], ["0.00", null])
        const overridden = yield* repository.move(
          orgId,
          movement(stop.id, "6100", "r4", "none", "requested", "10"),
          true
        )
        assert.deepStrictEqual(
          [overridden.line.available, overridden.warning?.line, overridden.warning?.excess, overridden.warning?.limit],
          ["-10.00", "Travel (6100)", "10.00", "1000.00"]
        )
        // Moving between buckets and releasing pass whatever the line's state.
        const shifted = yield* repository.move(
          orgId,
          movement(stop.id, "6100", "r1", "requested", "committed", "900"),
          false
        )
        assert.deepStrictEqual([shifted.line.committed, shifted.warning], ["900.00", null])

        const warn = yield* budgetIn(orgId, yield* workspace("Warned"), adminId, "ACTIVE", { policy: "WARN" })
        const warned = yield* repository.move(orgId, movement(warn.id, "6200", "r1", "none", "actual", "600"), false)
        assert.deepStrictEqual(
          [warned.line.actual, warned.line.available, warned.warning?.excess, warned.warning?.line],
          ["600.00", "-100.00", "100.00", "Office supplies (6200)"]
        )
        const ignore = yield* budgetIn(orgId, yield* workspace("Ignored"), adminId, "ACTIVE", { policy: "IGNORE" })
        const ignored = yield* repository.move(
          orgId,
          movement(ignore.id, "6200", "r1", "none", "requested", "600"),
          false
        )
        assert.deepStrictEqual([ignored.line.available, ignored.warning], ["-100.00", null])
      })
    )

    it.effect("takes new documents only into an active budget, and names what it cannot find", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const planned = yield* budgetIn(orgId, workspaceId, adminId, "BUDGETED")
        const notActive = errorOf(
          yield* Effect.exit(
            repository.move(orgId, movement(planned.id, "6100", "r1", "none", "requested", "1"), false)
          )
        )
        assert.deepStrictEqual([notActive["_tag"], notActive["status"]], ["BudgetActionNotAllowed", "BUDGETED"])
        const noLine = errorOf(
          yield* Effect.exit(
            repository.move(orgId, movement(planned.id, "9999", "r1", "none", "requested", "1"), false)
          )
        )
        assert.deepStrictEqual([noLine["_tag"], noLine["line"]], ["BudgetLineNotFound", "9999"])
        const id = crypto.randomUUID()
        const noBudget = errorOf(
          yield* Effect.exit(repository.move(orgId, movement(id, "6100", "r1", "none", "requested", "1"), false))
        )
        assert.deepStrictEqual([noBudget["_tag"], noBudget["id"]], ["BudgetNotFound", id])
        const other = yield* newOrg
        const foreign = errorOf(
          yield* Effect.exit(
            repository.move(other.orgId, movement(planned.id, "6100", "r1", "none", "requested", "1"), false)
          )
        )
        assert.strictEqual(foreign["_tag"], "BudgetNotFound")
      })
    )

    it.effect("applies a change's limits, adding lines, and never lowers a limit below what a line has taken", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const budget = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        yield* repository.move(orgId, movement(budget.id, "6100", "r1", "none", "committed", "800"), false)
        const applied = yield* repository.applyChange(orgId, budget.id, {
          lines: [
            new BudgetLineDelta({ key: "6100", delta: "-150.00" }),
            new BudgetLineDelta({ key: "6200", delta: "150.00" }),
            new BudgetLineDelta({ key: "6300", label: "Training", delta: "75.00" })
          ],
          name: "FY 2026 (adjusted)",
          startDate: null,
          endDate: "2026-11-30"
        })
        assert.deepStrictEqual(
          applied.lines.map((l) => [l.key, l.label, l.limit, l.available]),
          [
            ["6100", "Travel", "850.00", "50.00"],
            ["6200", "Office supplies", "650.00", "650.00"],
            ["6300", "Training", "75.00", "75.00"]
          ]
        )
        assert.deepStrictEqual(
          [applied.name, applied.startDate, applied.endDate, applied.version],
          ["FY 2026 (adjusted)", "2026-01-01", "2026-11-30", 2]
        )
        const below = errorOf(
          yield* Effect.exit(
            repository.applyChange(orgId, budget.id, {
              lines: [new BudgetLineDelta({ key: "6100", delta: "-60" })],
              name: null,
              startDate: null,
              endDate: null
            })
          )
        )
        assert.deepStrictEqual(
          [below["_tag"], below["line"], below["limit"], below["excess"]],
          ["BudgetExceeded", "Travel (6100)", "790.00", "10.00"]
        )
        const after = Option.getOrThrow(yield* repository.find(orgId, budget.id))
        assert.deepStrictEqual([after.lines[0]!.limit, after.version], ["850.00", 2])
        const missing = yield* Effect.exit(
          repository.applyChange(orgId, crypto.randomUUID(), { lines: [], name: null, startDate: null, endDate: null })
        )
        assert.strictEqual(errorOf(missing)["_tag"], "BudgetNotFound")
      })
    )

    it.effect("keeps changes with their status, newest first, for their organisation only", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const budget = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        const base = {
          budgetId: budget.id,
          workspaceId,
          name: null,
          startDate: null,
          endDate: null,
          requesterId: adminId
        }
        const first = yield* repository.createChange(orgId, {
          ...base,
          action: "request_for_budget_limit",
          lines: [new BudgetLineDelta({ key: "6100", delta: "100.00" })],
          remark: "conference",
          value: "100.00"
        })
        assert.deepStrictEqual(
          [first.status, first.version, first.decidedAt, first.remark, first.value, first.action],
          ["PENDING_APPROVAL", 1, null, "conference", "100.00", "request_for_budget_limit"]
        )
        assert.deepStrictEqual(
          first.lines.map((l) => [l.key, l.delta, l.label]),
          [["6100", "100.00", undefined]]
        )
        const second = yield* repository.createChange(orgId, {
          ...base,
          action: "update_budget",
          lines: [new BudgetLineDelta({ key: "6400", label: "Events", delta: "20.00" })],
          name: "FY",
          endDate: "2026-12-30",
          remark: "",
          value: "20.00"
        })
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.findChange(orgId, second.id)), second)
        assert.deepStrictEqual(
          [second.name, second.endDate, second.startDate, second.lines[0]!.label],
          ["FY", "2026-12-30", null, "Events"]
        )
        const decided = Option.getOrThrow(yield* repository.setChangeStatus(orgId, first.id, "APPROVED", 1))
        assert.deepStrictEqual([decided.status, decided.version, decided.decidedAt !== null], ["APPROVED", 2, true])
        const stale = yield* Effect.exit(repository.setChangeStatus(orgId, first.id, "REJECTED", 1))
        assert.strictEqual(errorOf(stale)["_tag"], "VersionConflict")
        assert.deepStrictEqual(
          (yield* repository.changes(orgId, budget.id)).map((c) => [c.id, c.status]),
          [
            [second.id, "PENDING_APPROVAL"],
            [first.id, "APPROVED"]
          ]
        )
        const other = yield* newOrg
        assert.isTrue(Option.isNone(yield* repository.findChange(other.orgId, first.id)))
        assert.isTrue(Option.isNone(yield* repository.setChangeStatus(other.orgId, first.id, "REJECTED", 2)))
        assert.deepStrictEqual(yield* repository.changes(other.orgId, budget.id), [])
      })
    )

    it.effect("reads a slice of a budget's changes, newest first", () =>
      Effect.gen(function* () {
        const repository = yield* BudgetRepository
        const { orgId, adminId, workspaceId } = yield* newOrg
        const budget = yield* budgetIn(orgId, workspaceId, adminId, "ACTIVE")
        const asked: Array<string> = []
        for (let i = 1; i <= 5; i++) {
          const change = yield* repository.createChange(orgId, {
            budgetId: budget.id,
            workspaceId,
            name: null,
            startDate: null,
            endDate: null,
            requesterId: adminId,
            action: "request_for_budget_limit",
            lines: [new BudgetLineDelta({ key: "6100", delta: `${i}.00` })],
            remark: `change ${i}`,
            value: `${i}.00`
          })
          asked.unshift(change.id)
        }
        const ids = (offset: number, limit: number) =>
          Effect.map(repository.changes(orgId, budget.id, { offset, limit }), (list) => list.map((c) => c.id))
        assert.deepStrictEqual(yield* ids(0, 2), asked.slice(0, 2))
        assert.deepStrictEqual(yield* ids(2, 2), asked.slice(2, 4))
        assert.deepStrictEqual(yield* ids(4, 2), asked.slice(4), "the last page is short")
        assert.deepStrictEqual(yield* ids(6, 2), [])
      })
    )
  })
