import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { AuditLog } from "@tawreed/core/shared"
import { Workspace, Workspaces } from "@tawreed/core/workspaces"
import { Api, RequestActor } from "./Api.ts"
import { onceByKey } from "./Idempotency.ts"
import { failWithCatalogue, requestOrigin } from "./RequestContext.ts"
import { SavedColumns } from "./WorkspacesApi.ts"
import { recordRefusal } from "./Refusals.ts"

/** The handlers of workspaces (SPEC.md §7 Workspaces and related). */
export const WorkspacesHandlers = HttpApiBuilder.group(Api, "workspaces", (handlers) =>
  Effect.gen(function* () {
    const audit = yield* AuditLog
    const workspaces = yield* Workspaces
    const actor = Effect.service(RequestActor)
    /** Runs a use case for the signed-in actor: refusals audited, errors in the catalogue's words. */
    const asActor = <A, E, R>(use: (a: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
      failWithCatalogue(
        Effect.flatMap(actor, (a) => use(a).pipe(Effect.tapError((error) => recordRefusal(audit, a, error))))
      )
    const once = yield* onceByKey
    return handlers
      .handle("list", ({ query }) => asActor((a) => workspaces.list(a, query)))
      .handle("create", ({ payload, headers }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            once(
              a,
              headers["idempotency-key"],
              "POST /workspaces",
              payload,
              Workspace,
              workspaces.create(a, payload, origin)
            )
          )
        )
      )
      .handle("update", ({ payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.update(a, payload.payload, origin)))
      )
      .handle("submit", ({ payload, headers }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            once(
              a,
              headers["idempotency-key"],
              "PUT /workspaces/submit",
              payload,
              Workspace,
              workspaces.submit(a, payload.id, origin, payload.version)
            )
          )
        )
      )
      .handle("saveColumns", ({ payload }) =>
        asActor((a) =>
          Effect.map(workspaces.saveColumns(a, payload.columns), (columns) => new SavedColumns({ columns }))
        )
      )
      .handle("available", ({ query }) => asActor((a) => workspaces.available(a, query.orgId, query)))
      .handle("count", ({ query }) => asActor((a) => workspaces.count(a, query.getAll === "true")))
      .handle("default", () => asActor((a) => workspaces.defaultWorkspace(a)))
      .handle("activate", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.activate(a, params.id, origin)))
      )
      .handle("deactivate", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.deactivate(a, params.id, origin)))
      )
      .handle("review", ({ params, payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.review(a, params.id, payload, origin)))
      )
      .handle("copy", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.copy(a, params.id, origin)))
      )
      .handle("setDefault", ({ params }) => asActor((a) => workspaces.setDefault(a, params.id)))
      .handle("get", ({ params }) => asActor((a) => workspaces.get(a, params.id)))
      .handle("delete", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => workspaces.remove(a, params.id, origin)))
      )
  })
)
