import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { start, type TestServer } from "../support/TestServer.ts"

describe("the API reference", () => {
  let server: TestServer
  beforeAll(async () => {
    server = await start("pglite")
  })
  afterAll(() => server?.close())

  it("renders the OpenAPI document at /api/docs, with its viewer served by the product itself", async () => {
    const response = await fetch(`${server.url}/api/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    const page = await response.text()
    expect(page).toContain("/api/workspaces")
    expect(page).not.toMatch(/<script[^>]+src="https?:\/\//)
    // Its policy lets exactly its own inline scripts run, by their hashes.
    const policy = response.headers.get("content-security-policy") ?? ""
    const scriptSrc = policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? ""
    expect(scriptSrc).not.toContain("unsafe-inline")
    const inline = Array.from(page.matchAll(/<script>([\s\S]*?)<\/script>/g), (m) => m[1] ?? "")
    expect(inline.length).toBeGreaterThan(0)
    for (const script of inline) {
      expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`)
    }
  })
})
