import { Context, type Effect, Option, Schema } from "effect"
import { fromBase64Url, toBase64Url } from "../shared/Base64Url.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Request, RequestListName, RequestType } from "./Request.ts"
import { RequestStatus } from "./RequestStatus.ts"

/** Everything a request is stored with but its identity and bookkeeping (id, number, version, timestamps). */
export type RequestRecord = Omit<Request, "id" | "number" | "version" | "createdAt" | "updatedAt">

/**
 * The columns the list sorts by. Ties are broken by id, in the same direction, so every order is total and a
 * cursor names one place in it. `title` compares the lower-cased title by code point (SQL: `lower(title) COLLATE
 * "C"`), `total` the value in the organisation's currency as a number.
 */
export const RequestSortColumn = Schema.Literals(["createdAt", "updatedAt", "title", "status", "total"])
export type RequestSortColumn = typeof RequestSortColumn.Type

/** A sort: the column and its direction (`-column` on the wire is descending). */
export interface RequestSort {
  readonly column: RequestSortColumn
  readonly direction: "asc" | "desc"
}

/** The list's default order: newest first. */
export const defaultRequestSort: RequestSort = { column: "createdAt", direction: "desc" }

/**
 * Which requests a reader may list when they do not read the whole organisation's: those of `workspaceIds`, and
 * those where `userId` is the requester, the creator, the assignee or a watcher.
 */
export interface RequestScope {
  readonly workspaceIds: ReadonlyArray<string>
  readonly userId: string
}

/** What the list narrows by; an absent filter does not narrow. */
export interface RequestFilter {
  /** Only what this reader may list; absent for a reader of the whole organisation. */
  readonly scope?: RequestScope | undefined
  readonly statuses?: ReadonlyArray<RequestStatus> | undefined
  readonly workspaceIds?: ReadonlyArray<string> | undefined
  /** `null` in the list asks for unclassified requests. */
  readonly classifications?: ReadonlyArray<string | null> | undefined
  readonly requestTypes?: ReadonlyArray<RequestType> | undefined
  /** Only requests this user requested. */
  readonly requesterId?: string | undefined
  /**
   * Matched, ignoring case, as a part of the number, the title, or an English or Arabic line name (SQL: `ILIKE`
   * with `%`, `_` and `\` taken literally).
   */
  readonly search?: string | undefined
}

/**
 * Where a page starts: at an offset (the spec's page numbers), or just after or just before the row a cursor
 * names (keyset paging, as fast at page 5,000 as at page 1).
 */
export type RequestWindow =
  | { readonly kind: "offset"; readonly offset: number; readonly limit: number }
  | { readonly kind: "after" | "before"; readonly cursor: RequestCursor; readonly limit: number }

/** The list's query: filters, order and window. */
export interface RequestQuery extends RequestFilter {
  readonly sort: RequestSort
  readonly window: RequestWindow
}

/**
 * One page in the query's order: at most `limit` requests (how many match in all is the `counts` call's); the
 * cursors name the page's last and first rows when more rows lie after or before them (null otherwise), so
 * following `nextCursor` with `after` and `previousCursor` with `before` walks the list both ways.
 */
export interface RequestListPage {
  readonly requests: ReadonlyArray<Request>
  readonly nextCursor: RequestCursor | null
  readonly previousCursor: RequestCursor | null
}

/** How many requests the filters match per status, per workspace and per classification, each ignoring its own filter. */
export interface RequestCounts {
  /** Every status, in the order of RequestStatus, with its count (0 included). */
  readonly statuses: ReadonlyArray<{ readonly status: RequestStatus; readonly count: number }>
  /** The workspaces with at least one match, by id. */
  readonly workspaces: ReadonlyArray<{ readonly workspaceId: string; readonly count: number }>
  /** The classifications found, by name, the unclassified (null) last. */
  readonly classifications: ReadonlyArray<{ readonly classification: string | null; readonly count: number }>
}

/**
 * Where requests, and each user's saved list columns, are kept. Every call is scoped to one organisation; a
 * request of another is never found, listed, changed or counted.
 */
export interface RequestRepositoryShape {
  /** Stores a new request, numbering it (`REQ-000001`, per organisation, in the insert's transaction), version 1. */
  readonly insert: (orgId: OrgId, record: RequestRecord) => Effect.Effect<Request>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Request>>
  /**
   * Replaces a request's record when its stored version is `expectedVersion`, moving the version on by one and
   * stamping `updatedAt`; none when there is no such request, VersionConflict when it moved since it was read.
   */
  readonly update: (
    orgId: OrgId,
    id: string,
    record: RequestRecord,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Request>, VersionConflict>
  /** Removes a request at the version read; false when there is none, VersionConflict when it moved. */
  readonly remove: (orgId: OrgId, id: string, expectedVersion: number) => Effect.Effect<boolean, VersionConflict>
  readonly list: (orgId: OrgId, query: RequestQuery) => Effect.Effect<RequestListPage>
  readonly counts: (orgId: OrgId, filter: RequestFilter) => Effect.Effect<RequestCounts>
  /** The request the user requested last (by creation, then id), of the given kinds when given. */
  readonly latest: (
    orgId: OrgId,
    requesterId: string,
    requestTypes?: ReadonlyArray<RequestType>
  ) => Effect.Effect<Option.Option<Request>>
  readonly columnsOf: (orgId: OrgId, userId: string, list: RequestListName) => Effect.Effect<ReadonlyArray<string>>
  readonly saveColumns: (
    orgId: OrgId,
    userId: string,
    list: RequestListName,
    columns: ReadonlyArray<string>
  ) => Effect.Effect<void>
}

/** Port: where requests are kept. */
export class RequestRepository extends Context.Service<RequestRepository, RequestRepositoryShape>()(
  "@tawreed/core/requests/RequestRepository"
) {}

// ---------------------------------------------------------------------------------------------------------------
// Cursors: one place in one order, shared by every adapter so a cursor one hands out the other understands.

/** One row's place in an order: the sort it belongs to, the row's value in the sort's column, and its id. */
export class RequestCursor extends Schema.Class<RequestCursor>("RequestCursor")({
  column: RequestSortColumn,
  direction: Schema.Literals(["asc", "desc"]),
  value: Schema.String,
  id: Schema.String
}) {}

/** The value of a request in a sort column, as a cursor keeps it and as rows are compared by it. */
export const sortValue = (request: Request, column: RequestSortColumn): string => {
  switch (column) {
    case "createdAt":
      return request.createdAt
    case "updatedAt":
      return request.updatedAt
    case "title":
      return request.title.toLowerCase()
    case "status":
      return request.status
    case "total":
      return request.valueInOrgCurrency
  }
}

/** The cursor of a request's place in a sort. */
export const cursorOf = (request: Request, sort: RequestSort): RequestCursor =>
  new RequestCursor({
    column: sort.column,
    direction: sort.direction,
    value: sortValue(request, sort.column),
    id: request.id
  })

const decodeCursorJson = Schema.decodeUnknownOption(Schema.fromJsonString(RequestCursor))

/** A cursor as the API hands it out: opaque, URL-safe text. */
export const encodeRequestCursor = (cursor: RequestCursor): string =>
  toBase64Url(
    JSON.stringify({ column: cursor.column, direction: cursor.direction, value: cursor.value, id: cursor.id })
  )

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Whether a cursor's value and id can be a request's place in its sort: an id as requests have them, a timestamp as
 * `toISOString` writes it, a decimal amount; any title or status text.
 */
export const isWellFormedCursor = (cursor: RequestCursor): boolean => {
  if (!uuidPattern.test(cursor.id)) return false
  switch (cursor.column) {
    case "createdAt":
    case "updatedAt": {
      const at = new Date(cursor.value)
      return !Number.isNaN(at.getTime()) && at.toISOString() === cursor.value
    }
    case "total":
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(cursor.value)
    case "title":
    case "status":
      return true
  }
}

/** A cursor read back from the API, or none when the text is not one this list handed out. */
export const decodeRequestCursor = (text: string): Option.Option<RequestCursor> =>
  Option.filter(
    Option.flatMap(fromBase64Url(text.trim()), (json) => decodeCursorJson(json)),
    isWellFormedCursor
  )
