import { Context, Effect, Layer, Option } from "effect"
import { ApprovalRepository, ApproverDirectory, WorkflowRepository } from "../../approvals/ApprovalPorts.ts"
import { waitingOn } from "../../approvals/Engine.ts"
import { ApprovalState, TimelineEntry, Workflow } from "../../approvals/Workflow.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { sliceOf } from "../../shared/Paging.ts"

const scope = (orgId: string, workspaceId: string | null, kind: string) => `${orgId}|${workspaceId ?? ""}|${kind}`
const documentKey = (orgId: string, kind: string, documentId: string) => `${orgId}|${kind}|${documentId}`

/** Workflows, approval states and their timelines in memory, for one layer's lifetime. */
export const MemoryApprovalRepositories = Layer.effectContext(
  Effect.sync(() => {
    const workflows = new Map<string, { readonly orgId: string; readonly workflow: Workflow }>()
    const states = new Map<
      string,
      { readonly orgId: string; readonly state: ApprovalState; readonly touched: number }
    >()
    const timelines = new Map<string, Array<TimelineEntry>>()
    let clock = 0

    const workflowRepository = WorkflowRepository.of({
      find: (orgId, workspaceId, kind) =>
        Effect.sync(() => Option.fromNullishOr(workflows.get(scope(orgId, workspaceId, kind))?.workflow)),
      get: (orgId, id) =>
        Effect.sync(() =>
          Option.fromNullishOr(
            [...workflows.values()].find((row) => row.orgId === orgId && row.workflow.id === id)?.workflow
          )
        ),
      listForWorkspace: (orgId, workspaceId, slice) =>
        Effect.sync(() =>
          sliceOf(
            [...workflows.values()]
              .filter((row) => row.orgId === orgId && row.workflow.workspaceId === workspaceId)
              .map((row) => row.workflow)
              .sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)),
            slice
          )
        ),
      save: (orgId, workflow, expectedVersion) =>
        Effect.suspend(() => {
          const key = scope(orgId, workflow.workspaceId, workflow.kind)
          const stored = workflows.get(key)
          const idTaken = [...workflows.entries()].some(([k, row]) => k !== key && row.workflow.id === workflow.id)
          if ((stored?.workflow.version ?? 0) !== expectedVersion || (stored === undefined && idTaken)) {
            return Effect.fail(new VersionConflict({ entity: "workflow", id: workflow.id }))
          }
          const saved = new Workflow({
            ...workflow,
            id: stored?.workflow.id ?? workflow.id,
            version: expectedVersion + 1
          })
          workflows.set(key, { orgId, workflow: saved })
          return Effect.succeed(saved)
        })
    })

    const approvalRepository = ApprovalRepository.of({
      find: (orgId, kind, documentId) =>
        Effect.sync(() => Option.fromNullishOr(states.get(documentKey(orgId, kind, documentId))?.state)),
      save: (orgId, state, expectedVersion, entries) =>
        Effect.suspend(() => {
          const key = documentKey(orgId, state.kind, state.documentId)
          if ((states.get(key)?.state.version ?? 0) !== expectedVersion) {
            return Effect.fail(new VersionConflict({ entity: "approval", id: state.documentId }))
          }
          const saved = new ApprovalState({ ...state, version: expectedVersion + 1 })
          states.set(key, { orgId, state: saved, touched: ++clock })
          const timeline = timelines.get(key) ?? []
          for (const entry of entries) {
            timeline.push(new TimelineEntry({ ...entry, assignees: [...entry.assignees], seq: timeline.length + 1 }))
          }
          timelines.set(key, timeline)
          return Effect.succeed(saved)
        }),
      timeline: (orgId, kind, documentId) =>
        Effect.sync(() => [...(timelines.get(documentKey(orgId, kind, documentId)) ?? [])]),
      pendingFor: (orgId, userId, slice) =>
        Effect.sync(() =>
          sliceOf(
            [...states.values()]
              .filter((row) => row.orgId === orgId && waitingOn(row.state).includes(userId))
              .sort((a, b) => b.touched - a.touched)
              .map((row) => row.state),
            slice
          )
        )
    })

    return Context.make(WorkflowRepository, workflowRepository).pipe(
      Context.add(ApprovalRepository, approvalRepository)
    )
  })
)

/** Who holds which role, for `layerMemoryApproverDirectory`: by organisation, then workspace ("" for none). */
export interface MemoryApprovers {
  /** `orgId` → role code → the holders' user ids, organisation-wide. */
  readonly roles?: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>>>>
  /** `orgId/workspaceId` → role code → the holders' user ids within that workspace. */
  readonly workspaceRoles?: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<string>>>>>
  /** `orgId` → its users who are not active. */
  readonly inactive?: Readonly<Record<string, ReadonlyArray<string>>>
}

/**
 * A simple ApproverDirectory over maps, for tests of the engine on its own: role holders per organisation and per
 * workspace, and every user active unless listed inactive. Within a workspace a role's holders are those named for
 * it there.
 */
export const layerMemoryApproverDirectory = (approvers: MemoryApprovers) =>
  Layer.succeed(
    ApproverDirectory,
    ApproverDirectory.of({
      usersWithRole: (orgId, workspaceId, roleCode) =>
        Effect.sync(() => {
          const holders =
            workspaceId === null
              ? approvers.roles?.[orgId]?.[roleCode]
              : approvers.workspaceRoles?.[`${orgId}/${workspaceId}`]?.[roleCode]
          const inactive = approvers.inactive?.[orgId] ?? []
          return [...(holders ?? [])].filter((id) => !inactive.includes(id)).sort()
        }),
      activeUsers: (orgId, userIds) =>
        Effect.sync(() => userIds.filter((id) => !(approvers.inactive?.[orgId] ?? []).includes(id)))
    })
  )

/** The approval engine's stores in memory (its ApproverDirectory comes from `layerMemoryWorkspaces`, or the above). */
export const layerMemoryApprovals = MemoryApprovalRepositories
