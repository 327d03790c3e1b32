import { Schema } from "effect"

/** The password rules of SPEC.md §5, in the order the form lists them. */
export const PasswordRule = Schema.Literals([
  "minLength",
  "maxLength",
  "uppercase",
  "lowercase",
  "digits",
  "specialCharacter",
  "noSpaces",
  "notCommon"
])
export type PasswordRule = typeof PasswordRule.Type

/** What can be wrong with the sign-in form (SPEC.md §5 Login). */
export const LoginFailure = Schema.Literals([
  "emailRequired",
  "emailInvalid",
  "phoneRequired",
  "phoneInvalid",
  "passwordRequired",
  "captchaRequired"
])
export type LoginFailure = typeof LoginFailure.Type

/** What can be wrong in the forgot-password and set-password forms (SPEC.md §5). */
export const PasswordResetFailure = Schema.Literals([
  "emailRequired",
  "emailInvalid",
  "securityCodeRequired",
  "securityCodeFormat",
  "passwordRequired",
  "confirmPasswordRequired",
  "passwordsDoNotMatch",
  "setPasswordMismatch"
])
export type PasswordResetFailure = typeof PasswordResetFailure.Type
