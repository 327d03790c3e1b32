import { Effect } from "effect"
import type { Locale, Translated } from "../shared/Locale.ts"
import { LoginRejected } from "./CredentialErrors.ts"
import type { LoginFailure } from "./CredentialFailure.ts"
import type { Platform } from "./Session.ts"
import { LoginRequest } from "./Sessions.ts"

/** What the sign-in form says for each problem. */
export const loginMessages: Readonly<Record<LoginFailure, Translated>> = {
  emailRequired: { en: "Email is required", ar: "البريد الإلكتروني مطلوب" },
  emailInvalid: { en: "Please enter a valid email", ar: "يرجى إدخال بريد إلكتروني صحيح" },
  phoneRequired: { en: "Phone number is required", ar: "رقم الهاتف مطلوب" },
  phoneInvalid: { en: "Invalid phone number format", ar: "صيغة رقم الهاتف غير صحيحة" },
  passwordRequired: { en: "Password is required", ar: "كلمة المرور مطلوبة" },
  captchaRequired: { en: "Please complete the captcha", ar: "يرجى إكمال اختبار التحقق" }
}

/** The warnings of the marketplace login and registration dialog (SPEC.md §5). */
export const marketplaceLoginMessages = {
  emailInvalid: { en: "Please enter a valid email id.", ar: "يرجى إدخال معرّف بريد إلكتروني صحيح." },
  passwordRequired: { en: "Please enter a password.", ar: "يرجى إدخال كلمة المرور." }
} as const satisfies Readonly<Record<string, Translated>>

/** Where the user signs in from; the native app says mobile, everything else web (SPEC.md §3 Login request). */
export const platformOf = (isNativeApp: boolean): Platform => (isNativeApp ? "mobile" : "web")

const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/

/** Whether a text is an email address in the standard form: local part, @, and a domain with a dot. */
export const isEmail = (text: string): boolean => text.length <= 254 && emailPattern.test(text)

/** Whether a text is a phone number as the phone login takes it: digits only. */
export const isPhoneDigits = (text: string): boolean => /^[0-9]+$/.test(text)

/** The sign-in form as the user filled it. */
export interface LoginForm {
  readonly email?: string | undefined
  readonly phone?: string | undefined
  readonly password: string
  /** The organisation signs in by phone number instead of email. */
  readonly phoneLogin?: boolean | undefined
  /** The environment requires a captcha (off by default, SPEC.md §9). */
  readonly captchaRequired?: boolean | undefined
  readonly captchaSolved?: boolean | undefined
}

/** Every problem of the sign-in form at once. The email is judged after trimming, as it is sent trimmed. */
export const loginFailures = (form: LoginForm): ReadonlyArray<LoginFailure> => {
  const failures: Array<LoginFailure> = []
  if (form.phoneLogin === true) {
    const phone = (form.phone ?? "").trim()
    if (phone === "") failures.push("phoneRequired")
    else if (!isPhoneDigits(phone)) failures.push("phoneInvalid")
  } else {
    const email = (form.email ?? "").trim()
    if (email === "") failures.push("emailRequired")
    else if (!isEmail(email)) failures.push("emailInvalid")
  }
  if (form.password === "") failures.push("passwordRequired")
  if (form.captchaRequired === true && form.captchaSolved !== true) failures.push("captchaRequired")
  return failures
}

/** Validates the sign-in form and builds the login request with the email (or phone) trimmed. */
export const loginRequest = Effect.fn("LoginRules.loginRequest")(function* (
  form: LoginForm,
  platform: Platform
): Effect.fn.Return<LoginRequest, LoginRejected> {
  const failures = loginFailures(form)
  if (failures.length > 0) return yield* new LoginRejected({ failures })
  const email = (form.phoneLogin === true ? form.phone : form.email) ?? ""
  return new LoginRequest({ email: email.trim(), password: form.password, platform })
})

/** The messages for the form's problems, in a language. */
export const loginFailureMessages = (failures: ReadonlyArray<LoginFailure>, locale: Locale): ReadonlyArray<string> =>
  failures.map((f) => loginMessages[f][locale])
