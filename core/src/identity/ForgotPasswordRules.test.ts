import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fc from "fast-check"
import { PasswordResetFailure } from "./CredentialFailure.ts"
import {
  emailStepFailures,
  forgotPasswordStep,
  maskEmail,
  newPassword,
  newPasswordFailures,
  passwordResetFailureMessages,
  passwordResetMessages,
  securityCode,
  securityCodeFailures,
  showBackToLogin
} from "./ForgotPasswordRules.ts"

describe("forgot password", () => {
  it("walks the three steps from the auth state's flags", () => {
    const flags = { forgotPasswordStatus: false, verifiedSecurityCode: false, isPasswordReset: false }
    assert.strictEqual(forgotPasswordStep(flags), "email")
    assert.strictEqual(forgotPasswordStep({ ...flags, forgotPasswordStatus: true }), "securityCode")
    assert.strictEqual(
      forgotPasswordStep({ ...flags, forgotPasswordStatus: true, verifiedSecurityCode: true }),
      "newPassword"
    )
    assert.strictEqual(
      forgotPasswordStep({ forgotPasswordStatus: true, verifiedSecurityCode: true, isPasswordReset: true }),
      "done"
    )
  })

  it("shows Back to Login only when not logged in", () => {
    assert.isTrue(showBackToLogin(false))
    assert.isFalse(showBackToLogin(true))
  })

  it("uses the spec's messages", () => {
    assert.deepStrictEqual(
      PasswordResetFailure.literals.map((f) => passwordResetMessages[f].en),
      [
        "This field is required",
        "Please enter a valid email address",
        "This field is required",
        "Invalid format",
        "Password is required",
        "Password is required",
        "The passwords do not match.",
        "Passwords do not match"
      ]
    )
    for (const f of PasswordResetFailure.literals) assert.match(passwordResetMessages[f].ar, /[\u0600-\u06FF]/)
  })

  it("masks the email: first character, stars, last character of the local part, then the domain", () => {
    assert.strictEqual(maskEmail("sara@buyer.sa"), "s**a@buyer.sa")
    assert.strictEqual(maskEmail("mohammed.ali@tawreed.io"), "m**********i@tawreed.io")
    assert.strictEqual(maskEmail("ab@x.co"), "a*b@x.co")
    assert.strictEqual(maskEmail("a@x.co"), "a*@x.co")
  })

  it("never shows the hidden middle of the local part, and keeps the domain", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const at = email.lastIndexOf("@")
        const local = email.slice(0, at)
        const masked = maskEmail(email)
        assert.isTrue(masked.endsWith(email.slice(at)))
        assert.strictEqual(masked[0], local[0])
        if (local.length > 2) assert.strictEqual(masked.slice(1, local.length - 1), "*".repeat(local.length - 2))
      })
    )
  })

  it("checks the email step", () => {
    assert.deepStrictEqual(emailStepFailures(""), ["emailRequired"])
    assert.deepStrictEqual(emailStepFailures("not-an-email"), ["emailInvalid"])
    assert.deepStrictEqual(emailStepFailures(" sara@buyer.sa "), [])
  })

  it("takes a security code of digits only", () => {
    assert.deepStrictEqual(securityCodeFailures(""), ["securityCodeRequired"])
    assert.deepStrictEqual(passwordResetFailureMessages(securityCodeFailures("12a4"), "en"), ["Invalid format"])
    assert.deepStrictEqual(securityCodeFailures("004512"), [])
    fc.assert(fc.property(fc.stringMatching(/^[0-9]{1,12}$/), (code) => securityCodeFailures(code).length === 0))
  })

  it("requires both passwords and that they match, with each screen's wording", () => {
    assert.deepStrictEqual(newPasswordFailures("", ""), ["passwordRequired", "confirmPasswordRequired"])
    assert.deepStrictEqual(passwordResetFailureMessages(newPasswordFailures("Abc#1234", "Abc#1235"), "en"), [
      "The passwords do not match."
    ])
    assert.deepStrictEqual(passwordResetFailureMessages(newPasswordFailures("a", "b", "setPassword"), "en"), [
      "Passwords do not match"
    ])
    assert.deepStrictEqual(newPasswordFailures("Abc#1234", "Abc#1234"), [])
  })

  it.effect("gives the checked values as effects", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* securityCode(" 123456 "), "123456")
      assert.strictEqual(yield* newPassword("Abc#1234", "Abc#1234"), "Abc#1234")
      const error = yield* Effect.flip(newPassword("a", "b"))
      assert.deepStrictEqual(error.failures, ["passwordsDoNotMatch"])
    })
  )
})
