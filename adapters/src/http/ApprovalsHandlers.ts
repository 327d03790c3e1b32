import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Approvals } from "@tawreed/core/approvals"
import { Api, RequestActor } from "./Api.ts"
import { failWithCatalogue } from "./RequestContext.ts"

/** The handlers of the approval engine's routes (see ApprovalsApi.ts). */
export const ApprovalsHandlers = HttpApiBuilder.group(Api, "approvals", (handlers) =>
  Effect.gen(function* () {
    const approvals = yield* Approvals
    const asActor = <A, E, R>(use: (a: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
      failWithCatalogue(Effect.flatMap(Effect.service(RequestActor), use))
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
      .handle("workflows", ({ params }) =>
        asActor((a) => approvals.workflows(a, params.id === "organisation" ? null : params.id))
      )
      .handle("saveWorkflow", ({ payload }) =>
        asActor((a) => approvals.saveWorkflow(a, payload.workflow, payload.version))
      )
      .handle("remindWorkspace", ({ params }) =>
        asActor((a) => Effect.as(approvals.remind(a, "workspace", params.id), { reminded: true }))
      )
      .handle("remindBudget", ({ params }) =>
        asActor((a) => Effect.as(approvals.remind(a, "budget", params.id), { reminded: true }))
      )
  })
)
