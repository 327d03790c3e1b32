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
