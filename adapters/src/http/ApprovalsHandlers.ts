import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { Approvals, WorkflowRepository, workflowById } from "@tawreed/core/approvals"
import { OrgSettingsRepository } from "@tawreed/core/organisations"
import { AuditEvent, AuditLog } from "@tawreed/core/shared"
import { WorkspaceMembership } from "@tawreed/core/workspaces"
import { Api, RequestActor } from "./Api.ts"
import { Reminded } from "./ApprovalsApi.ts"
import { failWithCatalogue, requestOrigin } from "./RequestContext.ts"

const refusals = new Set(["InsufficientPrivileges", "ModuleNotEnabled", "SuperApproverRequired", "NotAnApprover"])

/** A refused access goes to the audit log with who asked, from where, for what, and why. */
const recordRefusal = (audit: AuditLog["Service"], a: RequestActor["Service"], error: unknown) =>
  typeof error === "object" && error !== null && "_tag" in error && refusals.has(String(error._tag))
    ? Effect.gen(function* () {
        const request = yield* HttpServerRequest.HttpServerRequest
        const origin = yield* requestOrigin
        yield* audit.record(
          new AuditEvent({
            orgId: a.orgId,
            actorId: a.userId,
            event: "access.refused",
            address: origin.address,
            detail: { method: request.method, path: request.url.split("?")[0] ?? "", reason: String(error._tag) }
          })
        )
      })
    : Effect.void

/** The handlers of the approval engine's routes (see ApprovalsApi.ts). */
export const ApprovalsHandlers = HttpApiBuilder.group(Api, "approvals", (handlers) =>
  Effect.gen(function* () {
    const approvals = yield* Approvals
    const audit = yield* AuditLog
    const workflows = yield* WorkflowRepository
    const membership = yield* WorkspaceMembership
    const settings = yield* OrgSettingsRepository
    /** Runs a use case for the signed-in actor: refusals audited, errors in the catalogue's words. */
    const asActor = <A, E, R>(use: (a: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
      failWithCatalogue(
        Effect.flatMap(Effect.service(RequestActor), (a) =>
          use(a).pipe(Effect.tapError((error) => recordRefusal(audit, a, error)))
        )
      )
    const remind = (kind: "workspace" | "budget", id: string) =>
      asActor((a) => Effect.as(approvals.remind(a, kind, id), new Reminded({ reminded: true })))
    return handlers
      .handle("pending", () => asActor((a) => approvals.pending(a)))
      .handle("state", ({ params }) => asActor((a) => approvals.state(a, params.kind, params.documentId)))
      .handle("timeline", ({ params }) =>
        asActor((a) =>
          Effect.andThen(
            approvals.state(a, params.kind, params.documentId),
            approvals.timeline(a, params.kind, params.documentId)
          )
        )
      )
      .handle("workflows", ({ query }) => asActor((a) => approvals.workflows(a, query.workspaceId ?? null)))
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
