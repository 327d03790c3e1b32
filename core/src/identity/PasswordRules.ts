import { Effect } from "effect"
import type { Locale, Translated } from "../shared/Locale.ts"
import { CommonPasswords } from "./CommonPasswords.ts"
import { PasswordRejected } from "./CredentialErrors.ts"
import { PasswordRule } from "./CredentialFailure.ts"

/** The numbers behind the rules (SPEC.md §9: 8 to 100 characters, at least 2 digits). */
export const passwordLimits = { minLength: 8, maxLength: 100, minDigits: 2 } as const

/** What the form says when a rule fails. */
export const passwordRuleMessages: Readonly<Record<PasswordRule, Translated>> = {
  minLength: { en: "Must have minimum 8 characters", ar: "يجب أن تتكون من 8 أحرف على الأقل" },
  maxLength: { en: "Must have maximum 100 characters", ar: "يجب ألا تزيد على 100 حرف" },
  uppercase: { en: "Must have uppercase letters", ar: "يجب أن تحتوي على أحرف كبيرة" },
  lowercase: { en: "Must have lowercase letters", ar: "يجب أن تحتوي على أحرف صغيرة" },
  digits: { en: "Must have at least 2 digits", ar: "يجب أن تحتوي على رقمين على الأقل" },
  specialCharacter: { en: "Must contain one special character", ar: "يجب أن تحتوي على رمز خاص واحد على الأقل" },
  noSpaces: { en: "Should not have spaces", ar: "يجب ألا تحتوي على مسافات" },
  notCommon: { en: "Password too common", ar: "كلمة المرور شائعة جدًا" }
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0

/**
 * The rules a password breaks that can be judged from the text alone (all but `notCommon`). Length counts
 * characters, not UTF-16 units, so an emoji is one character; a special character is anything that is neither a
 * letter, a digit nor white space.
 */
export const structuralFailures = (password: string): ReadonlyArray<PasswordRule> => {
  const length = [...password].length
  const failures: Array<PasswordRule> = []
  if (length < passwordLimits.minLength) failures.push("minLength")
  if (length > passwordLimits.maxLength) failures.push("maxLength")
  if (!/\p{Lu}/u.test(password)) failures.push("uppercase")
  if (!/\p{Ll}/u.test(password)) failures.push("lowercase")
  if (count(password, /\p{Nd}/gu) < passwordLimits.minDigits) failures.push("digits")
  if (!/[^\p{L}\p{N}\s]/u.test(password)) failures.push("specialCharacter")
  if (/\s/u.test(password)) failures.push("noSpaces")
  return failures
}

/** Every rule a password breaks, the common-password list included; an empty list means it passes. */
export const passwordFailures = Effect.fn("PasswordRules.passwordFailures")(function* (
  password: string
): Effect.fn.Return<ReadonlyArray<PasswordRule>, never, CommonPasswords> {
  const common = yield* CommonPasswords
  const failures = [...structuralFailures(password)]
  if (yield* common.isCommon(password)) failures.push("notCommon")
  return failures
})

/** Accepts a password that keeps every rule, or fails with all the rules it breaks at once. */
export const checkPassword = Effect.fn("PasswordRules.checkPassword")(function* (
  password: string
): Effect.fn.Return<string, PasswordRejected, CommonPasswords> {
  const failures = yield* passwordFailures(password)
  if (failures.length > 0) return yield* new PasswordRejected({ failures })
  return password
})

/** The messages of the broken rules, in the form's order, in a language. */
export const passwordFailureMessages = (failures: ReadonlyArray<PasswordRule>, locale: Locale): ReadonlyArray<string> =>
  PasswordRule.literals.filter((rule) => failures.includes(rule)).map((rule) => passwordRuleMessages[rule][locale])
