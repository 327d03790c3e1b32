import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Registrations } from "@tawreed/core/organisations"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of self-registration. */
export const RegistrationHandlers = HttpApiBuilder.group(Api, "registration", (handlers) =>
  Effect.gen(function* () {
    const { asVisitor } = yield* HandlerKit
    const registrations = yield* Registrations
    return handlers
      .handle("open", ({ payload }) =>
        asVisitor(({ locale, baseUrl, origin }) => registrations.open(payload, locale, baseUrl, origin))
      )
      .handle("marketplace", ({ payload }) =>
        asVisitor(({ locale, baseUrl, origin }) => registrations.marketplace(payload, locale, baseUrl, origin))
      )
  })
)
