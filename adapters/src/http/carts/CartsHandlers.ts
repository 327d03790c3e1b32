import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Carts } from "@tawreed/core/carts"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of each user's carts. */
export const CartsHandlers = HttpApiBuilder.group(Api, "carts", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const carts = yield* Carts
    return handlers
      .handle("summary", () => asActor((a) => carts.summary(a)))
      .handle("drafts", () => asActor((a) => carts.drafts(a)))
      .handle("selectDraft", ({ payload }) => asActor((a) => carts.selectDraft(a, payload)))
      .handle("view", ({ params }) => asActor((a) => carts.view(a, params.kind)))
      .handle("clear", ({ params }) => asActor((a) => carts.clear(a, params.kind)))
      .handle("add", ({ params, payload }) => asActor((a) => carts.add(a, params.kind, payload)))
      .handle("setQuantity", ({ params, payload }) =>
        asActor((a) => carts.setQuantity(a, params.kind, params.productId, payload))
      )
      .handle("remove", ({ params }) => asActor((a) => carts.remove(a, params.kind, params.productId)))
  })
)
