import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { ApprovalState, DocumentKind, TimelineEntry, Workflow } from "@tawreed/core/approvals"
import { errors } from "./ApiErrors.ts"

/** `PUT workflows`: a workflow and the version it was read at (0 for a new one). */
export class WorkflowSave extends Schema.Class<WorkflowSave>("WorkflowSave")({
  workflow: Workflow,
  version: Schema.Int
}) {}

const guarded = [errors.BadRequest, errors.Forbidden, errors.Unavailable] as const
const changing = [...guarded, errors.NotFound, errors.Conflict, errors.Unprocessable] as const
const Id = Schema.String

/**
 * The approval engine's routes. SPEC.md §7 names `GET workflows/{id}` and `GET {module}/approval-remind/{id}`;
 * `{id}` of `workflows` is the workspace whose workflows are read, or `organisation` for the organisation's own
 * (how new workspaces and budget changes are approved). The rest read a document's approval, its timeline and
 * what waits on the signed-in user, and save a workflow. Declared without middleware: Api.ts adds it.
 */
export class ApprovalsGroup extends HttpApiGroup.make("approvals")
  .add(
    HttpApiEndpoint.get("pending", "/approvals/pending", {
      success: Schema.Array(ApprovalState),
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("state", "/approvals/:kind/:documentId", {
      params: { kind: DocumentKind, documentId: Id },
      success: ApprovalState,
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("timeline", "/approvals/:kind/:documentId/timeline", {
      params: { kind: DocumentKind, documentId: Id },
      success: Schema.Array(TimelineEntry),
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("workflows", "/workflows/:id", {
      params: { id: Id },
      success: Schema.Array(Workflow),
      error: guarded
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
      params: { id: Id },
      success: Schema.Struct({ reminded: Schema.Boolean }),
      error: changing
    })
  )
  .add(
    HttpApiEndpoint.get("remindBudget", "/budgets/approval-remind/:id", {
      params: { id: Id },
      success: Schema.Struct({ reminded: Schema.Boolean }),
      error: changing
    })
  ) {}
