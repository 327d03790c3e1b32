import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { Slice } from "../shared/Paging.ts"
import type { ApprovalState, DocumentKind, TimelineEntry, Workflow } from "./Workflow.ts"

/** The workflows of an organisation, per workspace (or organisation-wide) and document kind. */
export interface WorkflowRepositoryShape {
  /** The workflow of a workspace for a kind; `workspaceId` null asks for the organisation's own. */
  readonly find: (
    orgId: OrgId,
    workspaceId: string | null,
    kind: DocumentKind
  ) => Effect.Effect<Option.Option<Workflow>>
  /** A workflow by its id, in the organisation. */
  readonly get: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Workflow>>
  /** The workflows of a workspace (null: the organisation's own), by kind; only the slice's rows when given one. */
  readonly listForWorkspace: (
    orgId: OrgId,
    workspaceId: string | null,
    slice?: Slice
  ) => Effect.Effect<ReadonlyArray<Workflow>>
  /** Writes a workflow when its stored version is `expectedVersion` (0 for a new one); answers the next version. */
  readonly save: (orgId: OrgId, workflow: Workflow, expectedVersion: number) => Effect.Effect<Workflow, VersionConflict>
}
export class WorkflowRepository extends Context.Service<WorkflowRepository, WorkflowRepositoryShape>()(
  "@tawreed/core/approvals/WorkflowRepository"
) {}

/** Where documents' approvals stand, and their append-only timelines. */
export interface ApprovalRepositoryShape {
  readonly find: (orgId: OrgId, kind: DocumentKind, documentId: string) => Effect.Effect<Option.Option<ApprovalState>>
  /**
   * Writes the state when its stored version is `expectedVersion` (0 when there is none yet) and appends the
   * entries to the timeline, in the caller's transaction. VersionConflict when another decision got there first.
   */
  readonly save: (
    orgId: OrgId,
    state: ApprovalState,
    expectedVersion: number,
    entries: ReadonlyArray<Omit<TimelineEntry, "seq">>
  ) => Effect.Effect<ApprovalState, VersionConflict>
  /** A document's timeline, oldest first. */
  readonly timeline: (
    orgId: OrgId,
    kind: DocumentKind,
    documentId: string
  ) => Effect.Effect<ReadonlyArray<TimelineEntry>>
  /**
   * Approvals waiting on a user at the current level, newest first (for the action board); only the slice's rows
   * when given one.
   */
  readonly pendingFor: (orgId: OrgId, userId: string, slice?: Slice) => Effect.Effect<ReadonlyArray<ApprovalState>>
}
export class ApprovalRepository extends Context.Service<ApprovalRepository, ApprovalRepositoryShape>()(
  "@tawreed/core/approvals/ApprovalRepository"
) {}

/**
 * Resolves role approvers to users: the active users holding `roleCode` among a workspace's users (workspace
 * roles) or, with `workspaceId` null, in the whole organisation. Implemented by the workspaces storage.
 */
export interface ApproverDirectoryShape {
  readonly usersWithRole: (
    orgId: OrgId,
    workspaceId: string | null,
    roleCode: string
  ) => Effect.Effect<ReadonlyArray<string>>
  /** Which of these user ids are active users of the organisation. */
  readonly activeUsers: (orgId: OrgId, userIds: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
}
export class ApproverDirectory extends Context.Service<ApproverDirectory, ApproverDirectoryShape>()(
  "@tawreed/core/approvals/ApproverDirectory"
) {}
