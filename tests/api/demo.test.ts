import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoBudget, demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { demoRequests } from "@tawreed/adapters/storage/requests/DemoRequests"
import { demoOrders } from "@tawreed/adapters/storage/orders/DemoOrders"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { OrderRepository } from "@tawreed/core/orders"
import type { OrgId } from "@tawreed/core/organisations"
import { withoutIsolates } from "@tawreed/core/shared"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

/**
 * The addresses a notification may point at, each with the API route that reads the document behind it: a link
 * of any other shape fails the walk, so a notification added later for a document the product cannot open is
 * caught here.
 */
const documentRoutes: ReadonlyArray<{ readonly page: RegExp; readonly api: (id: string) => string | null }> = [
  { page: /^\/requests\/([0-9a-f-]{36})$/, api: (id) => `/api/request/${id}` },
  { page: /^\/workspaces\/([0-9a-f-]{36})\/details$/, api: (id) => `/api/workspaces/${id}` },
  { page: /^\/budgets\/details\/([0-9a-f-]{36})$/, api: (id) => `/api/budgets/${id}` },
  // A budget change is read through its approval, which carries its number.
  { page: /^\/budgets\/changes\/([0-9a-f-]{36})$/, api: (id) => `/api/approvals/budget/${id}` },
  { page: /^\/vendors\/invited\/([0-9a-f-]{36})$/, api: (id) => `/api/invites/id/${id}` },
  { page: /^\/orders\/contracts\/([0-9a-f-]{36})$/, api: (id) => `/api/contracts/${id}` },
  // An order is read in the app itself (its routes are the orders API's).
  { page: /^\/orders\/([0-9a-f-]{36})$/, api: () => null }
]

/** The buyer's order of an id, read in the app as the buyer's organisation stores it. */
const buyerOrder = (server: TestServer, id: string) =>
  server.app.runtime.runPromise(
    Effect.map(
      Effect.flatMap(Effect.service(OrderRepository), (orders) => orders.find(demoOrganisations.buyer.id as OrgId, id)),
      Option.getOrUndefined
    )
  )

const everyone = [accounts.admin, accounts.buyer, accounts.approver, accounts.vendor] as const

for (const engine of engines()) {
  describe(`the demo data on ${engine}`, () => {
    let server: TestServer
    const tokens = new Map<string, string>()
    const get = async (path: string, token: string) => {
      const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      const text = await response.text()
      return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as any }
    }

    beforeAll(async () => {
      server = await start(engine)
      for (const email of everyone) tokens.set(email, await signIn(server.url, email))
    })
    afterAll(() => server?.close())

    it("points every notification, for its recipient, at a document that opens and carries the number it names", async () => {
      let walked = 0
      for (const email of everyone) {
        const token = tokens.get(email)!
        const page = await get("/api/notification?page=0&limit=500", token)
        expect(page.status).toBe(200)
        for (const n of page.body.notifications as Array<{ url: string; documentId: string; title: any }>) {
          const route = documentRoutes.find((r) => r.page.test(n.url))
          expect(route, `${email}: ${n.url} is the address of a page of a document`).toBeDefined()
          const id = route!.page.exec(n.url)![1]!
          const api = route!.api(id)
          if (api === null) {
            expect((await buyerOrder(server, id))?.number, `${email}: ${n.url}`).toBe(n.documentId)
            walked++
            continue
          }
          const document = await get(api, token)
          expect(document.status, `${email} opens ${n.url}`).toBe(200)
          expect(document.body.number ?? document.body.documentNumber, `${email}: ${n.url}`).toBe(n.documentId)
          walked++
        }
      }
      // The buyer's dozen and the approver's requests: a walk over nothing would prove nothing.
      expect(walked).toBeGreaterThanOrEqual(20)
    })

    it("holds on the budget only what its requests and orders hold, each entry a document that exists", async () => {
      const entries = await server.app.runtime.runPromise(
        inTenant(demoOrganisations.buyer.id)(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            sql<{
              document_kind: string
              document_id: string
              line_key: string
              requested: string
              committed: string
              actual: string
            }>`
              SELECT document_kind, document_id, line_key, requested::text AS requested,
                     committed::text AS committed, actual::text AS actual FROM budget_entries
              WHERE requested > 0 OR committed > 0 OR actual > 0 ORDER BY line_key, document_id`.pipe(Effect.orDie)
          )
        )
      )
      expect(entries.length).toBeGreaterThan(0)
      const admin = tokens.get(accounts.admin)!
      const requested = new Map<string, number>()
      const committed = new Map<string, number>()
      const add = (held: Map<string, number>, key: string, amount: string) =>
        held.set(key, (held.get(key) ?? 0) + Number(amount))
      for (const entry of entries) {
        expect(Number(entry.actual)).toBe(0)
        if (entry.document_kind === "order") {
          // An approved order holds its value as committed, nothing as requested.
          const order = await buyerOrder(server, entry.document_id)
          expect(order?.status).toBe("ORDER_SUBMITTED_TO_VENDOR")
          expect(order?.budget).toEqual({ budgetId: demoBudget.id, line: entry.line_key })
          expect([Number(entry.requested), Number(entry.committed)]).toEqual([0, Number(order?.valueInOrgCurrency)])
          add(committed, entry.line_key, entry.committed)
          continue
        }
        expect(entry.document_kind).toBe("request")
        const request = await get(`/api/request/${entry.document_id}`, admin)
        expect(request.status).toBe(200)
        expect(request.body.budget).toEqual({ budgetId: demoBudget.id, line: entry.line_key })
        expect(Number(request.body.valueInOrgCurrency)).toBe(Number(entry.requested))
        expect(Number(entry.committed)).toBe(0)
        add(requested, entry.line_key, entry.requested)
      }
      expect([...committed.keys()]).toEqual(["6200"])
      const summary = await get(`/api/budgets/summary/${demoBudget.id}`, admin)
      for (const line of summary.body.lines as Array<{ key: string; requested: string; committed: string }>) {
        expect(Number(line.requested), line.key).toBeCloseTo(requested.get(line.key) ?? 0, 2)
        expect(Number(line.committed), line.key).toBeCloseTo(committed.get(line.key) ?? 0, 2)
      }
    })

    it("sends the ordered printer paper to the connected vendor, whose organisation sees it and not the draft", async () => {
      const seen = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(OrderRepository), (orders) =>
          orders.listForVendor(demoOrganisations.vendor.id as OrgId, {
            sort: { column: "createdAt", direction: "desc" },
            window: { kind: "offset", offset: 0, limit: 50 }
          })
        )
      )
      expect(seen.orders.map((o) => [o.title, o.status, o.vendor.name.en, o.request?.number !== undefined])).toEqual([
        [demoOrders.sent.title, "ORDER_SUBMITTED_TO_VENDOR", demoOrganisations.vendor.name, true]
      ])
      const all = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(OrderRepository), (orders) =>
          orders.list(demoOrganisations.buyer.id as OrgId, {
            sort: { column: "createdAt", direction: "asc" },
            window: { kind: "offset", offset: 0, limit: 50 }
          })
        )
      )
      expect(all.orders.map((o) => [o.number, o.title, o.status])).toEqual([
        ["PO-000001", demoOrders.sent.title, "ORDER_SUBMITTED_TO_VENDOR"],
        ["PO-000002", demoOrders.draft.title, "ORDER_DRAFTED"]
      ])
    })

    it("tells the approver of the one request waiting for her, and the buyer how the others ended", async () => {
      const buyer = tokens.get(accounts.buyer)!
      const approver = tokens.get(accounts.approver)!
      const list = await get("/api/request?limit=100", buyer)
      expect(list.status).toBe(200)
      const byTitle = new Map((list.body.requests as Array<any>).map((r) => [r.title, r] as const))
      for (const demo of demoRequests) expect(byTitle.has(demo.title), demo.title).toBe(true)
      const waiting = list.body.requests.filter((r: any) => r.status === "REQUEST_UNAPPROVED")
      expect(waiting.map((r: any) => r.title)).toEqual(["Office chairs for the head office"])

      const board = await get("/api/approvals/pending", approver)
      expect(board.status).toBe(200)
      expect(board.body.map((a: any) => a.documentNumber)).toEqual([waiting[0].number])
      const told = await get("/api/notification?limit=500", approver)
      const unread = told.body.notifications.filter((n: any) => n.status === "UNREAD")
      expect(unread.map((n: any) => [n.type, n.documentId])).toEqual([
        ["REQUEST_WAITING_FOR_APPROVAL", waiting[0].number]
      ])

      const laptops = byTitle.get("Laptops for the finance team")
      expect([laptops.status, laptops.budgetWarning]).toEqual([
        "REQUEST_SUBMITTED",
        { line: "IT equipment (6300)", limit: "80000.00", excess: "2570.00", currency: "SAR" }
      ])
      const timeline = await get(`/api/request/${laptops.id}/timeline`, buyer)
      expect(timeline.body.map((t: any) => [t.action, t.actorId])).toEqual([
        ["SUBMIT", demoUsers[0].id],
        ["APPROVE", demoUsers[2].id]
      ])
      const news = await get("/api/notification?limit=500", buyer)
      expect(news.body.notifications.map((n: any) => [n.status, withoutIsolates(n.title.en)])).toEqual([
        ["UNREAD", "IT equipment (6300) of Head Office 2026 is over its limit after a super user's override"],
        ["UNREAD", "Request Laptops for the finance team was approved"],
        ["UNREAD", "Request Espresso machine for the staff lounge was rejected"],
        ["UNREAD", "Request Standing desks for the second floor was returned for changes"],
        ["UNREAD", "Request Stationery kits for new joiners was approved"],
        ["UNREAD", "Request Drinking water for the central store was approved"],
        ["UNREAD", "Request Network switches for the head office was approved"],
        ["READ", "Request Hotel for the Dubai procurement summit was approved"],
        ["READ", "Request Flights to the Dubai procurement summit was approved"],
        ["READ", "Request Toner cartridges for the second floor printers was approved"],
        ["READ", "Request Printer paper for the head office was approved"],
        ["READ", "Jeddah Warehouse is being drafted before it goes for approval"]
      ])
      expect(news.body.notifications.at(-1).documentId).toBe(
        (await get(`/api/workspaces/${demoWorkspaces[1].id}`, buyer)).body.number
      )
    })

    it("shows on the budget what the requests and the approved order hold, not returned or rejected requests", async () => {
      const summary = await get(`/api/budgets/summary/${demoBudget.id}`, tokens.get(accounts.admin)!)
      // The printer paper's 989.00 moved from requested (its request) to committed (its order).
      expect(
        summary.body.lines.map((l: any) => [l.key, l.limit, l.requested, Number(l.committed), l.available])
      ).toEqual([
        ["6100", "50000.00", "12030.00", 0, "37970.00"],
        ["6200", "20000.00", "15973.50", 989, "3037.50"],
        ["6300", "80000.00", "82570.00", 0, "-2570.00"]
      ])
    })
  })
}
