import { Context, type Effect } from "effect"
import type { InsufficientPrivileges, ModuleNotEnabled, SelfApprovalRefused } from "../access/AccessErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import type { InvalidPage, InvalidPageSize, TransactionConflict, VersionConflict } from "../shared/Errors.ts"
import type { PageParams } from "../shared/Paging.ts"
import type { ApprovalError, InvalidWorkflow } from "./ApprovalErrors.ts"
import type { ApprovalState, ApprovalSubject, Decision, DocumentKind, TimelineEntry, Workflow } from "./Workflow.ts"

type Failure = ApprovalError | SelfApprovalRefused | VersionConflict | TransactionConflict

/**
 * The approval workflow engine every document runs through. The document's own module calls it inside its own
 * transaction (core/src/shared/Transactions.ts) and moves its document's status from the answer, so the status and
 * the timeline entry commit together.
 */
export interface ApprovalsShape {
  /**
   * Starts (or, after a return, restarts) a document's approval: snapshots the levels whose criteria hold, resolves
   * their approvers, appends SUBMIT to the timeline and notifies the first level's approvers. The answer's status
   * is APPROVED when no level applies, PENDING_APPROVAL otherwise.
   */
  readonly submit: (actor: Actor, subject: ApprovalSubject) => Effect.Effect<ApprovalState, Failure>
  /**
   * Applies an approver's decision at the current level (or, with isSuperApproval, a super approver's over all
   * levels): APPROVE moves to the next level once the level has its approvals, REJECT and RETURN end the round,
   * SKIP (super approvers only) passes the level. The requester or creator never acts (E6050), nor does one person
   * approve two levels of one document. Notifies the next level, or the requester of the outcome.
   */
  readonly decide: (actor: Actor, subject: ApprovalSubject, decision: Decision) => Effect.Effect<ApprovalState, Failure>
  /**
   * Withdraws a pending approval on behalf of whoever asked for it (the document's module checks who that is):
   * appends WITHDRAW to the timeline, ends the round as RETURNED so it leaves every action board, and marks the
   * waiting approvers' notifications of it read. The document may then be submitted again.
   */
  readonly withdraw: (
    actor: Actor,
    kind: DocumentKind,
    documentId: string,
    remark: string
  ) => Effect.Effect<ApprovalState, Failure>
  /** Reminds the current level's approvers by notification (`GET {module}/approval-remind/{id}`). */
  readonly remind: (actor: Actor, kind: DocumentKind, documentId: string) => Effect.Effect<void, Failure>
  readonly state: (actor: Actor, kind: DocumentKind, documentId: string) => Effect.Effect<ApprovalState, ApprovalError>
  readonly timeline: (
    actor: Actor,
    kind: DocumentKind,
    documentId: string
  ) => Effect.Effect<ReadonlyArray<TimelineEntry>>
  /**
   * The approvals waiting on the actor (the action board), newest first, a page at a time (`wholeListPageSize`
   * when no limit is asked).
   */
  readonly pending: (
    actor: Actor,
    page?: PageParams
  ) => Effect.Effect<ReadonlyArray<ApprovalState>, InvalidPage | InvalidPageSize>
  /**
   * Workflows of a workspace (null: the organisation's), for the approval-flow tab, by kind, a page at a time
   * (`wholeListPageSize` when no limit is asked).
   */
  readonly workflows: (
    actor: Actor,
    workspaceId: string | null,
    page?: PageParams
  ) => Effect.Effect<ReadonlyArray<Workflow>, InsufficientPrivileges | ModuleNotEnabled | InvalidPage | InvalidPageSize>
  /** Writes a workflow after checking its levels (numbered 1.., each with approvers; ranges well formed). */
  readonly saveWorkflow: (
    actor: Actor,
    workflow: Workflow,
    expectedVersion: number
  ) => Effect.Effect<
    Workflow,
    ApprovalError | InvalidWorkflow | VersionConflict | TransactionConflict | InsufficientPrivileges | ModuleNotEnabled
  >
}

export class Approvals extends Context.Service<Approvals, ApprovalsShape>()("@tawreed/core/approvals/Approvals") {}
