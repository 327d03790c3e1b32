import { Effect } from "effect"
import { WorkflowRepository } from "../approvals/ApprovalPorts.ts"
import { ApprovalCriteria, type DocumentKind, Workflow, WorkflowLevel } from "../approvals/Workflow.ts"
import type { Actor } from "../identity/Actor.ts"

/**
 * Makes a user one more approver of the organisation's own workflow for a kind of document: a single level passed
 * by any one of its approvers, kept across calls, so a test sets up the approvers its documents need through the
 * real engine's workflow rather than a stand-in.
 */
export const addOrganisationApprover = (admin: Actor, userId: string, kind: DocumentKind, levelName: string) =>
  Effect.gen(function* () {
    const workflows = yield* WorkflowRepository
    const existing = (yield* workflows.listForWorkspace(admin.orgId, null)).find((w) => w.kind === kind)
    const approvers = [...(existing?.levels[0]?.approvers ?? []), { type: "USER" as const, userId }]
    yield* workflows.save(
      admin.orgId,
      new Workflow({
        id: existing?.id ?? crypto.randomUUID(),
        workspaceId: null,
        kind,
        levels: [
          new WorkflowLevel({ level: 1, name: levelName, approvers, mode: "ONE", criteria: new ApprovalCriteria({}) })
        ],
        version: existing?.version ?? 0
      }),
      existing?.version ?? 0
    )
  })
