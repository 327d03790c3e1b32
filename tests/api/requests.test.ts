import { Effect, Option } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoBudget, demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import * as TawreedClient from "@tawreed/adapters/http-client/TawreedClient"
import { Files, FileStore } from "@tawreed/core/files"
import type { OrgId } from "@tawreed/core/organisations"
import { NewRequestInput, RequestApproval, RequestItemInput } from "@tawreed/core/requests"
import { withoutIsolates } from "@tawreed/core/shared"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const [riyadh, , itProjects] = demoWorkspaces
const approver = demoUsers[2]
const buyerUser = demoUsers[1]
const buyerOrg = demoOrganisations.buyer.id as OrgId

/** A day counted from today, as `YYYY-MM-DD`. */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

/** A manual line: a name, a quantity and a unit price, with VAT on top where asked. */
const item = (name: string, quantity: string, basePrice: string, vat = false) => ({
  name: { en: name },
  quantity,
  unit: "each",
  price: {
    basePrice,
    ...(vat ? { taxes: [{ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" }] } : {})
  }
})

type Answer = { readonly status: number; readonly body: any }

/**
 * The suite's own lines on the head office's budget, added by a budget change before the tests run: the demo's
 * requests already hold amounts on the demo's lines (its IT equipment line is over its limit), so the suite charges
 * lines nothing else touches and can say exactly what each one holds.
 */
const suiteLines = {
  supplies: { key: "6250", label: "Printing", limit: "20000.00" },
  equipment: { key: "6350", label: "Laptops", limit: "80000.00" }
} as const
const supplies = suiteLines.supplies.key
const equipment = suiteLines.equipment.key

for (const engine of engines()) {
  describe(`requests over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "approver" | "vendor", string>
    const call = (
      method: string,
      path: string,
      token: string,
      body?: unknown,
      headers: Readonly<Record<string, string>> = {}
    ): Promise<Answer> => callApi(server.url, method, path, token, body, headers)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]
    const requested = async (budgetId: string, line: string) => {
      const summary = await call("GET", `/api/budgets/summary/${budgetId}`, tokens.admin)
      expect(summary.status).toBe(200)
      return summary.body.lines.find((l: { key: string }) => l.key === line).requested as string
    }
    /** A product request drafted in the head office by whoever `token` names. */
    const draft = async (token: string, body: Record<string, unknown> = {}) => {
      const made = await call("POST", "/api/request", token, {
        requestType: "product",
        workspaceId: riyadh.id,
        title: "Laptops for the finance team",
        items: [item("Laptop", "2", "1000", true)],
        budget: { budgetId: demoBudget.id, line: equipment },
        ...body
      })
      expect(codeOf(made)).toEqual([200, undefined])
      return made.body
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
      // The head office's requests wait for Sara's approval: its request workflow (the demo seeds one) names her alone.
      const listed = await call("GET", `/api/workflows?workspaceId=${riyadh.id}`, tokens.admin)
      expect(listed.status).toBe(200)
      const seeded = (listed.body as ReadonlyArray<{ id: string; kind: string; version: number }>).find(
        (w) => w.kind === "request"
      )
      if (seeded === undefined) throw new Error("the demo seeds no request workflow in the head office")
      const workflow = await call("PUT", "/api/workflows", tokens.admin, {
        workflow: {
          id: seeded.id,
          workspaceId: riyadh.id,
          kind: "request",
          levels: [
            { level: 1, name: "Manager", approvers: [{ type: "USER", userId: approver.id }], mode: "ONE", criteria: {} }
          ],
          version: seeded.version
        },
        version: seeded.version
      })
      expect(workflow.status).toBe(200)
      // The suite's own lines, added to the head office's budget at their limits (no approval applies to the change).
      const added = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.admin, {
        action: "request_for_budget_limit",
        lines: Object.values(suiteLines).map((l) => ({ key: l.key, label: l.label, delta: l.limit })),
        remark: "Lines of the requests suite"
      })
      expect([added.status, added.body.status]).toEqual([200, "APPROVED"])
    })
    afterAll(() => server?.close())

    it("drafts product, service and expense requests, numbered and priced, and keeps them apart in the lists", async () => {
      const product = await draft(tokens.buyer)
      expect([product.status, product.requestType, product.currency, product.version]).toEqual([
        "REQUEST_DRAFTED",
        "product",
        "SAR",
        1
      ])
      expect(product.number).toMatch(/^REQ-\d{6}$/)
      expect([product.requesterId, product.workspaceId]).toEqual([buyerUser.id, riyadh.id])
      expect(product.items.map((i: any) => [i.lineSeqId, i.name.en, i.quantity, i.amounts.net, i.amounts.tax])).toEqual(
        [[1, "Laptop", "2", "2000.00", "300.00"]]
      )
      expect([product.totals.subTotal, product.totals.tax, product.totals.total]).toEqual([
        "2000.00",
        "300.00",
        "2300.00"
      ])

      const service = await draft(tokens.buyer, {
        requestType: "service",
        title: "Office cleaning",
        items: [item("Cleaning, monthly", "3", "1500")]
      })
      expect([service.requestType, service.totals.total]).toEqual(["service", "4500.00"])
      expect(service.number).not.toBe(product.number)

      const expense = await call("POST", "/api/request", tokens.buyer, {
        requestType: "expense",
        workspaceId: riyadh.id,
        title: "Client dinner",
        expenseItems: [{ ...item("Dinner", "1", "230"), expenseAccount: "6300" }],
        expense: {
          invoiceDate: day(-1),
          paymentDueDate: day(30),
          vendor: { id: null, name: "Najd Restaurant" },
          requestPriority: "HIGH"
        }
      })
      expect(codeOf(expense)).toEqual([200, undefined])
      expect([expense.body.expectedDate, expense.body.items, expense.body.expenseItems[0].expenseAccount]).toEqual([
        null,
        [],
        "6300"
      ])
      expect([expense.body.expense.vendor.name, expense.body.expense.requestPriority]).toEqual([
        "Najd Restaurant",
        "HIGH"
      ])

      const listed = await call("GET", "/api/request?limit=100", tokens.buyer)
      const expenses = await call("GET", "/api/request/expense?limit=100", tokens.buyer)
      const ids = (page: Answer) => page.body.requests.map((r: { id: string }) => r.id)
      expect(ids(listed)).toEqual(expect.arrayContaining([product.id, service.id]))
      expect(ids(listed)).not.toContain(expense.body.id)
      expect(ids(expenses)).toEqual([expense.body.id])
      expect(expenses.body.totalCount).toBe(1)
      const latest = await call("GET", "/api/request/get-latest-request", tokens.buyer)
      expect(latest.body.id).toBe(expense.body.id)
      expect((await call("GET", `/api/request/${product.id}`, tokens.buyer)).body.title).toBe(
        "Laptops for the finance team"
      )
    })

    it("edits at the version read, and answers 409 E5001 to a stale version", async () => {
      const made = await draft(tokens.buyer)
      const edited = await call("PUT", "/api/request", tokens.buyer, {
        id: made.id,
        version: made.version,
        title: "Laptops for finance",
        items: [item("Laptop", "3", "1000")]
      })
      expect([edited.status, edited.body.version, edited.body.title, edited.body.totals.total]).toEqual([
        200,
        2,
        "Laptops for finance",
        "3000.00"
      ])
      const stale = await call("PUT", "/api/request", tokens.buyer, {
        id: made.id,
        version: made.version,
        title: "Old"
      })
      expect(codeOf(stale)).toEqual([409, "E5001"])
      expect(stale.body.error.message).toBe("This record was changed by someone else. Please reload it and try again.")
      const arabic = await call(
        "PUT",
        "/api/request",
        tokens.buyer,
        { id: made.id, version: made.version, title: "Old" },
        { language: "ar" }
      )
      expect(arabic.body.error.message).toBe("عدّل شخص آخر هذا السجل. يرجى إعادة تحميله والمحاولة مرة أخرى.")
      expect((await call("GET", `/api/request/${made.id}`, tokens.buyer)).body.title).toBe("Laptops for finance")
    })

    it("submits once per key into the approval, holds its value on the budget line, and the approver approves", async () => {
      const before = Number(await requested(demoBudget.id, equipment))
      const made = await draft(tokens.buyer)
      const key = crypto.randomUUID()
      const submit = () =>
        call(
          "POST",
          "/api/request/submit",
          tokens.buyer,
          { id: made.id, version: made.version },
          { "idempotency-key": key }
        )
      const submitted = await submit()
      expect([submitted.status, submitted.body.status, submitted.body.budgetWarning]).toEqual([
        200,
        "REQUEST_UNAPPROVED",
        null
      ])
      expect((await submit()).body).toEqual(submitted.body)
      expect(Number(await requested(demoBudget.id, equipment))).toBe(before + 2300)
      const again = await call("POST", "/api/request/submit", tokens.buyer, { id: made.id })
      expect(codeOf(again)).toEqual([422, "E6100"])

      // The requester never approves their own request; Sara, the level's approver, does.
      expect(codeOf(await call("POST", `/api/request/approve/${made.id}`, tokens.buyer, { remark: "Mine" }))).toEqual([
        422,
        "E6050"
      ])
      const board = await call("GET", "/api/approvals/pending", tokens.approver)
      expect(board.body.map((s: { documentId: string }) => s.documentId)).toContain(made.id)
      const approved = await call("POST", `/api/request/approve/${made.id}`, tokens.approver, {
        remark: "Within budget",
        approvalClassification: "Capex"
      })
      expect([approved.status, approved.body.status, approved.body.approvalClassification]).toEqual([
        200,
        "REQUEST_SUBMITTED",
        "Capex"
      ])
      // Still held as requested until it is ordered, closed or sent back.
      expect(Number(await requested(demoBudget.id, equipment))).toBe(before + 2300)
      const timeline = await call("GET", `/api/request/${made.id}/timeline`, tokens.buyer)
      expect(timeline.status).toBe(200)
      expect(timeline.body.map((e: { action: string; actorId: string }) => [e.action, e.actorId])).toEqual([
        ["SUBMIT", buyerUser.id],
        ["APPROVE", approver.id]
      ])

      // Assigned for sourcing, followed by a watcher, then closed: its line gets the amount back.
      const assigned = await call("PUT", `/api/request/assign/${made.id}/${approver.id}`, tokens.admin)
      expect([assigned.status, assigned.body.assigneeId]).toEqual([200, approver.id])
      expect(codeOf(await call("PUT", `/api/request/assign/${made.id}/${crypto.randomUUID()}`, tokens.admin))).toEqual([
        400,
        "E2006"
      ])
      const candidates = await call("GET", `/api/request/watcher-candidates/${made.id}`, tokens.buyer)
      expect(candidates.body.map((c: { userId: string; role: string }) => [c.userId, c.role])).toEqual([
        [approver.id, "workspaces_viewer"]
      ])
      const watched = await call("PUT", `/api/request/update-watchers/${made.id}`, tokens.buyer, {
        watchers: [{ userId: approver.id, orderSubmission: true }],
        version: assigned.body.version
      })
      expect(watched.body.watchers).toEqual([
        { userId: approver.id, notificationStatusMap: { ORDER_SUBMISSION: { enabled: true, notified: false } } }
      ])
      expect(
        codeOf(
          await call("PUT", `/api/request/update-watchers/${made.id}`, tokens.buyer, {
            watchers: [{ userId: approver.id }, { userId: approver.id }]
          })
        )
      ).toEqual([400, "E2006"])
      const closed = await call("POST", `/api/request/close/${made.id}`, tokens.buyer, { remark: "Bought elsewhere" })
      expect([closed.status, closed.body.status]).toEqual([200, "REQUEST_CLOSED"])
      expect(Number(await requested(demoBudget.id, equipment))).toBe(before)
    })

    it("refuses under a Stop budget with the catalogue's message, and lets its override through with a warning", async () => {
      const before = await requested(demoBudget.id, supplies)
      expect(before).toBe("0.00")
      const made = await draft(tokens.buyer, {
        title: "Printer paper for the year",
        items: [item("A4 paper, pallet", "5", "5000")],
        budget: { budgetId: demoBudget.id, line: supplies }
      })
      const refused = await call("POST", "/api/request/submit", tokens.buyer, { id: made.id })
      expect(codeOf(refused)).toEqual([422, "E6073"])
      expect(withoutIsolates(refused.body.error.message)).toBe(
        "This exceeds the budget for Printing (6250): the limit is 20000.00 SAR and it would be exceeded by 5000.00 SAR."
      )
      const arabic = await call("POST", "/api/request/submit", tokens.buyer, { id: made.id }, { language: "ar" })
      expect(withoutIsolates(arabic.body.error.message)).toBe(
        "هذا يتجاوز ميزانية Printing (6250): الحد 20000.00 SAR وسيتم تجاوزه بمقدار 5000.00 SAR."
      )
      expect((await call("GET", `/api/request/${made.id}`, tokens.buyer)).body.status).toBe("REQUEST_DRAFTED")
      expect(await requested(demoBudget.id, supplies)).toBe("0.00")

      // The organisation's super user holds the override: Stop answers as Warn, and the request keeps the warning.
      const theirs = await draft(tokens.admin, {
        title: "Printer paper, approved overspend",
        items: [item("A4 paper, pallet", "5", "5000")],
        budget: { budgetId: demoBudget.id, line: supplies }
      })
      const through = await call("POST", "/api/request/submit", tokens.admin, { id: theirs.id })
      expect([through.status, through.body.status, through.body.budgetWarning]).toEqual([
        200,
        "REQUEST_UNAPPROVED",
        { line: "Printing (6250)", limit: "20000.00", excess: "5000.00", currency: "SAR" }
      ])
      expect(await requested(demoBudget.id, supplies)).toBe("25000.00")
      // Rejecting it gives the line its amount back.
      const rejected = await call("POST", `/api/request/reject/${theirs.id}`, tokens.approver, { remark: "Too much" })
      expect([rejected.status, rejected.body.status, rejected.body.sourcingStatus]).toEqual([
        200,
        "REQUEST_REJECTED",
        "REQUEST_REJECTED"
      ])
      expect(await requested(demoBudget.id, supplies)).toBe("0.00")
    })

    it("stores a Warn budget's warning on the request it lets through", async () => {
      const budget = await call("POST", "/api/budgets", tokens.admin, {
        workspaceId: itProjects.id,
        name: "IT Projects 2026",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        policy: "WARN",
        lines: [{ key: "6100", label: "Travel", limit: "1000.00" }]
      })
      expect(budget.status).toBe(200)
      expect((await call("PUT", `/api/budgets/activate/${budget.body.id}`, tokens.admin)).body.status).toBe("ACTIVE")
      const made = await draft(tokens.admin, {
        workspaceId: itProjects.id,
        title: "Site visit",
        items: [item("Flights", "1", "1500")],
        budget: { budgetId: budget.body.id, line: "6100" }
      })
      // No workflow applies in this workspace: submitted at once.
      const submitted = await call("POST", "/api/request/submit", tokens.admin, { id: made.id, remark: "Urgent" })
      expect([submitted.status, submitted.body.status, submitted.body.budgetWarning]).toEqual([
        200,
        "REQUEST_SUBMITTED",
        { line: "Travel (6100)", limit: "1000.00", excess: "500.00", currency: "SAR" }
      ])
      expect(await requested(budget.body.id, "6100")).toBe("1500.00")
      expect((await call("GET", `/api/request/${made.id}`, tokens.admin)).body.budgetWarning.excess).toBe("500.00")
    })

    it("returns an approved request to draft, archives it, and deletes it; a submitted one is not deleted", async () => {
      const before = Number(await requested(demoBudget.id, equipment))
      const made = await draft(tokens.buyer)
      const submitted = await call("POST", "/api/request/submit", tokens.buyer, { id: made.id })
      expect([submitted.status, submitted.body.status]).toEqual([200, "REQUEST_UNAPPROVED"])
      expect(Number(await requested(demoBudget.id, equipment))).toBe(before + 2300)
      expect(codeOf(await call("DELETE", `/api/request/${made.id}`, tokens.buyer))).toEqual([422, "E6100"])
      const returned = await call("POST", `/api/request/return/${made.id}`, tokens.approver, { remark: "Add a quote" })
      expect([returned.status, returned.body.status]).toEqual([200, "REQUEST_APPROVAL_RETURNED"])
      expect(Number(await requested(demoBudget.id, equipment))).toBe(before)
      // An empty body is a return to draft with no remark.
      const drafted = await callApi(server.url, "PUT", `/api/request/return-to-draft/${made.id}`, tokens.buyer)
      expect([drafted.status, drafted.body.status]).toEqual([200, "REQUEST_RETURNED_TO_DRAFT"])
      const archived = await call("PUT", "/api/request/archive", tokens.buyer, {
        id: made.id,
        version: drafted.body.version
      })
      expect([archived.status, archived.body.status]).toEqual([200, "REQUEST_ARCHIVED"])
      const removed = await call("DELETE", `/api/request/${made.id}`, tokens.buyer)
      expect(removed.status).toBe(204)
      expect(codeOf(await call("GET", `/api/request/${made.id}`, tokens.buyer))).toEqual([404, "E4100"])
    })

    it("copies a request into a new draft, once per key", async () => {
      const source = await draft(tokens.buyer, { title: "Monitors", items: [item("Monitor 27in", "4", "900")] })
      const key = crypto.randomUUID()
      const copy = () =>
        call("POST", `/api/request/copy-request/${source.id}`, tokens.buyer, undefined, { "idempotency-key": key })
      const copied = await copy()
      expect([copied.status, copied.body.status, copied.body.copiedFrom, copied.body.title]).toEqual([
        200,
        "REQUEST_DRAFTED",
        source.id,
        "Monitors"
      ])
      expect(copied.body.id).not.toBe(source.id)
      expect(copied.body.number).not.toBe(source.number)
      expect(copied.body.items.map((i: any) => [i.name.en, i.quantity, i.amounts.total])).toEqual([
        ["Monitor 27in", "4", "3600.00"]
      ])
      expect((await copy()).body.id).toBe(copied.body.id)
      expect((await call("POST", `/api/request/copy-request/${source.id}`, tokens.buyer)).body.id).not.toBe(
        copied.body.id
      )
    })

    it("filters, counts and pages the list by page number and by cursor, both ways", async () => {
      const token = `pg${Date.now().toString(36)}`
      const made: Array<{ id: string; title: string }> = []
      for (let i = 0; i < 12; i++) {
        made.push(await draft(tokens.buyer, { title: `${token} ${String(i).padStart(2, "0")}` }))
      }
      const titles = (page: Answer) => page.body.requests.map((r: { title: string }) => r.title)
      const base = `/api/request?search=${token}&sort=title&limit=10`
      const first = await call("GET", base, tokens.buyer)
      expect(first.status).toBe(200)
      expect(first.body.totalCount).toBe(12)
      expect(titles(first)).toEqual(made.slice(0, 10).map((r) => r.title))
      expect(first.body.statusList.filter((s: { count: number }) => s.count > 0)).toEqual([
        { status: "REQUEST_DRAFTED", count: 12 }
      ])
      expect(first.body.workspaceList).toEqual([{ workspaceId: riyadh.id, name: riyadh.name, count: 12 }])
      expect(first.body.workspaceClassificationList).toEqual([{ classification: "Department", count: 12 }])
      expect(first.body.classificationsList).toEqual([{ classification: null, count: 12 }])
      const second = await call("GET", `${base}&page=1`, tokens.buyer)
      expect(titles(second)).toEqual(made.slice(10).map((r) => r.title))
      const after = await call("GET", `${base}&after=${encodeURIComponent(first.body.nextCursor)}`, tokens.buyer)
      expect(titles(after)).toEqual(titles(second))
      expect(after.body.nextCursor).toBeNull()
      const back = await call("GET", `${base}&before=${encodeURIComponent(after.body.previousCursor)}`, tokens.buyer)
      expect(titles(back)).toEqual(titles(first))
      const descending = await call("GET", `/api/request?search=${token}&sort=-title&limit=10`, tokens.buyer)
      expect(titles(descending)[0]).toBe(made[11]!.title)

      // The filters, as query parameters or inside `filter`, and the counts among what the other filters match.
      const filter = encodeURIComponent(JSON.stringify({ status: ["REQUEST_DRAFTED"], requestType: "product" }))
      const filtered = await call("GET", `/api/request?search=${token}&filter=${filter}`, tokens.buyer)
      expect(filtered.body.totalCount).toBe(12)
      const none = await call(
        "GET",
        `/api/request?search=${token}&status=REQUEST_SUBMITTED,REQUEST_CLOSED`,
        tokens.buyer
      )
      expect([none.body.totalCount, none.body.requests]).toEqual([0, []])
      expect(
        (await call("GET", `/api/request?search=${token}&workspaceId=${itProjects.id}`, tokens.buyer)).body.totalCount
      ).toBe(0)
      expect((await call("GET", `/api/request?search=${token}&mine=true`, tokens.admin)).body.totalCount).toBe(0)
      expect(
        (await call("GET", `/api/request?search=${token}&classification=none`, tokens.buyer)).body.totalCount
      ).toBe(12)

      // Saved columns come back with the list.
      const saved = await call("PUT", "/api/request/save-columns/requests", tokens.buyer, {
        columns: ["number", "title", "status", "title"]
      })
      expect(saved.body).toEqual({ columns: ["number", "title", "status"] })
      expect((await call("GET", base, tokens.buyer)).body.columns).toEqual(["number", "title", "status"])
      expect((await call("GET", "/api/request/expense", tokens.buyer)).body.columns).toEqual([])
    })

    it("answers bad input with the catalogue's codes in the request's language, never a 500", async () => {
      const made = await draft(tokens.buyer)
      const cases: ReadonlyArray<[string, string, unknown, string]> = [
        ["GET", "/api/request?limit=7", undefined, "400 E2003"],
        ["GET", "/api/request?page=-1", undefined, "400 E2004"],
        ["GET", "/api/request?status=OPEN", undefined, "400 E2006"],
        ["GET", "/api/request?requestType=expense", undefined, "400 E2006"],
        ["GET", "/api/request?sort=-colour", undefined, "400 E2006"],
        ["GET", "/api/request?after=garbage", undefined, "400 E2100"],
        ["GET", "/api/request?after=a&before=b", undefined, "400 E2100"],
        ["GET", "/api/request?filter=%7Bnot-json", undefined, "400 E2006"],
        ["GET", "/api/request?mine=maybe", undefined, "400 E2006"],
        ["GET", "/api/request/not-a-uuid", undefined, "400 E2006"],
        ["GET", `/api/request/${crypto.randomUUID()}`, undefined, "404 E4100"],
        ["POST", "/api/request", {}, "400 E2006"],
        [
          "POST",
          "/api/request",
          { requestType: "product", workspaceId: riyadh.id, title: "x", items: [item("A", "abc", "1")] },
          "422 E6005"
        ],
        ["POST", "/api/request", { requestType: "product", workspaceId: riyadh.id, title: " " }, "400 E2006"],
        ["POST", "/api/request", { requestType: "product", workspaceId: crypto.randomUUID(), title: "x" }, "404 E4021"],
        [
          "POST",
          "/api/request",
          {
            requestType: "product",
            workspaceId: riyadh.id,
            title: "x",
            items: Array.from({ length: 501 }, () => item("A", "1", "1"))
          },
          "400 E2006"
        ],
        [
          "POST",
          "/api/request",
          { requestType: "product", workspaceId: riyadh.id, title: "x", items: [item("A", "1", "1e400")] },
          "400 E2006"
        ],
        ["POST", "/api/request/submit", { id: "nope" }, "400 E2006"],
        ["POST", "/api/request/submit", { id: crypto.randomUUID() }, "404 E4100"],
        ["PUT", "/api/request", { id: made.id, version: "one" }, "400 E2006"],
        ["PUT", "/api/request/save-columns/orders", { columns: [] }, "400 E2006"],
        [
          "PUT",
          `/api/request/update-watchers/${made.id}`,
          { watchers: [{ userId: crypto.randomUUID() }] },
          "400 E2006"
        ],
        ["POST", `/api/request/close/${made.id}`, { remark: "x" }, "422 E6100"],
        ["POST", `/api/request/approve/${made.id}`, "{", "400 E2002"]
      ]
      for (const [method, path, body, expected] of cases) {
        const answer =
          typeof body === "string"
            ? await fetch(`${server.url}${path}`, {
                method,
                headers: { "content-type": "application/json", authorization: `Bearer ${tokens.buyer}` },
                body
              }).then(async (r) => ({ status: r.status, body: await r.json() }))
            : await call(method, path, tokens.buyer, body)
        expect(`${method} ${path}: ${answer.status} ${answer.body?.error?.code}`).toBe(`${method} ${path}: ${expected}`)
        expect(answer.body.error.message.length).toBeGreaterThan(0)
      }
      const arabic = await call("GET", "/api/request?status=OPEN", tokens.buyer, undefined, { language: "ar" })
      expect(arabic.body.error.message).toMatch(/[\u0600-\u06FF]/)
      expect(arabic.body.error.message).not.toMatch(/[A-Za-z]{4,}/)
    })

    it("drives a request's life through the CLI's client", async () => {
      const client = (token: string) =>
        Effect.runPromise(TawreedClient.make({ baseUrl: server.url, token, language: "en" }))
      const buyer = await client(tokens.buyer)
      const sara = await client(tokens.approver)
      const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runPromise(effect)
      const key = crypto.randomUUID()
      const input = new NewRequestInput({
        requestType: "product",
        workspaceId: riyadh.id,
        title: "Desk lamps",
        items: [new RequestItemInput({ name: { en: "Desk lamp" }, quantity: "6", price: { basePrice: "85" } })],
        budget: { budgetId: demoBudget.id, line: equipment }
      })
      const made = await run(buyer.requests.create(input, key))
      expect((await run(buyer.requests.create(input, key))).id).toBe(made.id)
      const submitted = await run(buyer.requests.submit(made.id, { version: made.version, remark: "Needed" }))
      expect(submitted.status).toBe("REQUEST_UNAPPROVED")
      const approved = await run(sara.requests.approve(made.id, new RequestApproval({ remark: "Fine" })))
      expect(approved.status).toBe("REQUEST_SUBMITTED")
      expect((await run(buyer.requests.timeline(made.id))).map((e) => e.action)).toEqual(["SUBMIT", "APPROVE"])
      expect((await run(buyer.requests.returnToDraft(made.id))).status).toBe("REQUEST_RETURNED_TO_DRAFT")
      expect((await run(buyer.requests.archive(made.id))).status).toBe("REQUEST_ARCHIVED")
      const page = await run(buyer.requests.list({ search: "Desk lamps", status: "REQUEST_ARCHIVED", limit: 10 }))
      expect([page.totalCount, page.requests[0]?.id]).toEqual([1, made.id])
      expect(await run(buyer.requests.saveColumns("expense_requests", ["number"]))).toEqual(["number"])
      expect((await run(buyer.requests.listExpense({}))).columns).toEqual(["number"])
      await run(buyer.requests.delete(made.id))
      const gone = await run(Effect.flip(buyer.requests.get(made.id)))
      expect([gone._tag, gone._tag === "ApiFailure" ? gone.code : ""]).toEqual(["ApiFailure", "E4100"])
      expect((await run(buyer.requests.latest()))?.id).not.toBe(made.id)
    })

    it("attaches the files a request names, for its readers to download and nobody outside to reach", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n")
      const upload = async (token: string, name: string) => {
        const data = new FormData()
        data.append("file", new Blob([pdf.slice()], { type: "application/pdf" }), name)
        const response = await fetch(`${server.url}/api/media_upload/doc/request`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}` },
          body: data
        })
        expect(response.status).toBe(200)
        return (await response.json()) as { id: string; fileURL: string }
      }
      const download = async (token: string, fileURL: string) => {
        const response = await fetch(`${server.url}${fileURL}`, { headers: { authorization: `Bearer ${token}` } })
        const bytes = new Uint8Array(await response.arrayBuffer())
        return response.ok ? [response.status, bytes] : [response.status, JSON.parse(new TextDecoder().decode(bytes))]
      }
      const quote = await upload(tokens.buyer, "quote.pdf")
      // A file is named by its id or by the address its upload answered.
      const made = await draft(tokens.buyer, { attachments: [quote.fileURL] })
      expect(made.attachments).toEqual([quote.id])
      const shown = await call("GET", `/api/request/${made.id}`, tokens.admin)
      expect([shown.status, shown.body.attachments]).toEqual([200, [quote.id]])
      expect(await download(tokens.admin, quote.fileURL), "a reader of the request downloads it").toEqual([200, pdf])
      expect(await download(tokens.vendor, quote.fileURL)).toEqual([
        404,
        { error: { code: "E4060", message: "File not found." } }
      ])

      // Another's upload, another organisation's, one another request holds: refused, and nothing is written.
      const colleagues = await upload(tokens.admin, "colleague.pdf")
      const vendors = await upload(tokens.vendor, "vendor.pdf")
      const before = (await call("GET", "/api/request?limit=1", tokens.buyer)).body.totalCount
      for (const [file, code] of [
        [colleagues.id, [404, "E4060"]],
        [vendors.fileURL, [404, "E4060"]],
        [quote.id, [422, "E6201"]]
      ] as const) {
        const refused = await call("POST", "/api/request", tokens.buyer, {
          requestType: "product",
          workspaceId: riyadh.id,
          title: "Toner",
          items: [item("Toner", "1", "90")],
          attachments: [file]
        })
        expect(codeOf(refused), file).toEqual(code)
      }
      const arabic = await call(
        "POST",
        "/api/request",
        tokens.buyer,
        { requestType: "product", workspaceId: riyadh.id, title: "Toner", attachments: ["quote.pdf"] },
        { language: "ar" }
      )
      expect(codeOf(arabic)).toEqual([400, "E2006"])
      expect(withoutIsolates(arabic.body.error.message)).toContain("المرفقات")
      expect((await call("GET", "/api/request?limit=1", tokens.buyer)).body.totalCount).toBe(before)
      expect(await download(tokens.buyer, colleagues.fileURL), "a refused file stays its uploader's alone").toEqual([
        404,
        { error: { code: "E4060", message: "File not found." } }
      ])

      // An edit that leaves a file out takes it off.
      const edited = await call("PUT", "/api/request", tokens.buyer, {
        id: made.id,
        version: made.version,
        attachments: []
      })
      expect([edited.status, edited.body.attachments]).toEqual([200, []])
      expect((await download(tokens.buyer, quote.fileURL))[0]).toBe(404)

      // An expense request's invoice files are attached beside its others.
      const invoice = await upload(tokens.buyer, "invoice.pdf")
      const expense = await call("POST", "/api/request", tokens.buyer, {
        requestType: "expense",
        workspaceId: riyadh.id,
        title: "Courier",
        expenseItems: [item("Courier", "1", "60")],
        expense: { invoiceDate: day(-1), vendor: { id: null, name: "SMSA" }, invoiceAttachments: [invoice.id] }
      })
      expect([expense.status, expense.body.expense?.invoiceAttachments]).toEqual([200, [invoice.id]])
      const expenseShown = await call("GET", `/api/request/${expense.body.id}`, tokens.admin)
      expect(expenseShown.body.expense.invoiceAttachments).toEqual([invoice.id])
      expect(await download(tokens.admin, invoice.fileURL)).toEqual([200, pdf])
      expect((await download(tokens.vendor, invoice.fileURL))[0]).toBe(404)
    })

    it("releases a deleted request's files, and the sweep removes their bytes", async () => {
      const pdf = new TextEncoder().encode("%PDF-1.7\n%%EOF\n")
      const data = new FormData()
      data.append("file", new Blob([pdf.slice()], { type: "application/pdf" }), "spec.pdf")
      const uploaded = await fetch(`${server.url}/api/media_upload/doc/request`, {
        method: "POST",
        headers: { authorization: `Bearer ${tokens.buyer}` },
        body: data
      })
      const spec = (await uploaded.json()) as { id: string; fileURL: string }
      const made = await draft(tokens.buyer, { attachments: [spec.id] })
      const open = (token: string) =>
        fetch(`${server.url}${spec.fileURL}`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)
      expect(await open(tokens.admin)).toBe(200)
      expect((await call("DELETE", `/api/request/${made.id}`, tokens.buyer)).status).toBe(204)
      expect([await open(tokens.buyer), await open(tokens.admin)]).toEqual([404, 404])
      const stored = () =>
        server.app.runtime.runPromise(
          Effect.flatMap(Effect.service(FileStore), (store) => store.read(`${buyerOrg}/${spec.id}`))
        )
      expect(Option.isSome(await stored()), "its bytes wait for the sweep").toBe(true)
      await server.app.runtime.runPromise(Effect.flatMap(Effect.service(Files), (files) => files.sweep()))
      expect(Option.isNone(await stored()), "the sweep removed its bytes").toBe(true)
    })

    it("keeps each organisation's requests its own", async () => {
      const made = await draft(tokens.buyer)
      expect(codeOf(await call("GET", `/api/request/${made.id}`, tokens.vendor))).toEqual([404, "E4100"])
      const theirs = await call("GET", "/api/request?limit=100", tokens.vendor)
      expect([theirs.status, theirs.body.requests]).toEqual([200, []])
      expect(codeOf(await call("POST", "/api/request/submit", tokens.vendor, { id: made.id }))).toEqual([404, "E4100"])
    })
  })
}
