import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Invitations, PasswordResets, ResetPasswordRequest, Sessions } from "@tawreed/core/identity"
import { noticeText } from "@tawreed/core/shared"
import { Notice, TokenValid } from "./AccountApi.ts"
import { Api } from "./Api.ts"
import { failWithCatalogue, requestLocale, requestOrigin } from "./RequestContext.ts"

/** The handlers of the account flows: each a use case, its errors in the catalogue's words. */
export const AccountHandlers = HttpApiBuilder.group(Api, "account", (handlers) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const resets = yield* PasswordResets
    const invitations = yield* Invitations
    return handlers
      .handle("requestMfaCode", ({ payload }) =>
        Effect.gen(function* () {
          return yield* sessions.sendMfaCode(payload.email, yield* requestLocale, yield* requestOrigin)
        })
      )
      .handle("verifyMfa", ({ payload }) =>
        failWithCatalogue(
          Effect.flatMap(requestOrigin, (origin) => sessions.verifyMfa(payload.email, payload.token, origin))
        )
      )
      .handle("forgotPassword", ({ params }) =>
        Effect.gen(function* () {
          return yield* resets.sendCode(params.email, yield* requestLocale, yield* requestOrigin)
        })
      )
      .handle("verifyResetCode", ({ params }) =>
        failWithCatalogue(
          Effect.flatMap(requestLocale, (locale) => resets.verifyCode(params.email, params.code, locale))
        )
      )
      .handle("resetPassword", ({ payload }) =>
        failWithCatalogue(
          Effect.gen(function* () {
            yield* resets.reset(new ResetPasswordRequest(payload), yield* requestOrigin)
            return new Notice({ message: noticeText("passwordReset", yield* requestLocale) })
          })
        )
      )
      .handle("validateToken", ({ params }) =>
        failWithCatalogue(Effect.as(invitations.validate(params.token), new TokenValid({ valid: true })))
      )
      .handle("passwordOrgData", ({ params }) => failWithCatalogue(invitations.details(params.token)))
      .handle("setPassword", ({ params, payload }) =>
        failWithCatalogue(
          Effect.gen(function* () {
            yield* invitations.setPassword(params.token, payload.password)
            return new Notice({ message: noticeText("passwordSet", yield* requestLocale) })
          })
        )
      )
  })
)
