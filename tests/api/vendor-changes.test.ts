import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoUsers } from "@tawreed/adapters/storage/DemoData"
import { callApi } from "../support/ApiRoutes.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

type Answer = { readonly status: number; readonly body: any }

const approverId = demoUsers.find((u) => u.email === accounts.approver)!.id

for (const engine of engines()) {
  describe(`changes to a connected vendor's key details over the API on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "approver", string>
    const call = (method: string, path: string, token: string, body?: unknown): Promise<Answer> =>
      callApi(server.url, method, path, token, body)
    const codeOf = (answer: Answer) => [answer.status, answer.body?.error?.code]
    let sahara: any

    const read = async () => (await call("GET", `/api/vendors/${sahara.id}`, tokens.admin)).body
    const pending = async () => (await call("GET", `/api/vendors/changes/${sahara.id}`, tokens.admin)).body.pending

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.approver = await signIn(server.url, accounts.approver)
      const all = await call("GET", "/api/vendors?limit=9999", tokens.admin)
      sahara = all.body.vendors.find((v: any) => v.name.en === "Sahara Supplies")
      expect(sahara.connected).toBe(true)
      const workflow = {
        id: crypto.randomUUID(),
        workspaceId: null,
        kind: "vendor_change",
        levels: [
          {
            level: 1,
            name: "Vendor master review",
            approvers: [{ type: "USER", userId: approverId }],
            mode: "ONE",
            criteria: {}
          }
        ],
        version: 0
      }
      expect((await call("PUT", "/api/workflows", tokens.admin, { workflow, version: 0 })).status).toBe(200)
    })
    afterAll(() => server?.close())

    it("keeps a bank change pending with the vendor unchanged, and applies it when the reviewer approves", async () => {
      const before = await read()
      const edited = await call("PUT", "/api/vendors", tokens.admin, {
        id: before.id,
        version: before.version,
        bankAccounts: [{ bankName: "Riyad Bank", iban: "SA44 2000 0001 2345 6789 1234" }],
        paymentTermsDays: 45
      })
      expect(edited.status).toBe(200)
      // The payment terms apply at once; the bank account waits.
      expect(edited.body.paymentTermsDays).toBe(45)
      expect(edited.body.bankAccounts).toEqual(before.bankAccounts)
      const change = await pending()
      expect(change).toMatchObject({ status: "PENDING", fields: ["bankAccounts"], vendorVersion: edited.body.version })
      expect(change.after.bankAccounts[0].iban).toBe("SA4420000001234567891234")
      expect(change.requestedByName).not.toBe("")

      // The reviewer is told, and it waits on their board.
      const board = await call("GET", "/api/approvals/pending", tokens.approver)
      expect(JSON.stringify(board.body)).toContain(change.id)

      // A second change of key details waits for the first; the proposer may not approve their own.
      const second = await call("PUT", "/api/vendors", tokens.admin, {
        id: before.id,
        version: edited.body.version,
        nameEn: "Sahara Supplies Co"
      })
      expect(codeOf(second)).toEqual([409, "E7091"])
      expect(
        (await call("PUT", `/api/vendors/changes/status/${change.id}`, tokens.admin, { action: "approve" })).status
      ).not.toBe(200)

      const approved = await call("PUT", `/api/vendors/changes/status/${change.id}`, tokens.approver, {
        action: "approve",
        remark: "Bank letter checked",
        version: change.version
      })
      expect([approved.status, approved.body.status, approved.body.remark]).toEqual([
        200,
        "APPROVED",
        "Bank letter checked"
      ])
      const after = await read()
      expect(after.bankAccounts[0].iban).toBe("SA4420000001234567891234")
      expect(after.version).toBe(edited.body.version + 1)
      expect(await pending()).toBeNull()
      const timeline = await call("GET", `/api/approvals/vendor_change/${change.id}/timeline`, tokens.admin)
      expect(timeline.body.map((e: any) => e.action)).toEqual(["SUBMIT", "APPROVE"])
      const again = await call("PUT", `/api/vendors/changes/status/${change.id}`, tokens.approver, { action: "reject" })
      expect(codeOf(again)).toEqual([422, "E7094"])
    })

    it("discards a rejected change, and refuses to apply one the vendor moved past", async () => {
      const before = await read()
      await call("PUT", "/api/vendors", tokens.admin, {
        id: before.id,
        version: before.version,
        nameEn: "Sahara Trading"
      })
      const renaming = await pending()
      expect(renaming.fields).toEqual(["name"])
      const rejected = await call("PUT", `/api/vendors/changes/status/${renaming.id}`, tokens.approver, {
        action: "reject",
        remark: "No CR amendment"
      })
      expect([rejected.status, rejected.body.status]).toEqual([200, "REJECTED"])
      expect((await read()).name.en).toBe("Sahara Supplies")
      const listed = await call("GET", `/api/vendors/changes/${sahara.id}`, tokens.admin)
      expect(listed.body.recent.map((c: any) => c.status)).toContain("REJECTED")

      const now = await read()
      await call("PUT", "/api/vendors", tokens.admin, {
        id: now.id,
        version: now.version,
        bankAccounts: [{ iban: "GB82 WEST 1234 5698 7654 32" }]
      })
      const moving = await pending()
      expect((await call("PUT", `/api/vendors/hold/${sahara.id}`, tokens.admin, { scope: "PAYMENTS" })).status).toBe(
        200
      )
      const stale = await call("PUT", `/api/vendors/changes/status/${moving.id}`, tokens.approver, {
        action: "approve"
      })
      expect(codeOf(stale)).toEqual([409, "E7093"])
      expect((await read()).bankAccounts[0].iban).toBe("SA4420000001234567891234")
      const withdrawn = await call("PUT", `/api/vendors/changes/withdraw/${moving.id}`, tokens.admin, {
        remark: "typo"
      })
      expect([withdrawn.status, withdrawn.body.status]).toEqual([200, "WITHDRAWN"])
      expect(await pending()).toBeNull()
    })
  })
}
