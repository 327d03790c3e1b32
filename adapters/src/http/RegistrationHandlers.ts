import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Registrations } from "@tawreed/core/organisations"
import { Api } from "./Api.ts"
import { failWithCatalogue, requestBaseUrl, requestLocale, requestOrigin } from "./RequestContext.ts"

/** The handlers of self-registration. */
export const RegistrationHandlers = HttpApiBuilder.group(Api, "registration", (handlers) =>
  Effect.gen(function* () {
    const registrations = yield* Registrations
    return handlers
      .handle("open", ({ payload }) =>
        failWithCatalogue(
          Effect.gen(function* () {
            return yield* registrations.open(payload, yield* requestLocale, yield* requestBaseUrl, yield* requestOrigin)
          })
        )
      )
      .handle("marketplace", ({ payload }) =>
        failWithCatalogue(
          Effect.gen(function* () {
            return yield* registrations.marketplace(
              payload,
              yield* requestLocale,
              yield* requestBaseUrl,
              yield* requestOrigin
            )
          })
        )
      )
  })
)
