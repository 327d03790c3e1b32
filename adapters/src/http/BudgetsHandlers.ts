import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Budget, BudgetChange, Budgets } from "@tawreed/core/budgets"
import { AuditLog } from "@tawreed/core/shared"
import { Api, RequestActor } from "./Api.ts"
import { onceByKey } from "./Idempotency.ts"
import { failWithCatalogue, requestOrigin } from "./RequestContext.ts"
import { recordRefusal } from "./Refusals.ts"

/** The handlers of budgets and their changes. */
export const BudgetsHandlers = HttpApiBuilder.group(Api, "budgets", (handlers) =>
  Effect.gen(function* () {
    const audit = yield* AuditLog
    const budgets = yield* Budgets
    const actor = Effect.service(RequestActor)
    /** Runs a use case for the signed-in actor: refusals audited, errors in the catalogue's words. */
    const asActor = <A, E, R>(use: (a: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
      failWithCatalogue(
        Effect.flatMap(actor, (a) => use(a).pipe(Effect.tapError((error) => recordRefusal(audit, a, error))))
      )
    const once = yield* onceByKey
    return handlers
      .handle("list", ({ query }) => asActor((a) => budgets.list(a, query)))
      .handle("create", ({ payload, headers }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            once(a, headers["idempotency-key"], "POST /budgets", payload, Budget, budgets.create(a, payload, origin))
          )
        )
      )
      .handle("update", ({ payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => budgets.update(a, payload, origin)))
      )
      .handle("activate", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => budgets.activate(a, params.id, origin)))
      )
      .handle("deactivate", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => budgets.deactivate(a, params.id, origin)))
      )
      .handle("summary", ({ params }) => asActor((a) => budgets.summary(a, params.id)))
      .handle("reviewChange", ({ params, payload }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) => budgets.reviewChange(a, params.changeId, payload, origin))
        )
      )
      .handle("changes", ({ params, query }) => asActor((a) => budgets.changes(a, params.id, query)))
      .handle("requestChange", ({ params, payload, headers }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            once(
              a,
              headers["idempotency-key"],
              `POST /budgets/${params.id}/changes`,
              payload,
              BudgetChange,
              budgets.requestChange(a, params.id, payload, origin)
            )
          )
        )
      )
      .handle("get", ({ params }) => asActor((a) => budgets.get(a, params.id)))
      .handle("active", ({ query }) => asActor((a) => budgets.active(a, query.workspaceId, query)))
  })
)
