import { Schema } from "effect"
import { Decision } from "../approvals/Workflow.ts"
import { cappedArray, maxItems } from "../shared/Limits.ts"

/** The decisions a reviewer takes on an approvable document (SPEC.md §4 actions, §7 approve/skip/reject/return). */
export const ReviewAction = Schema.Literals(["approve", "skip", "reject", "return"])
export type ReviewAction = typeof ReviewAction.Type

/** The longest remark a review carries. */
export const maxRemarkLength = 2000

/**
 * The fields every review carries: the decision, among the actions the document offers (a module that offers
 * fewer than all four names them), a remark, and whether a super approver decides over all levels.
 */
export const reviewFields = <const A extends ReadonlyArray<ReviewAction>>(actions: A) => ({
  action: Schema.Literals(actions),
  remark: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(maxRemarkLength))),
  isSuperApproval: Schema.optionalKey(Schema.Boolean)
})

/**
 * What an approver adds where the document's approval takes it (SPEC.md §7 `request/approve`): the approval
 * classification, and the users the next level should wait on (the engine keeps only those among its approvers).
 */
export const approverFields = {
  approvalClassification: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(200)))),
  nextLevelAssignees: Schema.optionalKey(
    cappedArray(Schema.String.check(Schema.isMaxLength(100)), maxItems.levelApprovers)
  )
}

/** A reviewer's decision on any approvable document, with every action and the approver's additions. */
export class DocumentReview extends Schema.Class<DocumentReview>("DocumentReview")({
  ...reviewFields(ReviewAction.literals),
  ...approverFields
}) {}

/** A review as any module's schema decodes it. */
export interface ReviewInput {
  readonly action: ReviewAction
  readonly remark?: string | undefined
  readonly isSuperApproval?: boolean | undefined
  readonly approvalClassification?: string | null | undefined
  readonly nextLevelAssignees?: ReadonlyArray<string> | undefined
}

const decisions = { approve: "APPROVE", skip: "SKIP", reject: "REJECT", return: "RETURN" } as const satisfies Record<
  ReviewAction,
  Decision["action"]
>

/** The approval engine's decision for a review: its action, the trimmed remark and what else the reviewer gave. */
export const decisionOf = (review: ReviewInput): Decision =>
  new Decision({
    action: decisions[review.action],
    remark: review.remark?.trim() ?? "",
    isSuperApproval: review.isSuperApproval ?? false,
    ...(review.approvalClassification === undefined
      ? {}
      : { approvalClassification: review.approvalClassification?.trim() || null }),
    ...(review.nextLevelAssignees === undefined ? {} : { nextLevelAssignees: review.nextLevelAssignees })
  })
