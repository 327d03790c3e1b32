import { Effect, Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { TimelineEntry } from "@tawreed/core/approvals"
import {
  NewRequestInput,
  Request,
  RequestApproval,
  RequestClose,
  RequestCommandInput,
  type RequestListParams,
  RequestListName,
  RequestPage,
  RequestReview,
  RequestUpdateInput,
  RequestWatchersInput,
  requestLimits
} from "@tawreed/core/requests"
import { cappedArray, type InvalidField, Uuid } from "@tawreed/core/shared"
import { WorkspaceRole } from "@tawreed/core/workspaces"
import { changing, guarded, idParams, keyedHeaders, reading } from "../ApiContract.ts"
import { Reminded } from "../approvals/ApprovalsApi.ts"
import { FilterValues, filterOf, ListText, listOf, valuesOf } from "../ListQuery.ts"

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

const Remark = Schema.optionalKey(Schema.String.check(Schema.isMaxLength(2000)))

/**
 * `POST request/submit` and `PUT request/archive`: which request (its id in the body, as SPEC.md §7 has no id in
 * these paths), the version the caller read, and a remark for its timeline.
 */
export class RequestTarget extends Schema.Class<RequestTarget>("RequestTarget")({
  id: Uuid,
  version: Schema.optionalKey(Schema.Int),
  remark: Remark
}) {}

/** `PUT request/save-columns/{list}`: the list's columns, in order, as the user keeps them. */
export class RequestColumns extends Schema.Class<RequestColumns>("RequestColumns")({
  columns: cappedArray(Schema.String, requestLimits.columns)
}) {}

/** `GET request/watcher-candidates/{id}`: a user of the request's workspace, who may follow it. */
export class WatcherCandidate extends Schema.Class<WatcherCandidate>("WatcherCandidate")({
  userId: Schema.String,
  role: WorkspaceRole,
  firstName: Schema.String,
  lastName: Schema.String,
  email: Schema.String
}) {}

/**
 * The query of `GET request` and `GET request/expense` (SPEC.md §7 `request?{filters}`): the page (from 0) or a
 * cursor from the previous answer, the sort, and the filters, each also accepted inside `filter` as JSON (the
 * query's own parameters win).
 */
export const requestListQuery = {
  page: Schema.optional(Schema.NumberFromString.annotate({ description: "The page, counting from 0." })),
  limit: Schema.optional(Schema.NumberFromString.annotate({ description: "The page size: 10, 25, 50, 100 or 500." })),
  sort: Schema.optional(
    Schema.String.annotate({ description: "A column, `-` before it for descending; `-createdAt` when absent." })
  ),
  after: Schema.optional(Schema.String.annotate({ description: "A page's `nextCursor`: the page after it." })),
  before: Schema.optional(Schema.String.annotate({ description: "A page's `previousCursor`: the page before it." })),
  status: ListText,
  workspaceId: ListText,
  classification: Schema.optional(
    Schema.String.annotate({ description: "One or several, comma-separated; `none` for unclassified requests." })
  ),
  requestType: ListText,
  search: Schema.optional(Schema.String),
  mine: Schema.optional(Schema.Literals(["true", "false"])),
  filter: Schema.optional(
    Schema.String.annotate({
      description:
        "The filters as JSON: `status`, `workspaceId`, `classification`, `requestType` (each a string or a list " +
        "of strings), `search`, `mine`."
    })
  )
}

/** The list query as the API decodes it. */
export interface RequestListQuery {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly sort?: string | undefined
  readonly after?: string | undefined
  readonly before?: string | undefined
  readonly status?: string | undefined
  readonly workspaceId?: string | undefined
  readonly classification?: string | undefined
  readonly requestType?: string | undefined
  readonly search?: string | undefined
  readonly mine?: "true" | "false" | undefined
  readonly filter?: string | undefined
}

/** The `filter` JSON of the list. */
const RequestListFilter = Schema.Struct({
  status: FilterValues,
  workspaceId: FilterValues,
  classification: FilterValues,
  requestType: FilterValues,
  search: Schema.optionalKey(Schema.String),
  mine: Schema.optionalKey(Schema.Boolean)
})
const requestFilter = filterOf(RequestListFilter)

/**
 * The use case's list parameters from the query: comma-separated lists split, `filter` read as JSON underneath
 * the query's own parameters. A `filter` that is not that JSON is refused as the field's bad format.
 */
export const requestListParams = (query: RequestListQuery): Effect.Effect<RequestListParams, InvalidField> =>
  Effect.gen(function* () {
    const filter = yield* requestFilter(query.filter)
    return {
      page: query.page,
      limit: query.limit,
      sort: query.sort,
      after: query.after,
      before: query.before,
      statuses: listOf(query.status) ?? valuesOf(filter.status),
      workspaceIds: listOf(query.workspaceId) ?? valuesOf(filter.workspaceId),
      classifications: listOf(query.classification) ?? valuesOf(filter.classification),
      requestTypes: listOf(query.requestType) ?? valuesOf(filter.requestType),
      search: query.search ?? filter.search,
      mine: query.mine === undefined ? filter.mine : query.mine === "true"
    }
  })

/**
 * SPEC.md §7 Requests, the paths the requests module serves (`GET request/budgets/active` is the budgets group's).
 * Creates, copies and submits take an Idempotency-Key. Declared without its middleware: Api.ts adds it behind
 * Authentication. Fixed paths come before `/request/:id` so that none is taken for an id.
 */
export class RequestsGroup extends HttpApiGroup.make("requests")
  .add(
    HttpApiEndpoint.get("list", "/request", {
      query: requestListQuery,
      success: RequestPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("listExpense", "/request/expense", {
      query: requestListQuery,
      success: RequestPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("latest", "/request/get-latest-request", {
      success: Schema.NullOr(Request),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("create", "/request", {
      headers: keyedHeaders,
      payload: NewRequestInput,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("update", "/request", {
      payload: RequestUpdateInput,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("submit", "/request/submit", {
      headers: keyedHeaders,
      payload: RequestTarget,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("archive", "/request/archive", {
      payload: RequestTarget,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("copy", "/request/copy-request/:id", {
      headers: keyedHeaders,
      params: idParams,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("returnToDraft", "/request/return-to-draft/:id", {
      params: idParams,
      // The body may be left out: the version and remark are optional.
      payload: [RequestCommandInput, Schema.Null],
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("close", "/request/close/:id", {
      params: idParams,
      payload: RequestClose,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("approve", "/request/approve/:id", {
      params: idParams,
      payload: RequestApproval,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("skip", "/request/skip/:id", {
      params: idParams,
      payload: RequestReview,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("reject", "/request/reject/:id", {
      params: idParams,
      payload: RequestReview,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.post("return", "/request/return/:id", {
      params: idParams,
      payload: RequestReview,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("assign", "/request/assign/:requestId/:userId", {
      params: { requestId: Id, userId: Id },
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("watcherCandidates", "/request/watcher-candidates/:id", {
      params: idParams,
      success: Schema.Array(WatcherCandidate),
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.put("updateWatchers", "/request/update-watchers/:id", {
      params: idParams,
      payload: RequestWatchersInput,
      success: Request,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("saveColumns", "/request/save-columns/:list", {
      params: { list: RequestListName },
      payload: RequestColumns,
      success: RequestColumns,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("remind", "/request/approval-remind/:id", {
      params: idParams,
      success: Reminded,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("timeline", "/request/:id/timeline", {
      params: idParams,
      success: Schema.Array(TimelineEntry),
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/request/:id", {
      params: idParams,
      success: Request,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/request/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: changing
    })
  ) {}
