import { BigDecimal, Option, Result } from "effect"
import { SelfApprovalRefused } from "../access/AccessErrors.ts"
import { privilegesOfRole } from "../access/DefaultRoles.ts"
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
  type Workflow,
  type WorkflowLevel
} from "./Workflow.ts"

/**
 * The approval engine's rules, as pure functions over an approval's state (after ERPNext's and Odoo's approval
 * levels and Coupa's approval chains):
 *
 * - A level applies when every criterion it states holds for the document: the value lies in [minValue, maxValue)
 *   compared as decimals, one of its categories is among the document's, and its classifications and payment
 *   terms match. A document whose value cannot be read as a decimal meets every value range, so a malformed value
 *   never slips past a high-value level.
 * - Levels run in order. A level of mode ONE passes with one approval; a level of mode ALL needs every approver
 *   resolved for it at submission, except those who approved an earlier level: they may not approve this one
 *   (see below), so the level does not wait on them (Coupa drops such repeats from its approval chains). Either
 *   way a level passes only on at least one approval of its own; a level left with nobody eligible waits for a
 *   super approver to skip it rather than passing unapproved.
 * - The requester or creator of a document never acts on its approval, nobody approves two levels of one document,
 *   and whoever approved a level has had their say on the document: they neither approve it again nor reject or
 *   return it later (segregation of duties).
 * - An approver may name the next level's assignees: the next level then waits only on those of its approvers
 *   who were named and may approve it (other names are ignored, and naming none of them leaves it as it was), so
 *   approving never hands the decision to someone the workflow did not name.
 * - Reject and return end the round at once; a returned document can be submitted again, which starts over at the
 *   first level with the workflow as it then stands (a fresh snapshot).
 * - A super approver (the organisation's super user: SPEC.md §6's `org_super_user`, a product's `_super_admin`, or a
 *   role named Super User, which carries every privilege of one) may skip the waiting level, or approve, reject or
 *   return over all levels at once. Each such act is its own timeline action (SKIP, SUPER_APPROVE, SUPER_REJECT,
 *   SUPER_RETURN), and the requester rule holds for super approvers too. Once a level is skipped the approval is
 *   marked `superAction`: however it ends, the levels alone did not decide it.
 */

const superUserPrivileges = privilegesOfRole("org_super_user")

/** Whether an actor may skip levels and decide over all of them (SPEC.md §6: a super approval level exists). */
export const isSuperApprover = (actor: {
  readonly roles: ReadonlyArray<string>
  readonly privileges: ReadonlyArray<string>
}): boolean =>
  actor.roles.some(
    (code) => code === "org_super_user" || (code.endsWith("_super_admin") && code.length > "_super_admin".length)
  ) || superUserPrivileges.every((privilege) => actor.privileges.includes(privilege))

const amountPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/

/** A decimal amount as typed, or none. */
export const decimalOf = (text: string): Option.Option<BigDecimal.BigDecimal> => {
  const trimmed = text.trim()
  return amountPattern.test(trimmed) ? BigDecimal.fromString(trimmed) : Option.none()
}

const bound = (value: string | null | undefined): Option.Option<BigDecimal.BigDecimal> =>
  value === undefined || value === null || value.trim() === "" ? Option.none() : decimalOf(value)

const listed = (allowed: ReadonlyArray<string> | undefined, value: string | null | undefined): boolean =>
  allowed === undefined || allowed.length === 0 || (value !== null && value !== undefined && allowed.includes(value))

/** Whether a level's criteria hold for a document (SPEC.md §3 approval criteria). */
export const levelApplies = (level: WorkflowLevel, subject: ApprovalSubject): boolean => {
  const c = level.criteria
  const value = decimalOf(subject.value)
  if (Option.isSome(value)) {
    const min = bound(c.minValue)
    const max = bound(c.maxValue)
    if (Option.isSome(min) && BigDecimal.isLessThan(value.value, min.value)) return false
    if (Option.isSome(max) && BigDecimal.isGreaterThanOrEqualTo(value.value, max.value)) return false
  }
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

/** The levels of a workflow (or a list of levels) that apply to a document, in order. */
export const applicableLevels = (
  workflow: Pick<Workflow, "levels"> | ReadonlyArray<WorkflowLevel>,
  subject: ApprovalSubject
): ReadonlyArray<WorkflowLevel> => {
  const levels: ReadonlyArray<WorkflowLevel> = "levels" in workflow ? workflow.levels : workflow
  return [...levels].sort((a, b) => a.level - b.level).filter((level) => levelApplies(level, subject))
}

/** The approvers of a level who may still approve it: those resolved for it, less those who approved another. */
export const eligibleApprovers = (state: ApprovalState, index: number): ReadonlyArray<string> => {
  const elsewhere = new Set(state.approvedBy.flatMap((ids, i) => (i === index ? [] : ids)))
  return (state.approverIds[index] ?? []).filter((id) => !elsewhere.has(id) && !isOwnDocument(id, state))
}

/** Who the waiting level still waits on (the action board and the reminders): its eligible approvers yet to act. */
export const waitingOn = (state: ApprovalState): ReadonlyArray<string> => {
  if (state.status !== "PENDING_APPROVAL" || state.current === null) return []
  const done = state.approvedBy[state.current] ?? []
  return eligibleApprovers(state, state.current).filter((id) => !done.includes(id))
}

/** Whether a level has its approvals: one for mode ONE, every eligible approver's for mode ALL; never none. */
export const levelPassed = (state: ApprovalState, index: number): boolean => {
  const approved = state.approvedBy[index] ?? []
  if (approved.length === 0) return false
  if (state.levels[index]?.mode === "ONE") return true
  return eligibleApprovers(state, index).every((id) => approved.includes(id))
}

/** A timeline entry before the store numbers it. */
export type Entry = Omit<TimelineEntry, "seq">

/** Who acts, as the engine needs it. */
export interface ActingUser {
  readonly userId: string
  readonly displayName: string
}

const entry = (
  state: Pick<ApprovalState, "kind" | "documentId">,
  actor: ActingUser,
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

/**
 * A new round of approval: pending at the first level, or approved at once when no level applies. `version` is
 * the stored state's version (0 for a first submission), which the new state keeps until the store moves it.
 */
export const start = (
  subject: ApprovalSubject,
  levels: ReadonlyArray<WorkflowLevel>,
  approverIds: ReadonlyArray<ReadonlyArray<string>>,
  actor: ActingUser,
  version: number,
  remark: string,
  now: Date
): { readonly state: ApprovalState; readonly entries: ReadonlyArray<Entry> } => {
  const state = new ApprovalState({
    kind: subject.kind,
    documentId: subject.documentId,
    ...(subject.documentNumber === undefined ? {} : { documentNumber: subject.documentNumber }),
    workspaceId: subject.workspaceId,
    title: subject.title,
    requesterId: subject.requesterId,
    createdBy: subject.createdBy,
    status: levels.length === 0 ? "APPROVED" : "PENDING_APPROVAL",
    levels,
    approverIds: levels.map((_, i) => approverIds[i] ?? []),
    current: levels.length === 0 ? null : 0,
    approvedBy: levels.map(() => []),
    superAction: false,
    version
  })
  const submitted = entry(state, actor, "SUBMIT", null, remark, now)
  // Approved at once, and the timeline says why rather than showing a submission that never moves.
  return {
    state,
    entries: levels.length === 0 ? [submitted, entry(state, actor, "AUTO_APPROVE", null, "", now)] : [submitted]
  }
}

/** The outcome of a decision: the new state and what to append to the timeline. */
export interface Decided {
  readonly state: ApprovalState
  readonly entries: ReadonlyArray<Entry>
}

const superActions = {
  APPROVE: ["APPROVED", "SUPER_APPROVE"],
  REJECT: ["REJECTED", "SUPER_REJECT"],
  RETURN: ["RETURNED", "SUPER_RETURN"]
} as const

/** Applies a decision to a pending approval, or says why it may not be taken. */
export const decide = (
  state: ApprovalState,
  actor: ActingUser,
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
      next >= state.levels.length
        ? closed("APPROVED", true)
        : new ApprovalState({ ...state, current: next, superAction: true })
    return Result.succeed({ state: moved, entries: [entry(state, actor, "SKIP", level.level, remark, now)] })
  }
  if (superAct) {
    const [status, action] = superActions[decision.action]
    return Result.succeed({
      state: closed(status, true),
      entries: [entry(state, actor, action, level.level, remark, now)]
    })
  }
  if (!(state.approverIds[index] ?? []).includes(actor.userId)) {
    return Result.fail(new NotAnApprover({ level: level.level }))
  }
  const approvedAt = state.approvedBy.findIndex((ids) => ids.includes(actor.userId))
  if (approvedAt >= 0) return Result.fail(new AlreadyApprovedLevel({ level: state.levels[approvedAt]!.level }))
  if (decision.action === "REJECT" || decision.action === "RETURN") {
    return Result.succeed({
      state: closed(decision.action === "REJECT" ? "REJECTED" : "RETURNED", state.superAction),
      entries: [entry(state, actor, decision.action, level.level, remark, now)]
    })
  }
  const approvedBy = state.approvedBy.map((ids, i) => (i === index ? [...ids, actor.userId] : ids))
  const assignees = [...new Set((decision.nextLevelAssignees ?? []).filter((id) => id !== ""))]
  const approvedEntry = entry(state, actor, "APPROVE", level.level, remark, now, assignees)
  const approved = new ApprovalState({ ...state, approvedBy })
  if (!levelPassed(approved, index)) return Result.succeed({ state: approved, entries: [approvedEntry] })
  const next = index + 1
  if (next >= state.levels.length) {
    return Result.succeed({
      state: new ApprovalState({ ...approved, status: "APPROVED", current: null }),
      entries: [approvedEntry]
    })
  }
  const named = eligibleApprovers(approved, next).filter((id) => assignees.includes(id))
  const approverIds = state.approverIds.map((ids, i) => (i === next && named.length > 0 ? named : ids))
  return Result.succeed({
    state: new ApprovalState({ ...approved, approverIds, current: next }),
    entries: [approvedEntry]
  })
}

/**
 * Withdraws a pending approval: the round ends as RETURNED with nobody waiting on it, so it leaves every action
 * board and the document can be submitted again (a fresh round from the first level). The timeline keeps a
 * WITHDRAW entry at the level that was waiting. Who may withdraw is the document's module's rule (whoever asked
 * for the review); the engine refuses only an approval that is not pending.
 */
export const withdraw = (
  state: ApprovalState,
  actor: ActingUser,
  remark: string,
  now: Date
): Result.Result<Decided, ApprovalNotPending> => {
  if (state.status !== "PENDING_APPROVAL" || state.current === null) {
    return Result.fail(new ApprovalNotPending({ status: state.status }))
  }
  const level = state.levels[state.current]?.level ?? null
  return Result.succeed({
    state: new ApprovalState({ ...state, status: "RETURNED", current: null }),
    entries: [entry(state, actor, "WITHDRAW", level, remark, now)]
  })
}

const decisionOf = (action: ApprovalAction): Decision["action"] =>
  action === "SUPER_APPROVE"
    ? "APPROVE"
    : action === "SUPER_REJECT"
      ? "REJECT"
      : action === "SUPER_RETURN"
        ? "RETURN"
        : action === "SKIP"
          ? "SKIP"
          : action === "REJECT"
            ? "REJECT"
            : action === "RETURN"
              ? "RETURN"
              : "APPROVE"

/**
 * Rebuilds where an approval stands from its timeline and the state its last submission started (which holds the
 * levels snapshotted then): what the timeline says must be what the state says. Entries before the last SUBMIT
 * belong to earlier rounds; reminders and the engine's own approval move nothing.
 */
export const replay = (
  initial: ApprovalState,
  entries: ReadonlyArray<Pick<TimelineEntry, "action" | "actorId" | "assignees">>
): ApprovalState => {
  const lastSubmit = entries.map((e) => e.action).lastIndexOf("SUBMIT")
  let state = initial
  for (const e of entries.slice(lastSubmit + 1)) {
    // The engine's own approval (no level applies) is already the state a submission with no levels starts in.
    if (e.action === "REMIND" || e.action === "SUBMIT" || e.action === "AUTO_APPROVE") continue
    if (e.action === "WITHDRAW") {
      const withdrawn = withdraw(state, { userId: e.actorId, displayName: "" }, "", new Date(0))
      if (Result.isSuccess(withdrawn)) state = withdrawn.success.state
      continue
    }
    const outcome = decide(
      state,
      { userId: e.actorId, displayName: "" },
      {
        action: decisionOf(e.action),
        remark: "",
        isSuperApproval: e.action.startsWith("SUPER_"),
        nextLevelAssignees: e.assignees
      } as Decision,
      e.action.startsWith("SUPER_") || e.action === "SKIP",
      new Date(0)
    )
    if (Result.isSuccess(outcome)) state = outcome.success.state
  }
  return state
}
