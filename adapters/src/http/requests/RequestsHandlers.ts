import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Approvals } from "@tawreed/core/approvals"
import { Request, RequestCommandInput, requestDocumentKind, Requests } from "@tawreed/core/requests"
import { Api } from "../Api.ts"
import { Reminded } from "../approvals/ApprovalsApi.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { RequestColumns, requestListParams, type RequestTarget, WatcherCandidate } from "./RequestsApi.ts"

/** The version and remark of a command whose body also names the request. */
const commandOf = (target: RequestTarget) =>
  new RequestCommandInput({
    ...(target.version === undefined ? {} : { version: target.version }),
    ...(target.remark === undefined ? {} : { remark: target.remark })
  })

/** The handlers of requests and expense requests (SPEC.md §7 Requests). */
export const RequestsHandlers = HttpApiBuilder.group(Api, "requests", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const requests = yield* Requests
    const approvals = yield* Approvals
    return (
      handlers
        .handle("list", ({ query }) =>
          asActor((a) => Effect.flatMap(requestListParams(query), (p) => requests.list(a, p)))
        )
        .handle("listExpense", ({ query }) =>
          asActor((a) => Effect.flatMap(requestListParams(query), (p) => requests.listExpense(a, p)))
        )
        .handle("latest", () => asActor((a) => requests.latest(a)))
        .handle("create", ({ payload }) =>
          once(payload, Request, (a, { origin }) => requests.create(a, payload, origin))
        )
        .handle("update", ({ payload }) => asActor((a, { origin }) => requests.update(a, payload, origin)))
        .handle("submit", ({ payload }) =>
          once(payload, Request, (a, { origin }) => requests.submit(a, payload.id, commandOf(payload), origin))
        )
        .handle("archive", ({ payload }) =>
          asActor((a, { origin }) => requests.archive(a, payload.id, commandOf(payload), origin))
        )
        .handle("copy", ({ params }) => once(params, Request, (a, { origin }) => requests.copy(a, params.id, origin)))
        .handle("returnToDraft", ({ params, payload }) =>
          asActor((a, { origin }) => requests.returnToDraft(a, params.id, payload ?? undefined, origin))
        )
        .handle("close", ({ params, payload }) =>
          asActor((a, { origin }) => requests.close(a, params.id, payload, origin))
        )
        .handle("approve", ({ params, payload }) =>
          asActor((a, { origin }) => requests.approve(a, params.id, payload, origin))
        )
        .handle("skip", ({ params, payload }) =>
          asActor((a, { origin }) => requests.skip(a, params.id, payload, origin))
        )
        .handle("reject", ({ params, payload }) =>
          asActor((a, { origin }) => requests.reject(a, params.id, payload, origin))
        )
        .handle("return", ({ params, payload }) =>
          asActor((a, { origin }) => requests.returnToRequester(a, params.id, payload, origin))
        )
        .handle("assign", ({ params }) =>
          asActor((a, { origin }) => requests.assign(a, params.requestId, params.userId, origin))
        )
        .handle("watcherCandidates", ({ params }) =>
          asActor((a) =>
            Effect.map(requests.watcherCandidates(a, params.id), (members) =>
              members.map((m) => new WatcherCandidate(m))
            )
          )
        )
        .handle("updateWatchers", ({ params, payload }) =>
          asActor((a, { origin }) => requests.updateWatchers(a, params.id, payload, origin))
        )
        .handle("saveColumns", ({ params, payload }) =>
          asActor((a) =>
            Effect.map(
              requests.saveColumns(a, params.list, payload.columns),
              (columns) => new RequestColumns({ columns })
            )
          )
        )
        // Reminding asks that the reminder see the request, as reading its approval does.
        .handle("remind", ({ params }) =>
          asActor((a) =>
            requests
              .get(a, params.id)
              .pipe(
                Effect.andThen(approvals.remind(a, requestDocumentKind, params.id)),
                Effect.as(new Reminded({ reminded: true }))
              )
          )
        )
        .handle("timeline", ({ params }) => asActor((a) => requests.timeline(a, params.id)))
        .handle("get", ({ params }) => asActor((a) => requests.get(a, params.id)))
        .handle("delete", ({ params }) => asActor((a, { origin }) => requests.remove(a, params.id, origin)))
    )
  })
)
