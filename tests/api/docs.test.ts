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
  })
})
