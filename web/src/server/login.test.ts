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

  it("asks for phone digits when the deployment signs in by phone", () => {
    expect(validateLogin({ email: "", password: "x", phoneLogin: true })).toEqual({ email: "phoneRequired" })
    expect(validateLogin({ email: "+966 50", password: "x", phoneLogin: true })).toEqual({ email: "phoneInvalid" })
    expect(validateLogin({ email: " 966500000001 ", password: "x", phoneLogin: true })).toEqual({})
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
