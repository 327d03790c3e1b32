import { Effect } from "effect"
import type { Locale, Translated } from "../shared/Locale.ts"
import { PasswordResetRejected } from "./CredentialErrors.ts"
import type { PasswordResetFailure } from "./CredentialFailure.ts"
import { isEmail } from "./LoginRules.ts"

/** The three steps of the forgot-password screen, and the end (SPEC.md §2, §4). */
export type ForgotPasswordStep = "email" | "securityCode" | "newPassword" | "done"

/** The step the screen shows, from the flags the auth state keeps (SPEC.md §4 Authentication). */
export const forgotPasswordStep = (state: {
  readonly forgotPasswordStatus: boolean
  readonly verifiedSecurityCode: boolean
  readonly isPasswordReset: boolean
}): ForgotPasswordStep =>
  state.isPasswordReset
    ? "done"
    : state.verifiedSecurityCode
      ? "newPassword"
      : state.forgotPasswordStatus
        ? "securityCode"
        : "email"

/** The Back to Login button shows only to someone who is not signed in. */
export const showBackToLogin = (loggedIn: boolean): boolean => !loggedIn

/** The forms' messages. Forgot-password mismatch is a warning with a full stop; set-password's is an error without. */
export const passwordResetMessages: Readonly<Record<PasswordResetFailure, Translated>> = {
  emailRequired: { en: "This field is required", ar: "هذا الحقل مطلوب" },
  emailInvalid: { en: "Please enter a valid email address", ar: "يرجى إدخال عنوان بريد إلكتروني صحيح" },
  securityCodeRequired: { en: "This field is required", ar: "هذا الحقل مطلوب" },
  securityCodeFormat: { en: "Invalid format", ar: "صيغة غير صحيحة" },
  passwordRequired: { en: "Password is required", ar: "كلمة المرور مطلوبة" },
  confirmPasswordRequired: { en: "Password is required", ar: "كلمة المرور مطلوبة" },
  passwordsDoNotMatch: { en: "The passwords do not match.", ar: "كلمتا المرور غير متطابقتين." },
  setPasswordMismatch: { en: "Passwords do not match", ar: "كلمتا المرور غير متطابقتين" }
}

/**
 * The email as the security-code step shows it: the local part's first character, a star for each hidden
 * character (at least one, so a one-letter name is not shown whole), its last character, then the domain.
 */
export const maskEmail = (email: string): string => {
  const trimmed = email.trim()
  const at = trimmed.lastIndexOf("@")
  const local = [...(at < 0 ? trimmed : trimmed.slice(0, at))]
  const domain = at < 0 ? "" : trimmed.slice(at)
  if (local.length === 0) return trimmed
  const first = local[0] ?? ""
  const last = local.length > 1 ? (local[local.length - 1] ?? "") : ""
  return `${first}${"*".repeat(Math.max(1, local.length - 2))}${last}${domain}`
}

/** Step 1: the email is required and must be valid. */
export const emailStepFailures = (email: string): ReadonlyArray<PasswordResetFailure> => {
  const trimmed = email.trim()
  return trimmed === "" ? ["emailRequired"] : isEmail(trimmed) ? [] : ["emailInvalid"]
}

/** Step 2: the security code is required and digits only; its length is the server's to judge. */
export const securityCodeFailures = (code: string): ReadonlyArray<PasswordResetFailure> => {
  const trimmed = code.trim()
  return trimmed === "" ? ["securityCodeRequired"] : /^[0-9]+$/.test(trimmed) ? [] : ["securityCodeFormat"]
}

/** Step 3 (and the set-password screen): both fields are required and must match. */
export const newPasswordFailures = (
  password: string,
  confirmPassword: string,
  screen: "resetPassword" | "setPassword" = "resetPassword"
): ReadonlyArray<PasswordResetFailure> => {
  const failures: Array<PasswordResetFailure> = []
  if (password === "") failures.push("passwordRequired")
  if (confirmPassword === "") failures.push("confirmPasswordRequired")
  if (failures.length === 0 && password !== confirmPassword) {
    failures.push(screen === "setPassword" ? "setPasswordMismatch" : "passwordsDoNotMatch")
  }
  return failures
}

const refuseAny = <A>(value: A, failures: ReadonlyArray<PasswordResetFailure>) =>
  failures.length > 0 ? Effect.fail(new PasswordResetRejected({ failures })) : Effect.succeed(value)

/** The email to send the security code to, trimmed, or why not. */
export const forgotPasswordEmail = (email: string): Effect.Effect<string, PasswordResetRejected> =>
  refuseAny(email.trim(), emailStepFailures(email))

/** The security code to verify, trimmed, or why not. */
export const securityCode = (code: string): Effect.Effect<string, PasswordResetRejected> =>
  refuseAny(code.trim(), securityCodeFailures(code))

/** The new password, when both fields are filled and match. */
export const newPassword = (
  password: string,
  confirmPassword: string,
  screen: "resetPassword" | "setPassword" = "resetPassword"
): Effect.Effect<string, PasswordResetRejected> =>
  refuseAny(password, newPasswordFailures(password, confirmPassword, screen))

/** The messages for the forms' problems, in a language. */
export const passwordResetFailureMessages = (
  failures: ReadonlyArray<PasswordResetFailure>,
  locale: Locale
): ReadonlyArray<string> => failures.map((f) => passwordResetMessages[f][locale])
