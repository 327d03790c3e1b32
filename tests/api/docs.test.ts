import { createHash } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessionCookie } from "@tawreed/adapters/http/Edge"
import { unreadCounts } from "../support/EventStream.ts"
import { accounts, signIn, start, type TestServer } from "../support/TestServer.ts"

interface Operation {
  readonly security?: ReadonlyArray<Record<string, ReadonlyArray<string>>>
  readonly responses: Record<string, { readonly content?: Record<string, { readonly schema?: { $ref?: string } }> }>
}

interface Document {
  readonly paths: Record<string, Record<string, Operation>>
  readonly components: { readonly schemas: Record<string, unknown>; readonly securitySchemes: Record<string, unknown> }
}

const signedIn = [{ bearer: [] }, { cookie: [] }]

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

  const openapi = async () => (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Document

  it("declares the two ways to sign in: a bearer token and the site's session cookie", async () => {
    const { components } = await openapi()
    expect(components.securitySchemes["bearer"]).toMatchObject({
      type: "http",
      scheme: expect.stringMatching(/^bearer$/i)
    })
    expect(components.securitySchemes["cookie"]).toMatchObject({ type: "apiKey", in: "cookie", name: sessionCookie })
  })

  it("lists them on the operations behind authentication, and on none of the public ones", async () => {
    const { paths } = await openapi()
    expect(paths["/api/notification"]?.["get"]?.security).toEqual(signedIn)
    expect(paths["/api/workspaces"]?.["get"]?.security).toEqual(signedIn)
    expect(paths["/api/auth/logout"]?.["post"]?.security).toEqual(signedIn)
    for (const [path, method] of [
      ["/api/auth/login", "post"],
      ["/api/health", "get"],
      ["/api/orgs_open", "post"],
      ["/api/themes/{orgCode}", "get"],
      ["/api/google/login", "get"]
    ] as const) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined()
      expect(paths[path]?.[method]?.security ?? [], `${method} ${path}`).toEqual([])
    }
  })

  it("is honest about it: every operation it says needs a session refuses a request without one", async () => {
    const { paths } = await openapi()
    const guarded = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => (operation.security ?? []).length > 0)
        .map(([method, operation]) => ({ path: path.replace(/\{[^}]+\}/g, "1"), method, operation }))
    )
    expect(guarded.length).toBeGreaterThan(50)
    for (const { path, method } of guarded) {
      const response = await fetch(`${server.url}${path}`, { method: method.toUpperCase() })
      expect(response.status, `${method} ${path}`).toBe(401)
      await response.body?.cancel()
    }
  })

  it("documents the unread event stream, which is served as described", async () => {
    const { paths, components } = await openapi()
    const stream = paths["/api/notification/stream"]?.["get"]
    expect(stream?.security).toEqual(signedIn)
    expect(Object.keys(stream?.responses["200"]?.content ?? {})).toEqual(["text/event-stream"])
    const refusal = stream?.responses["401"]?.content?.["application/json"]?.schema?.$ref ?? ""
    expect(components.schemas[refusal.replace("#/components/schemas/", "")]).toBeDefined()

    const signedOut = await fetch(`${server.url}/api/notification/stream`)
    expect(signedOut.status).toBe(401)
    expect(await signedOut.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } })

    const token = await signIn(server.url, accounts.buyer)
    const abort = new AbortController()
    const events = await fetch(`${server.url}/api/notification/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: abort.signal
    })
    expect(events.status).toBe(200)
    expect(events.headers.get("content-type")).toContain("text/event-stream")
    expect(await unreadCounts(events)()).toBeGreaterThanOrEqual(0)
    abort.abort()
  })
})
