import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Approvals, WorkflowRepository, workflowById } from "@tawreed/core/approvals"
import { OrgSettingsRepository } from "@tawreed/core/organisations"
import { WorkspaceMembership } from "@tawreed/core/workspaces"
import { Api } from "../Api.ts"
import { Reminded } from "./ApprovalsApi.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of the approval engine's routes (see ApprovalsApi.ts). */
export const ApprovalsHandlers = HttpApiBuilder.group(Api, "approvals", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const approvals = yield* Approvals
    const workflows = yield* WorkflowRepository
    const membership = yield* WorkspaceMembership
    const settings = yield* OrgSettingsRepository
    const remind = (kind: "workspace" | "budget", id: string) =>
      asActor((a) => Effect.as(approvals.remind(a, kind, id), new Reminded({ reminded: true })))
    return handlers
      .handle("pending", ({ query }) => asActor((a) => approvals.pending(a, query)))
      .handle("state", ({ params }) => asActor((a) => approvals.state(a, params.kind, params.documentId)))
      .handle("timeline", ({ params }) =>
        asActor((a) =>
          Effect.andThen(
            approvals.state(a, params.kind, params.documentId),
            approvals.timeline(a, params.kind, params.documentId)
          )
        )
      )
      .handle("workflows", ({ query }) => asActor((a) => approvals.workflows(a, query.workspaceId ?? null, query)))
      .handle("workflow", ({ params }) =>
        asActor((a) =>
          workflowById(a, params.id).pipe(
            Effect.provideService(WorkflowRepository, workflows),
            Effect.provideService(WorkspaceMembership, membership),
            Effect.provideService(OrgSettingsRepository, settings)
          )
        )
      )
      .handle("saveWorkflow", ({ payload }) =>
        asActor((a) => approvals.saveWorkflow(a, payload.workflow, payload.version))
      )
      .handle("remindWorkspace", ({ params }) => remind("workspace", params.id))
      .handle("remindBudget", ({ params }) => remind("budget", params.id))
  })
)
