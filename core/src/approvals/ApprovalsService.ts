import { BigDecimal, Clock, Effect, Layer, Option, Result } from "effect"
import { InsufficientPrivileges } from "../access/AccessErrors.ts"
import { requirePrivileges } from "../access/PrivilegeCheck.ts"
import type { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import { NewNotification } from "../notifications/Notification.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { OrgSettingsRepository, requireOrgModule } from "../organisations/OrgSettingsRepository.ts"
import { AuditEvent, AuditLog, type AuditEventName } from "../shared/AuditLog.ts"
import type { FieldProblem } from "../shared/Fields.ts"
import { wholeListPage } from "../shared/Paging.ts"
import { Transactions } from "../shared/Transactions.ts"
import { readingWorkspaceOf } from "../documents/DocumentKindDescriptor.ts"
import { documentKinds, documentPath as pathOf } from "../documents/DocumentKinds.ts"
import { requireWorkspacePrivilege, WorkspaceMembership } from "../workspaces/WorkspaceMembership.ts"
import { approvalNoticeTitles } from "./ApprovalNotices.ts"
import {
  ApprovalNotFound,
  ApprovalNotPending,
  InvalidWorkflow,
  LevelWithoutApprover,
  WorkflowNotFound
} from "./ApprovalErrors.ts"
import { ApprovalRepository, ApproverDirectory, WorkflowRepository } from "./ApprovalPorts.ts"
import { Approvals } from "./Approvals.ts"
import {
  applicableLevels,
  decide,
  decimalOf,
  type Entry,
  isSuperApprover,
  start,
  waitingOn,
  withdraw as withdrawn
} from "./Engine.ts"
import type { ApprovalState, ApprovalSubject, DocumentKind, Workflow, WorkflowLevel } from "./Workflow.ts"

/** The module an organisation must have enabled to edit approval workflows (the workspaces' approval-flow tab). */
const workflowsModule = "workspaces"

/** Where a document is reviewed, after the locale (its kind's descriptor says). */
export const documentPath = (kind: DocumentKind, documentId: string): string => pathOf(kind, documentId)

const given = (value: string | null | undefined): value is string =>
  value !== undefined && value !== null && value.trim() !== ""

/**
 * Why a workflow cannot run, or undefined when it can: the first level that cannot, the field at fault and the
 * problem, as codes the catalogue puts in words (E2020).
 */
export const workflowProblem = (workflow: Workflow): InvalidWorkflow | undefined => {
  for (const [i, level] of workflow.levels.entries()) {
    const at = i + 1
    const invalid = (field: string, problem: FieldProblem) => new InvalidWorkflow({ level: at, field, problem })
    if (level.level !== at) return invalid("levels", "notInOrder")
    if (level.name.trim() === "") return invalid("name", "required")
    if (level.approvers.length === 0) return invalid("approvers", "atLeastOne")
    for (const approver of level.approvers) {
      if (approver.type === "USER" && approver.userId.trim() === "") return invalid("userId", "required")
      if (approver.type === "ROLE" && approver.roleCode.trim() === "") return invalid("roleCode", "required")
    }
    const { minValue, maxValue } = level.criteria
    const notAmount = (value: string | null | undefined) =>
      given(value) && (Option.isNone(decimalOf(value)) || value.trim().startsWith("-"))
    if (notAmount(minValue)) return invalid("minValue", "notAnAmount")
    if (notAmount(maxValue)) return invalid("maxValue", "notAnAmount")
    const [min, max] = [
      given(minValue) ? decimalOf(minValue) : Option.none(),
      given(maxValue) ? decimalOf(maxValue) : Option.none()
    ]
    if (Option.isSome(min) && Option.isSome(max) && BigDecimal.isGreaterThanOrEqualTo(min.value, max.value))
      return invalid("maxValue", "notAboveMinimum")
  }
  return undefined
}

/**
 * Reading workflows: `wkp_r_o` or `wkp_u_o` for the organisation's own; inside a workspace, reading it
 * (`wkp_r_o`, or `wkp_r_w` as one of its users). A workspace the actor may not see reads as a refusal.
 */
export const requireWorkflowRead = (actor: Actor, workspaceId: string | null) =>
  workspaceId === null
    ? requirePrivileges(actor, ["wkp_r_o", "wkp_u_o"])
    : requireWorkspacePrivilege(actor, workspaceId, "wkp", "r").pipe(
        Effect.catchTag("WorkspaceNotFound", () =>
          Effect.fail(new InsufficientPrivileges({ required: ["wkp_r_o", "wkp_r_w"] }))
        )
      )

/** Changing workflows: `wkp_u_o` for the organisation's own; inside a workspace, `wkp_u_o` or `wkp_u_w` there. */
export const requireWorkflowWrite = (actor: Actor, workspaceId: string | null) =>
  workspaceId === null
    ? requirePrivileges(actor, ["wkp_u_o"])
    : requireWorkspacePrivilege(actor, workspaceId, "wkp", "u").pipe(
        Effect.catchTag("WorkspaceNotFound", () =>
          Effect.fail(new InsufficientPrivileges({ required: ["wkp_u_o", "wkp_u_w"] }))
        )
      )

/** The workspaces module, where workflows are edited, must be enabled in the organisation's settings. */
const requireWorkflowsModule = (actor: Actor) =>
  Effect.flatMap(Effect.service(OrgSettingsRepository), (settings) =>
    requireOrgModule(settings, actor.orgId, workflowsModule)
  )

/**
 * `GET workflows/{id}`: one workflow, to whoever may read its workspace's workflows (or the organisation's). One
 * the actor may not read is WorkflowNotFound, like one of another organisation, so ids do not leak.
 */
export const workflowById = (actor: Actor, id: string) =>
  Effect.gen(function* () {
    yield* requireWorkflowsModule(actor)
    const repository = yield* WorkflowRepository
    const found = yield* repository.get(actor.orgId, id)
    if (Option.isNone(found)) return yield* new WorkflowNotFound({ id })
    yield* requireWorkflowRead(actor, found.value.workspaceId).pipe(
      Effect.catchTag("InsufficientPrivileges", () => Effect.fail(new WorkflowNotFound({ id })))
    )
    return found.value
  })

/**
 * The approval engine over its stores: the use cases behind `Approvals`. What it says of each kind (its module,
 * notification type, read privileges and page) comes from the kind's descriptor (`core/src/documents`).
 *
 * - A document uses its workspace's workflow for its kind, else the organisation's (workspace null); with neither,
 *   or no level whose criteria hold, it is approved on submission.
 * - USER approvers count only while they are active users; ROLE approvers are the active holders of the role in the
 *   document's workspace (in the organisation for documents without one). The requester and creator are never
 *   among them. A level left with nobody refuses the submission (E2020), so no document waits on no one.
 * - Every submission and decision appends its timeline entries with the state change, and writes the audit log
 *   (kind, document, action, level and status before and after, remark) in the caller's transaction.
 * - A document's approval and timeline are read by those involved (requester, creator, the levels' approvers),
 *   super approvers, and holders of the kind's read privilege (organisation-wide, or within the document's
 *   workspace); anyone else is told there is none.
 */
export const approvalsLayer = Layer.effect(
  Approvals,
  Effect.gen(function* () {
    const workflows = yield* WorkflowRepository
    const store = yield* ApprovalRepository
    const directory = yield* ApproverDirectory
    const notifications = yield* NotificationRepository
    const transactions = yield* Transactions
    const membership = yield* WorkspaceMembership
    const audit = yield* AuditLog
    const orgSettings = yield* OrgSettingsRepository

    const withServices = <A, E>(
      work: Effect.Effect<A, E, WorkspaceMembership | OrgSettingsRepository | WorkflowRepository>
    ) =>
      work.pipe(
        Effect.provideService(WorkspaceMembership, membership),
        Effect.provideService(OrgSettingsRepository, orgSettings),
        Effect.provideService(WorkflowRepository, workflows)
      )

    const record = (actor: Actor, event: AuditEventName, detail: Readonly<Record<string, string>>) =>
      audit.record(new AuditEvent({ orgId: actor.orgId, actorId: actor.userId, event, address: null, detail }))

    const levelOf = (state: ApprovalState): string =>
      state.current === null ? "" : String(state.levels[state.current]?.level ?? "")

    /** The audit line of a state change: what moved, from where to where, who said what. */
    const recordChange = (actor: Actor, before: ApprovalState | undefined, after: ApprovalState, entry: Entry) =>
      record(actor, "approval.status_changed", {
        kind: after.kind,
        documentId: after.documentId,
        action: entry.action,
        from: before?.status ?? "",
        to: after.status,
        fromLevel: before === undefined ? "" : levelOf(before),
        toLevel: levelOf(after),
        remark: entry.remark
      })

    const notify = (actor: Actor, state: ApprovalState, userIds: ReadonlyArray<string>, outcome?: string) =>
      Effect.forEach(
        [...new Set(userIds)],
        (userId) =>
          notifications.insert(
            new Recipient({ orgId: actor.orgId, userId: userId as UserId }),
            new NewNotification({
              module: documentKinds[state.kind].module,
              type: documentKinds[state.kind].notificationType,
              // The label reads '{Module} #{id}' (SPEC.md §3): the number people know; the address keeps the id.
              documentId: state.documentNumber ?? state.documentId,
              title: approvalNoticeTitles(
                state.kind,
                state.title,
                outcome === "APPROVED" || outcome === "REJECTED"
                  ? outcome
                  : outcome === undefined
                    ? "WAITING"
                    : "RETURNED"
              ),
              notificationBody: state.title,
              url: documentPath(state.kind, state.documentId)
            })
          ),
        { discard: true }
      )

    /** Tells the next level it is waiting, or the requester and creator how it ended. */
    const after = (actor: Actor, before: ApprovalState | undefined, state: ApprovalState) =>
      state.status === "PENDING_APPROVAL"
        ? before?.current === state.current && before.status === state.status
          ? Effect.void
          : notify(actor, state, waitingOn(state))
        : notify(
            actor,
            state,
            documentKinds[state.kind].outsideRequester === true
              ? []
              : [state.requesterId, state.createdBy].filter((id) => id !== actor.userId),
            state.status
          )

    const resolve = (actor: Actor, subject: ApprovalSubject, levels: ReadonlyArray<WorkflowLevel>) =>
      Effect.forEach(levels, (level) =>
        Effect.gen(function* () {
          const named = level.approvers.flatMap((a) => (a.type === "USER" ? [a.userId] : []))
          const active = named.length === 0 ? [] : yield* directory.activeUsers(actor.orgId, named)
          const byRole = yield* Effect.forEach(
            level.approvers.flatMap((a) => (a.type === "ROLE" ? [a.roleCode] : [])),
            (role) => directory.usersWithRole(actor.orgId, subject.workspaceId, role)
          )
          const ids = [...new Set([...active, ...byRole.flat()])].filter(
            (id) => id !== subject.requesterId && id !== subject.createdBy
          )
          if (ids.length === 0) {
            return yield* new LevelWithoutApprover({ level: level.level, name: level.name })
          }
          return ids
        })
      )

    const submit: Approvals["Service"]["submit"] = (actor, subject) =>
      Effect.gen(function* () {
        const existing = Option.getOrUndefined(yield* store.find(actor.orgId, subject.kind, subject.documentId))
        // A returned document starts a new round; so does one reopened after its approval (a request its buyer
        // sent back), which its own module lets through only from its editable statuses.
        if (existing !== undefined && existing.status !== "RETURNED" && existing.status !== "APPROVED") {
          return yield* new ApprovalNotPending({ status: existing.status })
        }
        const own = yield* workflows.find(actor.orgId, subject.workspaceId, subject.kind)
        const workflow =
          Option.isSome(own) || subject.workspaceId === null
            ? own
            : yield* workflows.find(actor.orgId, null, subject.kind)
        const levels = Option.isSome(workflow) ? applicableLevels(workflow.value, subject) : []
        const approverIds = yield* resolve(actor, subject, levels)
        const now = new Date(yield* Clock.currentTimeMillis)
        const version = existing?.version ?? 0
        const started = start(subject, levels, approverIds, actor, version, "", now)
        const saved = yield* store.save(actor.orgId, started.state, version, started.entries)
        yield* recordChange(actor, existing, saved, started.entries[0]!)
        yield* after(actor, undefined, saved)
        return saved
      })

    const decideOn: Approvals["Service"]["decide"] = (actor, subject, decision) =>
      Effect.gen(function* () {
        const found = yield* store.find(actor.orgId, subject.kind, subject.documentId)
        if (Option.isNone(found)) return yield* new ApprovalNotFound({ documentId: subject.documentId })
        const state = found.value
        const now = new Date(yield* Clock.currentTimeMillis)
        const outcome = decide(state, actor, decision, isSuperApprover(actor), now)
        if (Result.isFailure(outcome)) return yield* outcome.failure
        const saved = yield* store.save(actor.orgId, outcome.success.state, state.version, outcome.success.entries)
        for (const entry of outcome.success.entries) yield* recordChange(actor, state, saved, entry)
        yield* after(actor, state, saved)
        return saved
      })

    const withdraw: Approvals["Service"]["withdraw"] = (actor, kind, documentId, remark) =>
      Effect.gen(function* () {
        const found = yield* store.find(actor.orgId, kind, documentId)
        if (Option.isNone(found)) return yield* new ApprovalNotFound({ documentId })
        const state = found.value
        const now = new Date(yield* Clock.currentTimeMillis)
        const outcome = withdrawn(state, actor, remark, now)
        if (Result.isFailure(outcome)) return yield* outcome.failure
        const saved = yield* store.save(actor.orgId, outcome.success.state, state.version, outcome.success.entries)
        for (const entry of outcome.success.entries) yield* recordChange(actor, state, saved, entry)
        // The step is no longer anyone's to take: its notices close with it.
        const url = documentPath(kind, documentId)
        const type = documentKinds[kind].notificationType
        yield* Effect.forEach(
          [...new Set(state.approverIds.flat())],
          (userId) =>
            notifications.markDocumentRead(new Recipient({ orgId: actor.orgId, userId: userId as UserId }), type, url),
          { discard: true }
        )
        return saved
      })

    /** Whether the actor may follow this approval (see the layer's doc). */
    const mayRead = (actor: Actor, state: ApprovalState) =>
      Effect.gen(function* () {
        if (
          actor.userId === state.requesterId ||
          actor.userId === state.createdBy ||
          state.approverIds.some((ids) => ids.includes(actor.userId)) ||
          isSuperApprover(actor)
        )
          return true
        const descriptor = documentKinds[state.kind]
        const [orgWide, ownWorkspaces] = descriptor.privileges.read
        if (actor.privileges.includes(orgWide)) return true
        const workspaceId = readingWorkspaceOf(descriptor, state)
        if (workspaceId === null || !actor.privileges.includes(ownWorkspaces)) return false
        return (yield* membership.workspacesOf(actor.orgId, actor.userId)).includes(workspaceId)
      })

    /** The approval of a document, if there is one the actor may follow. */
    const visible = (actor: Actor, kind: DocumentKind, documentId: string) =>
      Effect.gen(function* () {
        const found = yield* store.find(actor.orgId, kind, documentId)
        if (Option.isNone(found) || !(yield* mayRead(actor, found.value))) {
          return yield* new ApprovalNotFound({ documentId })
        }
        return found.value
      })

    /** How often a reminder reads the workflow again when a concurrent write moved it first. */
    const reminderRetries = 8

    return Approvals.of({
      submit,
      decide: decideOn,
      withdraw,
      remind: (actor, kind, documentId) =>
        transactions.inOrg(
          actor.orgId,
          Effect.gen(function* () {
            const state = yield* visible(actor, kind, documentId)
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
          }).pipe(
            // Reminders sent at once each stand: one that met another's write reads the workflow again.
            Effect.retry({ while: (error) => error._tag === "VersionConflict", times: reminderRetries })
          )
        ),
      state: visible,
      timeline: (actor, kind, documentId) =>
        visible(actor, kind, documentId).pipe(
          Effect.andThen(store.timeline(actor.orgId, kind, documentId)),
          Effect.catchTag("ApprovalNotFound", () => Effect.succeed([]))
        ),
      pending: (actor, params) =>
        Effect.flatMap(wholeListPage(params), (page) => store.pendingFor(actor.orgId, actor.userId, page)),
      workflows: (actor, workspaceId, params) =>
        withServices(
          Effect.gen(function* () {
            yield* requireWorkflowsModule(actor)
            yield* requireWorkflowRead(actor, workspaceId)
            return yield* workflows.listForWorkspace(actor.orgId, workspaceId, yield* wholeListPage(params))
          })
        ),
      saveWorkflow: (actor, workflow, expectedVersion) =>
        withServices(
          Effect.gen(function* () {
            yield* requireWorkflowsModule(actor)
            yield* requireWorkflowWrite(actor, workflow.workspaceId)
            const problem = workflowProblem(workflow)
            if (problem !== undefined) return yield* problem
            return yield* transactions.inOrg(
              actor.orgId,
              Effect.gen(function* () {
                const saved = yield* workflows.save(actor.orgId, workflow, expectedVersion)
                yield* record(actor, "workflow.saved", {
                  workflowId: saved.id,
                  workspaceId: saved.workspaceId ?? "",
                  kind: saved.kind,
                  levels: String(saved.levels.length),
                  version: String(saved.version)
                })
                return saved
              })
            )
          })
        )
    })
  })
)
