import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { Invitations, type UserId } from "@tawreed/core/identity"
import { Outbox } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import { PageRequest } from "@tawreed/core/shared"
import { accounts, engines, start, type TestServer } from "../support/TestServer.ts"

const buyerOrg = demoOrganisations.buyer.id as OrgId

for (const engine of engines()) {
  describe(`account flows on ${engine}`, () => {
    let server: TestServer
    const post = async (path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { status: response.status, body: (await response.json().catch(() => undefined)) as any }
    }
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, { headers })
      return { status: response.status, body: (await response.json().catch(() => undefined)) as any }
    }
    /** The newest mail the buyer organisation's outbox holds for an address. */
    const lastMailTo = async (to: string) => {
      const read = async () => {
        const page = await server.app.runtime.runPromise(
          Effect.flatMap(Effect.service(Outbox), (outbox) =>
            outbox.list(buyerOrg, new PageRequest({ page: 0, limit: 50 }))
          )
        )
        return page.mails.find((mail) => mail.to === to)?.text ?? ""
      }
      // A reset code is mailed after the answer (PasswordResets.sendCode), so it may take a moment to arrive.
      return vi.waitFor(async () => {
        const text = await read()
        if (text === "") throw new Error(`no mail to ${to} yet`)
        return text
      })
    }
    const codeIn = (text: string) => /(\d{6})/.exec(text)?.[1] ?? "none"

    beforeAll(async () => {
      server = await start(engine)
    })
    afterAll(() => server?.close())

    it("signs in with MFA: the code comes by mail, a wrong one is refused, the right one opens a session once", async () => {
      const email = "security@buyer.tawreed.test"
      const first = await post("/api/auth/login", { email, password: accounts.password })
      expect(first.status).toBe(200)
      expect(first.body).toEqual({ accessToken: "", dashboardToken: "", mfa: true, accountSecurityMessage: null })
      const sent = await post("/api/auth/mfa", { email }, { language: "ar" })
      expect(sent.status).toBe(200)
      expect(sent.body).toEqual({
        code: "E1018",
        message: "تم إرسال رمز الأمان عبر البريد الإلكتروني.",
        email: "s******y@buyer.tawreed.test"
      })
      expect((await post("/api/auth/mfa", { email })).body.code).toBe("E1019")
      const code = codeIn(await lastMailTo(email))
      expect(code).toMatch(/^\d{6}$/)
      const wrong = await post("/api/auth/mfa/verify", { email, token: code === "000000" ? "111111" : "000000" })
      expect([wrong.status, wrong.body.error.code, wrong.body.error.message]).toEqual([
        400,
        "E1003",
        "Invalid Security Code"
      ])
      const right = await post("/api/auth/mfa/verify", { email, token: code })
      expect(right.status).toBe(200)
      expect(right.body.mfa).toBe(false)
      const count = await get("/api/notification/countUnRead", { authorization: `Bearer ${right.body.accessToken}` })
      expect(count.status).toBe(200)
      const again = await post("/api/auth/mfa/verify", { email, token: code })
      expect(again.body.error.code).toBe("E1003")
    })

    it("resets a forgotten password in three steps, answering alike for an unknown email", async () => {
      const email = accounts.approver
      const known = await post(`/api/auth/forgot-password/${encodeURIComponent(email)}`)
      const unknown = await post(`/api/auth/forgot-password/${encodeURIComponent("nobody@buyer.tawreed.test")}`)
      expect(known.status).toBe(200)
      expect(known.body.code).toBe("E1018")
      expect(unknown.body.code).toBe(known.body.code)
      expect(unknown.body.message).toBe(known.body.message)
      expect((await post(`/api/auth/forgot-password/${encodeURIComponent(email)}`)).body.code).toBe("E1019")
      expect(
        (await post(`/api/auth/forgot-password/${encodeURIComponent("nobody@buyer.tawreed.test")}`)).body.code
      ).toBe("E1019")
      const code = codeIn(await lastMailTo(email))
      const verified = await post(`/api/auth/code/${encodeURIComponent(email)}/${code}`)
      expect(verified.body).toEqual({ code: "S1001", message: "Security Code has been verified." })
      const weak = await post("/api/auth/resetpassword", { email, password: "weak pass", securityCode: code })
      expect(weak.status).toBe(422)
      expect(weak.body.error.code).toBe("E6002")
      expect(weak.body.error.details).toEqual(
        expect.arrayContaining(["Must have uppercase letters", "Must have at least 2 digits", "Should not have spaces"])
      )
      const reset = await post("/api/auth/resetpassword", { email, password: "Reset@2026Now", securityCode: code })
      expect(reset.body).toEqual({ message: "Your password has been reset" })
      expect((await post("/api/auth/login", { email, password: accounts.password })).body.error.code).toBe("E1001")
      expect((await post("/api/auth/login", { email, password: "Reset@2026Now" })).status).toBe(200)
      const reused = await post("/api/auth/resetpassword", { email, password: "Other@2026Now", securityCode: code })
      expect(reused.body.error.code).toBe("E1003")
    })

    it("sets a password from an invitation once; a used link answers E1020", async () => {
      const user = demoUsers[0]
      await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Invitations), (invitations) =>
          invitations.invite(buyerOrg, user.id as UserId, "en", server.url)
        )
      )
      const token = /token=([^&\s]+)/.exec(await lastMailTo(user.email))?.[1] ?? "none"
      expect(await get(`/api/auth/validate-token/${token}?version=v2`)).toEqual({ status: 200, body: { valid: true } })
      expect(await get(`/api/auth/password-org-data/${token}`)).toEqual({
        status: 200,
        body: { name: "Al Noor Trading", email: user.email }
      })
      const weak = await post(`/api/auth/set-password/${token}?version=v2`, { password: "short" })
      expect([weak.status, weak.body.error.code]).toEqual([422, "E6002"])
      const set = await post(`/api/auth/set-password/${token}?version=v2`, { password: "Invited@2026", orgName: "x" })
      expect(set.body).toEqual({ message: "Successfully Set Password." })
      expect((await post("/api/auth/login", { email: user.email, password: "Invited@2026" })).status).toBe(200)
      const reused = await post(`/api/auth/set-password/${token}`, { password: "Another@2026" })
      expect([reused.status, reused.body.error.code]).toEqual([409, "E1020"])
      expect((await get(`/api/auth/validate-token/${token}`)).body.error.code).toBe("E1020")
      expect((await get("/api/auth/validate-token/forged-token")).body.error.code).toBe("E1015")
    })

    it("registers an organisation whose first super user sets a password from the emailed invitation", async () => {
      const email = `founder-${engine}@newco.tawreed.test`
      const registration = {
        name: "New Co Trading",
        orgType: "buyer",
        currency: "sar",
        primaryContact: { email, firstName: "Faisal", lastName: "Al-Saud" }
      }
      const created = await post("/api/orgs_open", registration)
      expect(created.status).toBe(201)
      expect(created.body.code).toBe("NEWCOTRADING")
      expect(created.body.message).toBe("Your organisation is registered. We sent an email to set your password.")
      const outbox = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (o) =>
          o.list(created.body.orgId as OrgId, new PageRequest({ page: 0, limit: 10 }))
        )
      )
      const token = /token=([^&\s]+)/.exec(outbox.mails[0]?.text ?? "")?.[1] ?? "none"
      expect((await get(`/api/auth/password-org-data/${token}`)).body).toEqual({ name: "New Co Trading", email })
      expect((await post(`/api/auth/set-password/${token}`, { password: "Founder@2026" })).status).toBe(200)
      expect((await post("/api/auth/login", { email, password: "Founder@2026" })).status).toBe(200)
      // The same email again, or one of another organisation's: answered like a registration, so the answer
      // tells nobody which emails have accounts; the owner is told by mail, and nothing is created.
      const again = await post("/api/orgs_open", { ...registration, name: "Copy Cat Trading" })
      expect([again.status, again.body.message]).toEqual([201, created.body.message])
      const founderMail = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (o) =>
          o.list(created.body.orgId as OrgId, new PageRequest({ page: 0, limit: 10 }))
        )
      )
      expect(founderMail.mails.map((m) => m.subject)).toContain("Someone tried to register with your email")
      const elsewhere = await post("/api/orgs_open", {
        ...registration,
        name: "Elsewhere Trading",
        primaryContact: { ...registration.primaryContact, email: accounts.buyer }
      })
      expect([elsewhere.status, Object.keys(elsewhere.body).sort()]).toEqual([201, Object.keys(created.body).sort()])
      expect(await lastMailTo(accounts.buyer)).toContain("already has an account, so nothing was created")
      expect((await post("/api/auth/login", { email: accounts.buyer, password: accounts.password })).status).toBe(200)
      expect(
        await server.app.runtime.runPromise(
          inTenant(elsewhere.body.orgId)(
            Effect.flatMap(
              SqlClient.SqlClient,
              (sql) => sql`SELECT id FROM organisations WHERE id = ${elsewhere.body.orgId}`
            )
          )
        )
      ).toEqual([])
      const unnamed = await post("/api/orgs_open", {
        ...registration,
        name: " ",
        primaryContact: { ...registration.primaryContact, email: "x@y.test" }
      })
      expect([unnamed.status, unnamed.body.error.code]).toEqual([400, "E2005"])
    })

    it("registers a marketplace supplier who signs in at once with the password chosen", async () => {
      const email = `supplier-${engine}@market.tawreed.test`
      const supplier = { name: "New Co Trading", primaryContact: { email, firstName: "Noura", lastName: "Saleh" } }
      const weak = await post("/api/orgMarketplace", { ...supplier, password: "password" })
      expect([weak.status, weak.body.error.code]).toEqual([422, "E6002"])
      const created = await post("/api/orgMarketplace", { ...supplier, password: "Supplier@2026" }, { language: "ar" })
      expect(created.status).toBe(201)
      expect(created.body.code).toBe("NEWCOTRADI2")
      expect(created.body.message).toBe("تم تسجيل منظمتك. يمكنك تسجيل الدخول الآن.")
      expect((await post("/api/auth/login", { email, password: "Supplier@2026" })).status).toBe(200)
    })

    it("locks an account after five wrong passwords, answering even the right one as wrong (E1001), and audits it", async () => {
      const email = accounts.vendor
      for (let i = 0; i < 5; i++) {
        expect((await post("/api/auth/login", { email, password: `Wrong@${i}2026` })).body.error.code).toBe("E1001")
      }
      const wrong = await post("/api/auth/login", { email, password: "Wrong@92026" }, { language: "ar" })
      const locked = await post("/api/auth/login", { email, password: accounts.password }, { language: "ar" })
      expect([locked.status, locked.body.error.code]).toEqual([401, "E1001"])
      expect(locked.body).toEqual(wrong.body)
      const events = await server.app.runtime.runPromise(
        inTenant(demoOrganisations.vendor.id)(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            sql<{ event: string; address: string | null; detail: unknown }>`
              SELECT event, address, detail FROM audit_log ORDER BY id`.pipe(Effect.orDie)
          )
        )
      )
      expect(events.filter((e) => e.event === "sign_in.failed")).toHaveLength(5)
      expect(events.some((e) => e.event === "sign_in.locked")).toBe(true)
      expect(events[0]?.address).toMatch(/127\.0\.0\.1/)
      const everything = JSON.stringify(events)
      expect(everything).not.toContain("Wrong@")
      expect(everything).not.toContain(accounts.password)
    })

    it("answers auth/iam and auth/package with the profile, the privileges and the organisation", async () => {
      const login = await post("/api/auth/login", { email: accounts.buyer, password: accounts.password })
      const bearer = { authorization: `Bearer ${login.body.accessToken}` }
      const iam = await get("/api/auth/iam", bearer)
      expect(iam.status).toBe(200)
      expect(iam.body.profile).toEqual({
        id: demoUsers[1].id,
        email: accounts.buyer,
        firstName: "Omar",
        lastName: "Haddad",
        roles: [{ code: "org_basic_user", roleName: "Basic User" }]
      })
      expect(iam.body.policies).toContain("req_c_u")
      expect(iam.body.policies).not.toContain("usr_c_o")
      const pkg = await get("/api/auth/package", bearer)
      expect(pkg.body.userPackage.userPolicies).toEqual(iam.body.policies)
      expect(pkg.body.orgSettings).toMatchObject({
        orgCode: "ALNOOR",
        orgName: "Al Noor Trading",
        orgType: "buyer",
        currency: "SAR"
      })
      expect(pkg.body.workspaces).toEqual([])
      expect(iam.body.orgSettings).toEqual(pkg.body.orgSettings)
      expect((await get("/api/auth/iam")).status).toBe(401)
    })

    it("signs in by phone digits once the organisation turns phone sign-in on", async () => {
      const setPhone = (login: boolean) =>
        server.app.runtime.runPromise(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            Effect.all([
              sql`UPDATE organisations SET phone_login = ${login} WHERE id = ${demoOrganisations.buyer.id}`,
              sql`UPDATE users SET phone = '966511112222' WHERE id = ${demoUsers[1].id}`
            ]).pipe(Effect.orDie)
          )
        )
      await setPhone(false)
      const off = await post("/api/auth/login", { email: "966511112222", password: accounts.password })
      expect([off.status, off.body.error.code]).toEqual([401, "E1001"])
      await setPhone(true)
      const on = await post("/api/auth/login", { email: "966511112222", password: accounts.password })
      expect(on.status).toBe(200)
    })

    it("writes every refused request to the audit log, without its token", async () => {
      const refused = await fetch(`${server.url}/api/notification/countUnRead?x=1`, {
        headers: { authorization: "Bearer forged-token-value" }
      })
      expect(refused.status).toBe(401)
      const rows = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql<{ detail: { method: string; path: string; reason: string }; address: string }>`
            SELECT detail, address FROM audit_log WHERE event = 'access.refused' ORDER BY id DESC LIMIT 1`.pipe(
            Effect.orDie
          )
        )
      )
      expect(rows[0]?.detail).toEqual({
        method: "GET",
        path: "/api/notification/countUnRead",
        reason: "SessionRequired"
      })
      expect(rows[0]?.address).toMatch(/127\.0\.0\.1/)
      expect(JSON.stringify(rows)).not.toContain("forged-token-value")
    })

    it("makes an address that keeps failing wait, with 429 E3005", async () => {
      let last = { status: 0, body: undefined as any }
      for (let i = 0; i < 31; i++)
        last = await post("/api/auth/login", { email: `guess${i}@example.test`, password: "x" })
      expect(last.status).toBe(429)
      expect(last.body.error.code).toBe("E3005")
      expect(last.body.error.message).toBe(
        "Too many failed sign-ins from this address. Please wait 15 minutes and try again."
      )
    })
  })
}
