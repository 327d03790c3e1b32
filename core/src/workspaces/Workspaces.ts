import { Context, Effect, Layer, Option, Schema } from "effect"
import {
  InsufficientPrivileges,
  type ModuleNotEnabled,
  type WorkspaceCreationDisabled,
  type WorkspaceLimitReached
} from "../access/AccessErrors.ts"
import { privilegesOfRole } from "../access/DefaultRoles.ts"
import { checkWorkspaceCreation } from "../access/WorkspaceCreation.ts"
import { ApproverDirectory } from "../approvals/ApprovalPorts.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { type ApprovalState, ApprovalSubject } from "../approvals/Workflow.ts"
import { endOfPath, statusAfterApproval as statusAfter } from "../documents/ApprovalStatuses.ts"
import { type ApprovalFailure, documentApproval } from "../documents/DocumentApproval.ts"
import { reviewFields } from "../documents/DocumentReview.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  InvalidPage,
  type InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import { type PageParams, type Slice, wholeListPage } from "../shared/Paging.ts"
import {
  blankWorkspaceFields,
  emptyAddress,
  emptyContact,
  type LocationFields,
  type LocationInput,
  type NewWorkspaceInput,
  Workspace,
  WorkspaceCount,
  type WorkspaceFields,
  WorkspacePage,
  type WorkspaceQuery,
  WorkspaceRepository,
  type WorkspaceRole,
  type WorkspaceMember,
  type WorkspaceUpdateInput,
  WorkspaceUser
} from "./Workspace.ts"
import {
  LocationNotFound,
  WorkspaceActionNotAllowed,
  WorkspaceNameTaken,
  WorkspaceNotFound
} from "./WorkspaceErrors.ts"
import { requireWorkspacePrivilege, type PrivilegeAction, WorkspaceMembership } from "./WorkspaceMembership.ts"
import { workspaceKind } from "./WorkspaceKind.ts"
import { workspaceApprovalStatuses, WorkspaceStatus, workspaceStatusMachine } from "./WorkspaceStatus.ts"

/** The module every workspaces route needs enabled, and the prefix of its privileges (SPEC.md §6). */
export const workspacesModule = workspaceKind.module
const privilegeModule = workspaceKind.privilegeModule

/** What each workspaces action asks for (SPEC.md §6 privilege codes, `wkp` module). */
export const workspacePrivileges = workspaceKind.privileges

/** Commands of the workspaces module, and those that first need the right to create workspaces. */
const inModule = { module: workspacesModule }
const creating = { module: workspacesModule, privileges: workspacePrivileges.create }

/** The largest page the list answers: the site reads every workspace at once (SPEC.md §9: page 0, limit 9999). */
export const workspaceListLimit = 9999

/** How many list columns a user may save. */
export const savedColumnsLimit = 50

/** The statuses in which every field may change: before the approval, or after it sent the workspace back. */
export const editableStatuses: ReadonlyArray<WorkspaceStatus> = ["DRAFT", "RETURNED", "SUPER_RETURNED"]

/**
 * The statuses of an approved workspace: its description, remarks, configuration, locations and users still
 * change as the work needs, but not what the approval judged (`approvalFields`). A pending workspace waits for its
 * reviewers and a rejected one is closed, so neither changes at all.
 */
export const approvedStatuses: ReadonlyArray<WorkspaceStatus> = ["APPROVED", "SUPER_APPROVED", "ACTIVE", "INACTIVE"]

/** The fields an approval judged; once approved they change only through a new workspace (copy). */
export const approvalFields = ["name", "code", "classification", "currency", "startDate", "endDate"] as const

/** The statuses from which a workspace is submitted for approval. */
export const submittableStatuses: ReadonlyArray<WorkspaceStatus> = ["DRAFT", "RETURNED", "SUPER_RETURNED"]

/**
 * The statuses from which a workspace is activated: approved (by its reviewers or at once, where no approval level
 * applied to it) or deactivated before. A draft is never activated directly: it goes through submit, so that no
 * workspace skips its approval workflow. Approval does not activate by itself; whoever runs the workspace chooses
 * when it opens for documents.
 */
export const activatableStatuses: ReadonlyArray<WorkspaceStatus> = ["APPROVED", "SUPER_APPROVED", "INACTIVE"]

/**
 * The statuses in which a workspace may be deleted: one that never became usable and is not under review. Once
 * approved, documents may name it, so it is deactivated instead (as Odoo archives rather than deletes).
 */
export const deletableStatuses: ReadonlyArray<WorkspaceStatus> = [
  "DRAFT",
  "RETURNED",
  "SUPER_RETURNED",
  "REJECTED",
  "SUPER_REJECTED"
]

/**
 * The privileges an actor holds inside one workspace: their own, and the workspace-scoped (`_w`) privileges of the
 * role they hold there. So a workspaces_manager of a workspace updates and submits that workspace (wkp_u_w) even
 * when their organisation roles grant nothing of workspaces; everywhere else they have only their own privileges.
 */
export const privilegesInWorkspace = (
  privileges: ReadonlyArray<string>,
  role: WorkspaceRole | undefined
): ReadonlyArray<string> =>
  role === undefined
    ? privileges
    : [...new Set([...privileges, ...privilegesOfRole(role).filter((p) => p.endsWith("_w"))])]

/**
 * The status a workspace takes from its approval's answer: approved, returned or rejected (their super variants
 * when a super approver decided over the levels); anything still waiting leaves it pending.
 */
export const statusAfterApproval = (state: ApprovalState): WorkspaceStatus =>
  statusAfter(workspaceApprovalStatuses, state)

/** `PUT workspaces/review/{id}`: the reviewer's decision, one of the document kit's reviews. */
export class WorkspaceReview extends Schema.Class<WorkspaceReview>("WorkspaceReview")(
  reviewFields(["approve", "return", "reject"])
) {}

/** The list query of `GET workspaces`, as the client sent it. */
export interface WorkspaceListParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
  /** One status or several, comma-separated. */
  readonly status?: string | undefined
  /** One classification or several, comma-separated; `none` asks for unclassified workspaces. */
  readonly classification?: string | undefined
}

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled>
type Found<A, E = never> = Guarded<A, E | WorkspaceNotFound>
type Change<A, E = never> = Found<A, E | WorkspaceActionNotAllowed | VersionConflict | TransactionConflict>
type Creation =
  WorkspaceCreationDisabled | WorkspaceLimitReached | WorkspaceNameTaken | InvalidField | TransactionConflict

/** Workspaces and their lifecycle (SPEC.md §4), checked against §6's privileges. */
export interface WorkspacesShape {
  readonly list: (actor: Actor, params: WorkspaceListParams) => Guarded<WorkspacePage, InvalidField | InvalidPage>
  readonly get: (actor: Actor, id: string) => Found<Workspace>
  /** The workspace's users by name, for whoever may read the workspace (the users tab). */
  readonly members: (actor: Actor, id: string) => Found<ReadonlyArray<WorkspaceMember>>
  /**
   * The active workspaces the actor works in (`GET workspaces/available`): all of them with wkp_r_o, else those
   * they belong to, by name, a page at a time (`wholeListPageSize` when no limit is asked). Needs a login only,
   * since whoever raises a document picks its workspace here; none while the organisation has the workspaces
   * module off.
   */
  readonly available: (
    actor: Actor,
    orgId?: string,
    page?: PageParams
  ) => Effect.Effect<ReadonlyArray<Workspace>, InvalidPage | InvalidPageSize>
  /** The actor's default workspace while they may still use it (active, theirs, module on); none otherwise. */
  readonly defaultWorkspace: (actor: Actor) => Effect.Effect<Workspace | null>
  /**
   * `getAll`: the organisation's count, which the plan's limit counts; otherwise the workspaces the actor sees.
   * Open to whoever may create workspaces or read any.
   */
  readonly count: (actor: Actor, getAll: boolean) => Guarded<WorkspaceCount>
  /**
   * Whether the actor may create a workspace now: a create privilege, creation not turned off, and room under the
   * plan's limit, which is counted only when there is one (the list offers "Create" by it).
   */
  readonly creationAllowed: (actor: Actor) => Effect.Effect<boolean>
  /** A new draft; locations given with an id are LocationNotFound, as a new workspace has none yet. */
  readonly create: (
    actor: Actor,
    input: NewWorkspaceInput,
    origin?: RequestOrigin
  ) => Guarded<Workspace, Creation | LocationNotFound>
  readonly update: (
    actor: Actor,
    input: WorkspaceUpdateInput,
    origin?: RequestOrigin
  ) => Change<Workspace, WorkspaceNameTaken | InvalidField | LocationNotFound>
  /** Submits for approval; with `version`, only the version the submitter read (VersionConflict otherwise). */
  readonly submit: (
    actor: Actor,
    id: string,
    origin?: RequestOrigin,
    version?: number
  ) => Change<Workspace, ApprovalFailure>
  readonly review: (
    actor: Actor,
    id: string,
    review: WorkspaceReview,
    origin?: RequestOrigin
  ) => Change<Workspace, ApprovalFailure>
  readonly activate: (actor: Actor, id: string, origin?: RequestOrigin) => Change<Workspace>
  readonly deactivate: (actor: Actor, id: string, origin?: RequestOrigin) => Change<Workspace>
  readonly setDefault: (actor: Actor, id: string) => Change<Workspace>
  readonly copy: (actor: Actor, id: string, origin?: RequestOrigin) => Found<Workspace, Creation>
  readonly remove: (actor: Actor, id: string, origin?: RequestOrigin) => Change<void>
  readonly saveColumns: (actor: Actor, columns: ReadonlyArray<string>) => Guarded<ReadonlyArray<string>, InvalidField>
  /**
   * Every privilege the actor holds somewhere: their own, and the workspace-scoped (`_w`) ones of each role they
   * hold in a workspace. A route of SPEC.md §6 opens for a privilege held at either level; which documents it then
   * shows is the module's use case's to decide, workspace by workspace.
   */
  readonly privilegesAnywhere: (actor: Actor) => Effect.Effect<ReadonlyArray<string>>
}

const splitList = (value: string | undefined): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")

const trimmed = (value: string | null | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

/** Use cases: workspaces, their locations and users, and their lifecycle. */
export class Workspaces extends Context.Service<Workspaces, WorkspacesShape>()("@tawreed/core/workspaces/Workspaces") {
  static readonly layer = Layer.effect(
    Workspaces,
    Effect.gen(function* () {
      const repository = yield* WorkspaceRepository
      const membership = yield* WorkspaceMembership
      const settings = yield* OrgSettingsRepository
      const people = yield* ApproverDirectory
      const approvals = yield* Approvals
      const approval = documentApproval(approvals, {
        statuses: workspaceApprovalStatuses,
        machine: workspaceStatusMachine
      })
      const { commandOf, guard, enabled, audit: record } = yield* moduleCommands
      const withMembership = Effect.provideService(WorkspaceMembership, membership)

      const orgSettings = (orgId: OrgId) => settings.find(orgId)

      const moduleGuard = (actor: Actor) => guard(actor, inModule)

      /**
       * Whether the organisation runs workspaces. The shell and every document's workspace picker ask for the
       * available and default workspaces on each page, so with the module off those answer none rather than
       * E3003 (as Odoo offers no records of an uninstalled app); every other route refuses with E3003.
       */
      const moduleEnabled = (actor: Actor) => enabled(actor, workspacesModule)

      const found = Effect.fn("Workspaces.found")(function* (orgId: OrgId, id: string) {
        const workspace = yield* repository.find(orgId, id)
        if (Option.isNone(workspace)) return yield* new WorkspaceNotFound({ id })
        return workspace.value
      })

      const roleIn = (workspace: Workspace, userId: string) => workspace.users.find((u) => u.userId === userId)?.role

      const privilegesIn = (actor: Actor, workspace: Workspace) =>
        privilegesInWorkspace(actor.privileges, roleIn(workspace, actor.userId))

      /** The workspace guard with the actor's workspace role counted (see `privilegesInWorkspace`). */
      const access = (actor: Actor, workspace: Workspace, action: PrivilegeAction) =>
        requireWorkspacePrivilege(
          { ...actor, privileges: privilegesIn(actor, workspace) },
          workspace.id,
          privilegeModule,
          action,
          true
        ).pipe(withMembership)

      /** A workspace of the actor's organisation that the actor may act on (`access`). */
      const reachable = Effect.fn("Workspaces.reachable")(function* (
        actor: Actor,
        id: string,
        action: PrivilegeAction
      ) {
        const workspace = yield* found(actor.orgId, id)
        yield* access(actor, workspace, action)
        return workspace
      })

      const withDefault = Effect.fn("Workspaces.withDefault")(function* (actor: Actor, workspace: Workspace) {
        const chosen = yield* repository.defaultOf(actor.orgId, actor.userId)
        return new Workspace({ ...workspace, isDefault: Option.contains(chosen, workspace.id) })
      })

      /**
       * Whose workspaces the actor reads: every one with wkp_r_o, else those they belong to, where their role (or
       * their own wkp_r_w) lets them read; with neither, none at all (InsufficientPrivileges).
       */
      const readScope = Effect.fn("Workspaces.readScope")(function* (actor: Actor) {
        if (actor.privileges.includes("wkp_r_o")) return { memberId: undefined }
        const memberships = yield* repository.membershipsOf(actor.orgId, actor.userId)
        const reads =
          actor.privileges.includes("wkp_r_w") ||
          memberships.some((m) => privilegesInWorkspace(actor.privileges, m.role).includes("wkp_r_w"))
        if (!reads) return yield* new InsufficientPrivileges({ required: [...workspacePrivileges.read] })
        return { memberId: actor.userId }
      })

      const queryOf = Effect.fn("Workspaces.queryOf")(function* (params: WorkspaceListParams) {
        const page = params.page ?? 0
        const limit = params.limit ?? 10
        if (!Number.isSafeInteger(page) || page < 0) return yield* new InvalidPage()
        if (!Number.isSafeInteger(limit) || limit < 1 || limit > workspaceListLimit) {
          return yield* new InvalidField({ field: "pageSize", problem: "outOfRange" })
        }
        const statuses = splitList(params.status)
        for (const status of statuses) {
          if (!Schema.is(WorkspaceStatus)(status)) {
            return yield* new InvalidField({ field: "status", problem: "notOneOf" })
          }
        }
        const classifications = splitList(params.classification).map((c) => (c === "none" ? null : c))
        const query: WorkspaceQuery = {
          search: params.search?.trim() || undefined,
          statuses: statuses.length > 0 ? (statuses as ReadonlyArray<WorkspaceStatus>) : undefined,
          classifications: classifications.length > 0 ? classifications : undefined,
          offset: page * limit,
          limit
        }
        return query
      })

      const list = Effect.fn("Workspaces.list")(function* (actor: Actor, params: WorkspaceListParams) {
        yield* moduleGuard(actor)
        const scope = yield* readScope(actor)
        const query: WorkspaceQuery = { ...(yield* queryOf(params)), ...scope }
        const page = yield* repository.list(actor.orgId, query)
        const { statusList, classificationsList } = yield* repository.filterCounts(actor.orgId, query)
        const { defaultId, columns } = yield* repository.preferencesOf(actor.orgId, actor.userId)
        return new WorkspacePage({
          workspaces: page.workspaces.map((w) => new Workspace({ ...w, isDefault: Option.contains(defaultId, w.id) })),
          totalCount: page.totalCount,
          statusList,
          classificationsList,
          columns
        })
      })

      const get = Effect.fn("Workspaces.get")(function* (actor: Actor, id: string) {
        yield* moduleGuard(actor)
        const workspace = yield* found(actor.orgId, id)
        // Whoever the workspace's approval names reads it too, as Coupa shows approvers what they approve.
        yield* access(actor, workspace, "r").pipe(
          Effect.catch((refusal) =>
            Effect.flatMap(Effect.option(approvals.state(actor, workspaceKind.kind, workspace.id)), (state) =>
              Option.isSome(state) && state.value.approverIds.some((ids) => ids.includes(actor.userId))
                ? Effect.void
                : Effect.fail(refusal)
            )
          )
        )
        return yield* withDefault(actor, workspace)
      })

      const members = Effect.fn("Workspaces.members")(function* (actor: Actor, id: string) {
        const workspace = yield* get(actor, id)
        return yield* repository.members(actor.orgId, workspace.id)
      })

      const usable = Effect.fn("Workspaces.usable")(function* (actor: Actor, slice: Slice) {
        const all = actor.privileges.includes("wkp_r_o")
        const page = yield* repository.list(actor.orgId, {
          statuses: ["ACTIVE"],
          memberId: all ? undefined : actor.userId,
          offset: slice.offset,
          limit: slice.limit
        })
        return page.workspaces
      })

      const available = Effect.fn("Workspaces.available")(function* (
        actor: Actor,
        orgId?: string,
        params?: PageParams
      ) {
        const page = yield* wholeListPage(params)
        // Another organisation's workspaces are never offered: the answer is only ever the actor's own.
        if (orgId !== undefined && orgId !== "" && orgId !== actor.orgId) return []
        if (!(yield* moduleEnabled(actor))) return []
        const workspaces = yield* usable(actor, page)
        const chosen = yield* repository.defaultOf(actor.orgId, actor.userId)
        return workspaces.map((w) => new Workspace({ ...w, isDefault: Option.contains(chosen, w.id) }))
      })

      const defaultWorkspace = Effect.fn("Workspaces.defaultWorkspace")(function* (actor: Actor) {
        if (!(yield* moduleEnabled(actor))) return null
        const chosen = yield* repository.defaultOf(actor.orgId, actor.userId)
        if (Option.isNone(chosen)) return null
        const workspace = yield* repository.find(actor.orgId, chosen.value)
        if (Option.isNone(workspace) || workspace.value.status !== "ACTIVE") return null
        const readable = actor.privileges.includes("wkp_r_o") || roleIn(workspace.value, actor.userId) !== undefined
        return readable ? new Workspace({ ...workspace.value, isDefault: true }) : null
      })

      const creationSettings = Effect.fn("Workspaces.creationSettings")(function* (orgId: OrgId) {
        const found = yield* orgSettings(orgId)
        const admin = Option.map(found, (s) => s.orgConfig.adminConfig)
        return {
          disableWorkspaceCreation: Option.match(admin, {
            onNone: () => false,
            onSome: (a) => a.disableWorkspaceCreation
          }),
          workspacesLimit: Option.match(admin, { onNone: () => null, onSome: (a) => a.workspacesLimit }),
          currency: Option.match(found, { onNone: () => "SAR", onSome: (s) => s.currency })
        }
      })

      const count = Effect.fn("Workspaces.count")(function* (actor: Actor, getAll: boolean) {
        yield* moduleGuard(actor)
        // Whoever may create sees how many there are; anyone else counts within what they may read.
        const creates = workspacePrivileges.create.some((p) => actor.privileges.includes(p))
        const scope = creates
          ? { memberId: actor.privileges.includes("wkp_r_o") ? undefined : actor.userId }
          : yield* readScope(actor)
        const limits = yield* creationSettings(actor.orgId)
        // One count per status, summed: a count reads no workspace, its locations or its users.
        const countOf = (query: WorkspaceQuery) =>
          Effect.map(repository.statusCounts(actor.orgId, query), (counts) =>
            counts.reduce((sum, c) => sum + c.count, 0)
          )
        const total = yield* countOf({ offset: 0, limit: 1 })
        const seen =
          getAll || scope.memberId === undefined
            ? total
            : yield* countOf({ memberId: scope.memberId, offset: 0, limit: 1 })
        return new WorkspaceCount({
          count: seen,
          workspacesLimit: limits.workspacesLimit,
          disableWorkspaceCreation: limits.disableWorkspaceCreation,
          creationAllowed:
            !limits.disableWorkspaceCreation && (limits.workspacesLimit === null || total < limits.workspacesLimit)
        })
      })

      const creationAllowed = Effect.fn("Workspaces.creationAllowed")(function* (actor: Actor) {
        if (!workspacePrivileges.create.some((p) => actor.privileges.includes(p))) return false
        const limits = yield* creationSettings(actor.orgId)
        if (limits.disableWorkspaceCreation) return false
        if (limits.workspacesLimit === null) return true
        const counts = yield* repository.statusCounts(actor.orgId, { offset: 0, limit: 1 })
        return counts.reduce((sum, c) => sum + c.count, 0) < limits.workspacesLimit
      })

      /**
       * Each user once; each one added (or given another role) an active user of the organisation. Users already
       * there stay even if they have since been deactivated, so that an edit elsewhere does not fail on them.
       */
      const checkUsers = Effect.fn("Workspaces.checkUsers")(function* (
        orgId: OrgId,
        users: ReadonlyArray<WorkspaceUser>,
        before: ReadonlyArray<WorkspaceUser>
      ) {
        const seen = new Set<string>()
        for (const user of users) {
          if (seen.has(user.userId)) {
            return yield* new InvalidField({ field: "users", problem: "duplicate" })
          }
          seen.add(user.userId)
        }
        const added = users.filter((u) => !before.some((b) => b.userId === u.userId)).map((u) => u.userId)
        const active = new Set(added.length === 0 ? [] : yield* people.activeUsers(orgId, added))
        const unknown = added.find((id) => !active.has(id))
        if (unknown !== undefined) {
          return yield* new InvalidField({ field: "users", problem: "notActiveUser" })
        }
        return users.map((u) => new WorkspaceUser({ userId: u.userId, role: u.role }))
      })

      /**
       * Nobody grants inside a workspace more than they hold there: each role given or changed must bring only
       * privileges the actor has in that workspace (a workspaces_manager adds viewers and managers, not admins).
       */
      const checkGrants = Effect.fn("Workspaces.checkGrants")(function* (
        held: ReadonlyArray<string>,
        before: ReadonlyArray<WorkspaceUser>,
        after: ReadonlyArray<WorkspaceUser>
      ) {
        const mine = new Set(held)
        for (const user of after) {
          if (before.some((b) => b.userId === user.userId && b.role === user.role)) continue
          const missing = privilegesOfRole(user.role).filter((p) => p.endsWith("_w") && !mine.has(p))
          if (missing.length > 0) return yield* new InsufficientPrivileges({ required: missing })
        }
      })

      const locationsOf = Effect.fn("Workspaces.locationsOf")(function* (
        inputs: ReadonlyArray<LocationInput>,
        existing: ReadonlyArray<LocationFields>
      ) {
        const ids = new Set<string>()
        return yield* Effect.forEach(inputs, (input) =>
          Effect.gen(function* () {
            const before = input.id === undefined ? undefined : existing.find((l) => l.id === input.id)
            if (input.id !== undefined) {
              if (before === undefined) return yield* new LocationNotFound({ id: input.id })
              if (ids.has(input.id)) {
                return yield* new InvalidField({ field: "locations", problem: "duplicate" })
              }
              ids.add(input.id)
            }
            const name = input.name.trim()
            if (name === "") return yield* new InvalidField({ field: "name", problem: "required" })
            const location: LocationFields = {
              ...(input.id === undefined ? {} : { id: input.id }),
              name,
              status: input.status ?? before?.status ?? "ACTIVE",
              description: input.description?.trim() ?? before?.description ?? "",
              addressType: input.addressType ?? before?.addressType ?? "Office",
              address: input.address ?? before?.address ?? emptyAddress,
              contactInfo: input.contactInfo ?? before?.contactInfo ?? emptyContact
            }
            return location
          })
        )
      })

      /** Checks the fields of a new or changed workspace; `base` gives what the input leaves out. */
      const fieldsOf = Effect.fn("Workspaces.fieldsOf")(function* (
        actor: Actor,
        input: Partial<NewWorkspaceInput>,
        base: WorkspaceFields
      ) {
        const name = (input.name ?? base.name).trim()
        if (name === "") return yield* new InvalidField({ field: "name", problem: "required" })
        const startDate = input.startDate === undefined ? base.startDate : input.startDate
        const endDate = input.endDate === undefined ? base.endDate : input.endDate
        if (startDate !== null && endDate !== null && endDate < startDate) {
          return yield* new InvalidField({ field: "endDate", problem: "endBeforeStart" })
        }
        const requesterId = input.requesterId ?? base.requesterId
        if (requesterId !== base.requesterId && (yield* people.activeUsers(actor.orgId, [requesterId])).length === 0) {
          return yield* new InvalidField({ field: "requesterId", problem: "notActiveUser" })
        }
        const fields: WorkspaceFields = {
          name,
          code: input.code === undefined ? base.code : trimmed(input.code),
          description: input.description?.trim() ?? base.description,
          remarks: input.remarks?.trim() ?? base.remarks,
          classification: input.classification === undefined ? base.classification : trimmed(input.classification),
          startDate,
          endDate,
          currency: input.currency ?? base.currency,
          config: input.config ?? base.config,
          locations:
            input.locations === undefined ? base.locations : yield* locationsOf(input.locations, base.locations),
          users: input.users === undefined ? base.users : yield* checkUsers(actor.orgId, input.users, base.users),
          requesterId
        }
        return fields
      })

      /** A creator who could not otherwise read what they made joins it as its admin. */
      const withCreator = (actor: Actor, users: ReadonlyArray<WorkspaceUser>): ReadonlyArray<WorkspaceUser> =>
        actor.privileges.includes("wkp_r_o") || users.some((u) => u.userId === actor.userId)
          ? users
          : [...users, new WorkspaceUser({ userId: actor.userId, role: "workspaces_admin" })]

      /** Refuses a create when the admin config disables it or the plan's limit is reached; holds the lock. */
      const checkCreation = Effect.fn("Workspaces.checkCreation")(function* (orgId: OrgId) {
        const limits = yield* creationSettings(orgId)
        const existing = yield* repository.countForCreate(orgId)
        yield* checkWorkspaceCreation({
          disableWorkspaceCreation: limits.disableWorkspaceCreation,
          workspacesLimit: limits.workspacesLimit ?? undefined,
          workspaceCount: existing
        })
      })

      const insert = Effect.fn("Workspaces.insert")(function* (
        actor: Actor,
        fields: WorkspaceFields,
        origin: RequestOrigin,
        detail: Readonly<Record<string, string>>
      ) {
        yield* checkCreation(actor.orgId)
        if (yield* repository.nameExists(actor.orgId, fields.name)) {
          return yield* new WorkspaceNameTaken({ name: fields.name })
        }
        const made = yield* repository.create(actor.orgId, fields, workspaceStatusMachine.initial, actor.userId)
        yield* record(actor, "workspace.created", origin, { workspaceId: made.id, name: made.name, ...detail })
        return yield* withDefault(actor, made)
      })

      const create = commandOf(
        "Workspaces.create",
        creating,
        function* (actor: Actor, input: NewWorkspaceInput, origin: RequestOrigin = noOrigin) {
          const limits = yield* creationSettings(actor.orgId)
          const blank = blankWorkspaceFields(input.name, limits.currency, actor.userId)
          const checked = yield* fieldsOf(actor, input, blank)
          yield* checkGrants(actor.privileges, [], checked.users)
          const fields = { ...checked, users: withCreator(actor, checked.users) }
          return yield* insert(actor, fields, origin, {})
        }
      )

      const fieldsOfWorkspace = (w: Workspace): WorkspaceFields => ({
        name: w.name,
        code: w.code,
        description: w.description,
        remarks: w.remarks,
        classification: w.classification,
        startDate: w.startDate,
        endDate: w.endDate,
        currency: w.currency,
        config: w.config,
        locations: w.locations,
        users: w.users,
        requesterId: w.requesterId
      })

      const save = Effect.fn("Workspaces.save")(function* (
        orgId: OrgId,
        id: string,
        fields: WorkspaceFields,
        version: number
      ) {
        const saved = yield* repository.update(orgId, id, fields, version)
        if (Option.isNone(saved)) return yield* new WorkspaceNotFound({ id })
        return saved.value
      })

      const update = commandOf(
        "Workspaces.update",
        inModule,
        function* (actor: Actor, input: WorkspaceUpdateInput, origin: RequestOrigin = noOrigin) {
          const workspace = yield* reachable(actor, input.id, "u")
          if (input.version !== workspace.version) {
            return yield* new VersionConflict({ entity: "workspace", id: workspace.id })
          }
          const before = fieldsOfWorkspace(workspace)
          const fields = yield* fieldsOf(actor, input, before)
          if (!editableStatuses.includes(workspace.status)) {
            if (!approvedStatuses.includes(workspace.status)) {
              return yield* new WorkspaceActionNotAllowed({ action: "update", status: workspace.status })
            }
            const changed = approvalFields.filter((f) => fields[f] !== before[f])
            if (changed.length > 0) {
              // What the approval judged stays; the refusal names those fields (approvalFields) together.
              return yield* new WorkspaceActionNotAllowed({ action: "changeApproved", status: workspace.status })
            }
          }
          if (fields.name !== workspace.name && (yield* repository.nameExists(actor.orgId, fields.name))) {
            return yield* new WorkspaceNameTaken({ name: fields.name })
          }
          yield* checkGrants(privilegesIn(actor, workspace), workspace.users, fields.users)
          const saved = yield* save(actor.orgId, workspace.id, fields, input.version)
          yield* record(actor, "workspace.updated", origin, { workspaceId: saved.id, name: saved.name })
          return yield* withDefault(actor, saved)
        }
      )

      /** Moves a workspace along its machine, with the audit entry, in the caller's transaction. */
      const move = Effect.fn("Workspaces.move")(function* (
        actor: Actor,
        workspace: Workspace,
        path: ReadonlyArray<WorkspaceStatus>,
        action: string,
        origin: RequestOrigin
      ) {
        const to = endOfPath(workspaceStatusMachine, workspace.status, path)
        if (to === undefined) return yield* new WorkspaceActionNotAllowed({ action, status: workspace.status })
        if (path.length === 0) return workspace
        const saved = yield* repository.setStatus(actor.orgId, workspace.id, to, workspace.version)
        if (Option.isNone(saved)) return yield* new WorkspaceNotFound({ id: workspace.id })
        yield* record(actor, "workspace.status_changed", origin, {
          workspaceId: workspace.id,
          action,
          from: workspace.status,
          to
        })
        return saved.value
      })

      const subjectOf = (workspace: Workspace) =>
        new ApprovalSubject({
          kind: workspaceKind.kind,
          documentId: workspace.id,
          documentNumber: workspace.number,
          workspaceId: null,
          title: workspace.name,
          requesterId: workspace.requesterId,
          createdBy: workspace.createdBy,
          value: "0",
          categories: [],
          requestClassification: workspace.classification
        })

      const submit = commandOf(
        "Workspaces.submit",
        inModule,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin, version?: number) {
          const workspace = yield* reachable(actor, id, "u")
          if (version !== undefined && version !== workspace.version) {
            return yield* new VersionConflict({ entity: "workspace", id: workspace.id })
          }
          if (!submittableStatuses.includes(workspace.status)) {
            return yield* new WorkspaceActionNotAllowed({ action: "submit", status: workspace.status })
          }
          const { path } = yield* approval.submit(actor, subjectOf(workspace), workspace.status)
          return yield* withDefault(actor, yield* move(actor, workspace, path, "submit", origin))
        }
      )

      const review = commandOf(
        "Workspaces.review",
        inModule,
        function* (actor: Actor, id: string, decision: WorkspaceReview, origin: RequestOrigin = noOrigin) {
          // Reviewers need no workspaces privilege: the approval engine decides who approves (NotAnApprover).
          const workspace = yield* found(actor.orgId, id)
          if (workspace.status !== "PENDING") {
            return yield* new WorkspaceActionNotAllowed({ action: "review", status: workspace.status })
          }
          const { status, pending } = yield* approval.review(actor, subjectOf(workspace), decision)
          const moved = pending ? workspace : yield* move(actor, workspace, [status], decision.action, origin)
          return yield* withDefault(actor, moved)
        }
      )

      const statusChange = (
        action: "activate" | "deactivate",
        from: ReadonlyArray<WorkspaceStatus>,
        to: WorkspaceStatus
      ) =>
        commandOf(
          `Workspaces.${action}`,
          inModule,
          function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
            const workspace = yield* reachable(actor, id, "u")
            if (!from.includes(workspace.status)) {
              return yield* new WorkspaceActionNotAllowed({ action, status: workspace.status })
            }
            return yield* withDefault(actor, yield* move(actor, workspace, [to], action, origin))
          }
        )

      const setDefault = commandOf("Workspaces.setDefault", inModule, function* (actor: Actor, id: string) {
        const workspace = yield* reachable(actor, id, "r")
        if (workspace.status !== "ACTIVE") {
          return yield* new WorkspaceActionNotAllowed({ action: "setDefault", status: workspace.status })
        }
        yield* repository.setDefault(actor.orgId, actor.userId, workspace.id)
        return new Workspace({ ...workspace, isDefault: true })
      })

      /** The first of "<name> (copy)", "<name> (copy 2)", … that no workspace has. */
      const copyName = Effect.fn("Workspaces.copyName")(function* (orgId: OrgId, name: string) {
        for (let n = 1; ; n++) {
          const candidate = `${name} (copy${n === 1 ? "" : ` ${n}`})`
          if (!(yield* repository.nameExists(orgId, candidate))) return candidate
        }
      })

      const copy = commandOf(
        "Workspaces.copy",
        creating,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const source = yield* reachable(actor, id, "r")
          const fields: WorkspaceFields = {
            ...fieldsOfWorkspace(source),
            name: yield* copyName(actor.orgId, source.name),
            locations: source.locations.map(({ id: _id, ...location }) => location),
            users: withCreator(actor, source.users),
            requesterId: actor.userId
          }
          return yield* insert(actor, fields, origin, { copiedFrom: source.id })
        }
      )

      const remove = commandOf(
        "Workspaces.remove",
        inModule,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const workspace = yield* reachable(actor, id, "d")
          if (!deletableStatuses.includes(workspace.status)) {
            return yield* new WorkspaceActionNotAllowed({ action: "delete", status: workspace.status })
          }
          if (!(yield* repository.remove(actor.orgId, workspace.id))) return yield* new WorkspaceNotFound({ id })
          yield* record(actor, "workspace.deleted", origin, { workspaceId: workspace.id, name: workspace.name })
        }
      )

      const saveColumns = Effect.fn("Workspaces.saveColumns")(function* (actor: Actor, columns: ReadonlyArray<string>) {
        yield* moduleGuard(actor)
        yield* readScope(actor)
        const kept = [...new Set(columns.map((c) => c.trim()).filter((c) => c !== ""))]
        if (kept.length > savedColumnsLimit) return yield* new InvalidField({ field: "columns", problem: "tooMany" })
        if (kept.some((c) => c.length > 60)) return yield* new InvalidField({ field: "columns", problem: "tooLong" })
        yield* repository.saveColumns(actor.orgId, actor.userId, kept)
        return kept
      })

      const privilegesAnywhere = Effect.fn("Workspaces.privilegesAnywhere")(function* (actor: Actor) {
        const memberships = yield* repository.membershipsOf(actor.orgId, actor.userId)
        return [...new Set([...actor.privileges, ...memberships.flatMap((m) => privilegesInWorkspace([], m.role))])]
      })

      return Workspaces.of({
        list,
        get,
        members,
        available,
        defaultWorkspace,
        count,
        creationAllowed,
        create,
        update,
        submit,
        review,
        activate: statusChange("activate", activatableStatuses, "ACTIVE"),
        deactivate: statusChange("deactivate", ["ACTIVE"], "INACTIVE"),
        setDefault,
        copy,
        remove,
        saveColumns,
        privilegesAnywhere
      })
    })
  )
}
