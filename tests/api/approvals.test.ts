import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers, demoWorkspaces } from "@tawreed/adapters/storage/DemoData"
import { withoutIsolates } from "@tawreed/core/shared"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

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
    const codeOf = (reply: { status: number; body: any }) => [reply.status, reply.body?.error?.code]

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

    /** The organisation's two-level workflow for workspaces; the second level only below 5000. */
    const twoLevels = {
      id: crypto.randomUUID(),
      workspaceId: null,
      kind: "workspace",
      levels: [level(1, idOf(accounts.approver)), level(2, idOf(accounts.buyer), { minValue: "0", maxValue: "5000" })],
      version: 0
    }

    it("approves a workspace at once where no approval level applies, and says so on its timeline", async () => {
      const made = await call("POST", "/api/workspaces", tokens.admin, { name: `No levels ${engine} ${Date.now()}` })
      expect(made.body.number).toMatch(/^WS-\d{6}$/)
      const submitted = await call("PUT", "/api/workspaces/submit", tokens.admin, { id: made.body.id })
      expect(submitted.body.status).toBe("APPROVED")
      const timeline = await call("GET", `/api/approvals/workspace/${made.body.id}/timeline`, tokens.admin)
      expect(timeline.body.map((e: { action: string }) => e.action)).toEqual(["SUBMIT", "AUTO_APPROVE"])
    })

    it("saves the organisation's two-level workflow with a value criterion, lists it, and runs a workspace through it", async () => {
      const saved = await call("PUT", "/api/workflows", tokens.admin, { workflow: twoLevels, version: 0 })
      expect([saved.status, saved.body.version, saved.body.levels[1].criteria]).toEqual([
        200,
        1,
        { minValue: "0", maxValue: "5000" }
      ])
      expect(codeOf(await call("PUT", "/api/workflows", tokens.admin, { workflow: twoLevels, version: 0 }))).toEqual([
        409,
        "E5001"
      ])
      const listed = await call("GET", "/api/workflows", tokens.admin)
      expect(listed.body.map((w: { id: string; kind: string }) => [w.id, w.kind])).toContainEqual([
        twoLevels.id,
        "workspace"
      ])
      const one = await call("GET", `/api/workflows/${twoLevels.id}`, tokens.admin)
      expect([one.status, one.body.levels.map((l: { name: string }) => l.name)]).toEqual([200, ["Level 1", "Level 2"]])

      const made = await call("POST", "/api/workspaces", tokens.admin, { name: `Approvals ${engine} ${Date.now()}` })
      expect(made.status).toBe(200)
      const submitted = await call("PUT", "/api/workspaces/submit", tokens.admin, { id: made.body.id })
      expect(submitted.body.status).toBe("PENDING")
      // The approver's notification reads '{Module} #{number}': the workspace's number, and the page of its id.
      const notified = await call("GET", "/api/notification?page=0&limit=50", tokens.approver)
      const notice = notified.body.notifications.find((n: { url: string }) => n.url.includes(made.body.id))
      expect([notice?.type, notice?.documentId]).toEqual(["WORKSPACE_WAITING_FOR_APPROVAL", made.body.number])
      const pending = await call("GET", "/api/approvals/pending", tokens.approver)
      expect(pending.body.map((s: { documentId: string }) => s.documentId)).toContain(made.body.id)
      const state = await call("GET", `/api/approvals/workspace/${made.body.id}`, tokens.admin)
      expect([state.body.status, state.body.current, state.body.approverIds]).toEqual([
        "PENDING_APPROVAL",
        0,
        [[idOf(accounts.approver)], [idOf(accounts.buyer)]]
      ])
      const early = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.buyer, { action: "approve" })
      expect(codeOf(early)).toEqual([403, "E3010"])
      const reminded = await call("GET", `/api/workspaces/approval-remind/${made.body.id}`, tokens.admin)
      expect(reminded.body).toEqual({ reminded: true })
      // Reminders sent at the same moment each stand, none refused for the others.
      const burst = await Promise.all(
        Array.from({ length: 6 }, () => call("GET", `/api/workspaces/approval-remind/${made.body.id}`, tokens.admin))
      )
      expect(burst.map((r) => [r.status, r.body])).toEqual(Array(6).fill([200, { reminded: true }]))
      await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.approver, { action: "approve", remark: "ok" })
      const twice = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.approver, { action: "approve" })
      expect(twice.status).toBe(403)
      const done = await call("PUT", `/api/workspaces/review/${made.body.id}`, tokens.buyer, { action: "approve" })
      expect(done.body.status).toBe("APPROVED")
      const timeline = await call("GET", `/api/approvals/workspace/${made.body.id}/timeline`, tokens.admin)
      expect(timeline.body.map((e: { action: string; level: number | null }) => [e.action, e.level])).toEqual([
        ["SUBMIT", null],
        ...Array(7).fill(["REMIND", 1]),
        ["APPROVE", 1],
        ["APPROVE", 2]
      ])
      expect(timeline.body[8].remark).toBe("ok")
      const notReminded = await call("GET", `/api/workspaces/approval-remind/${made.body.id}`, tokens.admin)
      expect(codeOf(notReminded)).toEqual([422, "E6070"])
    })

    it("keeps a workspace's own workflows apart from the organisation's", async () => {
      const workspaceId = demoWorkspaces[2].id
      const own = { ...twoLevels, id: crypto.randomUUID(), workspaceId, kind: "request" }
      expect((await call("PUT", "/api/workflows", tokens.admin, { workflow: own, version: 0 })).status).toBe(200)
      const listed = await call("GET", `/api/workflows?workspaceId=${workspaceId}`, tokens.admin)
      expect(listed.body.map((w: { id: string }) => w.id)).toEqual([own.id])
      const orgWide = await call("GET", "/api/workflows", tokens.admin)
      expect(orgWide.body.map((w: { id: string }) => w.id)).not.toContain(own.id)
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
      expect(codeOf(refused)).toEqual([400, "E2020"])
      expect(withoutIsolates(refused.body.error.message)).toBe(
        "يرجى مراجعة المستوى 1 من مسار الاعتماد، المعتمدون: أضف عنصرًا واحدًا على الأقل."
      )
      const backwards = await call("PUT", "/api/workflows", tokens.admin, {
        workflow: { ...broken, levels: [level(1, idOf(accounts.approver), { minValue: "5000", maxValue: "10" })] },
        version: 0
      })
      expect(codeOf(backwards)).toEqual([400, "E2020"])
      expect(withoutIsolates(backwards.body.error.message)).toBe(
        "Please check level 1 of the workflow, Below value: the upper value must be above the lower value."
      )
      const forbidden = await call("PUT", "/api/workflows", tokens.buyer, {
        workflow: { ...broken, levels: [level(1, idOf(accounts.approver))] },
        version: 0
      })
      expect(codeOf(forbidden)).toEqual([403, "E3002"])
      expect(codeOf(await call("GET", "/api/workflows", tokens.buyer))).toEqual([403, "E3002"])
      expect((await call("GET", "/api/approvals/pending")).status).toBe(401)
      expect((await call("GET", "/api/workflows")).status).toBe(401)
    })

    it("shows no organisation another's workflows or approvals", async () => {
      const moduleOff = await call("GET", `/api/workflows/${twoLevels.id}`, tokens.vendor)
      expect(codeOf(moduleOff)).toEqual([403, "E3003"])
      // The platform gives the vendor's plan the workspaces module; its own settings could not.
      await provision(server.app, demoOrganisations.vendor.id, { modules: ["workspaces"] })
      const theirs = await call("GET", `/api/workflows/${twoLevels.id}`, tokens.vendor)
      expect(codeOf(theirs)).toEqual([404, "E4029"])
      expect((await call("GET", "/api/workflows", tokens.vendor)).body).toEqual([])
      expect(codeOf(await call("GET", `/api/workflows/${crypto.randomUUID()}`, tokens.admin))).toEqual([404, "E4029"])
      const missing = await call("GET", `/api/approvals/workspace/${crypto.randomUUID()}`, tokens.vendor)
      expect(codeOf(missing)).toEqual([404, "E4020"])
      const remind = await call("GET", `/api/budgets/approval-remind/${crypto.randomUUID()}`, tokens.vendor)
      expect(codeOf(remind)).toEqual([404, "E4020"])
      const overwrite = await call("PUT", "/api/workflows", tokens.vendor, {
        workflow: { ...twoLevels, levels: [level(1, idOf(accounts.vendor))] },
        version: 1
      })
      expect(overwrite.status).toBeGreaterThanOrEqual(403)
      const ours = await call("GET", `/api/workflows/${twoLevels.id}`, tokens.admin)
      expect(ours.body.levels[0].approvers).toEqual([{ type: "USER", userId: idOf(accounts.approver) }])
    })
  })
}
