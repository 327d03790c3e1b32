import { Result } from "effect"
import { SelfApprovalRefused } from "../access/AccessErrors.ts"
import { isOwnDocument } from "../access/SegregationOfDuties.ts"
import {
  AlreadyApprovedLevel,
  type ApprovalError,
  ApprovalNotPending,
  NotAnApprover,
  SuperApproverRequired
} from "./ApprovalErrors.ts"
import {
  type ApprovalAction,
  ApprovalState,
  type ApprovalSubject,
  type Decision,
  type TimelineEntry,
  type WorkflowLevel
} from "./Workflow.ts"

/**
 * The approval engine's rules, as pure functions over an approval's state (after ERPNext's and Odoo's approval
 * levels and Coupa's approval chains):
 *
 * - A level applies when every criterion it states holds for the document: the value lies in [minValue, maxValue),
 *   one of its categories is among the document's, and its classifications and payment terms match.
 * - Levels run in order. A level of mode ONE passes with one approval; a level of mode ALL needs every approver
 *   resolved for it when the document was submitted.
 * - The requester or creator of a document never acts on its approval, and nobody approves two levels of one
 *   document (segregation of duties).
 * - Reject and return end the round at once; a returned document can be submitted again, which starts over at the
 *   first level with the workflow as it then stands.
 * - A super approver may skip the waiting level, or approve, reject or return over all levels at once; each such
 *   act is recorded as its own timeline action.
 */

/** A decimal string as a number of 1/10^6 units, so ranges compare exactly enough for money amounts. */
const units = (value: string): bigint => {
  const match = /^(-?)(\d+)(?:\.(\d{0,6})\d*)?$/.exec(value.trim())
  if (!match) return 0n
  const [, sign, whole, fraction = ""] = match
  const amount = BigInt(whole!) * 1_000_000n + BigInt(fraction.padEnd(6, "0"))
  return sign === "-" ? -amount : amount
}

const listed = (allowed: ReadonlyArray<string> | undefined, value: string | null | undefined): boolean =>
  allowed === undefined || allowed.length === 0 || (value !== null && value !== undefined && allowed.includes(value))

/** Whether a level's criteria hold for a document (SPEC.md §3 approval criteria). */
export const levelApplies = (level: WorkflowLevel, subject: ApprovalSubject): boolean => {
  const c = level.criteria
  const value = units(subject.value)
  if (c.minValue !== undefined && c.minValue !== null && c.minValue !== "" && value < units(c.minValue)) return false
  if (c.maxValue !== undefined && c.maxValue !== null && c.maxValue !== "" && value >= units(c.maxValue)) return false
  if (
    c.categories !== undefined &&
    c.categories.length > 0 &&
    !subject.categories.some((x) => c.categories!.includes(x))
  )
    return false
  return (
    listed(c.requestClassifications, subject.requestClassification) &&
    listed(c.approvalClassifications, subject.approvalClassification) &&
    listed(c.paymentTerms, subject.paymentTerm)
  )
}

/** The levels of a workflow that apply to a document, in order. */
export const applicableLevels = (levels: ReadonlyArray<WorkflowLevel>, subject: ApprovalSubject) =>
  [...levels].sort((a, b) => a.level - b.level).filter((level) => levelApplies(level, subject))

/** A timeline entry before the store numbers it. */
export type Entry = Omit<TimelineEntry, "seq">

const entry = (
  state: Pick<ApprovalState, "kind" | "documentId">,
  actor: { readonly userId: string; readonly displayName: string },
  action: ApprovalAction,
  level: number | null,
  remark: string,
  at: Date,
  assignees: ReadonlyArray<string> = []
): Entry => ({
  kind: state.kind,
  documentId: state.documentId,
  action,
  actorId: actor.userId,
  actorName: actor.displayName,
  level,
  remark,
  assignees,
  at
})

/** A new round of approval: pending at the first level, or approved at once when no level applies. */
export const start = (
  subject: ApprovalSubject,
  levels: ReadonlyArray<WorkflowLevel>,
  approverIds: ReadonlyArray<ReadonlyArray<string>>,
  actor: { readonly userId: string; readonly displayName: string },
  version: number,
  remark: string,
  now: Date
): { readonly state: ApprovalState; readonly entries: ReadonlyArray<Entry> } => {
  const state = new ApprovalState({
    kind: subject.kind,
    documentId: subject.documentId,
    workspaceId: subject.workspaceId,
    title: subject.title,
    requesterId: subject.requesterId,
    createdBy: subject.createdBy,
    status: levels.length === 0 ? "APPROVED" : "PENDING_APPROVAL",
    levels,
    approverIds,
    current: levels.length === 0 ? null : 0,
    approvedBy: levels.map(() => []),
    superAction: false,
    version
  })
  return { state, entries: [entry(state, actor, "SUBMIT", null, remark, now)] }
}

/** The outcome of a decision: the new state and what to append to the timeline. */
export interface Decided {
  readonly state: ApprovalState
  readonly entries: ReadonlyArray<Entry>
}

/** Applies a decision to a pending approval, or says why it may not be taken. */
export const decide = (
  state: ApprovalState,
  actor: { readonly userId: string; readonly displayName: string },
  decision: Decision,
  isSuperApprover: boolean,
  now: Date
): Result.Result<Decided, ApprovalError | SelfApprovalRefused> => {
  if (state.status !== "PENDING_APPROVAL" || state.current === null) {
    return Result.fail(new ApprovalNotPending({ status: state.status }))
  }
  if (isOwnDocument(actor.userId, state)) return Result.fail(new SelfApprovalRefused())
  const index = state.current
  const level = state.levels[index]!
  const remark = decision.remark
  const superAct = decision.isSuperApproval === true
  if ((superAct || decision.action === "SKIP") && !isSuperApprover) return Result.fail(new SuperApproverRequired())
  const closed = (status: "APPROVED" | "REJECTED" | "RETURNED", superAction: boolean) =>
    new ApprovalState({ ...state, status, current: null, superAction })
  if (decision.action === "SKIP") {
    const next = index + 1
    const moved =
      next >= state.levels.length ? closed("APPROVED", true) : new ApprovalState({ ...state, current: next })
    return Result.succeed({ state: moved, entries: [entry(state, actor, "SKIP", level.level, remark, now)] })
  }
  if (superAct) {
    const [status, action] =
      decision.action === "APPROVE"
        ? (["APPROVED", "SUPER_APPROVE"] as const)
        : decision.action === "REJECT"
          ? (["REJECTED", "SUPER_REJECT"] as const)
          : (["RETURNED", "SUPER_RETURN"] as const)
    return Result.succeed({
      state: closed(status, true),
      entries: [entry(state, actor, action, level.level, remark, now)]
    })
  }
  if (!(state.approverIds[index] ?? []).includes(actor.userId)) {
    return Result.fail(new NotAnApprover({ level: level.level }))
  }
  const earlier = state.approvedBy.findIndex((ids, i) => i !== index && ids.includes(actor.userId))
  if (earlier >= 0) return Result.fail(new AlreadyApprovedLevel({ level: state.levels[earlier]!.level }))
  if (decision.action === "REJECT" || decision.action === "RETURN") {
    return Result.succeed({
      state: closed(decision.action === "REJECT" ? "REJECTED" : "RETURNED", false),
      entries: [entry(state, actor, decision.action, level.level, remark, now)]
    })
  }
  const approvedBy = state.approvedBy.map((ids, i) =>
    i === index && !ids.includes(actor.userId) ? [...ids, actor.userId] : ids
  )
  const mine = approvedBy[index]!
  const passed = level.mode === "ONE" || (state.approverIds[index] ?? []).every((id) => mine.includes(id))
  const assignees = (decision.nextLevelAssignees ?? []).filter((id) => id !== "")
  const approvedEntry = entry(state, actor, "APPROVE", level.level, remark, now, assignees)
  if (!passed) return Result.succeed({ state: new ApprovalState({ ...state, approvedBy }), entries: [approvedEntry] })
  const next = index + 1
  if (next >= state.levels.length) {
    return Result.succeed({
      state: new ApprovalState({ ...state, approvedBy, status: "APPROVED", current: null, superAction: false }),
      entries: [approvedEntry]
    })
  }
  const approverIds = state.approverIds.map((ids, i) =>
    i === next && assignees.length > 0 ? assignees.filter((id) => !isOwnDocument(id, state)) : ids
  )
  return Result.succeed({
    state: new ApprovalState({ ...state, approvedBy, approverIds, current: next }),
    entries: [approvedEntry]
  })
}

/**
 * Rebuilds where an approval stands from its timeline and the levels snapshotted at its last submission: what the
 * timeline says must be what the state says. Entries before the last SUBMIT belong to earlier rounds.
 */
export const replay = (
  initial: ApprovalState,
  entries: ReadonlyArray<Pick<TimelineEntry, "action" | "actorId" | "assignees">>
): ApprovalState => {
  const lastSubmit = entries.map((e) => e.action).lastIndexOf("SUBMIT")
  let state = initial
  for (const e of entries.slice(lastSubmit + 1)) {
    if (e.action === "REMIND") continue
    const isSuper = e.action.startsWith("SUPER_") || e.action === "SKIP"
    const action =
      e.action === "SUPER_APPROVE"
        ? "APPROVE"
        : e.action === "SUPER_REJECT"
          ? "REJECT"
          : e.action === "SUPER_RETURN"
            ? "RETURN"
            : e.action
    const outcome = decide(
      state,
      { userId: e.actorId, displayName: "" },
      {
        action: action as Decision["action"],
        remark: "",
        isSuperApproval: e.action.startsWith("SUPER_"),
        nextLevelAssignees: e.assignees
      } as Decision,
      isSuper,
      new Date(0)
    )
    if (Result.isSuccess(outcome)) state = outcome.success.state
  }
  return state
}
