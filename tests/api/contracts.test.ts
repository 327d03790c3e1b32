import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import { Contracts } from "@tawreed/core/contracts"
import { describeError, withoutIsolates } from "@tawreed/core/shared"
import type { OrgId } from "@tawreed/core/organisations"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

const buyerOrg = demoOrganisations.buyer.id as OrgId
const approverId = demoUsers.find((u) => u.email === accounts.approver)!.id
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

for (const engine of engines()) {
  describe(`contracts over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "approver" | "buyer", string>
    const call = (method: string, path: string, token: string, body?: unknown, lang = "en"): Promise<Answer> =>
      callApi(server.url, method, path, token, body, { language: lang })
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]
    let sahara: any
    let products: ReadonlyArray<any>
    /** Runs a use case of the contracts module in the app, its failure as the catalogue tells it. */
    const run = <A>(use: (contracts: Contracts["Service"]) => Effect.Effect<A, unknown>) =>
      server.app.runtime.runPromise(
        Effect.gen(function* () {
          return yield* use(yield* Contracts)
        }).pipe(
          Effect.map((value) => ({ ok: true as const, value })),
          Effect.catch((error) => Effect.succeed({ ok: false as const, error: describeError(error, "en") }))
        )
      )
    const newContract = async (changes: Record<string, unknown> = {}) => {
      const made = await call("POST", "/api/contracts", tokens.admin, {
        title: "Cleaning supplies 2026",
        vendorId: sahara.id,
        startDate: day(-10),
        endDate: day(200),
        ceiling: "1000",
        lines: [
          { productId: products[0].id, unitPrice: "9.5", minQuantity: "5" },
          { productId: products[1].id, unitPrice: "20" }
        ],
        ...changes
      })
      expect(made.status).toBe(200)
      return made.body
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      const vendors = await call("GET", "/api/vendors?limit=100", tokens.admin)
      sahara = vendors.body.vendors.find((v: any) => v.name.en === "Sahara Supplies")
      const list = await call("GET", "/api/products?page=0&limit=10", tokens.admin)
      products = list.body.products
      expect(products.length).toBeGreaterThan(2)
    }, 120_000)
    afterAll(() => server?.close())

    it("holds the demo's active contract, whose owner was alerted of its end on the bell", async () => {
      const page = await call("GET", "/api/contracts?status=CONTRACT_ACTIVE", tokens.admin)
      expect(page.status).toBe(200)
      const demo = page.body.contracts.find((c: any) => c.title === "Office supplies framework agreement")
      expect(demo).toMatchObject({ status: "CONTRACT_ACTIVE", vendorName: { en: "Sahara Supplies" }, ceiling: "50000" })
      expect(demo.alertedAt).not.toBeNull()
      expect(demo.lines).toHaveLength(2)
      const bell = await call("GET", "/api/notification?page=0&limit=100", tokens.admin)
      const alert = bell.body.notifications.find((n: any) => n.type === "CONTRACT_EXPIRING")
      expect(alert).toMatchObject({ module: "contracts", documentId: demo.number, url: `/orders/contracts/${demo.id}` })
    })

    it("drafts a contract with agreed prices, edits it at its version, and puts it in force on submission", async () => {
      const draft = await newContract()
      expect(draft).toMatchObject({ status: "CONTRACT_DRAFTED", consumed: "0", remaining: "1000", currency: "SAR" })
      expect(draft.number).toMatch(/^CTR-\d{6}$/)
      expect(draft.lines.map((l: any) => [l.sku, l.unitPrice, l.minQuantity])).toEqual([
        [products[0].sku, "9.5", "5"],
        [products[1].sku, "20", null]
      ])
      const stale = await call("PUT", `/api/contracts/${draft.id}`, tokens.admin, { version: 9, title: "x" })
      expect(codeOf(stale)).toEqual([409, "E5001"])
      const edited = await call("PUT", `/api/contracts/${draft.id}`, tokens.admin, {
        version: draft.version,
        ceiling: "1200"
      })
      expect([edited.status, edited.body.remaining]).toEqual([200, "1200"])
      const submitted = await call("POST", `/api/contracts/submit/${draft.id}`, tokens.admin, {})
      expect(submitted.body.status).toBe("CONTRACT_ACTIVE")
      const again = await call("PUT", `/api/contracts/${draft.id}`, tokens.admin, { title: "Later" })
      expect(codeOf(again)).toEqual([422, "E6450"])
      const prices = await call(
        "GET",
        `/api/contracts/agreed-prices?vendorId=${sahara.id}&productIds=${products[0].id},${products[2].id}`,
        tokens.admin
      )
      const mine = prices.body.prices.find((p: any) => p.productId === products[0].id)
      expect(mine).toMatchObject({ price: "9.5", minQuantity: "5", currency: "SAR" })
      expect(prices.body.prices.some((p: any) => p.productId === products[2].id)).toBe(false)
      // A termination names its reason; it ends the agreed prices.
      const silent = await call("PUT", `/api/contracts/terminate/${draft.id}`, tokens.admin, {})
      expect(codeOf(silent)).toEqual([400, "E2006"])
      const ended = await call("PUT", `/api/contracts/terminate/${draft.id}`, tokens.admin, { remark: "Re-tendered" })
      expect([ended.body.status, ended.body.endRemark]).toEqual(["CONTRACT_TERMINATED", "Re-tendered"])
    })

    it("refuses bad drafts in the reader's language", async () => {
      const backwards = await call(
        "POST",
        "/api/contracts",
        tokens.admin,
        { title: "Backwards", vendorId: sahara.id, startDate: "2026-05-01", endDate: "2026-04-01" },
        "ar"
      )
      expect(codeOf(backwards)).toEqual([400, "E2006"])
      expect(backwards.body.error.message).toContain("تاريخ النهاية")
      const unknownProduct = await call("POST", "/api/contracts", tokens.admin, {
        title: "Unknown",
        vendorId: sahara.id,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        lines: [{ productId: crypto.randomUUID(), unitPrice: "1" }]
      })
      expect(codeOf(unknownProduct)).toEqual([404, "E4452"])
      expect(unknownProduct.body.error.message).toContain("line 1")
      const twice = await call("POST", "/api/contracts", tokens.admin, {
        title: "Twice",
        vendorId: sahara.id,
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        lines: [
          { productId: products[0].id, unitPrice: "1" },
          { productId: products[0].id, unitPrice: "2" }
        ]
      })
      expect(codeOf(twice)).toEqual([400, "E2006"])
      const noLines = await newContract({ lines: [] })
      expect(codeOf(await call("POST", `/api/contracts/submit/${noLines.id}`, tokens.admin, {}))).toEqual([
        400,
        "E2006"
      ])
      // A basic user holds no vendors privilege.
      expect((await call("GET", "/api/contracts", tokens.buyer)).status).toBe(403)
    })

    it("waits on its approver where a workflow applies, and goes into force on approval", async () => {
      const workflow = {
        id: crypto.randomUUID(),
        workspaceId: null,
        kind: "contract",
        levels: [
          { level: 1, name: "Legal", approvers: [{ type: "USER", userId: approverId }], mode: "ONE", criteria: {} }
        ],
        version: 0
      }
      expect((await call("PUT", "/api/workflows", tokens.admin, { workflow, version: 0 })).status).toBe(200)
      const draft = await newContract({ title: "Toner framework" })
      const submitted = await call("POST", `/api/contracts/submit/${draft.id}`, tokens.admin, {})
      expect(submitted.body.status).toBe("CONTRACT_PENDING_APPROVAL")
      const bell = await call("GET", "/api/notification?page=0&limit=100", tokens.approver)
      expect(
        bell.body.notifications.some(
          (n: any) => n.type === "CONTRACT_WAITING_FOR_APPROVAL" && n.documentId === draft.number
        )
      ).toBe(true)
      // The approver reads the contract they approve; its owner may not approve it.
      expect((await call("GET", `/api/contracts/${draft.id}`, tokens.approver)).status).toBe(200)
      expect(
        (await call("POST", `/api/contracts/review/${draft.id}`, tokens.admin, { action: "approve" })).status
      ).not.toBe(200)
      const approved = await call("POST", `/api/contracts/review/${draft.id}`, tokens.approver, { action: "approve" })
      expect([approved.status, approved.body.status]).toEqual([200, "CONTRACT_ACTIVE"])
      const off = { ...workflow, levels: [], version: 1 }
      await call("PUT", "/api/workflows", tokens.admin, { workflow: off, version: 1 })
    })

    it("takes orders' amounts from the ceiling, refusing past it with what remains, and gives them back", async () => {
      const contract = await newContract({ title: "Ceiling", ceiling: "100" })
      await call("POST", `/api/contracts/submit/${contract.id}`, tokens.admin, {})
      const taken = await run((c) => c.consume(buyerOrg, contract.id, "60", "PO-000001"))
      expect(taken.ok && taken.value.remaining).toBe("40")
      const over = await run((c) => c.consume(buyerOrg, contract.id, "40.5", "PO-000002"))
      expect(over.ok ? "" : withoutIsolates(over.error.message)).toBe(
        `Contract ${contract.number} has only 40 SAR left of its ceiling, less than the 40.5 SAR asked.`
      )
      const late = await run((c) => c.consume(buyerOrg, contract.id, "1", "PO-000003", day(365)))
      expect(late.ok ? "" : late.error.code).toBe("E6452")
      const back = await run((c) => c.release(buyerOrg, contract.id, "60", "PO-000001"))
      expect(back.ok && back.value.consumed).toBe("0")
      const tooMuch = await run((c) => c.release(buyerOrg, contract.id, "1", "PO-000001"))
      expect(tooMuch.ok ? "" : tooMuch.error.code).toBe("E6453")
      const zero = await run((c) => c.consume(buyerOrg, contract.id, "0", "PO-000004"))
      expect(zero.ok ? "" : zero.error.code).toBe("E2450")
      // The orders module reads the agreed prices the same way, by organisation.
      const prices = await run((c) => c.agreedPrice(buyerOrg, sahara.id, [products[1].id]))
      expect(prices.ok && prices.value.get(products[1].id)?.price).toBe("20")
    })

    it("alerts each owner once within 60 days of the end, and expires a contract once its end has passed", async () => {
      const soon = await newContract({ title: "Ending soon", startDate: day(-30), endDate: day(30) })
      await call("POST", `/api/contracts/submit/${soon.id}`, tokens.admin, {})
      const [first, second] = await Promise.all([run((c) => c.runExpiry()), run((c) => c.runExpiry())])
      expect(first.ok && second.ok).toBe(true)
      const bell = await call("GET", "/api/notification?page=0&limit=100", tokens.admin)
      const alerts = bell.body.notifications.filter(
        (n: any) => n.type === "CONTRACT_EXPIRING" && n.documentId === soon.number
      )
      expect(alerts).toHaveLength(1)
      const later = await run((c) => c.runExpiry(day(31)))
      expect(later.ok && later.value.expired).toBeGreaterThanOrEqual(1)
      expect((await call("GET", `/api/contracts/${soon.id}`, tokens.admin)).body.status).toBe("CONTRACT_EXPIRED")
    })

    it("needs the plan's contractsAllowed", async () => {
      await provision(server.app, buyerOrg, { generalConfig: { contractsAllowed: false } })
      const refused = await call("POST", "/api/contracts", tokens.admin, {
        title: "Off plan",
        vendorId: sahara.id,
        startDate: "2026-01-01",
        endDate: "2026-12-31"
      })
      expect(codeOf(refused)).toEqual([422, "E6076"])
      await provision(server.app, buyerOrg, { generalConfig: { contractsAllowed: true } })
    })
  })
}
