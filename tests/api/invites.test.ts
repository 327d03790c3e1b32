import { createHash } from "node:crypto"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { Outbox } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import { PageRequest } from "@tawreed/core/shared"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

const buyerOrg = demoOrganisations.buyer.id as OrgId
const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

let serial = 0
/** An email, CR and VAT number no other vendor of the run has. */
const fresh = () => {
  const n = `${Date.now() + ++serial}`.slice(-8)
  return { email: `vendor-${n}@onboarding.example`, cr: `40${n}`, vat: `3${n}123450003`.slice(0, 14) + "3" }
}

for (const engine of engines()) {
  describe(`vendor invitations over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "vendor", string>
    const call = (method: string, path: string, token: string, body?: unknown, headers = {}): Promise<Answer> =>
      callApi(server.url, method, path, token, body, headers)
    const open = (method: string, path: string, body?: unknown): Promise<Answer> =>
      callApi(server.url, method, path, undefined, body)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]

    /** The token of the newest invitation link mailed to an address, read from the buyer's outbox. */
    const linkTo = async (to: string) => {
      const page = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (outbox) =>
          outbox.list(buyerOrg, new PageRequest({ page: 0, limit: 50 }))
        )
      )
      const text = page.mails.find((mail) => mail.to === to)?.text ?? ""
      return /\/invites-open\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? "none"
    }

    const query = <A extends object>(text: string, ...params: ReadonlyArray<unknown>) =>
      server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) => sql.unsafe<A>(text, params as never)).pipe(
          Effect.orDie
        )
      )

    const invite = async (email: string, locale = "en") => {
      const made = await call("POST", "/api/invites", tokens.admin, {
        vendorName: "Tabuk Logistics",
        email,
        locale
      })
      expect([made.status, made.body.error?.message]).toEqual([200, undefined])
      return { invite: made.body, token: await linkTo(email) }
    }

    const registration = (v: ReturnType<typeof fresh>) => ({
      nameEn: "Tabuk Logistics Co.",
      nameAr: "شركة تبوك للخدمات اللوجستية",
      crNumber: v.cr,
      vatNumber: v.vat,
      city: "Tabuk",
      firstName: "Nora",
      lastName: "Al-Harbi",
      iban: "SA4420000001234567891234",
      password: "Tabuk@Logistics2026"
    })

    /** Answers every question of the default questionnaire, the upload with a file uploaded by the link. */
    const answersFor = async (token: string) => {
      const q = await open("GET", `/api/questionnaires-open/token/${token}`)
      expect(q.status).toBe(200)
      const data = new FormData()
      data.append("file", new Blob([pdf], { type: "application/pdf" }), "cr.pdf")
      const uploaded = await fetch(`${server.url}/api/questionnaires-open/token/${token}/upload/pdf`, {
        method: "POST",
        body: data
      })
      expect(uploaded.status).toBe(200)
      const file = (await uploaded.json()) as { id: string }
      return q.body.questionnaire.sections.flatMap((s: any) =>
        s.questions.map((question: any) => ({
          questionId: question.id,
          values:
            question.type === "UPLOAD"
              ? [file.id]
              : question.type === "LINEAR"
                ? [String(question.scale.max)]
                : question.options.length > 0
                  ? [question.options[0].id]
                  : ["An answer"]
        }))
      )
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.vendor = await signIn(server.url, accounts.vendor)
    })
    afterAll(() => server?.close())

    it("keeps the demo's default questionnaire and the submitted invitation waiting for review", async () => {
      const list = await call("GET", "/api/questionnaires", tokens.admin)
      expect(list.status).toBe(200)
      const types = list.body.questionnaires[0].sections.flatMap((s: any) => s.questions.map((q: any) => q.type))
      expect(new Set(types)).toEqual(
        new Set(["SHORT_ANSWER", "DETAILED_ANSWER", "CHECKBOXES", "MULTIPLE_CHOICE", "DROPDOWN", "LINEAR", "UPLOAD"])
      )
      const waiting = await call("GET", "/api/invites?status=UNDER_REVIEW", tokens.admin)
      expect(waiting.body.invites.map((i: any) => i.vendorName)).toContain("Najd Packaging")
    })

    it("takes a vendor from the mailed link to an active, connected vendor whose user signs in", async () => {
      const v = fresh()
      const { invite: made, token } = await invite(v.email)
      expect(made.status).toBe("INVITED")
      // Only the token's hash is kept.
      const [row] = await query<{ token_hash: string; plain: number }>(
        "SELECT token_hash, (SELECT count(*) FROM vendor_invites WHERE token_hash = $2)::int AS plain FROM vendor_invites WHERE id = $1",
        made.id,
        token
      )
      expect(row).toEqual({ token_hash: sha256(token), plain: 0 })

      const opened = await open("GET", `/api/invites-open/token/${token}`)
      expect(opened.body).toMatchObject({
        status: "OPENED",
        vendorName: "Tabuk Logistics",
        buyer: { name: "Al Noor Trading" }
      })
      const badIban = await open("PUT", `/api/invites-open/token/${token}`, {
        ...registration(v),
        iban: "SA4420000001234567891235"
      })
      expect(codeOf(badIban)).toEqual([400, "E7003"])
      const submittedEarly = await open("PUT", `/api/questionnaires-open/token/${token}`, { answers: [], submit: true })
      expect(submittedEarly.status).not.toBe(200)
      const registered = await open("PUT", `/api/invites-open/token/${token}`, registration(v))
      expect([registered.status, registered.body.error?.message]).toEqual([200, undefined])
      expect(JSON.stringify(registered.body)).not.toContain("Tabuk@Logistics2026")

      const answers = await answersFor(token)
      const missing = await open("PUT", `/api/questionnaires-open/token/${token}`, {
        answers: answers.slice(1),
        submit: true
      })
      expect(codeOf(missing)).toEqual([400, "E7062"])
      const draft = await open("PUT", `/api/questionnaires-open/token/${token}`, { answers: answers.slice(1) })
      expect(draft.status).toBe(200)
      const submitted = await open("PUT", `/api/questionnaires-open/token/${token}`, { answers, submit: true })
      expect([submitted.status, submitted.body.error?.message]).toEqual([200, undefined])
      // The link is spent once submitted.
      expect(codeOf(await open("GET", `/api/invites-open/token/${token}`))).toEqual([404, "E7051"])

      const review = await call("GET", `/api/invites/id/${made.id}`, tokens.admin)
      expect(review.body.status).toBe("UNDER_REVIEW")
      const approved = await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
        payload: { action: "approve", remark: "Checked the CR copy" }
      })
      expect([approved.status, approved.body.error?.message]).toEqual([200, undefined])
      expect(approved.body.status).toBe("APPROVED")
      const vendor = await call("GET", `/api/vendors/${approved.body.vendorId}`, tokens.admin)
      expect(vendor.body).toMatchObject({ connected: true, status: "VENDOR_ACTIVE", crNumber: v.cr })
      const timeline = await call("GET", `/api/invites/timeline/${made.id}`, tokens.admin)
      expect(timeline.body.map((e: any) => e.action)).toEqual(["SUBMIT", "APPROVE"])
      const vendorUser = await signIn(server.url, v.email, "Tabuk@Logistics2026")
      expect(vendorUser.length).toBeGreaterThan(10)
    })

    it("lets anyone apply by a questionnaire's public link, each application an invitation of its own", async () => {
      const questionnaires = await call("GET", "/api/questionnaires", tokens.admin)
      const templateId = questionnaires.body.questionnaires[0].id
      const first = await call("GET", `/api/invites/public-invite-link/${templateId}`, tokens.admin)
      expect(first.status).toBe(200)
      const oldToken = /\/invites-open\/apply\/([A-Za-z0-9_-]+)$/.exec(first.body.url)?.[1] ?? "none"
      const second = await call("GET", `/api/invites/public-invite-link/${templateId}`, tokens.admin)
      const token = /\/invites-open\/apply\/([A-Za-z0-9_-]+)$/.exec(second.body.url)?.[1] ?? "none"
      expect(codeOf(await open("GET", `/api/invites-open/apply/${oldToken}`))).toEqual([404, "E7051"])
      expect((await open("GET", `/api/invites-open/apply/${token}`)).body).toMatchObject({
        buyer: { name: "Al Noor Trading" }
      })
      const v = fresh()
      const applied = await open("POST", `/api/invites-open/apply/${token}`, {
        vendorName: "Hofuf Farms",
        email: v.email
      })
      expect([applied.status, applied.body.error?.message]).toEqual([200, undefined])
      const mailed = await linkTo(v.email)
      const opened = await open("GET", `/api/invites-open/token/${mailed}`)
      expect(opened.body).toMatchObject({ status: "OPENED", vendorName: "Hofuf Farms" })
      const listed = await call("GET", `/api/invites?search=${encodeURIComponent(v.email)}`, tokens.admin)
      expect(listed.body.invites.map((i: any) => i.fromPublicLink)).toEqual([true])
      expect((await call("GET", `/api/invites/public-invite-link/${templateId}`, tokens.vendor)).status).toBe(403)
    })

    it("kills the old link when a reminder mails a new one, and reads a lapsed link as expired", async () => {
      const v = fresh()
      const { invite: made, token: first } = await invite(v.email, "ar")
      const reminded = await call("GET", `/api/invites/send-reminder/${made.id}`, tokens.admin)
      expect(reminded.status).toBe(200)
      const second = await linkTo(v.email)
      expect(second).not.toBe(first)
      expect(codeOf(await open("GET", `/api/invites-open/token/${first}`))).toEqual([404, "E7051"])
      expect((await open("GET", `/api/invites-open/token/${second}`)).body.locale).toBe("ar")
      await query("UPDATE vendor_invites SET expires_at = now() - interval '1 minute' WHERE id = $1", made.id)
      expect(codeOf(await open("GET", `/api/invites-open/token/${second}`))).toEqual([422, "E7052"])
      const expired = await call("GET", `/api/invites?status=EXPIRED`, tokens.admin)
      expect(expired.body.invites.map((i: any) => i.id)).toContain(made.id)
      const cancelled = await call("PUT", `/api/invites/cancel/${made.id}`, tokens.admin)
      expect(cancelled.body.status).toBe("CANCELLED")
      expect(codeOf(await call("GET", `/api/invites/send-reminder/${made.id}`, tokens.admin))).toEqual([422, "E7054"])
    })

    it("returns for correction with a message the vendor reads, never the reviewers' remark, and keeps invitations from vendors", async () => {
      const v = fresh()
      const { invite: made, token } = await invite(v.email)
      await open("PUT", `/api/invites-open/token/${token}`, registration(v))
      const answers = await answersFor(token)
      expect((await open("PUT", `/api/questionnaires-open/token/${token}`, { answers, submit: true })).status).toBe(200)
      const returned = await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
        payload: {
          action: "return",
          remark: "Internal: the bank letter looks edited",
          vendorMessage: "Please send a clearer CR copy"
        }
      })
      expect(returned.body.status).toBe("RETURNED")
      const again = await linkTo(v.email)
      const seen = await open("GET", `/api/invites-open/token/${again}`)
      expect(seen.body.vendorMessage).toBe("Please send a clearer CR copy")
      const everything = JSON.stringify([
        seen.body,
        (await open("GET", `/api/questionnaires-open/token/${again}`)).body
      ])
      expect(everything).not.toContain("bank letter looks edited")

      // A vendor organisation's user reaches no invitation, timeline or questionnaire of the buyer.
      for (const path of [
        `/api/invites/id/${made.id}`,
        `/api/invites/timeline/${made.id}`,
        "/api/invites",
        "/api/questionnaires"
      ]) {
        const answer = await call("GET", path, tokens.vendor)
        expect([403, 404]).toContain(answer.status)
        expect(JSON.stringify(answer.body)).not.toContain("bank letter")
      }
      // A buyer without ven_c_o cannot invite.
      expect((await call("POST", "/api/invites", tokens.buyer, { vendorName: "X", email: "x@x.example" })).status).toBe(
        403
      )

      const resubmitted = await open("PUT", `/api/questionnaires-open/token/${again}`, { answers, submit: true })
      expect(resubmitted.status).toBe(200)
      const rejected = await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
        payload: { action: "reject", remark: "Duplicate of an existing vendor" },
        isSuperApproval: true
      })
      expect(rejected.body.status).toBe("REJECTED")
    })

    it("withdraws a review request: the reviewers' board and notices clear, the vendor gets a new link and submits again", async () => {
      const v = fresh()
      const { invite: made, token } = await invite(v.email)
      await open("PUT", `/api/invites-open/token/${token}`, registration(v))
      const answers = await answersFor(token)
      expect((await open("PUT", `/api/questionnaires-open/token/${token}`, { answers, submit: true })).status).toBe(200)
      const board = async () =>
        (await call("GET", "/api/approvals/pending", tokens.admin)).body.map((s: any) => s.documentId)
      expect(await board()).toContain(made.id)
      const unreadAbout = async () =>
        (await call("GET", "/api/notification?page=0&limit=100", tokens.admin)).body.notifications.filter(
          (n: any) => n.url.includes(made.id) && n.status === "UNREAD"
        ).length
      expect(await unreadAbout()).toBeGreaterThan(0)

      // A vendor's user and a buyer without the vendor privileges may not withdraw it.
      expect([403, 404]).toContain(
        (await call("GET", `/api/invites/withdraw-review-request/${made.id}`, tokens.vendor)).status
      )
      expect((await call("GET", `/api/invites/withdraw-review-request/${made.id}`, tokens.buyer)).status).toBe(403)

      const withdrawn = await call(
        "GET",
        `/api/invites/withdraw-review-request/${made.id}?remark=${encodeURIComponent("Please add your new bank letter")}`,
        tokens.admin
      )
      expect([withdrawn.status, withdrawn.body.error?.message]).toEqual([200, undefined])
      expect(withdrawn.body.status).toBe("OPENED")
      expect(await board()).not.toContain(made.id)
      expect(await unreadAbout()).toBe(0)
      expect(codeOf(await call("GET", `/api/invites/withdraw-review-request/${made.id}`, tokens.admin))).toEqual([
        422,
        "E7054"
      ])
      expect(
        codeOf(
          await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
            payload: { action: "approve", remark: "" }
          })
        )
      ).toEqual([422, "E7054"])

      const again = await linkTo(v.email)
      expect(again).not.toBe(token)
      const seen = await open("GET", `/api/invites-open/token/${again}`)
      expect(seen.body).toMatchObject({ status: "OPENED", vendorMessage: "Please add your new bank letter" })
      const resubmitted = await open("PUT", `/api/questionnaires-open/token/${again}`, { answers, submit: true })
      expect([resubmitted.status, resubmitted.body.error?.message]).toEqual([200, undefined])
      expect((await call("GET", `/api/invites/id/${made.id}`, tokens.admin)).body.status).toBe("UNDER_REVIEW")
      expect(await board()).toContain(made.id)
      const timeline = await call("GET", `/api/invites/timeline/${made.id}`, tokens.admin)
      expect(timeline.body.map((e: any) => e.action)).toEqual(["SUBMIT", "WITHDRAW", "SUBMIT"])
      expect(timeline.body[1].remark).toBe("Please add your new bank letter")
      const approved = await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
        payload: { action: "approve", remark: "" }
      })
      expect(approved.body.status).toBe("APPROVED")
    })

    /**
     * A vendor organisation on the platform, registered as any organisation registers (`orgs_open`), its founder's
     * password set from the mail; the founder may be given other roles before signing in.
     */
    const vendorOrganisation = async (name: string, email: string, roles?: ReadonlyArray<string>) => {
      const created = await open("POST", "/api/orgs_open", {
        name,
        orgType: "vendor",
        currency: "sar",
        primaryContact: { email, firstName: "Sami", lastName: "Al-Qahtani" }
      })
      expect(created.status).toBe(201)
      const mails = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (o) =>
          o.list(created.body.orgId as OrgId, new PageRequest({ page: 0, limit: 10 }))
        )
      )
      const token = /token=([^&\s]+)/.exec(mails.mails[0]?.text ?? "")?.[1] ?? "none"
      expect((await open("POST", `/api/auth/set-password/${token}`, { password: "Vendor@Linking2026" })).status).toBe(
        200
      )
      if (roles !== undefined) await query("UPDATE users SET roles = $2::text[] WHERE email = $1", email, roles)
      return { orgId: created.body.orgId as string, session: await signIn(server.url, email, "Vendor@Linking2026") }
    }

    it("links a vendor organisation already on Tawreed: no new organisation or user, connected once", async () => {
      const n = fresh().email.replace(/\D/g, "")
      const jeddah = await vendorOrganisation(`Jeddah Tools ${n}`, `admin-${n}@jeddah-tools.example`)
      const manager = await vendorOrganisation(`Dammam Metals ${n}`, `manager-${n}@dammam-metals.example`, [
        "orgs_manager"
      ])
      const first = fresh()
      const second = fresh()
      const { invite: made, token } = await invite(first.email)
      const { invite: again, token: againToken } = await invite(second.email, "ar")
      const link = (t: string, session?: string) =>
        callApi(server.url, "PUT", `/api/invites-open/token/${t}/link`, session, undefined) as Promise<Answer>

      expect(codeOf(await link(token))).toEqual([401, "E3001"])
      // A buyer's session, a vendor user who does not manage the settings, a vendor the buyer has already.
      const buyerSide = await link(token, tokens.admin)
      expect(codeOf(buyerSide)).toEqual([422, "E7072"])
      expect(buyerSide.body.error.message).toContain("Al Noor Trading")
      expect(codeOf(await link(token, manager.session))).toEqual([403, "E7073"])
      const sahara = await link(token, tokens.vendor)
      expect(codeOf(sahara)).toEqual([409, "E7074"])
      // Names are set apart by bidirectional isolates, so an Arabic name reads in its own direction.
      expect(sahara.body.error.message.replace(/[\u2068\u2069]/g, "")).toBe(
        "Sahara Supplies is already connected to Al Noor Trading as a vendor."
      )
      expect(codeOf(await link("not-a-link-of-any-invitation", jeddah.session))).toEqual([404, "E7051"])

      const linked = await link(token, jeddah.session)
      expect([linked.status, linked.body.error?.message]).toEqual([200, undefined])
      expect(linked.body.registration).toMatchObject({
        nameEn: `Jeddah Tools ${n}`,
        linkedOrgId: jeddah.orgId,
        linkedOrgName: `Jeddah Tools ${n}`,
        firstName: "Sami",
        lastName: "Al-Qahtani"
      })
      // The registration is corrected without a password: the organisation has its users.
      const corrected = await open("PUT", `/api/invites-open/token/${token}`, {
        crNumber: first.cr,
        vatNumber: first.vat,
        city: "Jeddah"
      })
      expect([corrected.status, corrected.body.error?.message]).toEqual([200, undefined])
      expect(corrected.body.registration).toMatchObject({ crNumber: first.cr, linkedOrgId: jeddah.orgId })
      // A second invitation links the same organisation while the first is not yet approved.
      expect((await link(againToken, jeddah.session)).status).toBe(200)

      for (const t of [token, againToken]) {
        const submitted = await open("PUT", `/api/questionnaires-open/token/${t}`, {
          answers: await answersFor(t),
          submit: true
        })
        expect([submitted.status, submitted.body.error?.message]).toEqual([200, undefined])
      }
      const review = await call("GET", `/api/invites/id/${made.id}`, tokens.admin)
      expect(review.body.registration).toMatchObject({ linkedOrgName: `Jeddah Tools ${n}` })
      const organisationsBefore = await query<{ n: number }>("SELECT count(*)::int AS n FROM organisations")

      const approved = await call("PUT", `/api/invites/status/${made.id}`, tokens.admin, {
        payload: { action: "approve" }
      })
      expect([approved.status, approved.body.error?.message]).toEqual([200, undefined])
      const vendor = await call("GET", `/api/vendors/${approved.body.vendorId}`, tokens.admin)
      expect(vendor.body).toMatchObject({ connected: true, status: "VENDOR_ACTIVE", crNumber: first.cr })
      const [connection] = await query<{ vendor_org_id: string }>(
        "SELECT vendor_org_id FROM vendors WHERE id = $1",
        approved.body.vendorId
      )
      expect(connection?.vendor_org_id).toBe(jeddah.orgId)
      expect(await query("SELECT count(*)::int AS n FROM organisations")).toEqual(organisationsBefore)
      expect(await query("SELECT id FROM users WHERE email = $1", first.email)).toEqual([])
      const mails = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Outbox), (outbox) =>
          outbox.list(buyerOrg, new PageRequest({ page: 0, limit: 50 }))
        )
      )
      const approvedMail = mails.mails.find((m) => m.to === first.email && m.subject.includes("approved"))
      expect(approvedMail?.text.replace(/[\u2068\u2069]/g, "")).toContain(
        `your organisation Jeddah Tools ${n} is now connected to Al Noor Trading`
      )

      // Approving the second connects nothing: the buyer has the organisation once, and nothing is made.
      const twice = await call("PUT", `/api/invites/status/${again.id}`, tokens.admin, {
        payload: { action: "approve" }
      })
      expect(codeOf(twice)).toEqual([409, "E7074"])
      expect((await call("GET", `/api/invites/id/${again.id}`, tokens.admin)).body.status).toBe("UNDER_REVIEW")
      const connected = await query<{ n: number }>(
        "SELECT count(*)::int AS n FROM vendors WHERE org_id = $1 AND vendor_org_id = $2",
        buyerOrg,
        jeddah.orgId
      )
      expect(connected).toEqual([{ n: 1 }])
    })

    // Last, as it spends the address's tries for the hour.
    it("refuses bad links from an address past its tries in an hour, and still opens a good one from there", async () => {
      const v = fresh()
      const { token } = await invite(v.email)
      const answers: Array<unknown> = []
      for (let i = 0; i < 40; i++)
        answers.push(codeOf(await open("GET", `/api/invites-open/token/bad-link-${i}-padding-padding`)))
      expect(answers).toContainEqual([404, "E7051"])
      expect(answers.at(-1)).toEqual([429, "E7080"])
      expect((await open("GET", `/api/invites-open/token/${token}`)).status).toBe(200)
    })
  })
}
