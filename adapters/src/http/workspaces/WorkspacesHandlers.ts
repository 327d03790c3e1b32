import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Workspace, Workspaces } from "@tawreed/core/workspaces"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { SavedColumns } from "./WorkspacesApi.ts"

/** The handlers of workspaces (SPEC.md §7 Workspaces and related). */
export const WorkspacesHandlers = HttpApiBuilder.group(Api, "workspaces", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const workspaces = yield* Workspaces
    return handlers
      .handle("list", ({ query }) => asActor((a) => workspaces.list(a, query)))
      .handle("create", ({ payload }) =>
        once(payload, Workspace, (a, { origin }) => workspaces.create(a, payload, origin))
      )
      .handle("update", ({ payload }) => asActor((a, { origin }) => workspaces.update(a, payload.payload, origin)))
      .handle("submit", ({ payload }) =>
        once(payload, Workspace, (a, { origin }) => workspaces.submit(a, payload.id, origin, payload.version))
      )
      .handle("saveColumns", ({ payload }) =>
        asActor((a) =>
          Effect.map(workspaces.saveColumns(a, payload.columns), (columns) => new SavedColumns({ columns }))
        )
      )
      .handle("available", ({ query }) => asActor((a) => workspaces.available(a, query.orgId, query)))
      .handle("count", ({ query }) => asActor((a) => workspaces.count(a, query.getAll === "true")))
      .handle("default", () => asActor((a) => workspaces.defaultWorkspace(a)))
      .handle("activate", ({ params }) => asActor((a, { origin }) => workspaces.activate(a, params.id, origin)))
      .handle("deactivate", ({ params }) => asActor((a, { origin }) => workspaces.deactivate(a, params.id, origin)))
      .handle("review", ({ params, payload }) =>
        asActor((a, { origin }) => workspaces.review(a, params.id, payload, origin))
      )
      .handle("copy", ({ params }) => asActor((a, { origin }) => workspaces.copy(a, params.id, origin)))
      .handle("setDefault", ({ params }) => asActor((a) => workspaces.setDefault(a, params.id)))
      .handle("get", ({ params }) => asActor((a) => workspaces.get(a, params.id)))
      .handle("delete", ({ params }) => asActor((a, { origin }) => workspaces.remove(a, params.id, origin)))
  })
)
