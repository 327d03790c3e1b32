import { Effect } from "effect"
import type { SelfApprovalRefused } from "../access/AccessErrors.ts"
import type { ApprovalError } from "../approvals/ApprovalErrors.ts"
import type { ApprovalsShape } from "../approvals/Approvals.ts"
import type { ApprovalState, ApprovalSubject } from "../approvals/Workflow.ts"
import type { Actor } from "../identity/Actor.ts"
import type { TransactionConflict, VersionConflict } from "../shared/Errors.ts"
import type { StatusMachine } from "../shared/StatusMachine.ts"
import { type ApprovalStatuses, statusAfterApproval, submissionPath } from "./ApprovalStatuses.ts"
import { decisionOf, type ReviewInput } from "./DocumentReview.ts"

/** What a submission or a review can meet in the approval engine. */
export type ApprovalFailure = ApprovalError | SelfApprovalRefused | VersionConflict | TransactionConflict

/** A document's statuses as its approval moves them, and its machine where its statuses have one. */
export interface ApprovalLifecycle<S extends string> {
  readonly statuses: ApprovalStatuses<S>
  readonly machine?: StatusMachine<S>
}

/** The engine's answer to a submission, and the moves the document makes from its status. */
export interface Submitted<S extends string> {
  readonly state: ApprovalState
  /** Where the document ends: pending, or the outcome where no level applied. */
  readonly status: S
  /** The moves to get there (`submissionPath`); just `[status]` for a document without a machine. */
  readonly path: ReadonlyArray<S>
}

/** The engine's answer to a review, and the status the document takes (still pending while levels remain). */
export interface Reviewed<S extends string> {
  readonly state: ApprovalState
  readonly status: S
  /** Whether the approval is still waiting, so the document does not move. */
  readonly pending: boolean
}

/** A document module's way through the approval engine, in the caller's transaction. */
export interface DocumentApproval<S extends string> {
  /** Submits (or, after a return, resubmits) a document whose status is `from`. */
  readonly submit: (actor: Actor, subject: ApprovalSubject, from: S) => Effect.Effect<Submitted<S>, ApprovalFailure>
  /** Applies a reviewer's decision; the engine says who may decide (NotAnApprover, SelfApprovalRefused, …). */
  readonly review: (
    actor: Actor,
    subject: ApprovalSubject,
    review: ReviewInput
  ) => Effect.Effect<Reviewed<S>, ApprovalFailure>
}

/** The approval steps of a document module over the engine (`Approvals`), with its own status names. */
export const documentApproval = <S extends string>(
  approvals: ApprovalsShape,
  lifecycle: ApprovalLifecycle<S>
): DocumentApproval<S> => ({
  submit: (actor, subject, from) =>
    Effect.map(approvals.submit(actor, subject), (state) => {
      const status = statusAfterApproval(lifecycle.statuses, state)
      const path =
        lifecycle.machine === undefined ? [status] : submissionPath(lifecycle.machine, lifecycle.statuses, from, state)
      return { state, status, path }
    }),
  review: (actor, subject, review) =>
    Effect.map(approvals.decide(actor, subject, decisionOf(review)), (state) => {
      const status = statusAfterApproval(lifecycle.statuses, state)
      return { state, status, pending: status === lifecycle.statuses.pending }
    })
})
