import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Contract, Contracts } from "@tawreed/core/contracts"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

const listOf = (text: string | undefined): ReadonlyArray<string> | undefined =>
  text === undefined || text.trim() === "" ? undefined : text.split(",").map((s) => s.trim())

/** The handlers of contracts. */
export const ContractsHandlers = HttpApiBuilder.group(Api, "contracts", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const contracts = yield* Contracts
    return handlers
      .handle("list", ({ query }) =>
        asActor((a) =>
          contracts.list(a, {
            page: query.page,
            limit: query.limit,
            statuses: listOf(query.status),
            vendorId: query.vendorId,
            search: query.search
          })
        )
      )
      .handle("agreedPrices", ({ query }) =>
        asActor((a) => contracts.agreedPrices(a, query.vendorId, listOf(query.productIds) ?? [], query.date))
      )
      .handle("create", ({ payload }) =>
        once(payload, Contract, (a, { origin }) => contracts.create(a, payload, origin))
      )
      .handle("get", ({ params }) => asActor((a) => contracts.get(a, params.id)))
      .handle("update", ({ params, payload }) =>
        asActor((a, { origin }) => contracts.update(a, params.id, payload, origin))
      )
      .handle("submit", ({ params, payload }) =>
        once({ id: params.id, ...payload }, Contract, (a, { origin }) =>
          contracts.submit(a, params.id, payload, origin)
        )
      )
      .handle("review", ({ params, payload }) =>
        asActor((a, { origin }) => contracts.review(a, params.id, payload, origin))
      )
      .handle("terminate", ({ params, payload }) =>
        asActor((a, { origin }) => contracts.terminate(a, params.id, payload, origin))
      )
      .handle("close", ({ params, payload }) =>
        asActor((a, { origin }) => contracts.close(a, params.id, payload, origin))
      )
  })
)
