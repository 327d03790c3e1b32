import { describe, expect, it } from "vitest"
import { isCrossSite } from "./origin.ts"

const url = new URL("http://tawreed.test/en/auth/login")
const post = (headers: Record<string, string>) => new Request(url, { method: "POST", headers })

describe("isCrossSite", () => {
  it("lets the site's own forms through", () => {
    expect(isCrossSite(post({ origin: "http://tawreed.test", "sec-fetch-site": "same-origin" }), url)).toBe(false)
  })

  it("refuses a form posted from another site", () => {
    expect(isCrossSite(post({ origin: "https://evil.test" }), url)).toBe(true)
    expect(isCrossSite(post({ origin: "null" }), url)).toBe(true)
    expect(isCrossSite(post({ "sec-fetch-site": "cross-site" }), url)).toBe(true)
    expect(isCrossSite(post({ "sec-fetch-site": "same-site" }), url)).toBe(true)
  })

  it("never refuses a page being read", () => {
    expect(isCrossSite(new Request(url, { headers: { origin: "https://evil.test" } }), url)).toBe(false)
  })
})
