import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { withoutIsolates } from "@tawreed/core/shared"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

/** A CR number no other vendor of the run has. */
let serial = 0
const freshCr = () => `20${String(Date.now() + ++serial).slice(-8)}`

for (const engine of engines()) {
  describe(`vendors over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer", string>
    const call = (
      method: string,
      path: string,
      token: string,
      body?: unknown,
      headers: Readonly<Record<string, string>> = {}
    ): Promise<Answer> => callApi(server.url, method, path, token, body, headers)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
    })
    afterAll(() => server?.close())

    it("lists the demo vendors, Sahara connected to its organisation on the platform, and reads them as of today", async () => {
      const all = await call("GET", "/api/vendors?limit=9999", tokens.admin)
      expect(all.status).toBe(200)
      const byName = new Map(all.body.vendors.map((v: any) => [v.name.en, v]))
      expect(byName.get("Sahara Supplies")).toMatchObject({
        connected: true,
        status: "VENDOR_ACTIVE"
      })
      expect(byName.get("Najd IT Services")).toMatchObject({ status: "VENDOR_EXPIRED" })
      expect(byName.get("London Paper Ltd")).toMatchObject({ status: "VENDOR_INACTIVE" })
      expect(byName.get("Gulf Office Furniture")).toMatchObject({ hold: { scope: "PAYMENTS" } })
      const active = await call("GET", "/api/vendors?onlyActive=true&detailList=true", tokens.admin)
      expect(active.body.vendors.map((v: any) => v.name.en)).toEqual(["Gulf Office Furniture", "Sahara Supplies"])
      expect(active.body.totalCount).toBe(2)
      expect(active.body.statusList).toEqual([
        { status: "VENDOR_ACTIVE", count: 2 },
        { status: "VENDOR_INACTIVE", count: 1 },
        { status: "VENDOR_EXPIRED", count: 1 }
      ])
      const searched = await call("GET", `/api/vendors?search=${encodeURIComponent("الصحراء")}`, tokens.admin)
      expect(searched.body.vendors.map((v: any) => v.name.en)).toEqual(["Sahara Supplies"])
      const byFilter = await call(
        "GET",
        `/api/vendors?filter=${encodeURIComponent(JSON.stringify({ status: ["VENDOR_EXPIRED"] }))}`,
        tokens.admin
      )
      expect(byFilter.body.vendors.map((v: any) => v.name.en)).toEqual(["Najd IT Services"])
    })

    it("creates a vendor once per key, with its numbers compact, and reads it back", async () => {
      const cr = freshCr()
      const body = {
        nameEn: "Red Sea Trading",
        nameAr: "البحر الأحمر للتجارة",
        crNumber: `${cr.slice(0, 4)} ${cr.slice(4)}`,
        vatNumber: `3${cr}0003`,
        bankAccounts: [{ bankName: "Riyad Bank", iban: "SA44 2000 0001 2345 6789 1234" }],
        contacts: [{ name: "Mona", email: "mona@redsea.example", phone: "+966 12 111 2222" }],
        categories: ["Packaging"],
        paymentTermsDays: 45
      }
      const key = { "Idempotency-Key": `vendor-${cr}` }
      const first = await call("POST", "/api/vendors", tokens.admin, body, key)
      expect([first.status, first.body.error?.message]).toEqual([200, undefined])
      const again = await call("POST", "/api/vendors", tokens.admin, body, key)
      expect(again.body.id).toBe(first.body.id)
      expect(first.body).toMatchObject({
        crNumber: cr,
        status: "VENDOR_ACTIVE",
        paymentTermsDays: 45,
        currency: "SAR",
        bankAccounts: [{ iban: "SA4420000001234567891234" }]
      })
      expect(first.body.number).toMatch(/^VEN-\d{6}$/)
      const read = await call("GET", `/api/vendors/${first.body.id}`, tokens.admin)
      expect(read.body).toEqual(first.body)
      const duplicate = await call("POST", "/api/vendors", tokens.admin, { nameEn: "Copy", crNumber: cr })
      expect(codeOf(duplicate)).toEqual([409, "E7020"])
      expect(withoutIsolates(duplicate.body.error.message)).toContain("Red Sea Trading")
    })

    it("records one vendor of many created at once with the same CR number, and refuses the others", async () => {
      const cr = freshCr()
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          call("POST", "/api/vendors", tokens.admin, { nameEn: `Race ${i}`, crNumber: cr })
        )
      )
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409])
      const found = await call("GET", `/api/vendors?search=${cr}`, tokens.admin)
      expect(found.body.totalCount).toBe(1)
    })

    it("refuses a mistyped IBAN, VAT or CR number with the catalogue's message, in English and Arabic", async () => {
      const wrongIban = await call("POST", "/api/vendors", tokens.admin, {
        nameEn: "Typo Co",
        bankAccounts: [{ iban: "SA44 2000 0001 2345 6789 1235" }]
      })
      expect(codeOf(wrongIban)).toEqual([400, "E7003"])
      expect(withoutIsolates(wrongIban.body.error.message)).toContain("SA44 2000 0001 2345 6789 1235 is not valid")
      const arabic = await call(
        "POST",
        "/api/vendors",
        tokens.admin,
        { nameAr: "شركة", vatNumber: "123456789012345" },
        { Language: "ar" }
      )
      expect(codeOf(arabic)).toEqual([400, "E7002"])
      expect(arabic.body.error.message).toContain("الرقم الضريبي")
      const cr = await call("POST", "/api/vendors", tokens.admin, { nameEn: "Short CR", crNumber: "12345" })
      expect(codeOf(cr)).toEqual([400, "E7001"])
      const unnamed = await call("POST", "/api/vendors", tokens.admin, { crNumber: freshCr() })
      expect(codeOf(unnamed)).toEqual([400, "E2006"])
    })

    it("updates at the version read, deactivates, holds for payments and releases", async () => {
      const made = await call("POST", "/api/vendors", tokens.admin, { nameEn: "Hold Test Co", crNumber: freshCr() })
      expect(made.status).toBe(200)
      const id = made.body.id as string
      const updated = await call("PUT", "/api/vendors", tokens.admin, { id, version: 1, paymentTermsDays: 60 })
      expect([updated.status, updated.body.paymentTermsDays, updated.body.version]).toEqual([200, 60, 2])
      const stale = await call("PUT", "/api/vendors", tokens.admin, { id, version: 1, paymentTermsDays: 90 })
      expect(codeOf(stale)).toEqual([409, "E5001"])
      const lapsed = await call("PUT", "/api/vendors", tokens.admin, {
        id,
        version: 2,
        documents: [{ kind: "CR", expiresOn: "2020-01-31" }]
      })
      expect(lapsed.body.status).toBe("VENDOR_EXPIRED")
      const off = await call("PUT", `/api/vendors/status/${id}`, tokens.admin, { status: "VENDOR_INACTIVE" })
      expect(off.body.status).toBe("VENDOR_INACTIVE")
      const held = await call("PUT", `/api/vendors/hold/${id}`, tokens.admin, {
        scope: "PAYMENTS",
        reason: "Bank letter pending",
        releaseDate: "2099-01-01"
      })
      expect([held.status, held.body.hold?.scope, held.body.hold?.releaseDate]).toEqual([200, "PAYMENTS", "2099-01-01"])
      const past = await call("PUT", `/api/vendors/hold/${id}`, tokens.admin, {
        scope: "ALL",
        releaseDate: "2020-01-01"
      })
      expect(codeOf(past)).toEqual([400, "E2006"])
      const released = await call("PUT", `/api/vendors/release/${id}`, tokens.admin)
      expect([released.status, released.body.hold]).toEqual([200, null])
      const notHeld = await call("PUT", `/api/vendors/release/${id}`, tokens.admin, {})
      expect(codeOf(notHeld)).toEqual([422, "E7030"])
    })

    it("tells a vendor's history from the audit log, newest first, with who did it", async () => {
      const made = await call("POST", "/api/vendors", tokens.admin, { nameEn: "History Co", crNumber: freshCr() })
      const id = made.body.id as string
      await call("PUT", "/api/vendors", tokens.admin, { id, version: 1, paymentTermsDays: 15 })
      await call("PUT", `/api/vendors/status/${id}`, tokens.admin, { status: "VENDOR_INACTIVE" })
      await call("PUT", `/api/vendors/hold/${id}`, tokens.admin, { scope: "INVOICES", releaseDate: "2099-06-30" })
      await call("PUT", `/api/vendors/release/${id}`, tokens.admin)
      const history = await call("GET", `/api/vendors/history/${id}`, tokens.admin)
      expect(history.status).toBe(200)
      expect(history.body.entries.map((e: any) => [e.event, e.from, e.to, e.scope, e.releaseDate])).toEqual([
        ["vendor.released", null, null, null, null],
        ["vendor.held", null, null, "INVOICES", "2099-06-30"],
        ["vendor.status_changed", "VENDOR_ACTIVE", "VENDOR_INACTIVE", null, null],
        ["vendor.updated", null, null, null, null],
        ["vendor.created", null, null, null, null]
      ])
      expect(new Set(history.body.entries.map((e: any) => e.by))).toEqual(new Set([expect.stringMatching(/\S/)]))
      expect(JSON.stringify(history.body)).not.toContain(id.slice(0, 8))
      expect(codeOf(await call("GET", `/api/vendors/history/${crypto.randomUUID()}`, tokens.admin))).toEqual([
        404,
        "E7010"
      ])
      expect(codeOf(await call("GET", `/api/vendors/history/${id}`, tokens.buyer))).toEqual([403, "E3002"])
    })

    it("walks the list by cursor both ways, the same vendors as the pages, and keeps the reader's columns", async () => {
      for (let i = 0; i < 14; i++) {
        const made = await call("POST", "/api/vendors", tokens.admin, { nameEn: `Cursor ${i % 3} Co`, nameAr: "مورد" })
        expect(made.status).toBe(200)
      }
      const whole = await call("GET", "/api/vendors?limit=500", tokens.admin)
      const ids = whole.body.vendors.map((v: any) => v.id)
      expect(ids.length).toBeGreaterThan(10)
      const first = await call("GET", "/api/vendors?limit=10", tokens.admin)
      expect(first.body.previousCursor).toBeNull()
      const walked: Array<string> = first.body.vendors.map((v: any) => v.id)
      let next = first.body.nextCursor as string | null
      let last = first
      while (next !== null) {
        last = await call("GET", `/api/vendors?limit=10&after=${encodeURIComponent(next)}`, tokens.admin)
        expect(last.status).toBe(200)
        walked.push(...last.body.vendors.map((v: any) => v.id))
        next = last.body.nextCursor
      }
      expect(walked).toEqual(ids)
      const back = await call(
        "GET",
        `/api/vendors?limit=10&before=${encodeURIComponent(last.body.previousCursor)}`,
        tokens.admin
      )
      const lastPageSize = last.body.vendors.length
      expect(back.body.vendors.map((v: any) => v.id)).toEqual(
        ids.slice(ids.length - lastPageSize - 10, ids.length - lastPageSize)
      )
      expect(back.body.nextCursor).not.toBeNull()
      const second = await call("GET", "/api/vendors?limit=10&page=1", tokens.admin)
      expect(second.body.vendors.map((v: any) => v.id)).toEqual(ids.slice(10, 20))
      expect(second.body.previousCursor).not.toBeNull()
      expect(codeOf(await call("GET", "/api/vendors?after=not-a-cursor", tokens.admin))).toEqual([400, "E7036"])
      const both = `after=${encodeURIComponent(first.body.nextCursor)}&before=${encodeURIComponent(first.body.nextCursor)}`
      expect(codeOf(await call("GET", `/api/vendors?${both}`, tokens.admin))).toEqual([400, "E7036"])

      const saved = await call("PUT", "/api/vendors/save-columns", tokens.admin, {
        columns: ["number", " name ", "hold", "name"]
      })
      expect([saved.status, saved.body.columns]).toEqual([200, ["number", "name", "hold"]])
      expect((await call("GET", "/api/vendors?limit=10", tokens.admin)).body.columns).toEqual([
        "number",
        "name",
        "hold"
      ])
      expect(codeOf(await call("PUT", "/api/vendors/save-columns", tokens.buyer, { columns: [] }))).toEqual([
        403,
        "E3002"
      ])
    })

    it("reports vendors per status, holds in force, lapsing documents, categories and currencies", async () => {
      const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10)
      const made = await call("POST", "/api/vendors", tokens.admin, {
        nameEn: "Report Co",
        crNumber: freshCr(),
        currency: "EUR",
        categories: ["Report category"],
        documents: [{ kind: "VAT_CERTIFICATE", number: "V1", expiresOn: soon }]
      })
      const before = await call("GET", "/api/vendors/reports/vendor", tokens.admin)
      expect(before.status).toBe(200)
      const holdsOf = (report: any) => Object.fromEntries(report.holdList.map((c: any) => [c.key, c.count]))
      await call("PUT", `/api/vendors/hold/${made.body.id}`, tokens.admin, { scope: "ALL", reason: "Audit" })
      const report = await call("GET", "/api/vendors/reports/vendor?limit=500", tokens.admin)
      expect(report.body.windowDays).toBe(30)
      expect(holdsOf(report.body).ALL).toBe((holdsOf(before.body).ALL ?? 0) + 1)
      // The demo's Gulf Office Furniture is held for payments.
      expect(holdsOf(report.body).PAYMENTS).toBeGreaterThanOrEqual(1)
      const listed = await call("GET", "/api/vendors?limit=9999", tokens.admin)
      expect(report.body.totalCount).toBe(listed.body.totalCount)
      expect(report.body.statusList).toEqual(listed.body.statusList)
      expect(report.body.categoryList).toContainEqual({ key: "Report category", count: 1 })
      expect(report.body.currencyList).toContainEqual({ key: "EUR", count: expect.any(Number) })
      expect(report.body.documents).toContainEqual(
        expect.objectContaining({ number: made.body.number, kind: "VAT_CERTIFICATE", expiresOn: soon, lapsed: false })
      )
      // The demo's Najd IT Services has a lapsed CR.
      expect(report.body.lapsedCount).toBeGreaterThanOrEqual(1)
      expect(report.body.documents.filter((d: any) => d.lapsed).length).toBe(report.body.lapsedCount)
      const row = report.body.rows.find((r: any) => r.vendorId === made.body.id)
      expect(row).toMatchObject({ hold: "ALL", currency: "EUR", status: "VENDOR_ACTIVE", documentsValidUntil: soon })
      expect(codeOf(await call("GET", "/api/vendors/reports/vendor", tokens.buyer))).toEqual([403, "E3002"])
      expect(codeOf(await call("GET", "/api/vendors/reports/vendor?limit=7", tokens.admin))[0]).toBe(400)
    })

    it("attaches a vendor's CR file in the same save, downloads it to vendor readers only, and refuses another kind's upload", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF")
      const upload = async (token: string, name: string, path: string) => {
        const data = new FormData()
        data.append("file", new Blob([pdf.slice()], { type: "application/pdf" }), name)
        const response = await fetch(`${server.url}/api/media_upload/${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: data
        })
        return { status: response.status, body: (await response.json()) as any }
      }
      const cr = await upload(tokens.admin, "cr.pdf", "any/vendor")
      expect(cr.status).toBe(200)
      const made = await call("POST", "/api/vendors", tokens.admin, {
        nameEn: "Attached Co",
        crNumber: freshCr(),
        documents: [{ kind: "CR", expiresOn: "2099-01-01", fileId: cr.body.id }]
      })
      expect([made.status, made.body.documents[0].fileId]).toEqual([200, cr.body.id])
      const download = (token: string) =>
        fetch(`${server.url}${cr.body.fileURL}`, { headers: { authorization: `Bearer ${token}` } })
      const mine = await download(tokens.admin)
      expect(mine.status).toBe(200)
      expect(new Uint8Array(await mine.arrayBuffer())).toEqual(pdf)
      expect((await download(tokens.buyer)).status).toBe(404)

      const forRequest = await upload(tokens.admin, "quote.pdf", "doc/request")
      const refused = await call("PUT", "/api/vendors", tokens.admin, {
        id: made.body.id,
        version: made.body.version,
        documents: [{ kind: "VAT_CERTIFICATE", fileId: forRequest.body.id }]
      })
      expect(refused.status).toBe(422)
      // Nothing of the refused save stays: the vendor keeps its version and its CR file.
      const after = await call("GET", `/api/vendors/${made.body.id}`, tokens.admin)
      expect([after.body.version, after.body.documents.map((d: any) => d.fileId)]).toEqual([
        made.body.version,
        [cr.body.id]
      ])
    })

    it("keeps the vendor master from a user without the vendor privileges, and answers 404 for no such vendor", async () => {
      expect(codeOf(await call("GET", "/api/vendors", tokens.buyer))).toEqual([403, "E3002"])
      expect(codeOf(await call("POST", "/api/vendors", tokens.buyer, { nameEn: "Mine" }))).toEqual([403, "E3002"])
      const missing = await call("GET", `/api/vendors/${crypto.randomUUID()}`, tokens.admin)
      expect(codeOf(missing)).toEqual([404, "E7010"])
      const badLimit = await call("GET", "/api/vendors?limit=7", tokens.admin)
      expect(badLimit.status).toBe(400)
      const badStatus = await call("GET", "/api/vendors?status=GONE", tokens.admin)
      expect(codeOf(badStatus)).toEqual([400, "E2006"])
    })
  })
}
