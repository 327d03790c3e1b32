import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { Invitations, PasswordResets, ResetPasswordRequest, Sessions } from "@tawreed/core/identity"
import { noticeText } from "@tawreed/core/shared"
import { Notice, TokenValid } from "./AccountApi.ts"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"

/** The handlers of the account flows: each a use case, its errors in the catalogue's words. */
export const AccountHandlers = HttpApiBuilder.group(Api, "account", (handlers) =>
  Effect.gen(function* () {
    const { asVisitor } = yield* HandlerKit
    const sessions = yield* Sessions
    const resets = yield* PasswordResets
    const invitations = yield* Invitations
    return handlers
      .handle("requestMfaCode", ({ payload }) =>
        asVisitor(({ locale, origin }) => sessions.sendMfaCode(payload.email, locale, origin))
      )
      .handle("verifyMfa", ({ payload }) =>
        asVisitor(({ origin }) => sessions.verifyMfa(payload.email, payload.token, origin))
      )
      .handle("forgotPassword", ({ params }) =>
        asVisitor(({ locale, origin }) => resets.sendCode(params.email, locale, origin))
      )
      .handle("verifyResetCode", ({ params }) =>
        asVisitor(({ locale }) => resets.verifyCode(params.email, params.code, locale))
      )
      .handle("resetPassword", ({ payload }) =>
        asVisitor(({ locale, origin }) =>
          Effect.as(
            resets.reset(new ResetPasswordRequest(payload), origin),
            new Notice({ message: noticeText("passwordReset", locale) })
          )
        )
      )
      .handle("validateToken", ({ params }) =>
        asVisitor(() => Effect.as(invitations.validate(params.token), new TokenValid({ valid: true })))
      )
      .handle("passwordOrgData", ({ params }) => asVisitor(() => invitations.details(params.token)))
      .handle("setPassword", ({ params, payload }) =>
        asVisitor(({ locale }) =>
          Effect.as(
            invitations.setPassword(params.token, payload.password),
            new Notice({ message: noticeText("passwordSet", locale) })
          )
        )
      )
  })
)
