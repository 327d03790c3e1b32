import { Clock, Effect, Layer, Option, Result } from "effect"
import { InsufficientPrivileges } from "../access/AccessErrors.ts"
import { requirePrivileges } from "../access/PrivilegeCheck.ts"
import type { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import { NewNotification } from "../notifications/Notification.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { Transactions } from "../shared/Transactions.ts"
import { requireWorkspacePrivilege, WorkspaceMembership } from "../workspaces/WorkspaceMembership.ts"
import { ApprovalNotFound, ApprovalNotPending, InvalidWorkflow } from "./ApprovalErrors.ts"
import { ApprovalRepository, ApproverDirectory, WorkflowRepository } from "./ApprovalPorts.ts"
import { Approvals } from "./Approvals.ts"
import { applicableLevels, decide, type Entry, start } from "./Engine.ts"
import { ApprovalState, type ApprovalSubject, type DocumentKind, Workflow, WorkflowLevel } from "./Workflow.ts"

/** Super approvers (SPEC.md §6: a super approval level exists): the organisation's super users. */
export const isSuperApprover = (actor: Pick<Actor, "roles">): boolean =>
  actor.roles.some((code) => code === "org_super_user" || code.endsWith("_super_admin"))

const notificationTypes = {
  request: "REQUEST_WAITING_FOR_APPROVAL",
  rfq: "RFQ_WAITING_FOR_APPROVAL",
  pre_rfq_approval: "RFQ_WAITING_FOR_APPROVAL",
  order: "ORDER_WAITING_FOR_APPROVAL",
  bill: "BILL_WAITING_FOR_APPROVAL",
  workspace: "WORKSPACE_WAITING_FOR_APPROVAL",
  budget: "BUDGET_WAITING_FOR_APPROVAL"
} as const satisfies Record<DocumentKind, string>

const modules: Record<DocumentKind, string> = {
  request: "requests",
  rfq: "rfqs",
  pre_rfq_approval: "rfqs",
  order: "orders",
  bill: "bills",
  workspace: "workspaces",
  budget: "budgets"
}

/** Where a document is reviewed, after the locale. */
export const documentPath = (kind: DocumentKind, documentId: string): string =>
  kind === "workspace"
    ? `/workspaces/${documentId}/details`
    : kind === "budget"
      ? `/budgets/changes/${documentId}`
      : `/${modules[kind]}/${documentId}`

const decimal = /^\d{1,15}(\.\d{1,6})?$/

/** Why a workflow cannot run, or undefined when it can. */
export const workflowProblem = (workflow: Workflow): string | undefined => {
  for (const [i, level] of workflow.levels.entries()) {
    if (level.level !== i + 1) return `levels must be numbered 1 to ${workflow.levels.length} in order`
    if (level.name.trim() === "") return `level ${level.level} needs a name`
    if (level.approvers.length === 0) return `level ${level.level} needs at least one approver`
    const { minValue, maxValue } = level.criteria
    for (const value of [minValue, maxValue]) {
      if (value !== undefined && value !== null && value !== "" && !decimal.test(value))
        return `level ${level.level} has a value that is not an amount: ${value}`
    }
    if (
      minValue !== undefined &&
      minValue !== null &&
      minValue !== "" &&
      maxValue !== undefined &&
      maxValue !== null &&
      maxValue !== "" &&
      Number(minValue) >= Number(maxValue)
    )
      return `level ${level.level} starts at ${minValue}, which is not below ${maxValue}`
  }
  return undefined
}

/** The approval engine over its stores: the use cases behind `Approvals`. */
export const approvalsLayer = Layer.effect(
  Approvals,
  Effect.gen(function* () {
    const workflows = yield* WorkflowRepository
    const store = yield* ApprovalRepository
    const directory = yield* ApproverDirectory
    const notifications = yield* NotificationRepository
    const transactions = yield* Transactions
    const membership = yield* WorkspaceMembership

    const notify = (actor: Actor, state: ApprovalState, userIds: ReadonlyArray<string>, outcome?: string) =>
      Effect.forEach(
        [...new Set(userIds)],
        (userId) =>
          notifications.insert(
            new Recipient({ orgId: actor.orgId, userId: userId as UserId }),
            new NewNotification({
              module: modules[state.kind],
              type: notificationTypes[state.kind],
              documentId: state.documentId,
              title:
                outcome === undefined
                  ? { en: `${state.title} is waiting for your approval`, ar: `${state.title} بانتظار اعتمادك` }
                  : outcome === "APPROVED"
                    ? { en: `${state.title} was approved`, ar: `تم اعتماد ${state.title}` }
                    : outcome === "REJECTED"
                      ? { en: `${state.title} was rejected`, ar: `تم رفض ${state.title}` }
                      : { en: `${state.title} was returned for changes`, ar: `تمت إعادة ${state.title} للتعديل` },
              notificationBody: state.title,
              url: documentPath(state.kind, state.documentId)
            })
          ),
        { discard: true }
      )

    const waitingOn = (state: ApprovalState) => (state.current === null ? [] : (state.approverIds[state.current] ?? []))

    const after = (actor: Actor, before: ApprovalState | undefined, state: ApprovalState) =>
      state.status === "PENDING_APPROVAL"
        ? before?.current === state.current && before.status === state.status
          ? Effect.void
          : notify(actor, state, waitingOn(state))
        : notify(
            actor,
            state,
            [state.requesterId, state.createdBy].filter((id) => id !== actor.userId),
            state.status
          )

    const resolve = (actor: Actor, subject: ApprovalSubject, levels: ReadonlyArray<WorkflowLevel>) =>
      Effect.forEach(levels, (level) =>
        Effect.gen(function* () {
          const named = level.approvers.flatMap((a) => (a.type === "USER" ? [a.userId] : []))
          const active = yield* directory.activeUsers(actor.orgId, named)
          const byRole = yield* Effect.forEach(
            level.approvers.flatMap((a) => (a.type === "ROLE" ? [a.roleCode] : [])),
            (role) => directory.usersWithRole(actor.orgId, subject.workspaceId, role)
          )
          const ids = [...new Set([...active, ...byRole.flat()])].filter(
            (id) => id !== subject.requesterId && id !== subject.createdBy
          )
          if (ids.length === 0) {
            return yield* new InvalidWorkflow({
              detail: `level ${level.level} (${level.name}) has no active approver other than the requester`
            })
          }
          return ids
        })
      )

    const submit = (actor: Actor, subject: ApprovalSubject) =>
      Effect.gen(function* () {
        const existing = Option.getOrUndefined(yield* store.find(actor.orgId, subject.kind, subject.documentId))
        if (existing !== undefined && existing.status !== "RETURNED") {
          return yield* new ApprovalNotPending({ status: existing.status })
        }
        const own = yield* workflows.find(actor.orgId, subject.workspaceId, subject.kind)
        const workflow =
          Option.isSome(own) || subject.workspaceId === null
            ? own
            : yield* workflows.find(actor.orgId, null, subject.kind)
        const levels = Option.isSome(workflow) ? applicableLevels(workflow.value.levels, subject) : []
        const approverIds = yield* resolve(actor, subject, levels)
        const now = new Date(yield* Clock.currentTimeMillis)
        const version = existing?.version ?? 0
        const started = start(subject, levels, approverIds, actor, version, "", now)
        const saved = yield* store.save(actor.orgId, started.state, version, started.entries)
        yield* after(actor, undefined, saved)
        return saved
      })

    const decideOn: (typeof Approvals)["Service"]["decide"] = (actor, subject, decision) =>
      Effect.gen(function* () {
        const found = yield* store.find(actor.orgId, subject.kind, subject.documentId)
        if (Option.isNone(found)) return yield* new ApprovalNotFound({ documentId: subject.documentId })
        const state = found.value
        const now = new Date(yield* Clock.currentTimeMillis)
        const outcome = decide(state, actor, decision, isSuperApprover(actor), now)
        if (Result.isFailure(outcome)) return yield* outcome.failure
        const saved = yield* store.save(actor.orgId, outcome.success.state, state.version, outcome.success.entries)
        yield* after(actor, state, saved)
        return saved
      })

    const readGuard = (actor: Actor, workspaceId: string | null) =>
      workspaceId === null
        ? requirePrivileges(actor, ["wkp_r_o", "wkp_u_o"])
        : requireWorkspacePrivilege(actor, workspaceId, "wkp", "r").pipe(
            Effect.provideService(WorkspaceMembership, membership),
            Effect.catchTag("WorkspaceNotFound", () =>
              Effect.fail(new InsufficientPrivileges({ required: ["wkp_r_o", "wkp_r_w"] }))
            )
          )

    const writeGuard = (actor: Actor, workspaceId: string | null) =>
      workspaceId === null
        ? requirePrivileges(actor, ["wkp_u_o"])
        : requireWorkspacePrivilege(actor, workspaceId, "wkp", "u").pipe(
            Effect.provideService(WorkspaceMembership, membership),
            Effect.catchTag("WorkspaceNotFound", () =>
              Effect.fail(new InsufficientPrivileges({ required: ["wkp_u_o", "wkp_u_w"] }))
            )
          )

    return Approvals.of({
      submit,
      decide: decideOn,
      remind: (actor, kind, documentId) =>
        transactions.inOrg(
          actor.orgId,
          Effect.gen(function* () {
            const found = yield* store.find(actor.orgId, kind, documentId)
            if (Option.isNone(found)) return yield* new ApprovalNotFound({ documentId })
            const state = found.value
            if (state.status !== "PENDING_APPROVAL") return yield* new ApprovalNotPending({ status: state.status })
            const now = new Date(yield* Clock.currentTimeMillis)
            const level = state.current === null ? null : (state.levels[state.current]?.level ?? null)
            const reminder: Entry = {
              kind,
              documentId,
              action: "REMIND",
              actorId: actor.userId,
              actorName: actor.displayName,
              level,
              remark: "",
              assignees: [],
              at: now
            }
            yield* store.save(actor.orgId, state, state.version, [reminder])
            yield* notify(actor, state, waitingOn(state))
          })
        ),
      state: (actor, kind, documentId) =>
        Effect.flatMap(store.find(actor.orgId, kind, documentId), (found) =>
          Option.isSome(found) ? Effect.succeed(found.value) : Effect.fail(new ApprovalNotFound({ documentId }))
        ),
      timeline: (actor, kind, documentId) => store.timeline(actor.orgId, kind, documentId),
      pending: (actor) => store.pendingFor(actor.orgId, actor.userId),
      workflows: (actor, workspaceId) =>
        Effect.andThen(readGuard(actor, workspaceId), workflows.listForWorkspace(actor.orgId, workspaceId)),
      saveWorkflow: (actor, workflow, expectedVersion) =>
        Effect.gen(function* () {
          yield* writeGuard(actor, workflow.workspaceId)
          const problem = workflowProblem(workflow)
          if (problem !== undefined) return yield* new InvalidWorkflow({ detail: problem })
          return yield* transactions.inOrg(actor.orgId, workflows.save(actor.orgId, workflow, expectedVersion))
        })
    })
  })
)
