import { describe, expect, it } from "vitest"
import { withReasonPhrase } from "./responses.ts"

describe("withReasonPhrase", () => {
  it("gives a 404 its own reason, not the page's default OK", async () => {
    const response = withReasonPhrase(
      new Response("gone", { status: 404, statusText: "OK", headers: { "x-kept": "yes" } })
    )
    expect(response.status).toBe(404)
    expect(response.statusText).toBe("Not Found")
    expect(response.headers.get("x-kept")).toBe("yes")
    expect(await response.text()).toBe("gone")
  })

  it("leaves a response whose reason already fits as it is", () => {
    const response = new Response(null, { status: 302, statusText: "Found" })
    expect(withReasonPhrase(response)).toBe(response)
  })
})
