import { describe, expect, it } from "vitest"
import { localeOfPath, loginPath, safeReturnUrl, switchLocale } from "./paths.ts"

describe("switchLocale", () => {
  it("keeps the rest of the path and the query", () => {
    expect(switchLocale(new URL("http://x/en/requests/1042?tab=items"), "ar")).toBe("/ar/requests/1042?tab=items")
    expect(switchLocale(new URL("http://x/ar/actionboard"), "en")).toBe("/en/actionboard")
    expect(switchLocale(new URL("http://x/ar"), "en")).toBe("/en/")
  })

  it("does not touch a later segment that looks like a locale", () => {
    expect(switchLocale(new URL("http://x/en/vendors/en"), "ar")).toBe("/ar/vendors/en")
  })
})

describe("localeOfPath", () => {
  it("reads only the first segment", () => {
    expect(localeOfPath("/ar/x")).toBe("ar")
    expect(localeOfPath("/english/x")).toBeUndefined()
    expect(localeOfPath("/")).toBeUndefined()
  })
})

describe("safeReturnUrl", () => {
  it("returns to a page of this site", () => {
    expect(safeReturnUrl("/en/requests/1?x=1", "en")).toBe("/en/requests/1?x=1")
  })

  it.each(["https://evil.test/en/x", "//evil.test/en/x", "/\\evil.test", "javascript:alert(1)", "/fr/x", "", null])(
    "refuses %s and goes to the action board",
    (value) => {
      expect(safeReturnUrl(value, "ar")).toBe("/ar/actionboard")
    }
  )

  it("never returns to the sign-in page itself", () => {
    expect(safeReturnUrl("/en/auth/login?returnUrl=/en/x", "en")).toBe("/en/actionboard")
  })
})

describe("loginPath", () => {
  it("carries where to come back to", () => {
    expect(loginPath("en", "/en/bills?page=2")).toBe("/en/auth/login?returnUrl=%2Fen%2Fbills%3Fpage%3D2")
    expect(loginPath("ar")).toBe("/ar/auth/login")
  })
})
