import { Clock, Effect, Layer, Option } from "effect"
import {
  Budget,
  BudgetChange,
  type BudgetChangeFields,
  BudgetEntry,
  type BudgetFields,
  BudgetRepository,
  budgetLine,
  decimal,
  emptyEntry,
  type EntryAmounts,
  type LineAmounts,
  lineName,
  money,
  MoveOutcome,
  BudgetWarning,
  planLimits,
  planMove
} from "../../budgets/Budget.ts"
import {
  BudgetActionNotAllowed,
  BudgetExceeded,
  BudgetLineNotFound,
  BudgetNotFound
} from "../../budgets/BudgetErrors.ts"
import type { BudgetStatus } from "../../budgets/BudgetStatus.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { InvalidField, VersionConflict } from "../../shared/Errors.ts"
import { sliceOf } from "../../shared/Paging.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

interface LineRow {
  key: string
  label: string
  amounts: LineAmounts
}

interface BudgetRow {
  readonly orgId: string
  readonly id: string
  readonly number: string
  readonly workspaceId: string
  name: string
  startDate: string
  endDate: string
  readonly currency: string
  status: BudgetStatus
  policy: Budget["policy"]
  lines: Array<LineRow>
  readonly createdBy: string
  version: number
  readonly createdAt: string
  updatedAt: string
}

interface EntryRow {
  readonly orgId: string
  readonly budgetId: string
  readonly line: string
  readonly documentKind: string
  readonly documentId: string
  amounts: EntryAmounts
}

/** What the budgets adapter keeps beside the identity store. */
interface BudgetStore {
  readonly budgets: Map<string, BudgetRow>
  readonly entries: Array<EntryRow>
  readonly changes: Map<string, { readonly orgId: string; change: BudgetChange }>
}

const stores = new WeakMap<object, BudgetStore>()
const storeOf = (identity: object): BudgetStore => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { budgets: new Map(), entries: [], changes: new Map() }
    stores.set(identity, found)
  }
  return found
}

const toBudget = (row: BudgetRow): Budget =>
  new Budget({
    id: row.id,
    number: row.number,
    workspaceId: row.workspaceId,
    name: row.name,
    startDate: row.startDate,
    endDate: row.endDate,
    currency: row.currency,
    status: row.status,
    policy: row.policy,
    lines: row.lines.map((l) => budgetLine(l.key, l.label, l.amounts, row.currency)),
    createdBy: row.createdBy,
    version: row.version,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt
  })

const toEntry = (row: EntryRow, currency: string): BudgetEntry =>
  new BudgetEntry({
    budgetId: row.budgetId,
    line: row.line,
    documentKind: row.documentKind,
    documentId: row.documentId,
    requested: money(row.amounts.requested, currency),
    committed: money(row.amounts.committed, currency),
    actual: money(row.amounts.actual, currency)
  })

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

const zeroLine = (limit: string): LineAmounts => ({ limit: decimal(limit), ...emptyEntry })

/**
 * Budgets, their ledger and their changes in memory. Each call runs as one synchronous step, which is what the
 * SQL adapter's row locks give: no other move can come between a check and its write.
 */
export const MemoryBudgetRepository = Layer.effect(
  BudgetRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const current = (orgId: OrgId, id: string) => {
      const row = store.budgets.get(id)
      return row !== undefined && row.orgId === orgId ? row : undefined
    }
    const entriesOf = (orgId: OrgId, budgetId: string) =>
      store.entries.filter((e) => e.orgId === orgId && e.budgetId === budgetId)
    const sortEntries = (rows: ReadonlyArray<EntryRow>) =>
      [...rows].sort(
        (a, b) =>
          compare(a.budgetId, b.budgetId) ||
          compare(a.line, b.line) ||
          compare(a.documentKind, b.documentKind) ||
          compare(a.documentId, b.documentId)
      )

    return BudgetRepository.of({
      create: (orgId, fields, status, createdBy) =>
        Effect.map(now, (at) => {
          const row: BudgetRow = {
            orgId,
            id: crypto.randomUUID(),
            number: nextDocumentNumber(store, orgId, "budget"),
            workspaceId: fields.workspaceId,
            name: fields.name,
            startDate: fields.startDate,
            endDate: fields.endDate,
            currency: fields.currency,
            status,
            policy: fields.policy,
            lines: fields.lines.map((l) => ({ key: l.key, label: l.label, amounts: zeroLine(l.limit) })),
            createdBy,
            version: 1,
            createdAt: at,
            updatedAt: at
          }
          store.budgets.set(row.id, row)
          return toBudget(row)
        }),
      update: (orgId, id, fields: BudgetFields, expectedVersion) =>
        Effect.gen(function* () {
          const row = current(orgId, id)
          if (row === undefined) return Option.none()
          if (row.version !== expectedVersion) return yield* new VersionConflict({ entity: "budget", id })
          const kept = new Set(fields.lines.map((l) => l.key))
          const held = entriesOf(orgId, id).find((e) => !kept.has(e.line))
          if (held !== undefined) {
            return yield* new InvalidField({ field: "lines", problem: "holdsDocuments" })
          }
          const at = yield* now
          row.name = fields.name
          row.startDate = fields.startDate
          row.endDate = fields.endDate
          row.policy = fields.policy
          row.lines = fields.lines.map((l) => {
            const before = row.lines.find((b) => b.key === l.key)
            return {
              key: l.key,
              label: l.label,
              amounts: before === undefined ? zeroLine(l.limit) : { ...before.amounts, limit: decimal(l.limit) }
            }
          })
          row.version += 1
          row.updatedAt = at
          return Option.some(toBudget(row))
        }),
      setStatus: (orgId, id, status, expectedVersion) =>
        Effect.gen(function* () {
          const row = current(orgId, id)
          if (row === undefined) return Option.none()
          if (row.version !== expectedVersion) return yield* new VersionConflict({ entity: "budget", id })
          row.status = status
          row.version += 1
          row.updatedAt = yield* now
          return Option.some(toBudget(row))
        }),
      find: (orgId, id) => Effect.sync(() => Option.map(Option.fromNullishOr(current(orgId, id)), toBudget)),
      findForUpdate: (orgId, id) => Effect.sync(() => Option.map(Option.fromNullishOr(current(orgId, id)), toBudget)),
      list: (orgId, query, slice) =>
        Effect.sync(() =>
          sliceOf(
            [...store.budgets.values()]
              .filter(
                (r) =>
                  r.orgId === orgId &&
                  (query.workspaceIds === undefined || query.workspaceIds.includes(r.workspaceId)) &&
                  (query.statuses === undefined || query.statuses.includes(r.status)) &&
                  (query.activeOn === undefined || (r.startDate <= query.activeOn && query.activeOn <= r.endDate))
              )
              .sort(
                (a, b) =>
                  compare(a.startDate, b.startDate) ||
                  compare(a.name.toLowerCase(), b.name.toLowerCase()) ||
                  compare(a.id, b.id)
              ),
            slice
          ).map(toBudget)
        ),
      periodTaken: (orgId, workspaceId, startDate, endDate, exceptId) =>
        Effect.sync(() =>
          [...store.budgets.values()].some(
            (r) =>
              r.orgId === orgId &&
              r.workspaceId === workspaceId &&
              r.id !== exceptId &&
              r.startDate <= endDate &&
              startDate <= r.endDate
          )
        ),
      move: (orgId, movement, override) =>
        Effect.suspend((): ReturnType<BudgetRepository["Service"]["move"]> => {
          const row = current(orgId, movement.budgetId)
          if (row === undefined) return Effect.fail(new BudgetNotFound({ id: movement.budgetId }))
          const line = row.lines.find((l) => l.key === movement.line)
          if (line === undefined) return Effect.fail(new BudgetLineNotFound({ line: movement.line }))
          const entry = store.entries.find(
            (e) =>
              e.orgId === orgId &&
              e.budgetId === row.id &&
              e.line === line.key &&
              e.documentKind === movement.documentKind &&
              e.documentId === movement.documentId
          )
          const planned = planMove(
            {
              status: row.status,
              policy: row.policy,
              currency: row.currency,
              line: line.amounts,
              entry: entry?.amounts ?? emptyEntry
            },
            movement,
            decimal(movement.amount),
            override
          )
          switch (planned._tag) {
            case "Exceeded":
              return Effect.fail(
                new BudgetExceeded({
                  line: lineName(line.key, line.label),
                  limit: planned.limit,
                  excess: planned.excess,
                  currency: row.currency
                })
              )
            case "NotActive":
              return Effect.fail(new BudgetActionNotAllowed({ action: "takeDocument", status: planned.status }))
            case "Invalid":
              return Effect.fail(new InvalidField({ field: planned.field, problem: planned.problem }))
          }
          line.amounts = planned.plan.line
          const written: EntryRow = entry ?? {
            orgId,
            budgetId: row.id,
            line: line.key,
            documentKind: movement.documentKind,
            documentId: movement.documentId,
            amounts: emptyEntry
          }
          written.amounts = planned.plan.entry
          if (entry === undefined) store.entries.push(written)
          const warning = planned.plan.warning
          return Effect.succeed(
            new MoveOutcome({
              budgetId: row.id,
              line: budgetLine(line.key, line.label, line.amounts, row.currency),
              entry: toEntry(written, row.currency),
              warning:
                warning === null
                  ? null
                  : new BudgetWarning({ line: lineName(line.key, line.label), ...warning, currency: row.currency })
            })
          )
        }),
      entries: (orgId, budgetId) =>
        Effect.sync(() => {
          const row = current(orgId, budgetId)
          return row === undefined ? [] : sortEntries(entriesOf(orgId, budgetId)).map((e) => toEntry(e, row.currency))
        }),
      documentEntries: (orgId, documentKind, documentId) =>
        Effect.sync(() =>
          sortEntries(
            store.entries.filter(
              (e) => e.orgId === orgId && e.documentKind === documentKind && e.documentId === documentId
            )
          ).map((e) => toEntry(e, store.budgets.get(e.budgetId)?.currency ?? "SAR"))
        ),
      applyChange: (orgId, budgetId, change) =>
        Effect.gen(function* () {
          const row = current(orgId, budgetId)
          if (row === undefined) return yield* new BudgetNotFound({ id: budgetId })
          const planned = planLimits(row.lines, change.lines, row.currency)
          if (planned._tag === "Exceeded") {
            const { line, limit, excess } = planned
            return yield* new BudgetExceeded({ line, limit, excess, currency: row.currency })
          }
          if (planned._tag === "Invalid") {
            return yield* new InvalidField({ field: planned.field, problem: planned.problem })
          }
          const at = yield* now
          for (const next of planned.lines) {
            const line = row.lines.find((l) => l.key === next.key)
            if (line === undefined) row.lines.push({ key: next.key, label: next.label, amounts: zeroLine("0") })
            const target = row.lines.find((l) => l.key === next.key)!
            target.label = next.label
            target.amounts = { ...target.amounts, limit: next.limit }
          }
          if (change.name !== null) row.name = change.name
          if (change.startDate !== null) row.startDate = change.startDate
          if (change.endDate !== null) row.endDate = change.endDate
          row.version += 1
          row.updatedAt = at
          return toBudget(row)
        }),
      createChange: (orgId, fields: BudgetChangeFields) =>
        Effect.map(now, (at) => {
          const change = new BudgetChange({
            id: crypto.randomUUID(),
            number: nextDocumentNumber(store, orgId, "budget_change"),
            ...fields,
            status: "PENDING_APPROVAL",
            createdAt: at,
            decidedAt: null,
            version: 1
          })
          store.changes.set(change.id, { orgId, change })
          return change
        }),
      findChange: (orgId, id) =>
        Effect.sync(() => {
          const row = store.changes.get(id)
          return row !== undefined && row.orgId === orgId ? Option.some(row.change) : Option.none()
        }),
      setChangeStatus: (orgId, id, status, expectedVersion) =>
        Effect.gen(function* () {
          const row = store.changes.get(id)
          if (row === undefined || row.orgId !== orgId) return Option.none()
          if (row.change.version !== expectedVersion) {
            return yield* new VersionConflict({ entity: "budget change", id })
          }
          row.change = new BudgetChange({
            ...row.change,
            status,
            decidedAt: status === "PENDING_APPROVAL" ? null : yield* now,
            version: row.change.version + 1
          })
          return Option.some(row.change)
        }),
      changes: (orgId, budgetId, slice) =>
        Effect.sync(() =>
          sliceOf(
            [...store.changes.values()]
              .filter((r) => r.orgId === orgId && r.change.budgetId === budgetId)
              .map((r) => r.change)
              .reverse(),
            slice
          )
        )
    })
  })
)

/** The budgets ports in memory, over a memory identity store (give it `layerMemory` or `layerMemoryAdministration`). */
export const layerMemoryBudgets = MemoryBudgetRepository
