import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { pdfPagesText } from "@tawreed/adapters/testing/PdfReading"
import { Outbox } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import { PageRequest } from "@tawreed/core/shared"
import { callApi, oneOrderApprover } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const [riyadh] = demoWorkspaces
const approver = demoUsers.find((u) => u.email === accounts.approver)!
const buyerOrg = demoOrganisations.buyer.id as OrgId

/** Text as a reader copies it, spaces aside: PDF.js breaks runs where glyphs kern apart. */
const squeeze = (s: string) => s.replace(/\s+/g, "")

for (const engine of engines()) {
  describe(`a purchase order's PDF and the vendor's mail on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "approver" | "vendor", string>
    const call = (method: string, path: string, token: string, body?: unknown) =>
      callApi(server.url, method, path, token, body)
    /** A PDF route's answer: its status, headers and bytes. */
    const download = async (path: string, token: string, headers: Readonly<Record<string, string>> = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}`, ...headers }
      })
      const bytes = new Uint8Array(await response.arrayBuffer())
      return { status: response.status, headers: response.headers, bytes, text: new TextDecoder().decode(bytes) }
    }
    const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-"
    /** The mails the buyer's outbox holds, newest first, each with its first attachment's bytes. */
    const outbox = () =>
      server.app.runtime.runPromise(
        Effect.gen(function* () {
          const box = yield* Outbox
          const page = yield* box.list(buyerOrg, new PageRequest({ page: 0, limit: 100 }))
          return yield* Effect.forEach(page.mails, (mail) =>
            Effect.map(box.attachment(buyerOrg, mail.id, 0), (file) => ({ mail, file: Option.getOrUndefined(file) }))
          )
        })
      )
    let budget: { budgetId: string; line: string }
    let sahara: string
    let tabuk: string

    /** A direct order to a vendor, submitted, approved and sent to it. */
    const sentOrder = async (vendorId: string, title: string) => {
      const made = await call("POST", "/api/order", tokens.admin, {
        workspaceId: riyadh.id,
        vendorId,
        title,
        budget,
        locationId: riyadh.locations[1].id,
        terms: "Delivery within ten days.",
        lines: [
          { name: { en: "Toner cartridge", ar: "خرطوشة حبر" }, quantity: "4", unitPrice: "150" },
          { name: { en: "Copier paper", ar: "ورق تصوير" }, quantity: "10", unitPrice: "25.5" }
        ]
      })
      expect([made.status, made.body.error]).toEqual([200, undefined])
      const submitted = await call("POST", `/api/order/submit/${made.body.id}`, tokens.admin, {})
      expect([submitted.status, submitted.body.status]).toEqual([200, "ORDER_UNAPPROVED"])
      const approved = await call("POST", `/api/order/approve/${made.body.id}`, tokens.approver, {})
      expect([approved.status, approved.body.status, approved.body.sentAt]).toEqual([
        200,
        "ORDER_SUBMITTED_TO_VENDOR",
        null
      ])
      const before = (await outbox()).length
      const sent = await call("POST", `/api/order/submit-to-vendor/${made.body.id}`, tokens.admin, {})
      expect(sent.status).toBe(200)
      return { order: sent.body as { id: string; number: string }, mailsBefore: before }
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
      const requests = await call("GET", "/api/request?status=REQUEST_SUBMITTED&limit=100", tokens.admin)
      budget = requests.body.requests.find((r: { budget: unknown }) => r.budget !== null).budget
      const vendors = (await call("GET", "/api/vendors?limit=9999", tokens.admin)).body.vendors as Array<{
        id: string
        name: { en: string }
      }>
      sahara = vendors.find((v) => v.name.en === "Sahara Supplies")!.id
      const made = await call("POST", "/api/vendors", tokens.admin, {
        nameEn: "Tabuk Stationery",
        nameAr: "قرطاسية تبوك",
        addresses: [{ label: "Head office", line1: "Prince Fahd Road 12", city: "Tabuk", country: "SA" }],
        contacts: [
          { name: "Orders desk", email: "Orders@Tabuk-Stationery.example", primary: true },
          { name: "Accounts", email: "accounts@tabuk-stationery.example" }
        ]
      })
      expect([made.status, made.body.error]).toEqual([200, undefined])
      tabuk = made.body.id
      // Orders of the head office wait for the demo approver, one level.
      expect(await oneOrderApprover(server.url, tokens.admin, riyadh.id, approver.id)).toBe(200)
    })
    afterAll(() => server?.close())

    it("serves the buyer and the vendor the order's PDF, in English or Arabic, and no one else", async () => {
      const { order } = await sentOrder(sahara, "Printer supplies for the head office")

      const english = await download(`/api/order/${order.id}/pdf`, tokens.admin)
      expect([english.status, english.headers.get("content-type"), isPdf(english.bytes)]).toEqual([
        200,
        "application/pdf",
        true
      ])
      expect(english.headers.get("content-disposition")).toContain(`filename="${order.number}.pdf"`)
      const englishText = (await pdfPagesText(english.bytes)).join(" ")
      for (const expected of ["Purchase order", order.number, "Sahara Supplies", "Toner cartridge", "SAR"])
        expect(englishText).toContain(expected)

      // The Language header, or the `language` query of a download link, prints it in Arabic.
      for (const asked of [
        { headers: { language: "ar" }, query: "" },
        { headers: {}, query: "?language=ar" }
      ]) {
        const arabic = await download(`/api/order/${order.id}/pdf${asked.query}`, tokens.admin, asked.headers)
        expect([arabic.status, isPdf(arabic.bytes)]).toEqual([200, true])
        const text = squeeze((await pdfPagesText(arabic.bytes)).join(" "))
        for (const expected of ["أمر شراء", "خرطوشة حبر", order.number]) expect(text).toContain(squeeze(expected))
      }

      // The vendor organisation it was sent to prints it from its seller module.
      const vendor = await download(`/api/order-vendor/${order.id}/pdf`, tokens.vendor)
      expect([vendor.status, isPdf(vendor.bytes)]).toEqual([200, true])
      expect((await pdfPagesText(vendor.bytes)).join(" ")).toContain(order.number)

      // Another vendor's order is not the demo vendor's to print, by either path; the buyer has none as a vendor.
      const { order: toTabuk } = await sentOrder(tabuk, "Paper for the warehouse")
      const notFound = await download(`/api/order-vendor/${toTabuk.id}/pdf`, tokens.vendor)
      expect([notFound.status, JSON.parse(notFound.text).error.code]).toEqual([404, "E4400"])
      const asBuyer = await download(`/api/order/${toTabuk.id}/pdf`, tokens.vendor)
      expect(asBuyer.status === 404 || asBuyer.status === 403).toBe(true)
      expect(isPdf(asBuyer.bytes)).toBe(false)
      expect((await download(`/api/order-vendor/${order.id}/pdf`, tokens.admin)).status).toBe(404)
    })

    it("mails the vendor's primary contacts the order's PDF once, when it is sent", async () => {
      const { order, mailsBefore } = await sentOrder(tabuk, "Envelopes for the head office")
      const mails = await outbox()
      expect(mails.length).toBe(mailsBefore + 1)
      const [newest] = mails
      expect(newest!.mail.to).toBe("orders@tabuk-stationery.example")
      expect(newest!.mail.subject).toContain(order.number)
      expect(newest!.mail.subject).toContain("Purchase order")
      expect(newest!.mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`${order.number}.pdf`, "application/pdf"]
      ])
      const attached = newest!.file!
      expect(isPdf(attached.content)).toBe(true)
      const text = (await pdfPagesText(attached.content)).join(" ")
      for (const expected of [order.number, "Tabuk Stationery", "Prince Fahd Road 12", "Envelopes for the head office"])
        expect(text).toContain(expected)

      // Sending twice is refused, and mails nothing more.
      const again = await call("POST", `/api/order/submit-to-vendor/${order.id}`, tokens.admin, {})
      expect(again.status).toBe(422)
      expect((await outbox()).length).toBe(mails.length)
    })
  })
}
