import { describe, expect, it } from "vitest"
import { sessionCookieMaxAge, validateLogin } from "./login.ts"

describe("validateLogin", () => {
  it("asks for the email and the password", () => {
    expect(validateLogin({ email: " ", password: "" })).toEqual({
      email: "emailRequired",
      password: "passwordRequired"
    })
  })

  it("refuses an email that is not one", () => {
    expect(validateLogin({ email: "buyer@", password: "x" })).toEqual({ email: "emailInvalid" })
    expect(validateLogin({ email: "buyer buyer@x.test", password: "x" })).toEqual({ email: "emailInvalid" })
  })

  it("lets a complete form through", () => {
    expect(validateLogin({ email: " Buyer@Buyer.Tawreed.test ", password: "Tawreed@2026" })).toEqual({})
  })
})

describe("sessionCookieMaxAge", () => {
  it("lasts as long as a browser session: twelve hours", () => {
    expect(sessionCookieMaxAge).toBe(12 * 60 * 60)
  })
})
