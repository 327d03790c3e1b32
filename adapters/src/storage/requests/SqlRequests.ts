import { Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import type { Fragment } from "effect/sql/Statement"
import { BudgetWarning } from "@tawreed/core/budgets"
import type { OrgId } from "@tawreed/core/organisations"
import {
  cursorOf,
  ExpenseDetails,
  isWellFormedCursor,
  Request,
  RequestBudgetLine,
  type RequestCounts,
  type RequestCursor,
  type RequestFilter,
  RequestItem,
  type RequestListName,
  type RequestListPage,
  type RequestQuery,
  type RequestRecord,
  RequestRepository,
  type RequestSort,
  type RequestSortColumn,
  RequestStatus,
  RequestTotals,
  type RequestType,
  RequestWatcher,
  RfpConfig,
  type SourcingStatus,
  WatcherNotification
} from "@tawreed/core/requests"
import { VersionConflict } from "@tawreed/core/shared"
import { textArray } from "../SqlArrays.ts"
import { documentRows, isUuid, json, tenantScope, uuidArray } from "../SqlKit.ts"

interface RequestRow {
  readonly id: string
  readonly number: string
  readonly title: string
  readonly request_type: RequestType
  readonly status: RequestStatus
  readonly sourcing_status: SourcingStatus
  readonly workspace_id: string
  readonly location_id: string | null
  readonly requester_id: string
  readonly created_by: string
  readonly assignee_id: string | null
  readonly classification: string | null
  readonly approval_classification: string | null
  readonly currency: string
  readonly requested_date: Date | string
  readonly expected_date: Date | string | null
  readonly enquiry_last_date: Date | string | null
  readonly expiry_date: Date | string | null
  readonly accept_to_respond_last_date: Date | string | null
  readonly items: unknown
  readonly expense_items: unknown
  readonly expense: unknown
  readonly rfp: unknown
  readonly attachments: ReadonlyArray<string>
  readonly remarks: string
  readonly budget_id: string | null
  readonly budget_line: string | null
  readonly budget_warning: unknown
  readonly sub_total: string
  readonly tax_total: string
  readonly total: string
  readonly org_currency: string
  readonly value_in_org_currency: string
  readonly categories: ReadonlyArray<string>
  readonly copied_from: string | null
  readonly submitted_at: Date | string | null
  readonly version: number
  readonly created_at: Date | string
  readonly updated_at: Date | string
}

interface WatcherRow {
  readonly request_id: string
  readonly user_id: string
  readonly order_submission_enabled: boolean
  readonly order_submission_notified: boolean
}

const requestColumns = `r.id, r.number, r.title, r.request_type, r.status, r.sourcing_status, r.workspace_id,
  r.location_id, r.requester_id, r.created_by, r.assignee_id, r.classification, r.approval_classification,
  r.currency, r.requested_date, r.expected_date, r.enquiry_last_date, r.expiry_date, r.accept_to_respond_last_date,
  r.items, r.expense_items, r.expense, r.rfp, r.attachments, r.remarks, r.budget_id, r.budget_line,
  r.budget_warning, r.sub_total::text AS sub_total, r.tax_total::text AS tax_total, r.total::text AS total,
  r.org_currency, r.value_in_org_currency::text AS value_in_org_currency, r.categories, r.copied_from,
  r.submitted_at, r.version, r.created_at, r.updated_at`

const Items = Schema.Array(RequestItem)
const decodeItems = Schema.decodeUnknownSync(Items)
const encodeItems = Schema.encodeSync(Items)
const decodeExpense = Schema.decodeUnknownSync(ExpenseDetails)
const encodeExpense = Schema.encodeSync(ExpenseDetails)
const decodeRfp = Schema.decodeUnknownSync(RfpConfig)
const encodeRfp = Schema.encodeSync(RfpConfig)
const decodeWarning = Schema.decodeUnknownSync(BudgetWarning)
const encodeWarning = Schema.encodeSync(BudgetWarning)

const iso = (at: Date | string): string => new Date(at).toISOString()
const isoOrNull = (at: Date | string | null): string | null => (at === null ? null : iso(at))
const jsonOrNull = <A>(value: A | null, encode: (a: A) => unknown): string | null =>
  value === null ? null : JSON.stringify(encode(value))

/** The texts the list's search looks in, lower-cased as the port compares them: number, title, line names. */
const searchKeys = (number: string, record: RequestRecord): ReadonlyArray<string> =>
  [number, record.title, ...[...record.items, ...record.expenseItems].flatMap((item) => [item.name.en, item.name.ar])]
    .filter((text) => text !== "")
    .map((text) => text.toLowerCase())

/** A LIKE pattern that finds the text anywhere, its `%`, `_` and `\` taken literally. */
const containing = (text: string): string => `%${text.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`

const toRequest = (row: RequestRow, watchers: ReadonlyArray<RequestWatcher>): Request =>
  new Request({
    id: row.id,
    number: row.number,
    title: row.title,
    requestType: row.request_type,
    status: row.status,
    sourcingStatus: row.sourcing_status,
    workspaceId: row.workspace_id,
    locationId: row.location_id,
    requesterId: row.requester_id,
    createdBy: row.created_by,
    assigneeId: row.assignee_id,
    classification: row.classification,
    approvalClassification: row.approval_classification,
    currency: row.currency,
    requestedDate: iso(row.requested_date),
    expectedDate: isoOrNull(row.expected_date),
    enquiryLastDate: isoOrNull(row.enquiry_last_date),
    expiryDate: isoOrNull(row.expiry_date),
    acceptToRespondLastDate: isoOrNull(row.accept_to_respond_last_date),
    items: decodeItems(json(row.items)),
    expenseItems: decodeItems(json(row.expense_items)),
    expense: row.expense === null ? null : decodeExpense(json(row.expense)),
    rfp: row.rfp === null ? null : decodeRfp(json(row.rfp)),
    attachments: [...row.attachments],
    remarks: row.remarks,
    watchers,
    budget:
      row.budget_id === null || row.budget_line === null
        ? null
        : new RequestBudgetLine({ budgetId: row.budget_id, line: row.budget_line }),
    budgetWarning: row.budget_warning === null ? null : decodeWarning(json(row.budget_warning)),
    totals: new RequestTotals({ subTotal: row.sub_total, tax: row.tax_total, total: row.total }),
    orgCurrency: row.org_currency,
    valueInOrgCurrency: row.value_in_org_currency,
    categories: [...row.categories],
    copiedFrom: row.copied_from,
    submittedAt: isoOrNull(row.submitted_at),
    version: Number(row.version),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at)
  })

/** How a sort column reads in SQL, and how a cursor's value is cast to compare with it. */
const sortColumns: Record<RequestSortColumn, { readonly column: string; readonly cast: string }> = {
  createdAt: { column: "r.created_at", cast: "timestamptz" },
  updatedAt: { column: "r.updated_at", cast: "timestamptz" },
  title: { column: "r.title_key", cast: `text COLLATE "C"` },
  status: { column: "r.status", cast: `text COLLATE "C"` },
  total: { column: "r.value_in_org_currency", cast: "numeric" }
}

/**
 * Requests and their watchers in PostgreSQL, with each user's saved list columns; each call inside the
 * organisation, joining the caller's transaction as a savepoint when there is one.
 *
 * A list page is found in two steps: the ids of the page, in the sort's index (from the covering index alone for
 * the default order), then those rows and their watchers. A cursor window starts at the cursor's row with a row
 * comparison on (sort column, id), which the sort's index answers directly however deep the page lies.
 */
export const SqlRequests = Layer.effect(
  RequestRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(requestColumns)
    const tenant = tenantScope(sql)

    /** The requests of these rows, each with its watchers, in the rows' order. */
    const assemble = (rows: ReadonlyArray<RequestRow>) =>
      Effect.gen(function* () {
        if (rows.length === 0) return []
        const watchers = yield* sql<WatcherRow>`
          SELECT request_id, user_id, order_submission_enabled, order_submission_notified FROM request_watchers
          WHERE request_id = ANY(${uuidArray(rows.map((r) => r.id))}::uuid[]) ORDER BY request_id, position`
        return rows.map((row) =>
          toRequest(
            row,
            watchers
              .filter((w) => w.request_id === row.id)
              .map(
                (w) =>
                  new RequestWatcher({
                    userId: w.user_id,
                    notificationStatusMap: {
                      ORDER_SUBMISSION: new WatcherNotification({
                        enabled: w.order_submission_enabled,
                        notified: w.order_submission_notified
                      })
                    }
                  })
              )
          )
        )
      })

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Request>()
        const rows = yield* sql<RequestRow>`SELECT ${cols} FROM requests r WHERE r.org_id = ${orgId} AND r.id = ${id}`
        return Option.fromNullishOr((yield* assemble(rows))[0])
      })

    const writeWatchers = (orgId: OrgId, id: string, watchers: ReadonlyArray<RequestWatcher>) =>
      Effect.gen(function* () {
        yield* sql`DELETE FROM request_watchers WHERE org_id = ${orgId} AND request_id = ${id}`
        if (watchers.length === 0) return
        const flags = (pick: (w: RequestWatcher) => boolean) => `{${watchers.map((w) => String(pick(w))).join(",")}}`
        yield* sql`
          INSERT INTO request_watchers (org_id, request_id, position, user_id, order_submission_enabled,
                                        order_submission_notified)
          SELECT ${orgId}, ${id}, w.position - 1, w.user_id, w.enabled, w.notified
          FROM unnest(${`{${watchers.map((w) => w.userId).join(",")}}`}::uuid[],
                      ${flags((w) => w.notificationStatusMap.ORDER_SUBMISSION.enabled)}::boolean[],
                      ${flags((w) => w.notificationStatusMap.ORDER_SUBMISSION.notified)}::boolean[])
               WITH ORDINALITY AS w (user_id, enabled, notified, position)`
      })

    /** The columns a record sets, apart from the row's identity and bookkeeping, each with its value and type. */
    const recordFields = (record: RequestRecord, number: string): ReadonlyArray<readonly [string, unknown, string]> => [
      ["title", record.title, "text"],
      ["title_key", record.title.toLowerCase(), "text"],
      ["request_type", record.requestType, "text"],
      ["status", record.status, "text"],
      ["sourcing_status", record.sourcingStatus, "text"],
      ["workspace_id", record.workspaceId, "uuid"],
      ["location_id", record.locationId, "text"],
      ["requester_id", record.requesterId, "uuid"],
      ["created_by", record.createdBy, "uuid"],
      ["assignee_id", record.assigneeId, "uuid"],
      ["classification", record.classification, "text"],
      ["approval_classification", record.approvalClassification, "text"],
      ["currency", record.currency, "text"],
      ["requested_date", record.requestedDate, "timestamptz"],
      ["expected_date", record.expectedDate, "timestamptz"],
      ["enquiry_last_date", record.enquiryLastDate, "timestamptz"],
      ["expiry_date", record.expiryDate, "timestamptz"],
      ["accept_to_respond_last_date", record.acceptToRespondLastDate, "timestamptz"],
      ["items", JSON.stringify(encodeItems(record.items)), "jsonb"],
      ["expense_items", JSON.stringify(encodeItems(record.expenseItems)), "jsonb"],
      ["search_keys", textArray(searchKeys(number, record)), "text[]"],
      ["expense", jsonOrNull(record.expense, encodeExpense), "jsonb"],
      ["rfp", jsonOrNull(record.rfp, encodeRfp), "jsonb"],
      ["attachments", textArray(record.attachments), "text[]"],
      ["remarks", record.remarks, "text"],
      ["budget_id", record.budget?.budgetId ?? null, "text"],
      ["budget_line", record.budget?.line ?? null, "text"],
      ["budget_warning", jsonOrNull(record.budgetWarning, encodeWarning), "jsonb"],
      ["sub_total", record.totals.subTotal, "numeric"],
      ["tax_total", record.totals.tax, "numeric"],
      ["total", record.totals.total, "numeric"],
      ["org_currency", record.orgCurrency, "text"],
      ["value_in_org_currency", record.valueInOrgCurrency, "numeric"],
      ["categories", textArray(record.categories), "text[]"],
      ["copied_from", record.copiedFrom, "text"],
      ["submitted_at", record.submittedAt, "timestamptz"]
    ]

    const rows = documentRows(sql, {
      table: "requests",
      entity: "request",
      kind: "request",
      fields: recordFields,
      findIn,
      writeChildren: (orgId: OrgId, id: string, record: RequestRecord) => writeWatchers(orgId, id, record.watchers)
    })

    const insert = Effect.fn("SqlRequests.insert")(function* (orgId: OrgId, record: RequestRecord) {
      return yield* tenant(orgId)(rows.insert(orgId, record))
    })

    const find = Effect.fn("SqlRequests.find")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findIn(orgId, id))
    })

    const update = Effect.fn("SqlRequests.update")(function* (
      orgId: OrgId,
      id: string,
      record: RequestRecord,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(rows.update(orgId, id, record, expectedVersion))
    })

    const remove = Effect.fn("SqlRequests.remove")(function* (orgId: OrgId, id: string, expectedVersion: number) {
      if (!isUuid(id)) return false
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const rows = yield* sql<{ version: number }>`
            DELETE FROM requests WHERE org_id = ${orgId} AND id = ${id} AND version = ${expectedVersion}::integer
            RETURNING version`
          if (rows.length > 0) return true
          const exists = yield* sql`SELECT 1 FROM requests WHERE org_id = ${orgId} AND id = ${id}`
          if (exists.length > 0) return yield* new VersionConflict({ entity: "request", id })
          return false
        })
      )
    })

    /** The filters as one condition; `ignore` leaves out the filter a count is broken down by. */
    const where = (
      orgId: OrgId,
      filter: RequestFilter,
      ignore: "statuses" | "workspaceIds" | "classifications" | null
    ): Fragment => {
      const clauses: Array<Fragment> = [sql`r.org_id = ${orgId}`]
      const scope = filter.scope
      if (scope !== undefined) {
        const reach: Array<Fragment> = [sql`r.workspace_id = ANY(${uuidArray(scope.workspaceIds)}::uuid[])`]
        if (isUuid(scope.userId)) {
          reach.push(
            sql`r.requester_id = ${scope.userId}`,
            sql`r.created_by = ${scope.userId}`,
            sql`r.assignee_id = ${scope.userId}`,
            sql`r.id IN (SELECT w.request_id FROM request_watchers w
                         WHERE w.org_id = ${orgId} AND w.user_id = ${scope.userId})`
          )
        }
        clauses.push(sql`(${sql.or(reach)})`)
      }
      if (ignore !== "statuses" && filter.statuses !== undefined) {
        clauses.push(sql`r.status = ANY(${textArray(filter.statuses)}::text[])`)
      }
      if (ignore !== "workspaceIds" && filter.workspaceIds !== undefined) {
        clauses.push(sql`r.workspace_id = ANY(${uuidArray(filter.workspaceIds)}::uuid[])`)
      }
      if (ignore !== "classifications" && filter.classifications !== undefined) {
        const named = filter.classifications.filter((c): c is string => c !== null)
        clauses.push(
          filter.classifications.includes(null)
            ? sql`(r.classification = ANY(${textArray(named)}::text[]) OR r.classification IS NULL)`
            : sql`r.classification = ANY(${textArray(named)}::text[])`
        )
      }
      if (filter.requestTypes !== undefined) {
        clauses.push(sql`r.request_type = ANY(${textArray(filter.requestTypes)}::text[])`)
      }
      if (filter.requesterId !== undefined) {
        clauses.push(isUuid(filter.requesterId) ? sql`r.requester_id = ${filter.requesterId}` : sql`false`)
      }
      if (filter.search !== undefined) {
        clauses.push(sql`EXISTS (SELECT 1 FROM unnest(r.search_keys) k WHERE k LIKE ${containing(filter.search)})`)
      }
      return sql.and(clauses)
    }

    /** The sort as an ORDER BY list; `reversed` walks it backwards (for the page before a cursor). */
    const orderBy = (sort: RequestSort, reversed: boolean): Fragment => {
      const ascending = (sort.direction === "asc") !== reversed
      const direction = sql.literal(ascending ? "ASC" : "DESC")
      return sql`${sql.literal(sortColumns[sort.column].column)} ${direction}, r.id ${direction}`
    }

    /**
     * Rows strictly after (`>`) or before (`<`) a cursor's place in the sort, or at or before it (`<=`), or at or
     * after it (`>=`): one row comparison on (sort column, id).
     */
    const beside = (sort: RequestSort, cursor: RequestCursor, side: ">" | "<" | ">=" | "<="): Fragment => {
      const flip = { ">": "<", "<": ">", ">=": "<=", "<=": ">=" } as const
      const operator = sort.direction === "asc" ? side : flip[side]
      const { column, cast } = sortColumns[sort.column]
      return sql`(${sql.literal(column)}, r.id) ${sql.literal(operator)}
                 (${cursor.value}::${sql.literal(cast)}, ${cursor.id}::uuid)`
    }

    const list = Effect.fn("SqlRequests.list")(function* (orgId: OrgId, query: RequestQuery) {
      const window = query.window
      const sort = query.sort
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const matching = where(orgId, query, null)
          const empty: RequestListPage = { requests: [], nextCursor: null, previousCursor: null }
          if (window.kind !== "offset" && !isWellFormedCursor(window.cursor)) return empty
          const reversed = window.kind === "before"
          const condition =
            window.kind === "offset"
              ? matching
              : sql.and([matching, beside(sort, window.cursor, window.kind === "after" ? ">" : "<")])
          const offset = window.kind === "offset" ? window.offset : 0
          // One row past the page tells whether more lie beyond it in the direction walked.
          const rows = yield* sql<RequestRow>`
            SELECT ${cols}
            FROM (SELECT r.id FROM requests r WHERE ${condition} ORDER BY ${orderBy(sort, reversed)}
                  LIMIT ${window.limit + 1} OFFSET ${offset}) page
            JOIN requests r ON r.id = page.id
            ORDER BY ${orderBy(sort, reversed)}`
          const more = rows.length > window.limit
          const inWalk = rows.slice(0, window.limit)
          const requests = yield* assemble(reversed ? [...inWalk].reverse() : inWalk)
          const first = requests[0]
          const last = requests.at(-1)
          if (first === undefined || last === undefined) return empty
          /**
           * Whether some matching row lies on the other side of the cursor than the page: the nearest one, walking
           * the sort's index away from the cursor, so the answer costs one index probe.
           */
          const behind = (cursor: RequestCursor, side: "<=" | ">=") =>
            Effect.map(
              sql<{ id: string }>`
                SELECT r.id FROM requests r WHERE ${sql.and([matching, beside(sort, cursor, side)])}
                ORDER BY ${orderBy(sort, side === "<=")} LIMIT 1`,
              (found) => found.length > 0
            )
          const hasBefore = window.kind === "offset" ? offset > 0 : reversed ? more : yield* behind(window.cursor, "<=")
          const hasAfter = window.kind === "before" ? yield* behind(window.cursor, ">=") : more
          return {
            requests,
            nextCursor: hasAfter ? cursorOf(last, sort) : null,
            previousCursor: hasBefore ? cursorOf(first, sort) : null
          }
        })
      )
    })

    const counts = Effect.fn("SqlRequests.counts")(function* (orgId: OrgId, filter: RequestFilter) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const byStatus = yield* sql<{ status: RequestStatus; n: number | string }>`
            SELECT r.status, count(*) AS n FROM requests r WHERE ${where(orgId, filter, "statuses")}
            GROUP BY r.status`
          const byWorkspace = yield* sql<{ workspace_id: string; n: number | string }>`
            SELECT r.workspace_id, count(*) AS n FROM requests r WHERE ${where(orgId, filter, "workspaceIds")}
            GROUP BY r.workspace_id ORDER BY r.workspace_id::text COLLATE "C"`
          const byClassification = yield* sql<{ classification: string | null; n: number | string }>`
            SELECT r.classification, count(*) AS n FROM requests r WHERE ${where(orgId, filter, "classifications")}
            GROUP BY r.classification ORDER BY r.classification NULLS LAST`
          const counted: RequestCounts = {
            statuses: RequestStatus.literals.map((status) => ({
              status,
              count: Number(byStatus.find((r) => r.status === status)?.n ?? 0)
            })),
            workspaces: byWorkspace.map((r) => ({ workspaceId: r.workspace_id, count: Number(r.n) })),
            classifications: byClassification.map((r) => ({ classification: r.classification, count: Number(r.n) }))
          }
          return counted
        })
      )
    })

    const latest = Effect.fn("SqlRequests.latest")(function* (
      orgId: OrgId,
      requesterId: string,
      requestTypes?: ReadonlyArray<RequestType>
    ) {
      if (!isUuid(requesterId)) return Option.none<Request>()
      const kinds = requestTypes === undefined ? null : textArray(requestTypes)
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const rows = yield* sql<RequestRow>`
            SELECT ${cols} FROM requests r
            WHERE r.org_id = ${orgId} AND r.requester_id = ${requesterId}
              AND (${kinds}::text[] IS NULL OR r.request_type = ANY(${kinds}::text[]))
            ORDER BY r.created_at DESC, r.id DESC LIMIT 1`
          return Option.fromNullishOr((yield* assemble(rows))[0])
        })
      )
    })

    const columnsOf = Effect.fn("SqlRequests.columnsOf")(function* (
      orgId: OrgId,
      userId: string,
      list: RequestListName
    ) {
      if (!isUuid(userId)) return []
      const rows = yield* tenant(orgId)(
        sql<{ columns: ReadonlyArray<string> }>`
          SELECT columns FROM request_list_columns WHERE org_id = ${orgId} AND user_id = ${userId} AND list = ${list}`
      )
      return [...(rows[0]?.columns ?? [])]
    })

    const saveColumns = Effect.fn("SqlRequests.saveColumns")(function* (
      orgId: OrgId,
      userId: string,
      list: RequestListName,
      columns: ReadonlyArray<string>
    ) {
      if (!isUuid(userId)) return
      yield* tenant(orgId)(
        sql`INSERT INTO request_list_columns (org_id, user_id, list, columns)
            VALUES (${orgId}, ${userId}, ${list}, ${textArray(columns)}::text[])
            ON CONFLICT (org_id, user_id, list) DO UPDATE SET columns = excluded.columns`
      )
    })

    return RequestRepository.of({
      insert,
      find,
      update,
      remove,
      list,
      counts,
      latest,
      columnsOf,
      saveColumns
    })
  })
)
