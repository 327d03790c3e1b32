import { Effect, Exit } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  demoBudget,
  demoOrganisations,
  demoPassword,
  demoUsers,
  demoWorkspaces
} from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { privilegesOfRoles } from "@tawreed/core/access"
import { ApprovalCriteria, Approvals, Workflow, WorkflowLevel } from "@tawreed/core/approvals"
import { BudgetLedger, BudgetMovement, systemMover } from "@tawreed/core/budgets"
import { Actor, PasswordHasher, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { describeError, maxItems, withoutIsolates } from "@tawreed/core/shared"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

const buyerOrg = demoOrganisations.buyer.id
const [riyadh, jeddah, itProjects] = demoWorkspaces
const approver = demoUsers[2]

for (const engine of engines()) {
  describe(`budgets on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "approver" | "vendor" | "nobody", string>
    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as any }
    }
    const codeOf = (answer: { status: number; body: any }) => [answer.status, answer.body?.error?.code]
    const linesOf = (summary: any) =>
      summary.lines.map((l: any) => [l.key, l.limit, l.requested, l.committed, l.actual, l.available])

    /** A buyer user with these roles, made by the admin, given the demo password, signed in. */
    const person = async (roles: ReadonlyArray<string>) => {
      const email = `${roles.join(".")}.${Date.now()}@buyer.tawreed.test`
      const made = await call("POST", "/api/users", tokens.admin, { email, firstName: "Rami", lastName: "Saad", roles })
      expect(made.status).toBe(200)
      const id = made.body.user.id as string
      await server.app.runtime.runPromise(
        Effect.gen(function* () {
          const hash = yield* (yield* PasswordHasher).hash(demoPassword)
          const sql = yield* SqlClient.SqlClient
          yield* inTenant(buyerOrg)(sql`UPDATE users SET password_hash = ${hash} WHERE id = ${id}`.pipe(Effect.orDie))
        })
      )
      return { id, token: await signIn(server.url, email) }
    }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
      tokens.nobody = (await person(["org_basic_user"])).token
      // The organisation's budget-change approval: one level, approved by Sara.
      const admin = demoUsers[0]
      const adminActor = new Actor({
        sessionId: "budgets-suite",
        userId: admin.id as UserId,
        orgId: buyerOrg as OrgId,
        email: admin.email,
        displayName: `${admin.firstName} ${admin.lastName}`,
        roles: [...admin.roles],
        privileges: privilegesOfRoles(admin.roles)
      })
      await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(Approvals), (approvals) =>
          approvals.saveWorkflow(
            adminActor,
            new Workflow({
              id: crypto.randomUUID(),
              workspaceId: null,
              kind: "budget",
              levels: [
                new WorkflowLevel({
                  level: 1,
                  name: "Finance",
                  approvers: [{ type: "USER", userId: approver.id }],
                  mode: "ONE",
                  criteria: new ApprovalCriteria({})
                })
              ],
              version: 0
            }),
            0
          )
        )
      )
    })
    afterAll(() => server?.close())

    it("summarises the demo budget per line: limit, requested, committed, actual and available", async () => {
      const summary = await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)
      expect(summary.status).toBe(200)
      expect([summary.body.name, summary.body.status, summary.body.policy, summary.body.currency]).toEqual([
        "Head Office 2026",
        "ACTIVE",
        "STOP",
        "SAR"
      ])
      // What the demo's requests hold: the approved and the waiting ones, but for the printer paper, whose 989.00
      // its approved order holds as committed; the laptops passed IT equipment's limit on the super user's override.
      expect(linesOf(summary.body)).toEqual([
        ["6100", "50000.00", "12030.00", "0.00", "0.00", "37970.00"],
        ["6200", "20000.00", "15973.50", "989.00", "0.00", "3037.50"],
        ["6300", "80000.00", "82570.00", "0.00", "0.00", "-2570.00"]
      ])
      expect(summary.body.totals).toEqual({
        limit: "150000.00",
        requested: "110573.50",
        committed: "989.00",
        actual: "0.00",
        available: "38437.50"
      })
    })

    it("creates, edits and activates a budget, refusing a period that overlaps the workspace's other budget", async () => {
      const payload = {
        workspaceId: itProjects.id,
        name: "IT 2026",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        policy: "WARN",
        lines: [
          { key: "6300", label: "IT equipment", limit: "120000" },
          { key: "6400", label: "Software licences", limit: "45000.5" }
        ]
      }
      const made = await call("POST", "/api/budgets", tokens.admin, payload)
      expect(made.status).toBe(200)
      expect([made.body.status, made.body.version, made.body.currency, made.body.policy]).toEqual([
        "BUDGETED",
        1,
        "SAR",
        "WARN"
      ])
      expect(made.body.lines.map((l: any) => [l.key, l.limit, l.available])).toEqual([
        ["6300", "120000.00", "120000.00"],
        ["6400", "45000.50", "45000.50"]
      ])
      expect(codeOf(await call("POST", "/api/budgets", tokens.admin, { ...payload, startDate: "2026-12-31" }))).toEqual(
        [400, "E2021"]
      )
      const edited = await call("PUT", "/api/budgets", tokens.admin, {
        id: made.body.id,
        version: 1,
        name: "IT projects 2026"
      })
      expect([edited.status, edited.body.name, edited.body.version]).toEqual([200, "IT projects 2026", 2])
      expect(codeOf(await call("PUT", "/api/budgets", tokens.admin, { id: made.body.id, version: 1 }))).toEqual([
        409,
        "E5001"
      ])
      const active = await call("PUT", `/api/budgets/activate/${made.body.id}`, tokens.admin)
      expect([active.status, active.body.status]).toEqual([200, "ACTIVE"])
      expect(codeOf(await call("PUT", "/api/budgets", tokens.admin, { id: made.body.id, version: 3 }))).toEqual([
        422,
        "E6074"
      ])
      const listed = await call("GET", `/api/budgets?workspaceId=${itProjects.id}&status=ACTIVE`, tokens.admin)
      expect(listed.body.map((b: any) => b.name)).toEqual(["IT projects 2026"])
      const paused = await call("PUT", `/api/budgets/deactivate/${made.body.id}`, tokens.admin)
      expect(paused.body.status).toBe("INACTIVE")
      expect((await call("GET", `/api/budgets?status=INACTIVE`, tokens.admin)).body.map((b: any) => b.id)).toEqual([
        made.body.id
      ])
    })

    it("refuses a change that would give a budget more lines than it may hold", async () => {
      const held = (await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)).body.lines.length
      const lines = Array.from({ length: maxItems.budgetLines + 1 - held }, (_, i) => ({
        key: `N${i}`,
        label: `New ${i}`,
        delta: "1"
      }))
      const asked = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.admin, {
        action: "request_for_budget_limit",
        lines
      })
      expect(codeOf(asked)).toEqual([400, "E2006"])
      expect(asked.body.error.message).toContain(`at most ${maxItems.budgetLines} lines`)
    })

    it("changes a limit only once the approver approves the change, keeping its history", async () => {
      const asked = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.admin, {
        action: "adjust_budget_externally",
        lines: [{ key: "6100", delta: "5000" }],
        remark: "Regional conference"
      })
      expect(asked.status).toBe(200)
      expect([asked.body.status, asked.body.value, asked.body.action]).toEqual([
        "PENDING_APPROVAL",
        "5000.00",
        "adjust_budget_externally"
      ])
      const before = await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)
      expect(before.body.lines[0].limit).toBe("50000.00")
      // The requester never approves their own change.
      expect(
        codeOf(await call("PUT", `/api/budgets/changes/review/${asked.body.id}`, tokens.admin, { action: "approve" }))
      ).toEqual([422, "E6050"])
      const approved = await call("PUT", `/api/budgets/changes/review/${asked.body.id}`, tokens.approver, {
        action: "approve",
        remark: "Within plan"
      })
      expect([approved.status, approved.body.status]).toEqual([200, "APPROVED"])
      const after = await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)
      expect(linesOf(after.body)[0]).toEqual(["6100", "55000.00", "12030.00", "0.00", "0.00", "42970.00"])
      expect(
        codeOf(
          await call("PUT", `/api/budgets/changes/review/${asked.body.id}`, tokens.approver, { action: "approve" })
        )
      ).toEqual([404, "E4025"])

      const moved = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.admin, {
        action: "adjust_budget_internally",
        lines: [
          { key: "6100", delta: "-1000" },
          { key: "6200", delta: "1000" }
        ]
      })
      // Someone who is not its approver is refused, and the refusal is audited.
      expect(
        codeOf(await call("PUT", `/api/budgets/changes/review/${moved.body.id}`, tokens.buyer, { action: "approve" }))
      ).toEqual([403, "E3010"])
      const refusals = await server.app.runtime.runPromise(
        inTenant(buyerOrg)(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            sql<{ actor_id: string; detail: Record<string, string> }>`
              SELECT actor_id, detail FROM audit_log WHERE event = 'access.refused'`.pipe(Effect.orDie)
          )
        )
      )
      expect(
        refusals.filter(
          (r) =>
            r.actor_id === demoUsers[1].id &&
            r.detail["reason"] === "NotAnApprover" &&
            r.detail["path"] === `/api/budgets/changes/review/${moved.body.id}`
        )
      ).toHaveLength(1)
      const rejected = await call("PUT", `/api/budgets/changes/review/${moved.body.id}`, tokens.approver, {
        action: "reject",
        remark: "Not now"
      })
      expect([rejected.status, rejected.body.status]).toEqual([200, "REJECTED"])
      expect(linesOf((await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)).body)[0][1]).toBe(
        "55000.00"
      )

      const history = await call("GET", `/api/budgets/${demoBudget.id}/changes`, tokens.admin)
      expect(history.status).toBe(200)
      expect(
        history.body.map((h: any) => [
          h.change.id,
          h.change.status,
          h.timeline.map((t: any) => [t.action, t.actorId, t.remark])
        ])
      ).toEqual([
        [
          moved.body.id,
          "REJECTED",
          [
            ["SUBMIT", demoUsers[0].id, ""],
            ["REJECT", approver.id, "Not now"]
          ]
        ],
        [
          asked.body.id,
          "APPROVED",
          [
            ["SUBMIT", demoUsers[0].id, ""],
            ["APPROVE", approver.id, "Within plan"]
          ]
        ]
      ])
    })

    it("refuses under Stop, with E6073 naming the line, the limit and the excess", async () => {
      const move = (line: string, documentId: string, to: "requested" | "committed", amount: string) =>
        server.app.runtime.runPromise(
          Effect.exit(
            Effect.flatMap(Effect.service(BudgetLedger), (ledger) =>
              ledger.move(
                systemMover(buyerOrg as OrgId),
                new BudgetMovement({
                  budgetId: demoBudget.id,
                  line,
                  documentKind: to === "requested" ? "request" : "order",
                  documentId,
                  from: "none",
                  to,
                  amount
                })
              )
            )
          )
        )
      // On top of what the demo's requests hold, a request holds 1,200 of office supplies and an order 18,500 of
      // travel.
      const before = linesOf((await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)).body)
      const [travel, supplies] = before as Array<Array<string>>
      expect(Exit.isSuccess(await move("6200", "RQ-1001", "requested", "1200.00"))).toBe(true)
      expect(Exit.isSuccess(await move("6100", "PO-2001", "committed", "18500.00"))).toBe(true)
      const held = (Number(supplies![2]) + Number(supplies![3]) + 1200).toFixed(2)
      const lowered = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.admin, {
        action: "adjust_budget_externally",
        lines: [{ key: "6200", delta: "-19000" }]
      })
      expect(codeOf(lowered)).toEqual([422, "E6073"])
      // The line's name is the organisation's own words, isolated so that an Arabic label never reorders the sentence.
      expect(lowered.body.error.message).toBe(
        `This exceeds the budget for \u2068Office supplies (6200)\u2069: the limit is \u20681000.00\u2069 \u2068SAR\u2069 and it would be exceeded by \u2068${(Number(held) - 1000).toFixed(2)}\u2069 \u2068SAR\u2069.`
      )
      const left = (Number(travel![5]) - 18500).toFixed(2)
      const exit = await move("6100", "PO-2002", "committed", (Number(left) + 0.01).toFixed(2))
      expect(Exit.isFailure(exit)).toBe(true)
      const error = Exit.isFailure(exit) ? (exit.cause.reasons[0] as { error?: unknown }).error : undefined
      expect(describeError(error, "en").code).toBe("E6073")
      expect(withoutIsolates(describeError(error, "en").message)).toBe(
        `This exceeds the budget for Travel (6100): the limit is ${travel![1]} SAR and it would be exceeded by 0.01 SAR.`
      )
      const summary = await call("GET", `/api/budgets/summary/${demoBudget.id}`, tokens.admin)
      expect(linesOf(summary.body)[0]).toEqual(["6100", travel![1], travel![2], "18500.00", "0.00", left])
    })

    it("answers 403 to those who may not, and 404 for budgets outside the reader's workspaces", async () => {
      // Omar manages the head office: he reads its budget but neither creates nor activates budgets.
      expect((await call("GET", `/api/budgets/${demoBudget.id}`, tokens.buyer)).status).toBe(200)
      expect((await call("GET", "/api/budgets", tokens.buyer)).body.map((b: any) => b.id)).toEqual([demoBudget.id])
      expect(
        codeOf(
          await call("POST", "/api/budgets", tokens.buyer, {
            workspaceId: riyadh.id,
            name: "More",
            startDate: "2027-01-01",
            endDate: "2027-12-31",
            lines: [{ key: "1", label: "One", limit: "1" }]
          })
        )
      ).toEqual([403, "E3002"])
      expect(codeOf(await call("PUT", `/api/budgets/deactivate/${demoBudget.id}`, tokens.buyer))).toEqual([
        403,
        "E3002"
      ])
      // He may still ask for more limit on it.
      const request = await call("POST", `/api/budgets/${demoBudget.id}/changes`, tokens.buyer, {
        action: "request_for_budget_limit",
        lines: [{ key: "6200", delta: "500" }]
      })
      expect([request.status, request.body.status]).toEqual([200, "PENDING_APPROVAL"])
      const itBudget = (await call("GET", `/api/budgets?workspaceId=${itProjects.id}`, tokens.admin)).body[0]
      expect(codeOf(await call("GET", `/api/budgets/${itBudget.id}`, tokens.buyer))).toEqual([404, "E4023"])
      expect(codeOf(await call("GET", `/api/budgets/summary/${itBudget.id}`, tokens.buyer))).toEqual([404, "E4023"])
      expect(codeOf(await call("GET", "/api/budgets", tokens.nobody))).toEqual([403, "E3002"])
      expect(codeOf(await call("GET", `/api/budgets/${demoBudget.id}`, tokens.nobody))).toEqual([403, "E3002"])
      expect(codeOf(await call("GET", `/api/budgets/${crypto.randomUUID()}`, tokens.admin))).toEqual([404, "E4023"])
      expect(codeOf(await call("GET", "/api/budgets/not-an-id", tokens.admin))).toEqual([400, "E2006"])
    })

    it("offers a request the active budgets of its workspaces that hold today", async () => {
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
      const made = await call("POST", "/api/budgets", tokens.admin, {
        workspaceId: jeddah.id,
        name: "Jeddah now",
        startDate: day(-30),
        endDate: day(30),
        lines: [{ key: "6200", label: "Office supplies", limit: "3000" }]
      })
      expect(made.status).toBe(200)
      const idsFor = async (token: string, query = "") =>
        (await call("GET", `/api/request/budgets/active${query}`, token)).body.map((b: any) => b.id)
      expect(await idsFor(tokens.approver, `?workspaceId=${jeddah.id}`)).toEqual([])
      await call("PUT", `/api/budgets/activate/${made.body.id}`, tokens.admin)
      expect(await idsFor(tokens.approver, `?workspaceId=${jeddah.id}`)).toEqual([made.body.id])
      expect(await idsFor(tokens.buyer, `?workspaceId=${jeddah.id}`)).toEqual([made.body.id])
      expect(await idsFor(tokens.buyer, `?workspaceId=${itProjects.id}`)).toEqual([])
      expect(await idsFor(tokens.nobody)).toEqual([])
      expect(await idsFor(tokens.admin, `?workspaceId=${jeddah.id}`)).toEqual([made.body.id])
    })

    it("never shows or changes another organisation's budget", async () => {
      // The platform gives the vendor's plan workspaces and budgets; its own settings could not.
      await provision(server.app, demoOrganisations.vendor.id, { modules: ["workspaces", "budgets"] })
      const depot = await call("POST", "/api/workspaces", tokens.vendor, { name: "Sahara Depot" })
      const theirs = await call("POST", "/api/budgets", tokens.vendor, {
        workspaceId: depot.body.id,
        name: "Depot 2026",
        startDate: "2026-01-01",
        endDate: "2026-12-31",
        lines: [{ key: "5000", label: "Stock", limit: "1000" }]
      })
      expect(theirs.status).toBe(200)
      for (const [method, path, body] of [
        ["GET", `/api/budgets/${theirs.body.id}`, undefined],
        ["GET", `/api/budgets/summary/${theirs.body.id}`, undefined],
        ["GET", `/api/budgets/${theirs.body.id}/changes`, undefined],
        ["PUT", `/api/budgets/activate/${theirs.body.id}`, undefined],
        ["PUT", "/api/budgets", { id: theirs.body.id, version: 1, name: "Mine" }],
        [
          "POST",
          `/api/budgets/${theirs.body.id}/changes`,
          { action: "request_for_budget_limit", lines: [{ key: "5000", delta: "1" }] }
        ]
      ] as const) {
        expect(codeOf(await call(method, path, tokens.admin, body)), `${method} ${path}`).toEqual([404, "E4023"])
      }
      expect(
        codeOf(
          await call("POST", "/api/budgets", tokens.admin, {
            workspaceId: depot.body.id,
            name: "Theirs",
            startDate: "2026-01-01",
            endDate: "2026-12-31",
            lines: [{ key: "1", label: "One", limit: "1" }]
          })
        )
      ).toEqual([404, "E4021"])
      expect((await call("GET", "/api/budgets", tokens.admin)).body.map((b: any) => b.id)).not.toContain(theirs.body.id)
      expect((await call("GET", `/api/budgets/${theirs.body.id}`, tokens.vendor)).status).toBe(200)
    })
  })
}
