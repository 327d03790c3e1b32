import { type BigDecimal, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  Budget,
  BudgetActionNotAllowed,
  type BudgetAction,
  BudgetChange,
  type BudgetChangeFields,
  type BudgetChangeStatus,
  BudgetEntry,
  BudgetExceeded,
  type BudgetFields,
  BudgetLineDelta,
  BudgetLineNotFound,
  BudgetNotFound,
  type BudgetPolicy,
  type BudgetQuery,
  BudgetRepository,
  type BudgetStatus,
  BudgetWarning,
  budgetLine,
  decimal,
  type EntryAmounts,
  emptyEntry,
  type LineAmounts,
  lineName,
  money,
  MoveOutcome,
  planLimits,
  planMove
} from "@tawreed/core/budgets"
import { formatAmount } from "@tawreed/core/money"
import type { OrgId } from "@tawreed/core/organisations"
import { InvalidField } from "@tawreed/core/shared"
import type { Slice } from "@tawreed/core/shared"
import { textArray } from "../SqlArrays.ts"
import { insertNumbered, isUuid, json, tenantScope, thenFind, updateAtVersion, uuidArray } from "../SqlKit.ts"

interface BudgetRow {
  readonly id: string
  readonly number: string
  readonly workspace_id: string
  readonly name: string
  readonly start_date: string
  readonly end_date: string
  readonly currency: string
  readonly status: BudgetStatus
  readonly policy: BudgetPolicy
  readonly created_by: string
  readonly version: number
  readonly created_at: Date
  readonly updated_at: Date
}

interface LineRow {
  readonly budget_id: string
  readonly key: string
  readonly label: string
  readonly limit_amount: string
  readonly requested: string
  readonly committed: string
  readonly actual: string
}

interface EntryRow {
  readonly budget_id: string
  readonly line_key: string
  readonly document_kind: string
  readonly document_id: string
  readonly requested: string
  readonly committed: string
  readonly actual: string
  readonly currency: string
}

interface ChangeRow {
  readonly id: string
  readonly number: string
  readonly budget_id: string
  readonly workspace_id: string
  readonly action: BudgetAction
  readonly lines: unknown
  readonly name: string | null
  readonly start_date: string | null
  readonly end_date: string | null
  readonly remark: string
  readonly status: BudgetChangeStatus
  readonly requester_id: string
  readonly value: string
  readonly currency: string
  readonly created_at: Date
  readonly decided_at: Date | null
  readonly version: number
}

const budgetColumns = `b.id, b.number, b.workspace_id, b.name, to_char(b.start_date, 'YYYY-MM-DD') AS start_date,
  to_char(b.end_date, 'YYYY-MM-DD') AS end_date, b.currency, b.status, b.policy, b.created_by, b.version,
  b.created_at, b.updated_at`

const lineColumns = `budget_id, key, label, limit_amount::text AS limit_amount, requested::text AS requested,
  committed::text AS committed, actual::text AS actual`

const changeColumns = `c.id, c.number, c.budget_id, c.workspace_id, c.action, c.lines, c.name,
  to_char(c.start_date, 'YYYY-MM-DD') AS start_date, to_char(c.end_date, 'YYYY-MM-DD') AS end_date, c.remark,
  c.status, c.requester_id, c.value::text AS value, b.currency, c.created_at, c.decided_at, c.version`

const decodeDeltas = Schema.decodeUnknownSync(Schema.Array(BudgetLineDelta))
const encodeDeltas = Schema.encodeSync(Schema.Array(BudgetLineDelta))

/** An amount as the `numeric(21, 6)` columns take it: exact, never in exponent notation. */
const stored = (amount: BigDecimal.BigDecimal) => formatAmount(amount, 6)

const amountsOfRow = (row: LineRow): LineAmounts => ({
  limit: decimal(row.limit_amount),
  requested: decimal(row.requested),
  committed: decimal(row.committed),
  actual: decimal(row.actual)
})

const toEntry = (row: EntryRow): BudgetEntry =>
  new BudgetEntry({
    budgetId: row.budget_id,
    line: row.line_key,
    documentKind: row.document_kind,
    documentId: row.document_id,
    requested: money(decimal(row.requested), row.currency),
    committed: money(decimal(row.committed), row.currency),
    actual: money(decimal(row.actual), row.currency)
  })

const toChange = (row: ChangeRow): BudgetChange =>
  new BudgetChange({
    id: row.id,
    number: row.number,
    budgetId: row.budget_id,
    workspaceId: row.workspace_id,
    action: row.action,
    lines: decodeDeltas(json(row.lines)),
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    remark: row.remark,
    status: row.status,
    requesterId: row.requester_id,
    value: money(decimal(row.value), row.currency),
    createdAt: new Date(row.created_at).toISOString(),
    decidedAt: row.decided_at === null ? null : new Date(row.decided_at).toISOString(),
    version: Number(row.version)
  })

/**
 * Budgets, their lines, the ledger and the budgets' changes in PostgreSQL; each call inside the organisation,
 * joining the caller's transaction as a savepoint when there is one. Every move and every approved change locks
 * the budget row (shared) and then its line rows (exclusive, in key order) before it reads what it decides on, so
 * concurrent documents on one line take turns and never together pass its limit.
 */
export const SqlBudgets = Layer.effect(
  BudgetRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const budgetCols = sql.literal(budgetColumns)
    const lineCols = sql.literal(lineColumns)
    const changeCols = sql.literal(changeColumns)
    const tenant = tenantScope(sql)
    /** A budget's row, at the version its writer read. */
    const versioned = (orgId: OrgId, id: string, version: number) =>
      ({ table: "budgets", entity: "budget", orgId, id, version }) as const

    /** The budgets of these rows, each with its lines, in the rows' order. */
    const assemble = (rows: ReadonlyArray<BudgetRow>) =>
      Effect.gen(function* () {
        if (rows.length === 0) return []
        const ids = uuidArray(rows.map((r) => r.id))
        const lines = yield* sql<LineRow>`
          SELECT ${lineCols} FROM budget_lines WHERE budget_id = ANY(${ids}::uuid[]) ORDER BY budget_id, position`
        return rows.map(
          (row) =>
            new Budget({
              id: row.id,
              number: row.number,
              workspaceId: row.workspace_id,
              name: row.name,
              startDate: row.start_date,
              endDate: row.end_date,
              currency: row.currency,
              status: row.status,
              policy: row.policy,
              lines: lines
                .filter((l) => l.budget_id === row.id)
                .map((l) => budgetLine(l.key, l.label, amountsOfRow(l), row.currency)),
              createdBy: row.created_by,
              version: Number(row.version),
              createdAt: new Date(row.created_at).toISOString(),
              updatedAt: new Date(row.updated_at).toISOString()
            })
        )
      })

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Budget>()
        const rows =
          yield* sql<BudgetRow>`SELECT ${budgetCols} FROM budgets b WHERE b.org_id = ${orgId} AND b.id = ${id}`
        const [found] = yield* assemble(rows)
        return Option.fromNullishOr(found)
      })

    const insertLine = (
      orgId: OrgId,
      budgetId: string,
      position: number,
      line: { readonly key: string; readonly label: string; readonly limit: string }
    ) =>
      sql`INSERT INTO budget_lines (org_id, budget_id, key, label, position, limit_amount)
          VALUES (${orgId}, ${budgetId}, ${line.key}, ${line.label}, ${position}, ${stored(decimal(line.limit))})`

    const create = Effect.fn("SqlBudgets.create")(function* (
      orgId: OrgId,
      fields: BudgetFields,
      status: BudgetStatus,
      createdBy: string
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = yield* insertNumbered(
            orgId,
            "budget",
            ({ id, number }) => sql`
              INSERT INTO budgets (id, org_id, number, workspace_id, name, start_date, end_date, currency, status,
                                   policy, created_by)
              VALUES (${id}, ${orgId}, ${number}, ${fields.workspaceId}, ${fields.name}, ${fields.startDate}::date,
                      ${fields.endDate}::date, ${fields.currency}, ${status}, ${fields.policy}, ${createdBy})`
          )
          yield* Effect.forEach(fields.lines, (line, position) => insertLine(orgId, id, position, line), {
            discard: true
          })
          return Option.getOrThrow(yield* findIn(orgId, id))
        })
      )
    })

    const update = Effect.fn("SqlBudgets.update")(function* (
      orgId: OrgId,
      id: string,
      fields: BudgetFields,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const updated = yield* updateAtVersion(
            versioned(orgId, id, expectedVersion),
            sql`name = ${fields.name}, start_date = ${fields.startDate}::date, end_date = ${fields.endDate}::date,
                policy = ${fields.policy}, updated_at = now()`
          )
          if (Option.isNone(updated)) return Option.none<Budget>()
          const keys = textArray(fields.lines.map((l) => l.key))
          const held = yield* sql<{ line_key: string }>`
            SELECT line_key FROM budget_entries
            WHERE org_id = ${orgId} AND budget_id = ${id} AND NOT (line_key = ANY(${keys}::text[])) LIMIT 1`
          if (held[0] !== undefined) {
            return yield* new InvalidField({ field: "lines", problem: "holdsDocuments" })
          }
          yield* sql`DELETE FROM budget_lines
                     WHERE org_id = ${orgId} AND budget_id = ${id} AND NOT (key = ANY(${keys}::text[]))`
          yield* Effect.forEach(
            fields.lines,
            (line, position) =>
              sql`INSERT INTO budget_lines (org_id, budget_id, key, label, position, limit_amount)
                  VALUES (${orgId}, ${id}, ${line.key}, ${line.label}, ${position}, ${stored(decimal(line.limit))})
                  ON CONFLICT (budget_id, key) DO UPDATE SET label = excluded.label, position = excluded.position,
                    limit_amount = excluded.limit_amount`,
            { discard: true }
          )
          return yield* findIn(orgId, id)
        })
      )
    })

    const setStatus = Effect.fn("SqlBudgets.setStatus")(function* (
      orgId: OrgId,
      id: string,
      status: BudgetStatus,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        updateAtVersion(versioned(orgId, id, expectedVersion), sql`status = ${status}, updated_at = now()`).pipe(
          thenFind(findIn(orgId, id))
        )
      )
    })

    const find = Effect.fn("SqlBudgets.find")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findIn(orgId, id))
    })

    const findForUpdate = Effect.fn("SqlBudgets.findForUpdate")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return Option.none<Budget>()
      return yield* tenant(orgId)(
        Effect.andThen(sql`SELECT 1 FROM budgets WHERE org_id = ${orgId} AND id = ${id} FOR UPDATE`, findIn(orgId, id))
      )
    })

    const list = Effect.fn("SqlBudgets.list")(function* (orgId: OrgId, query: BudgetQuery, slice?: Slice) {
      const clauses = [sql`b.org_id = ${orgId}`]
      if (query.workspaceIds !== undefined) {
        const ids = query.workspaceIds.filter(isUuid)
        clauses.push(sql`b.workspace_id = ANY(${`{${ids.join(",")}}`}::uuid[])`)
      }
      if (query.statuses !== undefined) clauses.push(sql`b.status = ANY(${textArray(query.statuses)}::text[])`)
      if (query.activeOn !== undefined) {
        clauses.push(sql`b.start_date <= ${query.activeOn}::date AND ${query.activeOn}::date <= b.end_date`)
      }
      return yield* tenant(orgId)(
        Effect.flatMap(
          sql<BudgetRow>`
            SELECT ${budgetCols} FROM budgets b WHERE ${sql.and(clauses)}
            ORDER BY b.start_date, lower(b.name) COLLATE "C", b.id
            LIMIT ${slice?.limit ?? null} OFFSET ${slice?.offset ?? 0}`,
          assemble
        )
      )
    })

    /**
     * Asked under a transaction-scoped advisory lock named after the workspace: a second writer of the same
     * workspace's budgets waits here until the first commits, then sees its period.
     */
    const periodTaken = Effect.fn("SqlBudgets.periodTaken")(function* (
      orgId: OrgId,
      workspaceId: string,
      startDate: string,
      endDate: string,
      exceptId?: string
    ) {
      if (!isUuid(workspaceId)) return false
      const except = exceptId !== undefined && isUuid(exceptId) ? exceptId : null
      const rows = yield* tenant(orgId)(
        Effect.andThen(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`budgets:${workspaceId}`}, 0))`,
          sql`SELECT 1 FROM budgets
              WHERE org_id = ${orgId} AND workspace_id = ${workspaceId}
                AND (${except}::uuid IS NULL OR id <> ${except}::uuid)
                AND start_date <= ${endDate}::date AND ${startDate}::date <= end_date
              LIMIT 1`
        )
      )
      return rows.length > 0
    })

    const move = Effect.fn("SqlBudgets.move")(function* (
      orgId: OrgId,
      movement: Parameters<BudgetRepository["Service"]["move"]>[1],
      override: boolean
    ) {
      if (!isUuid(movement.budgetId)) return yield* new BudgetNotFound({ id: movement.budgetId })
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const [budget] = yield* sql<{ status: BudgetStatus; policy: BudgetPolicy; currency: string }>`
            SELECT status, policy, currency FROM budgets
            WHERE org_id = ${orgId} AND id = ${movement.budgetId} FOR SHARE`
          if (budget === undefined) return yield* new BudgetNotFound({ id: movement.budgetId })
          const [line] = yield* sql<LineRow>`
            SELECT ${lineCols} FROM budget_lines
            WHERE org_id = ${orgId} AND budget_id = ${movement.budgetId} AND key = ${movement.line} FOR UPDATE`
          if (line === undefined) return yield* new BudgetLineNotFound({ line: movement.line })
          const [entry] = yield* sql<EntryRow>`
            SELECT budget_id, line_key, document_kind, document_id, requested::text AS requested,
                   committed::text AS committed, actual::text AS actual, ${budget.currency} AS currency
            FROM budget_entries
            WHERE org_id = ${orgId} AND budget_id = ${movement.budgetId} AND line_key = ${movement.line}
              AND document_kind = ${movement.documentKind} AND document_id = ${movement.documentId}
            FOR UPDATE`
          const held: EntryAmounts =
            entry === undefined
              ? emptyEntry
              : {
                  requested: decimal(entry.requested),
                  committed: decimal(entry.committed),
                  actual: decimal(entry.actual)
                }
          const planned = planMove(
            {
              status: budget.status,
              policy: budget.policy,
              currency: budget.currency,
              line: amountsOfRow(line),
              entry: held
            },
            movement,
            decimal(movement.amount),
            override
          )
          switch (planned._tag) {
            case "Exceeded":
              return yield* new BudgetExceeded({
                line: lineName(line.key, line.label),
                limit: planned.limit,
                excess: planned.excess,
                currency: budget.currency
              })
            case "NotActive":
              return yield* new BudgetActionNotAllowed({ action: "takeDocument", status: planned.status })
            case "Invalid":
              return yield* new InvalidField({ field: planned.field, problem: planned.problem })
          }
          const after = planned.plan
          yield* sql`
            UPDATE budget_lines SET requested = ${stored(after.line.requested)},
                   committed = ${stored(after.line.committed)}, actual = ${stored(after.line.actual)}
            WHERE org_id = ${orgId} AND budget_id = ${movement.budgetId} AND key = ${movement.line}`
          yield* sql`
            INSERT INTO budget_entries (org_id, budget_id, line_key, document_kind, document_id, requested,
                                        committed, actual)
            VALUES (${orgId}, ${movement.budgetId}, ${movement.line}, ${movement.documentKind},
                    ${movement.documentId}, ${stored(after.entry.requested)}, ${stored(after.entry.committed)},
                    ${stored(after.entry.actual)})
            ON CONFLICT (budget_id, line_key, document_kind, document_id) DO UPDATE SET
              requested = excluded.requested, committed = excluded.committed, actual = excluded.actual,
              updated_at = now()`
          const name = lineName(line.key, line.label)
          return new MoveOutcome({
            budgetId: movement.budgetId,
            line: budgetLine(line.key, line.label, after.line, budget.currency),
            entry: new BudgetEntry({
              budgetId: movement.budgetId,
              line: line.key,
              documentKind: movement.documentKind,
              documentId: movement.documentId,
              requested: money(after.entry.requested, budget.currency),
              committed: money(after.entry.committed, budget.currency),
              actual: money(after.entry.actual, budget.currency)
            }),
            warning:
              after.warning === null
                ? null
                : new BudgetWarning({ line: name, ...after.warning, currency: budget.currency })
          })
        })
      )
    })

    const entryColumns = sql.literal(`e.budget_id, e.line_key, e.document_kind, e.document_id,
      e.requested::text AS requested, e.committed::text AS committed, e.actual::text AS actual, b.currency`)

    const entries = Effect.fn("SqlBudgets.entries")(function* (orgId: OrgId, budgetId: string) {
      if (!isUuid(budgetId)) return []
      const rows = yield* tenant(orgId)(
        sql<EntryRow>`
          SELECT ${entryColumns} FROM budget_entries e JOIN budgets b ON b.id = e.budget_id
          WHERE e.org_id = ${orgId} AND e.budget_id = ${budgetId}
          ORDER BY e.line_key COLLATE "C", e.document_kind COLLATE "C", e.document_id COLLATE "C"`
      )
      return rows.map(toEntry)
    })

    const documentEntries = Effect.fn("SqlBudgets.documentEntries")(function* (
      orgId: OrgId,
      documentKind: string,
      documentId: string
    ) {
      const rows = yield* tenant(orgId)(
        sql<EntryRow>`
          SELECT ${entryColumns} FROM budget_entries e JOIN budgets b ON b.id = e.budget_id
          WHERE e.org_id = ${orgId} AND e.document_kind = ${documentKind} AND e.document_id = ${documentId}
          ORDER BY e.budget_id, e.line_key COLLATE "C"`
      )
      return rows.map(toEntry)
    })

    const applyChange = Effect.fn("SqlBudgets.applyChange")(function* (
      orgId: OrgId,
      budgetId: string,
      change: Parameters<BudgetRepository["Service"]["applyChange"]>[2]
    ) {
      if (!isUuid(budgetId)) return yield* new BudgetNotFound({ id: budgetId })
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const [budget] = yield* sql<{ currency: string }>`
            SELECT currency FROM budgets WHERE org_id = ${orgId} AND id = ${budgetId} FOR UPDATE`
          if (budget === undefined) return yield* new BudgetNotFound({ id: budgetId })
          const lines = yield* sql<LineRow & { position: number }>`
            SELECT ${lineCols}, position FROM budget_lines WHERE org_id = ${orgId} AND budget_id = ${budgetId}
            ORDER BY key COLLATE "C" FOR UPDATE`
          const planned = planLimits(
            lines.map((l) => ({ key: l.key, label: l.label, amounts: amountsOfRow(l) })),
            change.lines,
            budget.currency
          )
          if (planned._tag === "Exceeded") {
            const { line, limit, excess } = planned
            return yield* new BudgetExceeded({ line, limit, excess, currency: budget.currency })
          }
          if (planned._tag === "Invalid")
            return yield* new InvalidField({ field: planned.field, problem: planned.problem })
          let position = lines.reduce((max, l) => Math.max(max, Number(l.position)), -1)
          for (const next of planned.lines) {
            if (next.isNew) {
              position += 1
              yield* insertLine(orgId, budgetId, position, {
                key: next.key,
                label: next.label,
                limit: stored(next.limit)
              })
            } else {
              yield* sql`UPDATE budget_lines SET label = ${next.label}, limit_amount = ${stored(next.limit)}
                         WHERE org_id = ${orgId} AND budget_id = ${budgetId} AND key = ${next.key}`
            }
          }
          yield* sql`
            UPDATE budgets SET name = coalesce(${change.name}, name),
                   start_date = coalesce(${change.startDate}::date, start_date),
                   end_date = coalesce(${change.endDate}::date, end_date),
                   version = version + 1, updated_at = now()
            WHERE org_id = ${orgId} AND id = ${budgetId}`
          return Option.getOrThrow(yield* findIn(orgId, budgetId))
        })
      )
    })

    const findChangeIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<BudgetChange>()
        const rows = yield* sql<ChangeRow>`
          SELECT ${changeCols} FROM budget_changes c JOIN budgets b ON b.id = c.budget_id
          WHERE c.org_id = ${orgId} AND c.id = ${id}`
        return Option.map(Option.fromNullishOr(rows[0]), toChange)
      })

    const createChange = Effect.fn("SqlBudgets.createChange")(function* (orgId: OrgId, fields: BudgetChangeFields) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const id = yield* insertNumbered(
            orgId,
            "budget_change",
            ({ id, number }) => sql`
              INSERT INTO budget_changes (id, org_id, number, budget_id, workspace_id, action, lines, name, start_date,
                                          end_date, remark, status, requester_id, value)
              VALUES (${id}, ${orgId}, ${number}, ${fields.budgetId}, ${fields.workspaceId}, ${fields.action},
                      ${JSON.stringify(encodeDeltas(fields.lines))}::jsonb, ${fields.name}, ${fields.startDate}::date,
                      ${fields.endDate}::date, ${fields.remark}, 'PENDING_APPROVAL', ${fields.requesterId},
                      ${stored(decimal(fields.value))})`
          )
          return Option.getOrThrow(yield* findChangeIn(orgId, id))
        })
      )
    })

    const findChange = Effect.fn("SqlBudgets.findChange")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findChangeIn(orgId, id))
    })

    const setChangeStatus = Effect.fn("SqlBudgets.setChangeStatus")(function* (
      orgId: OrgId,
      id: string,
      status: BudgetChangeStatus,
      expectedVersion: number
    ) {
      const decided = status !== "PENDING_APPROVAL"
      return yield* tenant(orgId)(
        updateAtVersion(
          { table: "budget_changes", entity: "budget change", orgId, id, version: expectedVersion },
          sql`status = ${status}, decided_at = CASE WHEN ${decided} THEN now() ELSE NULL END`
        ).pipe(thenFind(findChangeIn(orgId, id)))
      )
    })

    const changes = Effect.fn("SqlBudgets.changes")(function* (orgId: OrgId, budgetId: string, slice?: Slice) {
      if (!isUuid(budgetId)) return []
      const rows = yield* tenant(orgId)(
        sql<ChangeRow>`
          SELECT ${changeCols} FROM budget_changes c JOIN budgets b ON b.id = c.budget_id
          WHERE c.org_id = ${orgId} AND c.budget_id = ${budgetId}
          ORDER BY c.seq DESC, c.id LIMIT ${slice?.limit ?? null} OFFSET ${slice?.offset ?? 0}`
      )
      return rows.map(toChange)
    })

    return BudgetRepository.of({
      create,
      update,
      setStatus,
      find,
      findForUpdate,
      list,
      periodTaken,
      move,
      entries,
      documentEntries,
      applyChange,
      createChange,
      findChange,
      setChangeStatus,
      changes
    })
  })
)
