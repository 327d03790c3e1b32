import { Context, type Effect, type Option } from "effect"
import {
  decodeDocumentCursor,
  DocumentCursor,
  documentCursorOf,
  type DocumentSort,
  DocumentSortColumn,
  documentSortValue,
  encodeDocumentCursor,
  isWellFormedCursor
} from "../documents/DocumentCursor.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Request, RequestListName, RequestType } from "./Request.ts"
import { RequestStatus } from "./RequestStatus.ts"

/** Everything a request is stored with but its identity and bookkeeping (id, number, version, timestamps). */
export type RequestRecord = Omit<Request, "id" | "number" | "version" | "createdAt" | "updatedAt">

/** The columns the list sorts by, as every document list's (`DocumentCursor.ts`). */
export const RequestSortColumn = DocumentSortColumn
export type RequestSortColumn = DocumentSortColumn

/** A sort: the column and its direction (`-column` on the wire is descending). */
export type RequestSort = DocumentSort

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

// Cursors: one place in one order, as every document list keeps it (`DocumentCursor.ts`).

/** One row's place in an order: the sort it belongs to, the row's value in the sort's column, and its id. */
export const RequestCursor = DocumentCursor
export type RequestCursor = DocumentCursor

/** The value of a request in a sort column, as a cursor keeps it and as rows are compared by it. */
export const sortValue: (request: Request, column: RequestSortColumn) => string = documentSortValue

/** The cursor of a request's place in a sort. */
export const cursorOf: (request: Request, sort: RequestSort) => RequestCursor = documentCursorOf

export const encodeRequestCursor = encodeDocumentCursor
export const decodeRequestCursor = decodeDocumentCursor
export { isWellFormedCursor }
