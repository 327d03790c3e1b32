import { Clock, Effect, Layer, Option } from "effect"
import { ApproverDirectory } from "../../approvals/ApprovalPorts.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import {
  ClassificationCount,
  Location,
  type Membership,
  type WorkspaceMember,
  Workspace,
  type WorkspaceFields,
  WorkspaceMembership,
  WorkspaceNameTaken,
  type WorkspaceQuery,
  WorkspaceRepository,
  WorkspaceStatus,
  WorkspaceStatusCount
} from "../../workspaces/index.ts"
import { nextDocumentNumber } from "./MemoryDocumentNumbers.ts"
import { MemoryIdentityStore } from "./MemoryIdentity.ts"

interface Row {
  readonly orgId: string
  readonly workspace: Workspace
}

/** What the workspaces adapters keep beside the identity store. */
interface WorkspaceStore {
  readonly workspaces: Map<string, Row>
  /** By `orgId/userId`. */
  readonly defaults: Map<string, string>
  readonly columns: Map<string, ReadonlyArray<string>>
}

const stores = new WeakMap<object, WorkspaceStore>()
const storeOf = (identity: object): WorkspaceStore => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { workspaces: new Map(), defaults: new Map(), columns: new Map() }
    stores.set(identity, found)
  }
  return found
}

const withStores = <S>(f: (identity: MemoryIdentityStore["Service"], store: WorkspaceStore) => S) =>
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => f(identity, storeOf(identity)))

const userKey = (orgId: string, userId: string) => `${orgId}/${userId}`

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

const build = (
  id: string,
  fields: WorkspaceFields,
  rest: Pick<Workspace, "number" | "status" | "createdBy" | "version" | "createdAt" | "updatedAt">
): Workspace =>
  new Workspace({
    id,
    name: fields.name,
    code: fields.code,
    description: fields.description,
    remarks: fields.remarks,
    classification: fields.classification,
    startDate: fields.startDate,
    endDate: fields.endDate,
    currency: fields.currency,
    isDefault: false,
    config: fields.config,
    locations: fields.locations.map(
      (l) =>
        new Location({
          id: l.id ?? crypto.randomUUID(),
          name: l.name,
          status: l.status,
          description: l.description,
          workspaceId: id,
          addressType: l.addressType,
          address: l.address,
          contactInfo: l.contactInfo
        })
    ),
    users: [...fields.users],
    requesterId: fields.requesterId,
    ...rest
  })

const matches = (row: Row, orgId: OrgId, query: WorkspaceQuery, ignore: "statuses" | "classifications" | null) => {
  const w = row.workspace
  if (row.orgId !== orgId) return false
  if (query.search !== undefined) {
    const text = `${w.name} ${w.code ?? ""} ${w.description}`.toLowerCase()
    if (!text.includes(query.search.toLowerCase())) return false
  }
  if (ignore !== "statuses" && query.statuses !== undefined && !query.statuses.includes(w.status)) return false
  if (
    ignore !== "classifications" &&
    query.classifications !== undefined &&
    !query.classifications.includes(w.classification)
  ) {
    return false
  }
  if (query.memberId !== undefined && !w.users.some((u) => u.userId === query.memberId)) return false
  return true
}

const byName = (a: Workspace, b: Workspace) => {
  const an = a.name.toLowerCase()
  const bn = b.name.toLowerCase()
  return an < bn ? -1 : an > bn ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** Workspaces in memory. */
export const MemoryWorkspaceRepository = Layer.effect(
  WorkspaceRepository,
  withStores((identity, store) => {
    const now = Effect.map(Clock.currentTimeMillis, (ms) => new Date(ms).toISOString())
    const inOrg = (orgId: OrgId) => [...store.workspaces.values()].filter((r) => r.orgId === orgId)
    const nameTaken = (orgId: OrgId, name: string, except?: string) =>
      inOrg(orgId).some((r) => r.workspace.id !== except && sameName(r.workspace.name, name))
    const current = (orgId: OrgId, id: string) => {
      const row = store.workspaces.get(id)
      return row !== undefined && row.orgId === orgId ? row.workspace : undefined
    }
    const statusCountsOf = (orgId: OrgId, query: WorkspaceQuery) => {
      const all = inOrg(orgId).filter((r) => matches(r, orgId, query, "statuses"))
      return WorkspaceStatus.literals.map(
        (status) => new WorkspaceStatusCount({ status, count: all.filter((r) => r.workspace.status === status).length })
      )
    }
    return WorkspaceRepository.of({
      create: (orgId, fields, status, createdBy) =>
        Effect.gen(function* () {
          if (nameTaken(orgId, fields.name)) return yield* new WorkspaceNameTaken({ name: fields.name })
          const at = yield* now
          const workspace = build(crypto.randomUUID(), fields, {
            number: nextDocumentNumber(store, orgId, "workspace"),
            status,
            createdBy,
            version: 1,
            createdAt: at,
            updatedAt: at
          })
          store.workspaces.set(workspace.id, { orgId, workspace })
          return workspace
        }),
      update: (orgId, id, fields, expectedVersion) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return Option.none()
          if (before.version !== expectedVersion) return yield* new VersionConflict({ entity: "workspace", id })
          if (nameTaken(orgId, fields.name, id)) return yield* new WorkspaceNameTaken({ name: fields.name })
          const workspace = build(id, fields, {
            number: before.number,
            status: before.status,
            createdBy: before.createdBy,
            version: before.version + 1,
            createdAt: before.createdAt,
            updatedAt: yield* now
          })
          store.workspaces.set(id, { orgId, workspace })
          return Option.some(workspace)
        }),
      setStatus: (orgId, id, status, expectedVersion) =>
        Effect.gen(function* () {
          const before = current(orgId, id)
          if (before === undefined) return Option.none()
          if (before.version !== expectedVersion) return yield* new VersionConflict({ entity: "workspace", id })
          const workspace = new Workspace({ ...before, status, version: before.version + 1, updatedAt: yield* now })
          store.workspaces.set(id, { orgId, workspace })
          return Option.some(workspace)
        }),
      remove: (orgId, id) =>
        Effect.sync(() => {
          if (current(orgId, id) === undefined) return false
          store.workspaces.delete(id)
          for (const [key, chosen] of store.defaults) if (chosen === id) store.defaults.delete(key)
          return true
        }),
      find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(current(orgId, id))),
      nameExists: (orgId, name) => Effect.sync(() => nameTaken(orgId, name)),
      list: (orgId, query) =>
        Effect.sync(() => {
          const all = inOrg(orgId)
            .filter((r) => matches(r, orgId, query, null))
            .map((r) => r.workspace)
            .sort(byName)
          return { workspaces: all.slice(query.offset, query.offset + query.limit), totalCount: all.length }
        }),
      statusCounts: (orgId, query) => Effect.sync(() => statusCountsOf(orgId, query)),
      filterCounts: (orgId, query) =>
        Effect.sync(() => {
          const counts = new Map<string | null, number>()
          for (const r of inOrg(orgId).filter((r) => matches(r, orgId, query, "classifications"))) {
            counts.set(r.workspace.classification, (counts.get(r.workspace.classification) ?? 0) + 1)
          }
          const named = [...counts.keys()].filter((c): c is string => c !== null).sort()
          return {
            statusList: statusCountsOf(orgId, query),
            classificationsList: [...named, ...(counts.has(null) ? [null] : [])].map(
              (classification) => new ClassificationCount({ classification, count: counts.get(classification)! })
            )
          }
        }),
      countForCreate: (orgId) => Effect.sync(() => inOrg(orgId).length),
      membershipsOf: (orgId, userId) =>
        Effect.sync(() =>
          inOrg(orgId)
            .flatMap((r): ReadonlyArray<Membership> => {
              const role = r.workspace.users.find((u) => u.userId === userId)?.role
              return role === undefined ? [] : [{ workspaceId: r.workspace.id, role }]
            })
            .sort((a, b) => (a.workspaceId < b.workspaceId ? -1 : a.workspaceId > b.workspaceId ? 1 : 0))
        ),
      members: (orgId, workspaceId) =>
        Effect.sync(() => {
          const byName = (m: WorkspaceMember) =>
            [m.firstName, m.lastName, m.email].map((s) => s.toLowerCase()).join("\u0000")
          return (current(orgId, workspaceId)?.users ?? [])
            .flatMap((u): ReadonlyArray<WorkspaceMember> => {
              const user = identity.users.get(u.userId)?.user
              if (user === undefined || user.orgId !== orgId) return []
              const { firstName, lastName, email } = user
              return [{ userId: u.userId, role: u.role, firstName, lastName, email }]
            })
            .sort((a, b) => (byName(a) < byName(b) ? -1 : byName(a) > byName(b) ? 1 : a.userId < b.userId ? -1 : 1))
        }),
      defaultOf: (orgId, userId) => Effect.sync(() => Option.fromNullishOr(store.defaults.get(userKey(orgId, userId)))),
      setDefault: (orgId, userId, workspaceId) =>
        Effect.sync(() => {
          if (current(orgId, workspaceId) !== undefined) store.defaults.set(userKey(orgId, userId), workspaceId)
        }),
      preferencesOf: (orgId, userId) =>
        Effect.sync(() => ({
          defaultId: Option.fromNullishOr(store.defaults.get(userKey(orgId, userId))),
          columns: store.columns.get(userKey(orgId, userId)) ?? []
        })),
      saveColumns: (orgId, userId, columns) =>
        Effect.sync(() => void store.columns.set(userKey(orgId, userId), [...columns]))
    })
  })
)

/** Whom workspaces count among their users, in memory. */
export const MemoryWorkspaceMembership = Layer.effect(
  WorkspaceMembership,
  withStores((_identity, store) =>
    WorkspaceMembership.of({
      workspacesOf: (orgId, userId) =>
        Effect.sync(() =>
          [...store.workspaces.values()]
            .filter((r) => r.orgId === orgId && r.workspace.users.some((u) => u.userId === userId))
            .map((r) => r.workspace.id)
            .sort()
        ),
      exists: (orgId, workspaceId) => Effect.sync(() => store.workspaces.get(workspaceId)?.orgId === orgId)
    })
  )
)

/**
 * Role approvers in memory: the workspace's active users who hold the role there or among their organisation
 * roles; for no workspace, the organisation's active users whose roles include it.
 */
export const MemoryWorkspaceApproverDirectory = Layer.effect(
  ApproverDirectory,
  withStores((identity, store) => {
    const active = (orgId: OrgId) =>
      [...identity.users.values()].filter((r) => r.user.orgId === orgId && r.user.status === "ACTIVE")
    return ApproverDirectory.of({
      usersWithRole: (orgId, workspaceId, roleCode) =>
        Effect.sync(() => {
          const users = active(orgId)
          if (workspaceId === null) {
            return users
              .filter((r) => r.user.roles.includes(roleCode))
              .map((r) => r.user.id as string)
              .sort()
          }
          const row = store.workspaces.get(workspaceId)
          const members = row !== undefined && row.orgId === orgId ? row.workspace.users : []
          return users
            .filter((r) =>
              members.some((u) => u.userId === r.user.id && (u.role === roleCode || r.user.roles.includes(roleCode)))
            )
            .map((r) => r.user.id as string)
            .sort()
        }),
      activeUsers: (orgId, userIds) =>
        Effect.sync(() => {
          const ids = new Set(active(orgId).map((r) => r.user.id as string))
          return userIds.filter((id) => ids.has(id))
        })
    })
  })
)

/** The workspaces ports in memory, over a memory identity store (give it `layerMemory` or `layerMemoryAdministration`). */
export const layerMemoryWorkspaces = Layer.mergeAll(
  MemoryWorkspaceRepository,
  MemoryWorkspaceMembership,
  MemoryWorkspaceApproverDirectory
)
