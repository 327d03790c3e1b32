import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ApprovalState, DocumentKind, TimelineEntry, Workflow } from "@tawreed/core/approvals"
import { changing, guarded, idParams, reading } from "../ApiContract.ts"
import { Uuid } from "@tawreed/core/shared"
import { pageQuery } from "../PageQuery.ts"

/** `PUT workflows`: a workflow and the version it was read at (0 for a new one). */
export class WorkflowSave extends Schema.Class<WorkflowSave>("WorkflowSave")({
  workflow: Workflow,
  version: Schema.Int
}) {}

/** `GET {module}/approval-remind/{id}`: the waiting level's approvers were notified again. */
export class Reminded extends Schema.Class<Reminded>("Reminded")({
  reminded: Schema.Boolean
}) {}

/** A record id in the path, checked before any query uses it. */
const Id = Uuid

/**
 * The approval engine's routes. SPEC.md §7 names `GET workflows/{id}` (one workflow) and
 * `GET {module}/approval-remind/{id}` (for workspaces and budgets here; each later module adds its own). The rest
 * list a workspace's workflows (`workspaceId` omitted: the organisation's own, which approve new workspaces and
 * budget changes), save one, and read a document's approval, its timeline and what waits on the signed-in user
 * (the action board). Declared without middleware: Api.ts adds it behind Authentication.
 */
export class ApprovalsGroup extends HttpApiGroup.make("approvals")
  .add(
    HttpApiEndpoint.get("pending", "/approvals/pending", {
      query: pageQuery,
      success: Schema.Array(ApprovalState),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("state", "/approvals/:kind/:documentId", {
      params: { kind: DocumentKind, documentId: Id },
      success: ApprovalState,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("timeline", "/approvals/:kind/:documentId/timeline", {
      params: { kind: DocumentKind, documentId: Id },
      success: Schema.Array(TimelineEntry),
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.get("workflows", "/workflows", {
      query: { workspaceId: Schema.optional(Schema.String), ...pageQuery },
      success: Schema.Array(Workflow),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("workflow", "/workflows/:id", {
      params: idParams,
      success: Workflow,
      error: reading
    })
  )
  .add(
    HttpApiEndpoint.put("saveWorkflow", "/workflows", {
      payload: WorkflowSave,
      success: Workflow,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("remindWorkspace", "/workspaces/approval-remind/:id", {
      params: idParams,
      success: Reminded,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("remindBudget", "/budgets/approval-remind/:id", {
      params: idParams,
      success: Reminded,
      error: changing
    })
  ) {}
