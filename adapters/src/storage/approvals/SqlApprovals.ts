import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import {
  ApprovalRepository,
  ApprovalState,
  type DocumentKind,
  TimelineEntry,
  waitingOn,
  Workflow,
  WorkflowLevel,
  WorkflowRepository
} from "@tawreed/core/approvals"
import type { OrgId } from "@tawreed/core/organisations"
import { textArray } from "../SqlArrays.ts"
import { json, returnedAtVersion, tenantScope } from "../SqlKit.ts"

const decodeLevels = Schema.decodeUnknownSync(Schema.Array(WorkflowLevel))
const encodeLevels = Schema.encodeSync(Schema.Array(WorkflowLevel))
/** PostgreSQL text holds no NUL character, so no document has an id with one: asking for it would only fail. */
const storable = (documentId: string) => !documentId.includes("\u0000")

interface WorkflowRow {
  readonly id: string
  readonly workspace_id: string | null
  readonly kind: DocumentKind
  readonly levels: unknown
  readonly version: number
}

interface StateRow {
  readonly kind: DocumentKind
  readonly document_id: string
  readonly document_number: string | null
  readonly workspace_id: string | null
  readonly title: string
  readonly requester_id: string
  readonly created_by: string
  readonly status: ApprovalState["status"]
  readonly levels: unknown
  readonly approver_ids: unknown
  readonly current_level: number | null
  readonly approved_by: unknown
  readonly super_action: boolean
  readonly version: number
}

interface EntryRow {
  readonly seq: number
  readonly kind: DocumentKind
  readonly document_id: string
  readonly action: TimelineEntry["action"]
  readonly actor_id: string
  readonly actor_name: string
  readonly level: number | null
  readonly remark: string
  readonly assignees: ReadonlyArray<string>
  readonly at: Date | string
}

const toWorkflow = (r: WorkflowRow) =>
  new Workflow({
    id: r.id,
    workspaceId: r.workspace_id,
    kind: r.kind,
    levels: decodeLevels(json(r.levels)),
    version: r.version
  })

const toState = (r: StateRow) =>
  new ApprovalState({
    kind: r.kind,
    documentId: r.document_id,
    ...(r.document_number === null ? {} : { documentNumber: r.document_number }),
    workspaceId: r.workspace_id,
    title: r.title,
    requesterId: r.requester_id,
    createdBy: r.created_by,
    status: r.status,
    levels: decodeLevels(json(r.levels)),
    approverIds: json(r.approver_ids) as ReadonlyArray<ReadonlyArray<string>>,
    current: r.current_level,
    approvedBy: json(r.approved_by) as ReadonlyArray<ReadonlyArray<string>>,
    superAction: r.super_action,
    version: r.version
  })

const toEntry = (r: EntryRow) =>
  new TimelineEntry({
    seq: r.seq,
    kind: r.kind,
    documentId: r.document_id,
    action: r.action,
    actorId: r.actor_id,
    actorName: r.actor_name,
    level: r.level,
    remark: r.remark,
    assignees: [...r.assignees],
    at: new Date(r.at)
  })

const stateColumns = `kind, document_id, workspace_id, title, requester_id, created_by, status, levels, approver_ids,
  current_level, approved_by, super_action, version, document_number`

/** Workflows, approval states and the append-only timeline, in PostgreSQL. */
export const SqlApprovals = Layer.effectContext(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = tenantScope(sql)
    const run = <A, E = never>(orgId: OrgId, work: Effect.Effect<A, E, SqlClient.SqlClient>) => tenant(orgId)(work)

    const workflows = WorkflowRepository.of({
      find: (orgId, workspaceId, kind) =>
        run(
          orgId,
          Effect.map(
            Effect.orDie(
              sql<WorkflowRow>`SELECT id, workspace_id, kind, levels, version FROM approval_workflows
                WHERE org_id = ${orgId} AND kind = ${kind}
                  AND workspace_id IS NOT DISTINCT FROM ${workspaceId}::uuid`
            ),
            (rows) => Option.map(Option.fromNullishOr(rows[0]), toWorkflow)
          )
        ),
      get: (orgId, id) =>
        run(
          orgId,
          Effect.map(
            Effect.orDie(
              sql<WorkflowRow>`SELECT id, workspace_id, kind, levels, version FROM approval_workflows
                WHERE org_id = ${orgId} AND id::text = ${id}`
            ),
            (rows) => Option.map(Option.fromNullishOr(rows[0]), toWorkflow)
          )
        ),
      listForWorkspace: (orgId, workspaceId, slice) =>
        run(
          orgId,
          Effect.map(
            Effect.orDie(
              sql<WorkflowRow>`SELECT id, workspace_id, kind, levels, version FROM approval_workflows
                WHERE org_id = ${orgId} AND workspace_id IS NOT DISTINCT FROM ${workspaceId}::uuid
                ORDER BY kind COLLATE "C", id LIMIT ${slice?.limit ?? null} OFFSET ${slice?.offset ?? 0}`
            ),
            (rows) => rows.map(toWorkflow)
          )
        ),
      save: (orgId, workflow, expectedVersion) =>
        run(
          orgId,
          Effect.gen(function* () {
            const levels = JSON.stringify(encodeLevels(workflow.levels))
            const rows =
              expectedVersion === 0
                ? yield* Effect.orDie(
                    sql<WorkflowRow>`INSERT INTO approval_workflows (id, org_id, workspace_id, kind, levels, version)
                      VALUES (${workflow.id}, ${orgId}, ${workflow.workspaceId}::uuid, ${workflow.kind}, ${levels}::jsonb, 1)
                      ON CONFLICT DO NOTHING
                      RETURNING id, workspace_id, kind, levels, version`
                  )
                : yield* Effect.orDie(
                    sql<WorkflowRow>`UPDATE approval_workflows SET levels = ${levels}::jsonb, version = version + 1,
                        updated_at = now()
                      WHERE org_id = ${orgId} AND kind = ${workflow.kind}
                        AND workspace_id IS NOT DISTINCT FROM ${workflow.workspaceId}::uuid
                        AND version = ${expectedVersion}
                      RETURNING id, workspace_id, kind, levels, version`
                  )
            return toWorkflow(yield* returnedAtVersion("workflow", workflow.id)(rows))
          })
        )
    })

    const approvals = ApprovalRepository.of({
      find: (orgId, kind, documentId) =>
        !storable(documentId)
          ? Effect.succeed(Option.none())
          : run(
              orgId,
              Effect.map(
                Effect.orDie(
                  sql<StateRow>`SELECT ${sql.literal(stateColumns)} FROM approval_states
                WHERE org_id = ${orgId} AND kind = ${kind} AND document_id = ${documentId}`
                ),
                (rows) => Option.map(Option.fromNullishOr(rows[0]), toState)
              )
            ),
      save: (orgId, state, expectedVersion, entries) =>
        run(
          orgId,
          Effect.gen(function* () {
            const waiting = waitingOn(state)
            const values = {
              levels: JSON.stringify(encodeLevels(state.levels)),
              approverIds: JSON.stringify(state.approverIds),
              approvedBy: JSON.stringify(state.approvedBy)
            }
            const rows =
              expectedVersion === 0
                ? yield* Effect.orDie(
                    sql<StateRow>`INSERT INTO approval_states (org_id, ${sql.literal(stateColumns)}, waiting_on)
                      VALUES (${orgId}, ${state.kind}, ${state.documentId}, ${state.workspaceId}::uuid, ${state.title},
                        ${state.requesterId}, ${state.createdBy}, ${state.status}, ${values.levels}::jsonb,
                        ${values.approverIds}::jsonb, ${state.current}, ${values.approvedBy}::jsonb,
                        ${state.superAction}, 1, ${state.documentNumber ?? null}, ${textArray(waiting)}::text[])
                      ON CONFLICT DO NOTHING
                      RETURNING ${sql.literal(stateColumns)}`
                  )
                : yield* Effect.orDie(
                    sql<StateRow>`UPDATE approval_states SET workspace_id = ${state.workspaceId}::uuid,
                        title = ${state.title}, status = ${state.status}, levels = ${values.levels}::jsonb,
                        approver_ids = ${values.approverIds}::jsonb, current_level = ${state.current},
                        approved_by = ${values.approvedBy}::jsonb, super_action = ${state.superAction},
                        waiting_on = ${textArray(waiting)}::text[], version = version + 1, updated_at = now()
                      WHERE org_id = ${orgId} AND kind = ${state.kind} AND document_id = ${state.documentId}
                        AND version = ${expectedVersion}
                      RETURNING ${sql.literal(stateColumns)}`
                  )
            const row = yield* returnedAtVersion("approval", state.documentId)(rows)
            for (const entry of entries) {
              yield* Effect.orDie(
                sql`INSERT INTO approval_entries (org_id, kind, document_id, seq, action, actor_id, actor_name, level,
                      remark, assignees, at)
                    SELECT ${orgId}, ${entry.kind}, ${entry.documentId},
                      coalesce(max(seq), 0) + 1, ${entry.action}, ${entry.actorId}, ${entry.actorName}, ${entry.level},
                      ${entry.remark}, ${textArray(entry.assignees)}::text[], ${entry.at}
                    FROM approval_entries
                    WHERE org_id = ${orgId} AND kind = ${entry.kind} AND document_id = ${entry.documentId}`
              )
            }
            return toState(row)
          })
        ),
      timeline: (orgId, kind, documentId) =>
        !storable(documentId)
          ? Effect.succeed([])
          : run(
              orgId,
              Effect.map(
                Effect.orDie(
                  sql<EntryRow>`SELECT seq, kind, document_id, action, actor_id, actor_name, level, remark, assignees, at
                FROM approval_entries WHERE org_id = ${orgId} AND kind = ${kind} AND document_id = ${documentId}
                ORDER BY seq`
                ),
                (rows) => rows.map(toEntry)
              )
            ),
      pendingFor: (orgId, userId, slice) =>
        run(
          orgId,
          Effect.map(
            Effect.orDie(
              sql<StateRow>`SELECT ${sql.literal(stateColumns)} FROM approval_states
                WHERE org_id = ${orgId} AND status = 'PENDING_APPROVAL' AND waiting_on @> ARRAY[${userId}]::text[]
                ORDER BY updated_at DESC, kind COLLATE "C", document_id COLLATE "C"
                LIMIT ${slice?.limit ?? null} OFFSET ${slice?.offset ?? 0}`
            ),
            (rows) => rows.map(toState)
          )
        )
    })

    return Context.make(WorkflowRepository, workflows).pipe(Context.add(ApprovalRepository, approvals))
  })
)
