import type { Server } from "node:http"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sessionCookie } from "@tawreed/adapters/http/Edge"
import { parseProxyTrust } from "@tawreed/adapters/http/EdgePolicy"
import { listen } from "@tawreed/adapters/http/NodeListener"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

/** The edge of ARCHITECTURE.md: security headers on every answer, proxies trusted only when named, cross-site refused. */
for (const engine of engines()) {
  describe(`the API's edge on ${engine}`, () => {
    let server: TestServer
    let behindProxy: { server: Server; url: string }
    let token: string

    beforeAll(async () => {
      server = await start(engine)
      // The same app behind a listener that trusts the loopback proxy, as `TRUST_PROXY=loopback` would.
      behindProxy = await listen(server.app.handleApi, 0, parseProxyTrust("loopback"))
      token = await signIn(server.url, accounts.buyer)
    })
    afterAll(async () => {
      behindProxy?.server.closeAllConnections()
      await new Promise((resolve) => behindProxy?.server.close(resolve))
      await server?.close()
    })

    const lastRefusalAddress = async () => {
      const rows = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql<{ address: string | null }>`
            SELECT address FROM audit_log WHERE event = 'access.refused' ORDER BY id DESC LIMIT 1`.pipe(Effect.orDie)
        )
      )
      return rows[0]?.address
    }

    it("puts the security headers on every answer: data, errors, refusals and the event stream", async () => {
      const answers = await Promise.all([
        fetch(`${server.url}/api/health`),
        fetch(`${server.url}/api/no-such-route`),
        fetch(`${server.url}/api/notification/countUnRead`),
        fetch(`${server.url}/api/auth/login`, {
          method: "POST",
          body: "{not json",
          headers: { "content-type": "application/json" }
        })
      ])
      expect(answers.map((a) => a.status)).toEqual([200, 404, 401, 400])
      const stream = new AbortController()
      const events = await fetch(`${server.url}/api/notification/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: stream.signal
      })
      expect(events.headers.get("content-type")).toContain("text/event-stream")
      for (const answer of [...answers, events]) {
        expect(answer.headers.get("content-security-policy")).toBe(
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
        )
        expect(answer.headers.get("x-frame-options")).toBe("DENY")
        expect(answer.headers.get("x-content-type-options")).toBe("nosniff")
        expect(answer.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin")
        // Plain http here: HSTS only means anything over https.
        expect(answer.headers.get("strict-transport-security")).toBeNull()
      }
      stream.abort()
    })

    it("believes X-Forwarded-Proto and X-Forwarded-For from a trusted proxy only", async () => {
      const forwarded = { "x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7" }
      const viaProxy = await fetch(`${behindProxy.url}/api/notification/countUnRead`, { headers: forwarded })
      expect(viaProxy.status).toBe(401)
      expect(viaProxy.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains")
      expect(await lastRefusalAddress()).toBe("203.0.113.7")

      // The default listener trusts no proxy: the same headers from a client count for nothing.
      const direct = await fetch(`${server.url}/api/notification/countUnRead`, { headers: forwarded })
      expect(direct.headers.get("strict-transport-security")).toBeNull()
      expect(await lastRefusalAddress()).toBe("127.0.0.1")

      // Nor can a client pick its address with the header the edge uses to carry it to the API.
      await fetch(`${server.url}/api/notification/countUnRead`, {
        headers: { "x-tawreed-client-address": "198.51.100.1", "x-tawreed-client-protocol": "https" }
      }).then((answer) => expect(answer.headers.get("strict-transport-security")).toBeNull())
      expect(await lastRefusalAddress()).toBe("127.0.0.1")
    })

    it("refuses a cookie-borne change that a browser says came from another site, Origin or not", async () => {
      const readAll = (headers: Record<string, string>) =>
        fetch(`${server.url}/api/notification/readall`, {
          method: "PUT",
          headers: { cookie: `${sessionCookie}=${token}`, ...headers }
        })
      for (const site of ["cross-site", "same-site"]) {
        const refused = await readAll({ "sec-fetch-site": site })
        expect([site, refused.status, ((await refused.json()) as any).error.code]).toEqual([site, 403, "E3004"])
      }
      const host = new URL(server.url).host
      expect((await readAll({ origin: `http://evil.example` })).status).toBe(403)
      expect((await readAll({ "sec-fetch-site": "same-origin", origin: `http://${host}` })).status).toBe(204)
      expect((await readAll({ "sec-fetch-site": "same-origin" })).status).toBe(204)
      // A bearer token is not sent by a browser on its own, so no site can forge it.
      const bearer = await fetch(`${server.url}/api/notification/readall`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "sec-fetch-site": "cross-site" }
      })
      expect(bearer.status).toBe(204)
    })

    it("lets a bearer token take precedence over the cookie, and audits a refused one once", async () => {
      const refusals = async () => {
        const rows = await server.app.runtime.runPromise(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            sql<{ count: number }>`
              SELECT COUNT(*)::int AS count FROM audit_log WHERE event = 'access.refused'`.pipe(Effect.orDie)
          )
        )
        return rows[0]?.count ?? 0
      }
      const before = await refusals()
      const answer = await fetch(`${server.url}/api/notification/countUnRead`, {
        headers: { authorization: "Bearer not-a-session", cookie: `${sessionCookie}=${token}` }
      })
      expect([answer.status, ((await answer.json()) as any).error.code]).toEqual([401, "E3001"])
      expect(await refusals()).toBe(before + 1)
    })
  })
}
