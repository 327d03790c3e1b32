import type { Locale } from "../shared/Locale.ts"
import { LoginRejected, PasswordRejected, PasswordResetRejected } from "./CredentialErrors.ts"
import { passwordResetFailureMessages } from "./ForgotPasswordRules.ts"
import { loginFailureMessages } from "./LoginRules.ts"
import { passwordFailureMessages } from "./PasswordRules.ts"

/**
 * The line-by-line messages behind an error that lists failures (every broken password rule, every form problem),
 * in a language; none for any other error. The API sends them beside the catalogue message.
 */
export const failureDetails = (error: unknown, locale: Locale): ReadonlyArray<string> | undefined => {
  if (error instanceof PasswordRejected) return passwordFailureMessages(error.failures, locale)
  if (error instanceof LoginRejected) return loginFailureMessages(error.failures, locale)
  if (error instanceof PasswordResetRejected) return passwordResetFailureMessages(error.failures, locale)
  return undefined
}
