import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup } from "effect/http-api"
import { CodeSent, CodeVerified, InvitationDetails, LoginResponse } from "@tawreed/core/identity"
import { errors } from "../ApiErrors.ts"

export class MfaRequestPayload extends Schema.Class<MfaRequestPayload>("MfaRequestPayload")({
  email: Schema.String
}) {}

export class MfaVerifyPayload extends Schema.Class<MfaVerifyPayload>("MfaVerifyPayload")({
  email: Schema.String,
  token: Schema.String
}) {}

export class ResetPasswordPayload extends Schema.Class<ResetPasswordPayload>("ResetPasswordPayload")({
  email: Schema.String,
  password: Schema.String,
  securityCode: Schema.String
}) {}

export class SetPasswordPayload extends Schema.Class<SetPasswordPayload>("SetPasswordPayload")({
  password: Schema.String,
  orgName: Schema.optionalKey(Schema.String)
}) {}

/** A success that says something: the notice in the request's language. */
export class Notice extends Schema.Class<Notice>("Notice")({ message: Schema.String }) {}

export class TokenValid extends Schema.Class<TokenValid>("TokenValid")({ valid: Schema.Literal(true) }) {}

const codeErrors = [errors.BadRequest, errors.Unprocessable, errors.Unavailable] as const
const version = { version: Schema.optional(Schema.Literals(["v1", "v2"])) }

/**
 * The account flows of SPEC.md §7 that come before a session: the MFA step, forgot password in three steps, and
 * setting a password from an invitation. Their answers do not tell whether an email has an account.
 */
export class AccountGroup extends HttpApiGroup.make("account")
  .add(
    HttpApiEndpoint.post("requestMfaCode", "/auth/mfa", {
      payload: MfaRequestPayload,
      success: CodeSent,
      error: [errors.BadRequest, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.post("verifyMfa", "/auth/mfa/verify", {
      payload: MfaVerifyPayload,
      success: LoginResponse,
      error: codeErrors
    })
  )
  .add(
    HttpApiEndpoint.post("forgotPassword", "/auth/forgot-password/:email", {
      params: { email: Schema.String },
      success: CodeSent,
      error: [errors.BadRequest, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.post("verifyResetCode", "/auth/code/:email/:code", {
      params: { email: Schema.String, code: Schema.String },
      success: CodeVerified,
      error: codeErrors
    })
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/auth/resetpassword", {
      payload: ResetPasswordPayload,
      success: Notice,
      error: codeErrors
    })
  )
  .add(
    HttpApiEndpoint.get("validateToken", "/auth/validate-token/:token", {
      params: { token: Schema.String },
      query: version,
      success: TokenValid,
      error: [errors.BadRequest, errors.Conflict, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.get("passwordOrgData", "/auth/password-org-data/:token", {
      params: { token: Schema.String },
      query: version,
      success: InvitationDetails,
      error: [errors.BadRequest, errors.Conflict, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.post("setPassword", "/auth/set-password/:token", {
      params: { token: Schema.String },
      query: version,
      payload: SetPasswordPayload,
      success: Notice,
      error: [errors.BadRequest, errors.Conflict, errors.Unprocessable, errors.Unavailable]
    })
  ) {}
