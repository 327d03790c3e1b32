import { Schema } from "effect"
import { LoginFailure, PasswordResetFailure, PasswordRule } from "./CredentialFailure.ts"

/** A new password breaks one or more password rules; every broken rule is listed (SPEC.md §5). */
export class PasswordRejected extends Schema.TaggedError<PasswordRejected>()("PasswordRejected", {
  failures: Schema.Array(PasswordRule)
}) {}

/** The sign-in form is incomplete or malformed; every problem is listed (SPEC.md §5 Login). */
export class LoginRejected extends Schema.TaggedError<LoginRejected>()("LoginRejected", {
  failures: Schema.Array(LoginFailure)
}) {}

/** A forgot-password or set-password step is incomplete or malformed (SPEC.md §5). */
export class PasswordResetRejected extends Schema.TaggedError<PasswordResetRejected>()("PasswordResetRejected", {
  failures: Schema.Array(PasswordResetFailure)
}) {}
