import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoUsers } from "@tawreed/adapters/storage/DemoData"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

const idOf = (email: string) => demoUsers.find((u) => u.email === email)!.id

for (const engine of engines()) {
  describe(`the approval engine's routes on ${engine}`, () => {
    let server: TestServer
    const tokens: Record<string, string> = {}
    const call = async (method: string, path: string, token?: string, body?: unknown, language = "en") => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          "content-type": "application/json",
          language,
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as any }
    }

    beforeAll(async () => {
      server = await start(engine)
      for (const [name, email] of Object.entries({
        admin: accounts.admin,
        buyer: accounts.buyer,
        approver: accounts.approver,
        vendor: accounts.vendor
      }))
        tokens[name] = await signIn(server.url, email)
    })
    afterAll(() => server?.close())

    const level = (n: number, userId: string, criteria: Record<string, unknown> = {}) => ({
      level: n,
      name: `Level ${n}`,
      approvers: [{ type: "USER", userId }],
      mode: "ONE",
      criteria
    })

    it("saves the organisation's two-level workflow with a value criterion, and runs a workspace through it", async () => {
      const workflow = {
        id: crypto.randomUUID(),
        workspaceId: null,
        kind: "workspace",
        levels: [
          level(1, idOf(accounts.approver)),
          level(2, idOf(accounts.buyer), { minValue: "0", maxValue: "5000" })
        ],
        version: 0
      }
      const saved = await call("PUT", "/api/workflows", tokens.admin, { workflow, version: 0 })
      expect(saved.status).toBe(200)
      expect(saved.body.version).toBe(1)
      const stale = await call("PUT", "/api/workflows", tokens.admin, { workflow, version: 0 })
      expect([stale.status, stale.body.error.code]).toEqual([409, "E5001"])
      const listed = await call("GET", "/api/workflows/organisation", tokens.admin)
      expect(listed.body.map((w: { kind: string }) => w.kind)).toContain("workspace")

      const made = await call("POST", "/api/workspaces", tokens.admin, { name: `Approvals ${engine} ${Date.now()}` })
      expect(made.status).toBe(200)
      const submitted = await call("PUT", "/api/workspaces/submit", tokens.admin, { id: made.body.id })
      expect(submitted.body.status).toBe("PENDING")
      const pending = await call("GET", "/api/approvals/pending", tokens.approver)
      expect(pending.body.map((s: { documentId: string }) => s.documentId)).toContain(made.body.id)
      const early = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.buyer, { action: "approve" })
      expect([early.status, early.body.error.code]).toEqual([403, "E3010"])
      const reminded = await call("GET", `/api/workspaces/approval-remind/${made.body.id}`, tokens.admin)
      expect(reminded.body).toEqual({ reminded: true })
      await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.approver, { action: "approve", remark: "ok" })
      const twice = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.approver, { action: "approve" })
      expect(twice.status).toBe(403)
      const done = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.buyer, { action: "approve" })
      expect(done.body.status).toBe("APPROVED")
      const timeline = await call("GET", `/api/approvals/workspace/${made.body.id}/timeline`, tokens.admin)
      expect(timeline.body.map((e: { action: string }) => e.action)).toEqual(["SUBMIT", "REMIND", "APPROVE", "APPROVE"])
      expect(timeline.body[2].remark).toBe("ok")
    })

    it("refuses a workflow that cannot run, in the user's language, and to those who may not change it", async () => {
      const broken = {
        id: crypto.randomUUID(),
        workspaceId: null,
        kind: "budget",
        levels: [{ ...level(1, idOf(accounts.approver)), approvers: [] }],
        version: 0
      }
      const refused = await call("PUT", "/api/workflows", tokens.admin, { workflow: broken, version: 0 }, "ar")
      expect([refused.status, refused.body.error.code]).toEqual([400, "E2020"])
      expect(refused.body.error.message).toContain("سير الاعتماد غير صالح")
      const forbidden = await call("PUT", "/api/workflows", tokens.buyer, {
        workflow: { ...broken, levels: [level(1, idOf(accounts.approver))] },
        version: 0
      })
      expect([forbidden.status, forbidden.body.error.code]).toEqual([403, "E3002"])
      expect((await call("GET", "/api/approvals/pending")).status).toBe(401)
    })

    it("shows no organisation another's approvals", async () => {
      const theirs = await call("GET", "/api/workflows/organisation", tokens.vendor)
      expect(theirs.body.map((w: { kind: string }) => w.kind)).not.toContain("workspace")
      const missing = await call("GET", `/api/approvals/workspace/${crypto.randomUUID()}`, tokens.vendor)
      expect([missing.status, missing.body.error.code]).toEqual([404, "E4020"])
    })
  })
}
