import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { OrgRole, RoleRepository } from "@tawreed/core/access"
import type { OrgId } from "@tawreed/core/organisations"
import { wholeListPageSize } from "@tawreed/core/shared"
import { blankWorkspaceFields, WorkspaceRepository } from "@tawreed/core/workspaces"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

/**
 * The lists that answered whole before they were paged: each takes `page` (from 0) and `limit` (a page size of
 * SPEC.md §9), answers its whole list up to 500 rows when asked for no page, and refuses any other page or size
 * with the catalogue's code.
 */

const buyerOrg = demoOrganisations.buyer.id as OrgId
const [riyadh] = demoWorkspaces
const [admin, , approver] = demoUsers
const kinds = ["request", "rfq", "pre_rfq_approval", "order", "bill", "workspace", "budget"] as const
/** How many of each record the suite adds, chosen so that no list fills its last page of 10. */
const added = { roles: 12, workspaces: 12, changes: 13 }

interface PagedList {
  /** The list's path, with any query it always carries. */
  readonly path: () => string
  readonly token: () => string
  /** The identity of each row of an answer, in order. */
  readonly rows: (body: any) => ReadonlyArray<string>
  /** False where the list can never hold more than one page of 10 (a workspace has one workflow per kind). */
  readonly severalPages: boolean
}

for (const engine of engines()) {
  describe(`paged lists on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "approver", string>
    const seeded = { budget: "", workspaces: [] as Array<string> }

    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as any }
    }
    const ok = async (method: string, path: string, token: string, body?: unknown) => {
      const answer = await call(method, path, token, body)
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(200)
      return answer.body
    }
    const withQuery = (path: string, query: string) => `${path}${path.includes("?") ? "&" : "?"}${query}`

    const lists: Readonly<Record<string, PagedList>> = {
      "GET /api/roles": {
        path: () => "/api/roles",
        token: () => tokens.admin,
        rows: (body) => body.roles.map((r: any) => r.code),
        severalPages: true
      },
      "GET /api/workflows": {
        path: () => `/api/workflows?workspaceId=${riyadh.id}`,
        token: () => tokens.admin,
        rows: (body) => body.map((w: any) => w.id),
        severalPages: false
      },
      "GET /api/budgets": {
        path: () => "/api/budgets",
        token: () => tokens.admin,
        rows: (body) => body.map((b: any) => b.id),
        severalPages: true
      },
      "GET /api/budgets/{id}/changes": {
        path: () => `/api/budgets/${seeded.budget}/changes`,
        token: () => tokens.admin,
        rows: (body) => body.map((h: any) => h.change.id),
        severalPages: true
      },
      "GET /api/approvals/pending": {
        path: () => "/api/approvals/pending",
        token: () => tokens.approver,
        rows: (body) => body.map((s: any) => `${s.kind}/${s.documentId}`),
        severalPages: true
      },
      "GET /api/workspaces/available": {
        path: () => "/api/workspaces/available",
        token: () => tokens.admin,
        rows: (body) => body.map((w: any) => w.id),
        severalPages: true
      },
      "GET /api/request/budgets/active": {
        path: () => "/api/request/budgets/active",
        token: () => tokens.admin,
        rows: (body) => body.map((b: any) => b.id),
        severalPages: true
      }
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.approver = await signIn(server.url, accounts.approver)
      const level = {
        level: 1,
        name: "Finance",
        approvers: [{ type: "USER", userId: approver.id }],
        mode: "ONE",
        criteria: {}
      }
      for (let i = 1; i <= added.roles; i++) {
        const code = `paged_role_${String(i).padStart(2, "0")}`
        await ok("POST", "/api/roles", tokens.admin, { code, name: { en: code, ar: code }, privileges: ["req_r_u"] })
      }
      // A workflow of every kind in the head office (its requests' one, which the demo holds, taken over), and the
      // organisation's own for budget changes.
      const held = (await ok("GET", `/api/workflows?workspaceId=${riyadh.id}`, tokens.admin)) as Array<any>
      for (const kind of kinds) {
        const own = held.find((w) => w.kind === kind)
        const version = own?.version ?? 0
        const workflow = { id: own?.id ?? crypto.randomUUID(), workspaceId: riyadh.id, kind, levels: [level], version }
        await ok("PUT", "/api/workflows", tokens.admin, { workflow, version })
      }
      const own = { id: crypto.randomUUID(), workspaceId: null, kind: "budget", levels: [level], version: 0 }
      await ok("PUT", "/api/workflows", tokens.admin, { workflow: own, version: 0 })
      // Active workspaces, each with a budget in force today.
      seeded.workspaces = await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(WorkspaceRepository), (repository) =>
          Effect.forEach(
            Array.from({ length: added.workspaces }, (_, i) => i + 1),
            (n) =>
              Effect.map(
                repository.create(
                  buyerOrg,
                  blankWorkspaceFields(`Paged site ${String(n).padStart(2, "0")}`, "SAR", admin.id),
                  "ACTIVE",
                  admin.id
                ),
                (w) => w.id as string
              )
          )
        ).pipe(Effect.orDie)
      )
      const year = new Date().getUTCFullYear()
      const budgets: Array<string> = []
      for (const workspaceId of seeded.workspaces) {
        const made = await ok("POST", "/api/budgets", tokens.admin, {
          workspaceId,
          name: `Site budget ${year}`,
          startDate: `${year}-01-01`,
          endDate: `${year}-12-31`,
          policy: "STOP",
          lines: [{ key: "6100", label: "Travel", limit: "1000" }]
        })
        await ok("PUT", `/api/budgets/activate/${made.id}`, tokens.admin)
        budgets.push(made.id)
      }
      seeded.budget = budgets[0]!
      // Changes of one budget, each waiting on the approver.
      for (let i = 1; i <= added.changes; i++) {
        const asked = await ok("POST", `/api/budgets/${seeded.budget}/changes`, tokens.admin, {
          action: "request_for_budget_limit",
          lines: [{ key: "6100", delta: `${i}` }],
          remark: `Change ${i}`
        })
        expect(asked.status).toBe("PENDING_APPROVAL")
      }
    }, 240_000)
    afterAll(() => server?.close())

    for (const [route, list] of Object.entries(lists)) {
      it(`${route}: pages of 10 in order, none overlapping, the last one short, the whole list when asked for none`, async () => {
        const whole = list.rows(await ok("GET", list.path(), list.token()))
        expect(whole.length % 10, "the suite's data leaves the last page of 10 short").not.toBe(0)
        if (list.severalPages) expect(whole.length).toBeGreaterThan(10)
        expect(new Set(whole).size, "no row twice").toBe(whole.length)

        const pages: Array<ReadonlyArray<string>> = []
        for (let page = 0; pages.length === 0 || pages.at(-1)!.length === 10; page++) {
          pages.push(list.rows(await ok("GET", withQuery(list.path(), `page=${page}&limit=10`), list.token())))
        }
        expect(pages.flat(), "the pages, one after another, are the list").toEqual(whole)
        expect(pages.slice(0, -1).every((page) => page.length === 10)).toBe(true)
        expect(pages.at(-1)!.length, "the last page is short").toBe(whole.length % 10)
        const beyond = list.rows(await ok("GET", withQuery(list.path(), `page=${pages.length}&limit=10`), list.token()))
        expect(beyond, "past the last page, nothing").toEqual([])
        const second = list.rows(await ok("GET", withQuery(list.path(), "page=1&limit=10"), list.token()))
        expect(
          second.some((row) => pages[0]!.includes(row)),
          "the second page holds none of the first"
        ).toBe(false)
        if (list.severalPages) expect(second.length).toBeGreaterThan(0)

        const first25 = list.rows(await ok("GET", withQuery(list.path(), "limit=25"), list.token()))
        expect(first25, "a page holds at most its limit, from the first row").toEqual(whole.slice(0, 25))
        const onlyPage = list.rows(await ok("GET", withQuery(list.path(), "page=0"), list.token()))
        expect(onlyPage, "without a limit, a page is 500 rows").toEqual(whole)
      })

      it(`${route}: refuses a page or a page size outside the catalogue's with its code`, async () => {
        const refusals: ReadonlyArray<readonly [string, string]> = [
          ["page=-1", "E2004"],
          ["page=abc", "E2004"],
          ["page=1.5", "E2004"],
          ["limit=7", "E2003"],
          ["limit=0", "E2003"],
          ["limit=1000", "E2003"],
          ["page=0&limit=ten", "E2003"]
        ]
        for (const [query, code] of refusals) {
          const answer = await call("GET", withQuery(list.path(), query), list.token())
          expect([query, answer.status, answer.body?.error?.code]).toEqual([query, 400, code])
          expect(answer.body.error.message).not.toBe("")
        }
      })
    }

    it("answers at most 500 roles when no page size is asked, and the rest on the next page", async () => {
      const before = (await ok("GET", "/api/roles?limit=100", tokens.admin)).roles.length
      await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(RoleRepository), (roles) =>
          Effect.forEach(
            Array.from({ length: wholeListPageSize }, (_, i) => `bulk_role_${String(i).padStart(3, "0")}`),
            (code) =>
              roles.save(
                buyerOrg,
                new OrgRole({ code, name: { en: code, ar: code }, privileges: ["req_r_u"], system: false })
              ),
            { discard: true }
          )
        )
      )
      const total = before + wholeListPageSize
      const first = (await ok("GET", "/api/roles", tokens.admin)).roles
      expect(first.length).toBe(wholeListPageSize)
      const rest = (await ok("GET", "/api/roles?page=1", tokens.admin)).roles
      expect(rest.length).toBe(total - wholeListPageSize)
      const all = [...first, ...rest].map((r: any) => r.code)
      expect(new Set(all).size).toBe(total)
      expect((await ok("GET", "/api/roles?page=0&limit=500", tokens.admin)).roles).toEqual(first)
    })
  })
}
