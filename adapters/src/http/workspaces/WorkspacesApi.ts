import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import {
  NewWorkspaceInput,
  Workspace,
  WorkspaceCount,
  WorkspacePage,
  WorkspaceReview,
  WorkspaceUpdateInput
} from "@tawreed/core/workspaces"
import { changing, guarded, idParams, keyedHeaders, reading } from "../ApiContract.ts"
import { cappedArray, maxItems } from "@tawreed/core/shared"
import { pageQuery } from "../PageQuery.ts"

/**
 * `PUT workspaces`: the workspace's changes in `payload`, with the edit screens' flags. `isFirstStep` marks the save
 * of the details tab when a workspace is being set up; the budget fields belong to the budgets module, whose own
 * calls make budget changes, so a workspace update reads neither.
 */
export class WorkspaceUpdatePayload extends Schema.Class<WorkspaceUpdatePayload>("WorkspaceUpdatePayload")({
  payload: WorkspaceUpdateInput,
  isFirstStep: Schema.optionalKey(Schema.Boolean),
  currentBudgetId: Schema.optionalKey(Schema.NullOr(Schema.Union([Schema.String, Schema.Number]))),
  containsBudgetAdjusment: Schema.optionalKey(Schema.Boolean)
}) {}

/** `PUT workspaces/submit`: which workspace, and optionally the version the submitter read. */
export class WorkspaceSubmitPayload extends Schema.Class<WorkspaceSubmitPayload>("WorkspaceSubmitPayload")({
  id: Schema.String,
  version: Schema.optionalKey(Schema.Int)
}) {}

/** `PUT workspaces/save-columns`: the workspaces list's columns, in order. */
export class SavedColumns extends Schema.Class<SavedColumns>("SavedColumns")({
  columns: cappedArray(Schema.String, maxItems.shortList)
}) {}

const QueryNumber = Schema.optional(Schema.NumberFromString)
const listQuery = {
  page: QueryNumber,
  limit: QueryNumber,
  search: Schema.optional(Schema.String),
  status: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String)
}

/**
 * SPEC.md §7 Workspaces and related, exactly its paths. Declared without its middleware: Api.ts adds it behind
 * Authentication. Fixed paths come before `/workspaces/:id` so that none is taken for an id.
 */
export class WorkspacesGroup extends HttpApiGroup.make("workspaces")
  .add(
    HttpApiEndpoint.get("list", "/workspaces", {
      query: listQuery,
      success: WorkspacePage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.post("create", "/workspaces", {
      headers: keyedHeaders,
      payload: NewWorkspaceInput,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("update", "/workspaces", {
      payload: WorkspaceUpdatePayload,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("submit", "/workspaces/submit", {
      headers: keyedHeaders,
      payload: WorkspaceSubmitPayload,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("saveColumns", "/workspaces/save-columns", {
      payload: SavedColumns,
      success: SavedColumns,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("available", "/workspaces/available", {
      query: { orgId: Schema.optional(Schema.String), ...pageQuery },
      success: Schema.Array(Workspace),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("count", "/workspaces/count", {
      query: { getAll: Schema.optional(Schema.String) },
      success: WorkspaceCount,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("default", "/workspaces/default", {
      success: Schema.NullOr(Workspace),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.put("activate", "/workspaces/activate/:id", {
      params: idParams,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("deactivate", "/workspaces/deactivate/:id", {
      params: idParams,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("review", "/workspaces/review/:id", {
      params: idParams,
      payload: WorkspaceReview,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("copy", "/workspaces/copy/:id", {
      params: idParams,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.put("setDefault", "/workspaces/:id/set-default", {
      params: idParams,
      success: Workspace,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/workspaces/:id", {
      params: idParams,
      success: Workspace,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/workspaces/:id", {
      params: idParams,
      success: HttpApiSchema.NoContent,
      error: changing
    })
  ) {}
