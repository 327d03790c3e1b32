import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fc from "fast-check"
import { LoginFailure } from "./CredentialFailure.ts"
import {
  isEmail,
  loginFailureMessages,
  loginFailures,
  loginMessages,
  loginRequest,
  marketplaceLoginMessages,
  platformOf
} from "./LoginRules.ts"

describe("login rules", () => {
  it("says each problem in the spec's words and in Arabic", () => {
    assert.deepStrictEqual(
      LoginFailure.literals.map((f) => loginMessages[f].en),
      [
        "Email is required",
        "Please enter a valid email",
        "Phone number is required",
        "Invalid phone number format",
        "Password is required",
        "Please complete the captcha"
      ]
    )
    for (const f of LoginFailure.literals) assert.match(loginMessages[f].ar, /[\u0600-\u06FF]/)
    assert.strictEqual(marketplaceLoginMessages.emailInvalid.en, "Please enter a valid email id.")
    assert.strictEqual(marketplaceLoginMessages.passwordRequired.en, "Please enter a password.")
  })

  it("requires the email and the password", () => {
    assert.deepStrictEqual(loginFailures({ email: "  ", password: "" }), ["emailRequired", "passwordRequired"])
    assert.deepStrictEqual(loginFailureMessages(loginFailures({ email: "", password: "" }), "en"), [
      "Email is required",
      "Password is required"
    ])
  })

  it("refuses an email without a domain", () => {
    assert.deepStrictEqual(loginFailures({ email: "sara@", password: "x" }), ["emailInvalid"])
    assert.deepStrictEqual(loginFailures({ email: "sara.example.com", password: "x" }), ["emailInvalid"])
    assert.isTrue(isEmail("sara.ali+po@buyer.example.sa"))
  })

  it("takes digits only when phone login is on", () => {
    assert.deepStrictEqual(loginFailures({ phoneLogin: true, phone: "", password: "x" }), ["phoneRequired"])
    assert.deepStrictEqual(loginFailures({ phoneLogin: true, phone: "+966 50", password: "x" }), ["phoneInvalid"])
    assert.deepStrictEqual(loginFailures({ phoneLogin: true, phone: "0501234567", password: "x" }), [])
  })

  it("asks for the captcha only where the environment requires it", () => {
    assert.deepStrictEqual(loginFailures({ email: "a@b.co", password: "x", captchaRequired: true }), [
      "captchaRequired"
    ])
    assert.deepStrictEqual(
      loginFailures({ email: "a@b.co", password: "x", captchaRequired: true, captchaSolved: true }),
      []
    )
    assert.deepStrictEqual(loginFailures({ email: "a@b.co", password: "x" }), [])
  })

  it("names the platform mobile on the native app, else web", () => {
    assert.strictEqual(platformOf(true), "mobile")
    assert.strictEqual(platformOf(false), "web")
  })

  it.effect("sends the email trimmed and the password as typed", () =>
    Effect.gen(function* () {
      const request = yield* loginRequest({ email: "  sara@buyer.sa \n", password: " pw " }, "web")
      assert.deepStrictEqual([request.email, request.password, request.platform], ["sara@buyer.sa", " pw ", "web"])
      const error = yield* Effect.flip(loginRequest({ email: "nope", password: "" }, "web"))
      assert.deepStrictEqual(error.failures, ["emailInvalid", "passwordRequired"])
    })
  )

  it("judges an email the same with or without surrounding spaces", () => {
    fc.assert(
      fc.property(fc.emailAddress(), fc.stringMatching(/^[ \t]{0,3}$/), (email, pad) => {
        assert.deepStrictEqual(
          loginFailures({ email: pad + email + pad, password: "x" }),
          loginFailures({ email, password: "x" })
        )
      })
    )
  })
})
