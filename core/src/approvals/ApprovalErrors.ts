import { Schema } from "effect"

/** The document has no approval, or none the actor may see. */
export class ApprovalNotFound extends Schema.TaggedError<ApprovalNotFound>()("ApprovalNotFound", {
  documentId: Schema.String
}) {}

/** A decision on a document that is not waiting for approval. */
export class ApprovalNotPending extends Schema.TaggedError<ApprovalNotPending>()("ApprovalNotPending", {
  status: Schema.String
}) {}

/** The actor is not among the approvers of the level waiting (nor a super approver). */
export class NotAnApprover extends Schema.TaggedError<NotAnApprover>()("NotAnApprover", {
  level: Schema.Number
}) {}

/** The actor already approved an earlier level of this document. */
export class AlreadyApprovedLevel extends Schema.TaggedError<AlreadyApprovedLevel>()("AlreadyApprovedLevel", {
  level: Schema.Number
}) {}

/** Skipping a level and deciding over all levels are for super approvers. */
export class SuperApproverRequired extends Schema.TaggedError<SuperApproverRequired>()("SuperApproverRequired", {}) {}

/**
 * A workflow that cannot run: which level, which of its fields (`name`, `approvers`, `minValue`, …) and what is
 * wrong with it, as one of the catalogue's field problems (core/src/shared/Fields.ts).
 */
export class InvalidWorkflow extends Schema.TaggedError<InvalidWorkflow>()("InvalidWorkflow", {
  level: Schema.Number,
  field: Schema.String,
  problem: Schema.String
}) {}

/** A level of the workflow nobody could approve: its approvers are inactive or are the document's requester. */
export class LevelWithoutApprover extends Schema.TaggedError<LevelWithoutApprover>()("LevelWithoutApprover", {
  level: Schema.Number,
  name: Schema.String
}) {}

export type ApprovalError =
  | ApprovalNotFound
  | ApprovalNotPending
  | NotAnApprover
  | AlreadyApprovedLevel
  | SuperApproverRequired
  | LevelWithoutApprover

/** No workflow by that id, or none the actor may see. */
export class WorkflowNotFound extends Schema.TaggedError<WorkflowNotFound>()("WorkflowNotFound", {
  id: Schema.String
}) {}
