import { createServer } from "node:net"
import Provider from "oidc-provider"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { engines, start, type TestServer } from "../support/TestServer.ts"

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

/** The people the test provider knows; an identity is its subject, whatever email it carries today. */
const knownPeople = (): Record<string, { email: string; verified: boolean }> => ({
  "google-omar": { email: "buyer@buyer.tawreed.test", verified: true },
  "google-unverified": { email: "approver@buyer.tawreed.test", verified: false },
  "google-stranger": { email: "stranger@example.test", verified: true }
})

for (const engine of engines()) {
  describe(`single sign-on against a real OpenID provider on ${engine}`, () => {
    let server: TestServer
    let provider: { close: () => void }
    let issuer: string
    const people = knownPeople()

    beforeAll(async () => {
      const port = await freePort()
      issuer = `http://127.0.0.1:${port}`
      server = await start(engine, { google: { issuer, clientId: "tawreed", clientSecret: "tawreed-secret" } })
      const oidc = new Provider(issuer, {
        clients: [
          {
            client_id: "tawreed",
            client_secret: "tawreed-secret",
            redirect_uris: [`${server.url}/api/google/login/callback`],
            grant_types: ["authorization_code"],
            response_types: ["code"],
            token_endpoint_auth_method: "client_secret_basic"
          }
        ],
        claims: { openid: ["sub"], email: ["email", "email_verified"] },
        // Google and Microsoft put the email in the ID token itself, as this does.
        conformIdTokenClaims: false,
        pkce: { required: () => true },
        findAccount: (_context, id) => ({
          accountId: id,
          claims: () => ({ sub: id, email: people[id]?.email, email_verified: people[id]?.verified })
        })
      })
      const listening = oidc.listen(port, "127.0.0.1")
      provider = { close: () => listening.close() }
    })
    afterAll(async () => {
      provider?.close()
      await server?.close()
    })

    /** Signs in at the provider as a person, following redirects with the provider's cookies, back to our callback. */
    const signInAs = async (person: string, returnUrl = "/ar/actionboard") => {
      const cookies = new Map<string, string>()
      const go = async (url: string, init: RequestInit = {}) => {
        const sameProvider = url.startsWith(issuer)
        const response = await fetch(url, {
          ...init,
          redirect: "manual",
          headers: {
            ...(init.headers as Record<string, string>),
            ...(sameProvider ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") } : {})
          }
        })
        if (sameProvider) {
          for (const line of response.headers.getSetCookie()) {
            const [pair] = line.split(";")
            const [key, ...value] = pair!.split("=")
            cookies.set(key!, value.join("="))
          }
        }
        return response
      }
      let response = await go(`${server.url}/api/google/login?returnUrl=${encodeURIComponent(returnUrl)}`)
      expect(response.status).toBe(302)
      let location = response.headers.get("location")!
      const authorize = new URL(location)
      expect(authorize.origin).toBe(issuer)
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256")
      expect(authorize.searchParams.get("state")?.length).toBeGreaterThanOrEqual(43)
      expect(authorize.searchParams.get("nonce")?.length).toBeGreaterThanOrEqual(43)
      for (let step = 0; step < 12 && new URL(location, issuer).origin === issuer; step++) {
        const url = new URL(location, issuer).toString()
        response = await go(url)
        if (response.status === 200) {
          const page = await response.text()
          const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1]
          const body = prompt === "login" ? `prompt=login&login=${person}&password=any` : `prompt=${prompt}`
          response = await go(url, {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body
          })
        }
        location = response.headers.get("location") ?? ""
      }
      expect(location.startsWith(`${server.url}/api/google/login/callback?`)).toBe(true)
      return fetch(location, { redirect: "manual" })
    }

    it("signs a person in by the identity the provider vouches for, and sets the site's session", async () => {
      const back = await signInAs("google-omar")
      expect(back.status).toBe(302)
      expect(back.headers.get("location")).toBe("/ar/actionboard")
      const cookie = back.headers.getSetCookie().find((c) => c.startsWith("tawreed_session="))
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      const session = cookie!.split(";")[0]!
      const count = await fetch(`${server.url}/api/notification/countUnRead`, { headers: { cookie: session } })
      expect(count.status).toBe(200)
      expect(await count.text()).toBe("7")
    })

    it("keeps to the linked identity, never to the email alone", async () => {
      people["google-omar"] = { email: "someone.else@example.test", verified: true }
      const back = await signInAs("google-omar")
      expect(back.headers.get("location")).toBe("/ar/actionboard")
      // An identity whose email the provider has not verified never links, even to an existing account's email.
      const unverified = await signInAs("google-unverified")
      expect(unverified.headers.get("location")).toBe("/en/auth/login?sso=E1025")
      expect(unverified.headers.getSetCookie().some((c) => c.startsWith("tawreed_session="))).toBe(false)
    })

    it("refuses a callback whose state it did not issue", async () => {
      const forged = await fetch(`${server.url}/api/google/login/callback?code=abc&state=forged`, {
        redirect: "manual"
      })
      expect(forged.headers.get("location")).toBe("/en/auth/login?sso=E1007")
      const unconfigured = await fetch(`${server.url}/api/azure/login`, { redirect: "manual" })
      expect(unconfigured.headers.get("location")).toBe("/en/auth/login?sso=E1007")
    })
  })
}
