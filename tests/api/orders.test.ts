import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { callApi, oneOrderApprover } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const [riyadh] = demoWorkspaces
const approver = demoUsers.find((u) => u.email === accounts.approver)!
const buyerOrg = demoOrganisations.buyer.id

type Answer = { readonly status: number; readonly body: any; readonly text: string }

for (const engine of engines()) {
  describe(`purchase orders over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "approver" | "vendor", string>
    const call = (
      method: string,
      path: string,
      token: string,
      body?: unknown,
      headers: Readonly<Record<string, string>> = {}
    ): Promise<Answer> => callApi(server.url, method, path, token, body, headers)
    const codeOf = (answer: Answer) => `${answer.status} ${answer.body?.error?.code}`
    /** The approved demo request the journey orders from, and the vendor connected to the demo vendor organisation. */
    let request: { id: string; number: string; budget: { budgetId: string; line: string } }
    let sahara: string
    /** A vendor of the buyer's that takes orders and is not on the platform. */
    let other: string
    const lineOf = async (budgetId: string, line: string) => {
      const summary = await call("GET", `/api/budgets/summary/${budgetId}`, tokens.admin)
      expect(summary.status).toBe(200)
      const found = summary.body.lines.find((l: { key: string }) => l.key === line)
      return { requested: Number(found.requested), committed: Number(found.committed) }
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
      const approved = await call("GET", "/api/request?status=REQUEST_SUBMITTED&limit=100", tokens.admin)
      request = approved.body.requests.find(
        (r: { budget: unknown; title: string }) => r.budget !== null && r.title === "Laptops for the finance team"
      )
      expect(request).toBeDefined()
      const vendors = (await call("GET", "/api/vendors?limit=9999", tokens.admin)).body.vendors as Array<{
        id: string
        name: { en: string }
      }>
      sahara = vendors.find((v) => v.name.en === "Sahara Supplies")!.id
      const made = await call("POST", "/api/vendors", tokens.admin, {
        nameEn: "Qassim Toner House",
        nameAr: "بيت القصيم للأحبار"
      })
      expect(made.status).toBe(200)
      other = made.body.id
      // Orders of the head office wait for the demo approver, one level.
      expect(await oneOrderApprover(server.url, tokens.admin, riyadh.id, approver.id)).toBe(200)
    })
    afterAll(() => server?.close())

    it("orders an approved request, commits its budget on approval, sends it, has the vendor accept it and closes it", async () => {
      const before = await lineOf(request.budget.budgetId, request.budget.line)
      const made = await call(
        "POST",
        `/api/order/from-request/${request.id}`,
        tokens.admin,
        { vendorId: sahara, title: "Laptops for the finance team" },
        { "idempotency-key": crypto.randomUUID() }
      )
      expect([made.status, made.body.status, made.body.source, made.body.request?.number]).toEqual([
        200,
        "ORDER_DRAFTED",
        "request",
        request.number
      ])
      expect(made.body.number).toMatch(/^PO-\d{6}$/)
      const order = made.body as { id: string; number: string; version: number; totals: { total: string } }
      const total = Number(order.totals.total)
      expect(total).toBeGreaterThan(0)

      // Submitted by the super user, over the line's Stop policy: held as requested, waiting on the approver.
      const submitted = await call("POST", `/api/order/submit/${order.id}`, tokens.admin, { version: order.version })
      expect([submitted.status, submitted.body.status]).toEqual([200, "ORDER_UNAPPROVED"])
      const held = await lineOf(request.budget.budgetId, request.budget.line)
      // The request's share of the lines ordered moved to the order: the line counts it once.
      const share = Number(submitted.body.requestShare ?? 0)
      expect(share).toBeGreaterThan(0)
      expect(held.requested).toBeCloseTo(before.requested + total - share, 2)
      expect(held.committed).toBeCloseTo(before.committed, 2)
      const timeline = await call("GET", `/api/order/${order.id}/timeline`, tokens.admin)
      expect(timeline.status).toBe(200)

      // The approval moves the order's amount to committed and releases the request's share of requested.
      const approved = await call("POST", `/api/order/approve/${order.id}`, tokens.approver, {
        remark: "Within plan",
        version: submitted.body.version
      })
      expect([approved.status, approved.body.status]).toEqual([200, "ORDER_SUBMITTED_TO_VENDOR"])
      const committed = await lineOf(request.budget.budgetId, request.budget.line)
      expect(committed.committed).toBeCloseTo(before.committed + total, 2)
      expect(committed.requested).toBeCloseTo(before.requested - share, 2)

      const sent = await call("POST", `/api/order/submit-to-vendor/${order.id}`, tokens.admin, {
        version: approved.body.version
      })
      expect([sent.status, sent.body.status, sent.body.sentAt === null]).toEqual([
        200,
        "ORDER_SUBMITTED_TO_VENDOR",
        false
      ])

      // The demo vendor organisation sees it in its seller module, without the buyer's budget, and accepts it.
      const received = await call("GET", "/api/order-vendor", tokens.vendor)
      expect(received.status).toBe(200)
      const seen = received.body.orders.find((o: { id: string }) => o.id === order.id)
      expect([seen?.number, seen?.budget]).toEqual([order.number, null])
      const one = await call("GET", `/api/order-vendor/${order.id}`, tokens.vendor)
      expect([one.status, one.body.watchers]).toEqual([200, []])
      const accepted = await call("POST", `/api/order-vendor/accept/${order.id}`, tokens.vendor, { remark: "On it" })
      expect([accepted.status, accepted.body.status]).toEqual([200, "ORDER_ACCEPTED_BY_VENDOR"])
      const twice = await call("POST", `/api/order-vendor/accept/${order.id}`, tokens.vendor, {})
      expect(codeOf(twice)).toBe("422 E6400")

      // Accepted, it is closed rather than cancelled.
      const current = (await call("GET", `/api/order/${order.id}`, tokens.admin)).body
      const cancel = await call("POST", `/api/order/cancel/${order.id}`, tokens.admin, {
        reason: "No longer needed",
        version: current.version
      })
      expect(codeOf(cancel)).toBe("422 E6400")
      const arabic = await call(
        "POST",
        `/api/order/cancel/${order.id}`,
        tokens.admin,
        { reason: "No longer needed", version: current.version },
        { language: "ar" }
      )
      expect(codeOf(arabic)).toBe("422 E6400")
      expect(arabic.body.error.message).toMatch(/[\u0600-\u06FF]/)
      expect(arabic.body.error.message).not.toBe(cancel.body.error.message)

      const closed = await call("POST", `/api/order/close/${order.id}`, tokens.admin, {
        remark: "Delivered in full elsewhere",
        version: current.version
      })
      expect([closed.status, closed.body.status]).toEqual([200, "ORDER_CLOSED"])
      const released = await lineOf(request.budget.budgetId, request.budget.line)
      expect(released.committed).toBeCloseTo(before.committed, 2)
      expect(released.requested).toBeCloseTo(before.requested - total, 2)
      const events = closed.body.events.map((e: { kind: string }) => e.kind)
      expect(events).toEqual(["SENT_TO_VENDOR", "VENDOR_ACCEPTED", "CLOSED"])
    })

    it("shows a vendor only the orders addressed to it, and another organisation none of the buyer's", async () => {
      const direct = async (vendorId: string, title: string) => {
        const made = await call("POST", "/api/order", tokens.admin, {
          workspaceId: riyadh.id,
          vendorId,
          title,
          budget: { budgetId: request.budget.budgetId, line: request.budget.line },
          lines: [{ name: { en: "Toner" }, quantity: "2", unitPrice: "150" }]
        })
        expect([made.status, made.body.status, made.body.error]).toEqual([200, "ORDER_DRAFTED", undefined])
        return made.body as { id: string; number: string; version: number }
      }
      const toSahara = await direct(sahara, "Toner for Sahara")
      const toOther = await direct(other, "Toner for another vendor")
      // Drafts are the buyer's alone: the vendor sees neither, by list or by id.
      const drafts = await call("GET", "/api/order-vendor?limit=500", tokens.vendor)
      expect(drafts.body.orders.map((o: { id: string }) => o.id)).not.toContain(toSahara.id)
      expect(codeOf(await call("GET", `/api/order-vendor/${toSahara.id}`, tokens.vendor))).toBe("404 E4400")
      for (const order of [toSahara, toOther]) {
        const submitted = await call("POST", `/api/order/submit/${order.id}`, tokens.admin, {})
        expect(submitted.status).toBe(200)
        const approved = await call("POST", `/api/order/approve/${order.id}`, tokens.approver, {})
        expect(approved.body.status).toBe("ORDER_SUBMITTED_TO_VENDOR")
        const sent = await call("POST", `/api/order/submit-to-vendor/${order.id}`, tokens.admin, {})
        expect(sent.status).toBe(200)
      }
      const listed = await call("GET", "/api/order-vendor?limit=500", tokens.vendor)
      const ids = listed.body.orders.map((o: { id: string }) => o.id)
      expect(ids).toContain(toSahara.id)
      expect(ids).not.toContain(toOther.id)
      expect(listed.text).not.toContain("Toner for another vendor")
      expect(codeOf(await call("GET", `/api/order-vendor/${toOther.id}`, tokens.vendor))).toBe("404 E4400")
      expect(codeOf(await call("POST", `/api/order-vendor/accept/${toOther.id}`, tokens.vendor, {}))).toBe("404 E4400")
      // The vendor organisation, as a buyer, reads none of the buyer's orders.
      const asBuyer = await call("GET", `/api/order?search=${encodeURIComponent("Toner")}`, tokens.vendor)
      expect(asBuyer.text).not.toContain(toSahara.id)
      expect(codeOf(await call("GET", `/api/order/${toSahara.id}`, tokens.vendor))).toMatch(/^(404 E4400|403 E3003)$/)
      // A refusal needs a remark; the buyer's budget line gets back what the order committed.
      const bare = await call("POST", `/api/order-vendor/reject/${toSahara.id}`, tokens.vendor, {})
      expect(codeOf(bare)).toMatch(/^400 E2/)
      const refused = await call("POST", `/api/order-vendor/reject/${toSahara.id}`, tokens.vendor, {
        remark: "Out of stock"
      })
      expect([refused.status, refused.body.status]).toEqual([200, "ORDER_REJECTED"])
    })

    it("refuses a direct order while the organisation's orders.enableDirectOrder is off", async () => {
      const before = (await call("GET", `/api/org_settings/${buyerOrg}`, tokens.admin)).body as {
        modules: Array<{ code: string; features?: Record<string, unknown> }>
      }
      const off = before.modules.map((m) =>
        m.code === "orders" ? { ...m, features: { ...m.features, enableDirectOrder: false } } : m
      )
      expect((await call("POST", "/api/org_settings", tokens.admin, { modules: off })).status).toBe(200)
      try {
        const body = {
          workspaceId: riyadh.id,
          vendorId: sahara,
          title: "Direct",
          lines: [{ name: { en: "Paper" }, quantity: "1", unitPrice: "20" }]
        }
        const refused = await call("POST", "/api/order", tokens.admin, body)
        expect(codeOf(refused)).toBe("422 E6401")
        const arabic = await call("POST", "/api/order", tokens.admin, body, { language: "ar" })
        expect(codeOf(arabic)).toBe("422 E6401")
        expect(arabic.body.error.message).toMatch(/[\u0600-\u06FF]/)
        // Ordering from an approved request is still open.
        const fromCart = await call("POST", `/api/order/from-cart/${sahara}`, tokens.admin, { workspaceId: riyadh.id })
        expect(codeOf(fromCart)).toBe("422 E6401")
      } finally {
        const restored = await call("POST", "/api/org_settings", tokens.admin, { modules: before.modules })
        expect(restored.status).toBe(200)
      }
    })

    it("answers bad input with the catalogue's codes in the request's language, never a 500", async () => {
      const cases: ReadonlyArray<[string, string, unknown, string]> = [
        ["GET", "/api/order?limit=7", undefined, "400 E2003"],
        ["GET", "/api/order?page=-1", undefined, "400 E2004"],
        ["GET", "/api/order?sort=-colour", undefined, "400 E2006"],
        ["GET", "/api/order?after=garbage", undefined, "400 E2400"],
        ["GET", "/api/order?filter=%7Bnot-json", undefined, "400 E2006"],
        ["GET", "/api/order?mine=maybe", undefined, "400 E2006"],
        ["GET", "/api/order/not-a-uuid", undefined, "400 E2006"],
        ["GET", `/api/order/${crypto.randomUUID()}`, undefined, "404 E4400"],
        ["POST", "/api/order", {}, "400 E2006"],
        ["POST", `/api/order/from-request/${crypto.randomUUID()}`, { vendorId: sahara }, "404 E4100"],
        ["POST", `/api/order/from-request/${request.id}`, { vendorId: sahara, priority: "Urgent" }, "400 E2006"],
        [
          "POST",
          `/api/order/from-request/${request.id}`,
          { vendorId: sahara, lines: [{ requestItemId: "x", unitPrice: "1e400" }] },
          "400 E2006"
        ],
        ["POST", `/api/order/cancel/${crypto.randomUUID()}`, { reason: "" }, "400 E2006"],
        ["POST", `/api/order/amend/${crypto.randomUUID()}`, { version: 1, lines: [] }, "400 E2006"],
        ["PUT", "/api/order", { id: crypto.randomUUID(), version: "one" }, "400 E2006"],
        ["GET", "/api/order-vendor?sort=colour", undefined, "400 E2006"]
      ]
      for (const [method, path, body, expected] of cases) {
        for (const language of ["en", "ar"] as const) {
          const answer = await call(method, path, tokens.admin, body, { language })
          expect(`${language} ${method} ${path}: ${codeOf(answer)}`).toBe(`${language} ${method} ${path}: ${expected}`)
          if (language === "ar") expect(answer.body.error.message).toMatch(/[\u0600-\u06FF]/)
          else expect(answer.body.error.message).toMatch(/[A-Za-z]/)
        }
      }
    })
  })
}
