import { BigDecimal, Clock, Effect, Layer, Option } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { decimal } from "../../budgets/Budget.ts"
import { Request, type RequestListName } from "../../requests/Request.ts"
import {
  cursorOf,
  type RequestCounts,
  type RequestCursor,
  type RequestFilter,
  type RequestRecord,
  RequestRepository,
  type RequestSort,
  type RequestSortColumn,
  sortValue
} from "../../requests/RequestRepository.ts"
import { RequestStatus } from "../../requests/RequestStatus.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

/** What the requests adapter keeps beside the identity store. */
interface RequestStore {
  readonly requests: Map<string, { readonly orgId: string; readonly request: Request }>
  /** By `orgId/userId/list`. */
  readonly columns: Map<string, ReadonlyArray<string>>
}

const stores = new WeakMap<object, RequestStore>()
const storeOf = (identity: object): RequestStore => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { requests: new Map(), columns: new Map() }
    stores.set(identity, found)
  }
  return found
}

/** Compares texts by code point, as SQL's `COLLATE "C"` does. */
const byCodePoint = (a: string, b: string): number => {
  const x = [...a]
  const y = [...b]
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!
    if (d !== 0) return d
  }
  return x.length - y.length
}

const compareValues = (column: RequestSortColumn, a: string, b: string): number =>
  column === "total" ? BigDecimal.Order(decimal(a), decimal(b)) : byCodePoint(a, b)

/** Where a row stands against a place (a value and an id) in a sort: negative before it, positive after. */
const against = (sort: RequestSort, value: string, id: string, placeValue: string, placeId: string): number => {
  const ascending = compareValues(sort.column, value, placeValue) || byCodePoint(id, placeId)
  return sort.direction === "asc" ? ascending : -ascending
}

const order = (sort: RequestSort) => (a: Request, b: Request) =>
  against(sort, sortValue(a, sort.column), a.id, sortValue(b, sort.column), b.id)

const positionOf = (sort: RequestSort, cursor: RequestCursor) => (r: Request) =>
  against(sort, sortValue(r, sort.column), r.id, cursor.value, cursor.id)

const matches = (
  request: Request,
  filter: RequestFilter,
  ignore: "statuses" | "workspaceIds" | "classifications" | null
): boolean => {
  const r = request
  const scope = filter.scope
  if (
    scope !== undefined &&
    !scope.workspaceIds.includes(r.workspaceId) &&
    r.requesterId !== scope.userId &&
    r.createdBy !== scope.userId &&
    r.assigneeId !== scope.userId &&
    !r.watchers.some((w) => w.userId === scope.userId)
  ) {
    return false
  }
  if (ignore !== "statuses" && filter.statuses !== undefined && !filter.statuses.includes(r.status)) return false
  if (ignore !== "workspaceIds" && filter.workspaceIds !== undefined && !filter.workspaceIds.includes(r.workspaceId)) {
    return false
  }
  if (
    ignore !== "classifications" &&
    filter.classifications !== undefined &&
    !filter.classifications.includes(r.classification)
  ) {
    return false
  }
  if (filter.requestTypes !== undefined && !filter.requestTypes.includes(r.requestType)) return false
  if (filter.requesterId !== undefined && r.requesterId !== filter.requesterId) return false
  if (filter.search !== undefined) {
    const needle = filter.search.toLowerCase()
    const texts = [r.number, r.title, ...[...r.items, ...r.expenseItems].flatMap((i) => [i.name.en, i.name.ar])]
    if (!texts.some((t) => t.toLowerCase().includes(needle))) return false
  }
  return true
}

/**
 * Requests in memory. Each call runs as one synchronous step over one store per identity store, so what the
 * contract suite asks of the SQL adapter's transactions holds here too.
 */
export const MemoryRequestRepository = Layer.effect(
  RequestRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => {
    const store = storeOf(identity)
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const inOrg = (orgId: OrgId) =>
      [...store.requests.values()].filter((row) => row.orgId === orgId).map((row) => row.request)
    const current = (orgId: OrgId, id: string) => {
      const row = store.requests.get(id)
      return row !== undefined && row.orgId === orgId ? row.request : undefined
    }
    const build = (
      record: RequestRecord,
      identityOf: Pick<Request, "id" | "number" | "version" | "createdAt" | "updatedAt">
    ) => new Request({ ...record, ...identityOf })

    return RequestRepository.of({
      insert: (orgId, record) =>
        Effect.gen(function* () {
          const at = yield* now
          const request = build(record, {
            id: crypto.randomUUID(),
            number: nextDocumentNumber(store, orgId, "request"),
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.requests.set(request.id, { orgId, request })
          return request
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(current(orgId, id))),
      update: (orgId, id, record, expectedVersion) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return Option.none()
          if (before.version !== expectedVersion) return yield* new VersionConflict({ entity: "request", id })
          const request = build(record, {
            id,
            number: before.number,
            version: before.version + 1,
            createdAt: before.createdAt,
            updatedAt: yield* now
          })
          store.requests.set(id, { orgId, request })
          return Option.some(request)
        }),
      remove: (orgId, id, expectedVersion) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return false
          if (before.version !== expectedVersion) return yield* new VersionConflict({ entity: "request", id })
          store.requests.delete(id)
          return true
        }),
      list: (orgId, query) =>
        Effect.sync(() => {
          const all = inOrg(orgId)
            .filter((r) => matches(r, query, null))
            .sort(order(query.sort))
          const window = query.window
          let start: number
          let end: number
          if (window.kind === "offset") {
            start = Math.min(window.offset, all.length)
            end = Math.min(start + window.limit, all.length)
          } else if (window.kind === "after") {
            const place = positionOf(query.sort, window.cursor)
            start = all.findIndex((r) => place(r) > 0)
            if (start < 0) start = all.length
            end = Math.min(start + window.limit, all.length)
          } else {
            const place = positionOf(query.sort, window.cursor)
            const firstAtOrAfter = all.findIndex((r) => place(r) >= 0)
            end = firstAtOrAfter < 0 ? all.length : firstAtOrAfter
            start = Math.max(0, end - window.limit)
          }
          const requests = all.slice(start, end)
          const first = requests[0]
          const last = requests.at(-1)
          return {
            requests,
            nextCursor: last !== undefined && end < all.length ? cursorOf(last, query.sort) : null,
            previousCursor: first !== undefined && start > 0 ? cursorOf(first, query.sort) : null
          }
        }),
      counts: (orgId, filter) =>
        Effect.sync((): RequestCounts => {
          const requests = inOrg(orgId)
          const byStatus = requests.filter((r) => matches(r, filter, "statuses"))
          const byWorkspace = new Map<string, number>()
          for (const r of requests.filter((r) => matches(r, filter, "workspaceIds"))) {
            byWorkspace.set(r.workspaceId, (byWorkspace.get(r.workspaceId) ?? 0) + 1)
          }
          const byClassification = new Map<string | null, number>()
          for (const r of requests.filter((r) => matches(r, filter, "classifications"))) {
            byClassification.set(r.classification, (byClassification.get(r.classification) ?? 0) + 1)
          }
          const named = [...byClassification.keys()].filter((c): c is string => c !== null).sort(byCodePoint)
          return {
            statuses: RequestStatus.literals.map((status) => ({
              status,
              count: byStatus.filter((r) => r.status === status).length
            })),
            workspaces: [...byWorkspace.keys()]
              .sort(byCodePoint)
              .map((workspaceId) => ({ workspaceId, count: byWorkspace.get(workspaceId)! })),
            classifications: [...named, ...(byClassification.has(null) ? [null] : [])].map((classification) => ({
              classification,
              count: byClassification.get(classification)!
            }))
          }
        }),
      latest: (orgId, requesterId, requestTypes) =>
        Effect.sync(() => {
          const mine = inOrg(orgId)
            .filter((r) => r.requesterId === requesterId)
            .filter((r) => requestTypes === undefined || requestTypes.includes(r.requestType))
            .sort(order({ column: "createdAt", direction: "desc" }))
          return Option.fromNullishOr(mine[0])
        }),
      columnsOf: (orgId, userId, list) => Effect.sync(() => store.columns.get(columnsKey(orgId, userId, list)) ?? []),
      saveColumns: (orgId, userId, list, columns) =>
        Effect.sync(() => void store.columns.set(columnsKey(orgId, userId, list), [...columns]))
    })
  })
)

const columnsKey = (orgId: string, userId: string, list: RequestListName) => `${orgId}/${userId}/${list}`

/** The requests port in memory, over a memory identity store (give it `layerMemory` or `layerMemoryAdministration`). */
export const layerMemoryRequests = MemoryRequestRepository
