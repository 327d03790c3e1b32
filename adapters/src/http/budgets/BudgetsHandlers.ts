import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Budget, BudgetChange, Budgets } from "@tawreed/core/budgets"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of budgets and their changes. */
export const BudgetsHandlers = HttpApiBuilder.group(Api, "budgets", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const budgets = yield* Budgets
    return handlers
      .handle("list", ({ query }) => asActor((a) => budgets.list(a, query)))
      .handle("create", ({ payload }) => once(payload, Budget, (a, { origin }) => budgets.create(a, payload, origin)))
      .handle("update", ({ payload }) => asActor((a, { origin }) => budgets.update(a, payload, origin)))
      .handle("activate", ({ params }) => asActor((a, { origin }) => budgets.activate(a, params.id, origin)))
      .handle("deactivate", ({ params }) => asActor((a, { origin }) => budgets.deactivate(a, params.id, origin)))
      .handle("summary", ({ params }) => asActor((a) => budgets.summary(a, params.id)))
      .handle("reviewChange", ({ params, payload }) =>
        asActor((a, { origin }) => budgets.reviewChange(a, params.changeId, payload, origin))
      )
      .handle("changes", ({ params, query }) => asActor((a) => budgets.changes(a, params.id, query)))
      .handle("requestChange", ({ params, payload }) =>
        once(payload, BudgetChange, (a, { origin }) => budgets.requestChange(a, params.id, payload, origin))
      )
      .handle("get", ({ params }) => asActor((a) => budgets.get(a, params.id)))
      .handle("active", ({ query }) => asActor((a) => budgets.active(a, query.workspaceId, query)))
  })
)
