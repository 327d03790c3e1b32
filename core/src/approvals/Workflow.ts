import { Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"

/**
 * The kinds of document that run through approval workflows (issue: requests, RFQs, the approval before an RFQ is
 * sent, orders, bills, and workspaces and budgets themselves, vendor invitations and contracts).
 */
export const DocumentKind = Schema.Literals([
  "request",
  "rfq",
  "pre_rfq_approval",
  "order",
  "bill",
  "workspace",
  "budget",
  "invite",
  "vendor_change",
  "contract"
])
export type DocumentKind = typeof DocumentKind.Type

/**
 * Who may act on a level: named users, or every holder of a role inside the document's workspace (a workspace
 * role such as workspaces_admin, or an approver role such as request_approver); for documents without a
 * workspace (a workspace's own approval), the role holders of the organisation.
 */
export const Approver = Schema.Union([
  Schema.Struct({ type: Schema.Literal("USER"), userId: Schema.String }),
  Schema.Struct({ type: Schema.Literal("ROLE"), roleCode: Schema.String })
])
export type Approver = typeof Approver.Type

/** How many of a level's approvers must approve: any one of them, or every one. */
export const ApprovalMode = Schema.Literals(["ONE", "ALL"])
export type ApprovalMode = typeof ApprovalMode.Type

/**
 * When a level applies (SPEC.md §3 approval criteria). Every criterion given must hold; an absent or empty one
 * does not restrict. Values are decimals in the organisation's currency; the range includes `minValue` and
 * excludes `maxValue`, so consecutive ranges never overlap.
 */
export class ApprovalCriteria extends Schema.Class<ApprovalCriteria>("ApprovalCriteria")({
  minValue: Schema.optionalKey(Schema.NullOr(Schema.String)),
  maxValue: Schema.optionalKey(Schema.NullOr(Schema.String)),
  categories: Schema.optionalKey(cappedArray(Schema.String, maxItems.shortList)),
  requestClassifications: Schema.optionalKey(cappedArray(Schema.String, maxItems.shortList)),
  approvalClassifications: Schema.optionalKey(cappedArray(Schema.String, maxItems.shortList)),
  paymentTerms: Schema.optionalKey(cappedArray(Schema.String, maxItems.shortList))
}) {}

/** One level of a workflow; levels are numbered from 1 and run in order. */
export class WorkflowLevel extends Schema.Class<WorkflowLevel>("WorkflowLevel")({
  level: Schema.Int,
  name: Schema.String,
  approvers: cappedArray(Approver, maxItems.levelApprovers),
  mode: ApprovalMode,
  criteria: ApprovalCriteria
}) {}

/**
 * The approval levels for one kind of document in one workspace (SPEC GLOSSARY "workflow"). `workspaceId` null is
 * the organisation's workflow for that kind, used where a workspace has none (and for workspaces and budgets
 * themselves before they have a workspace of their own).
 */
export class Workflow extends Schema.Class<Workflow>("Workflow")({
  id: Schema.String,
  workspaceId: Schema.NullOr(Schema.String),
  kind: DocumentKind,
  levels: cappedArray(WorkflowLevel, maxItems.workflowLevels),
  version: Schema.Int
}) {}

/** What the engine needs to know of a document to pick levels and keep duties apart. */
export class ApprovalSubject extends Schema.Class<ApprovalSubject>("ApprovalSubject")({
  kind: DocumentKind,
  documentId: Schema.String,
  /** The document's number for people (`WS-000012`), which notifications show; its id where it has none. */
  documentNumber: Schema.optionalKey(Schema.String),
  /** The workspace whose workflow applies; null for organisation-level documents. */
  workspaceId: Schema.NullOr(Schema.String),
  /** A short name for notifications and the action board, e.g. the workspace's name. */
  title: Schema.String,
  requesterId: Schema.String,
  createdBy: Schema.String,
  /** The transaction value as a decimal string in the organisation's currency ("0" where none). */
  value: Schema.String,
  categories: Schema.Array(Schema.String),
  requestClassification: Schema.optionalKey(Schema.NullOr(Schema.String)),
  approvalClassification: Schema.optionalKey(Schema.NullOr(Schema.String)),
  paymentTerm: Schema.optionalKey(Schema.NullOr(Schema.String))
}) {}

/** The approval statuses of SPEC.md §3. */
export const ApprovalStatus = Schema.Literals([
  "SUBMITTED",
  "APPROVED",
  "PENDING_APPROVAL",
  "REJECTED",
  "RETURNED",
  "UPDATED"
])
export type ApprovalStatus = typeof ApprovalStatus.Type

/** What someone did to a document's approval; every one is a timeline entry. */
export const ApprovalAction = Schema.Literals([
  "SUBMIT",
  "APPROVE",
  "REJECT",
  "RETURN",
  "SKIP",
  "SUPER_APPROVE",
  "SUPER_REJECT",
  "SUPER_RETURN",
  "REMIND",
  /**
   * Whoever asked for the review took the request back before it was decided: the round ends (status RETURNED,
   * nobody waits on it any more) and the document can be submitted again, as Coupa's and SAP Ariba's withdraw of an
   * approval request does.
   */
  "WITHDRAW",
  /** Written by the engine, not a person: the document was submitted where no approval level applies. */
  "AUTO_APPROVE"
])
export type ApprovalAction = typeof ApprovalAction.Type

/** One append-only line of a document's timeline: who did what, when, at which level, and why. */
export class TimelineEntry extends Schema.Class<TimelineEntry>("TimelineEntry")({
  seq: Schema.Int,
  kind: DocumentKind,
  documentId: Schema.String,
  action: ApprovalAction,
  actorId: Schema.String,
  actorName: Schema.String,
  level: Schema.NullOr(Schema.Int),
  remark: Schema.String,
  /** Users the approver named for the next level (approve with next-level assignees). */
  assignees: Schema.Array(Schema.String),
  at: Schema.Date
}) {}

/**
 * Where a document's approval stands: the levels that applied when it was submitted (a snapshot, so editing the
 * workflow later does not move documents in flight), the level waiting, who approved each level, and the status.
 * `superAction` marks an approval a super approver decided, or skipped a level of, from one the levels decided.
 */
export class ApprovalState extends Schema.Class<ApprovalState>("ApprovalState")({
  kind: DocumentKind,
  documentId: Schema.String,
  /** The document's number for people, as its subject gave it. */
  documentNumber: Schema.optionalKey(Schema.String),
  workspaceId: Schema.NullOr(Schema.String),
  title: Schema.String,
  requesterId: Schema.String,
  createdBy: Schema.String,
  status: ApprovalStatus,
  levels: Schema.Array(WorkflowLevel),
  /** Per applicable level (same order as `levels`): the user ids that may act, resolved at submission. */
  approverIds: Schema.Array(Schema.Array(Schema.String)),
  /** Index into `levels` of the level waiting; null once decided or when no level applied. */
  current: Schema.NullOr(Schema.Int),
  /** Per level, the users who approved it. */
  approvedBy: Schema.Array(Schema.Array(Schema.String)),
  superAction: Schema.Boolean,
  version: Schema.Int
}) {}

/** An approver's decision with its remark (SPEC.md §7 approve/reject/return/skip payloads). */
export class Decision extends Schema.Class<Decision>("Decision")({
  action: Schema.Literals(["APPROVE", "REJECT", "RETURN", "SKIP"]),
  remark: Schema.String,
  isSuperApproval: Schema.optionalKey(Schema.Boolean),
  approvalClassification: Schema.optionalKey(Schema.NullOr(Schema.String)),
  nextLevelAssignees: Schema.optionalKey(Schema.Array(Schema.String))
}) {}
