import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  demoDefaultWorkspace,
  demoOrganisations,
  demoPassword,
  demoUsers,
  demoWorkspaces
} from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { privilegesOfRoles } from "@tawreed/core/access"
import { ApprovalCriteria, Approvals, Workflow, WorkflowLevel } from "@tawreed/core/approvals"
import { Actor, PasswordHasher, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

const buyerOrg = demoOrganisations.buyer.id
const [riyadh, jeddah, itProjects] = demoWorkspaces
const approver = demoUsers[2]

for (const engine of engines()) {
  describe(`workspaces on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<"admin" | "buyer" | "approver" | "vendor" | "viewer" | "manager", string>
    const ids = {} as Record<"viewer" | "manager", string>
    const call = async (
      method: string,
      path: string,
      token: string,
      body?: unknown,
      headers: Record<string, string> = {}
    ) => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      const text = await response.text()
      return { status: response.status, body: (text === "" ? undefined : JSON.parse(text)) as any }
    }
    const codeOf = (answer: { status: number; body: any }) => [answer.status, answer.body?.error?.code]

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

    const settingsOf = async (token: string, orgId: string) =>
      (await call("GET", `/api/org_settings/${orgId}`, token)).body as {
        version: number
        modules: Array<{ code: string; config: { enabled: boolean } }>
        orgConfig: { adminConfig: { workspacesLimit: number | null } }
      }

    beforeAll(async () => {
      server = await start(engine)
      tokens.admin = await signIn(server.url, accounts.admin)
      tokens.buyer = await signIn(server.url, accounts.buyer)
      tokens.approver = await signIn(server.url, accounts.approver)
      tokens.vendor = await signIn(server.url, accounts.vendor)
      const viewer = await person(["workspaces_viewer"])
      const manager = await person(["workspaces_manager"])
      Object.assign(ids, { viewer: viewer.id, manager: manager.id })
      Object.assign(tokens, { viewer: viewer.token, manager: manager.token })
      // The organisation's workspace approval: one level, approved by Sara.
      const admin = demoUsers[0]
      const adminActor = new Actor({
        sessionId: "workspaces-suite",
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
              kind: "workspace",
              levels: [
                new WorkflowLevel({
                  level: 1,
                  name: "Operations",
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

    it("lists the demo workspaces within each reader's scope, with status and classification counts", async () => {
      const all = await call("GET", "/api/workspaces?page=0&limit=9999", tokens.admin)
      expect(all.status).toBe(200)
      expect(all.body.workspaces.map((w: { name: string }) => w.name)).toEqual([
        "IT Projects 2026",
        "Jeddah Warehouse",
        "Riyadh Head Office"
      ])
      expect(all.body.totalCount).toBe(3)
      expect(all.body.statusList.filter((s: { count: number }) => s.count > 0)).toEqual([
        { status: "DRAFT", count: 1 },
        { status: "ACTIVE", count: 2 }
      ])
      expect(all.body.classificationsList).toEqual([
        { classification: "Department", count: 1 },
        { classification: "Operations", count: 1 },
        { classification: "Project", count: 1 }
      ])
      const head = all.body.workspaces.find((w: { id: string }) => w.id === riyadh.id)
      expect(head.locations.map((l: { name: string; addressType: string }) => [l.name, l.addressType])).toEqual([
        ["Head Office", "Office"],
        ["Central Store", "Warehouse"]
      ])
      expect(head.config).toEqual({ autoSubmitOrder: false, autoRfqToVendors: false, directOrdersFromRfq: true })

      // Omar is a basic user: he sees the two workspaces he belongs to, the head office as his default.
      const mine = await call("GET", "/api/workspaces", tokens.buyer)
      expect(mine.body.workspaces.map((w: { name: string; isDefault: boolean }) => [w.name, w.isDefault])).toEqual([
        ["Jeddah Warehouse", false],
        ["Riyadh Head Office", true]
      ])
      expect((await call("GET", "/api/workspaces/default", tokens.buyer)).body.id).toBe(
        demoDefaultWorkspace.workspaceId
      )
      const available = await call("GET", `/api/workspaces/available?orgId=${buyerOrg}`, tokens.buyer)
      expect(available.body.map((w: { id: string }) => w.id)).toEqual([riyadh.id])
      expect(codeOf(await call("GET", `/api/workspaces/${itProjects.id}`, tokens.buyer))).toEqual([403, "E3002"])
      const filtered = await call("GET", "/api/workspaces?status=ACTIVE&classification=Project", tokens.admin)
      expect(filtered.body.workspaces.map((w: { id: string }) => w.id)).toEqual([itProjects.id])
      expect(codeOf(await call("GET", "/api/workspaces?status=OPEN", tokens.admin))).toEqual([400, "E2006"])
    })

    it("creates, updates, submits, is returned, resubmits, is approved and activates", async () => {
      const key = crypto.randomUUID()
      const body = {
        name: "Dammam Branch",
        classification: "Department",
        startDate: "2026-04-01",
        locations: [
          {
            name: "Dammam Office",
            address: {
              city: "Dammam",
              street: "Prince Mohammed bin Fahd Road",
              provinceState: "Eastern Province",
              country: "Saudi Arabia",
              postalCode: "32241",
              latitude: 26.4207,
              longitude: 50.0888,
              mapsLink: "",
              addressDirectionDetails: "Second floor"
            }
          }
        ],
        users: [{ userId: ids.manager, role: "workspaces_manager" }]
      }
      const created = await call("POST", "/api/workspaces", tokens.admin, body, { "idempotency-key": key })
      expect(created.status).toBe(200)
      const ws = created.body
      expect([ws.status, ws.version, ws.currency, ws.requesterId]).toEqual(["DRAFT", 1, "SAR", demoUsers[0].id])
      expect(ws.locations[0].contactInfo.isPrimary).toBe(true)
      const retry = await call("POST", "/api/workspaces", tokens.admin, body, { "idempotency-key": key })
      expect(retry.body).toEqual(ws)
      expect(codeOf(await call("POST", "/api/workspaces", tokens.admin, { name: "dammam branch" }))).toEqual([
        409,
        "E5020"
      ])

      const updated = await call("PUT", "/api/workspaces", tokens.manager, {
        payload: { id: ws.id, version: 1, remarks: "Opens in April" },
        isFirstStep: false,
        currentBudgetId: null,
        containsBudgetAdjusment: false
      })
      expect([updated.status, updated.body.remarks, updated.body.version]).toEqual([200, "Opens in April", 2])
      const stale = await call("PUT", "/api/workspaces", tokens.manager, {
        payload: { id: ws.id, version: 1, remarks: "x" }
      })
      expect(codeOf(stale)).toEqual([409, "E5001"])

      const submitKey = crypto.randomUUID()
      const submitted = await call(
        "PUT",
        "/api/workspaces/submit",
        tokens.manager,
        { id: ws.id, version: 2 },
        {
          "idempotency-key": submitKey
        }
      )
      expect([submitted.status, submitted.body.status]).toEqual([200, "PENDING"])
      const again = await call(
        "PUT",
        "/api/workspaces/submit",
        tokens.manager,
        { id: ws.id, version: 2 },
        {
          "idempotency-key": submitKey
        }
      )
      expect(again.body).toEqual(submitted.body)
      expect(codeOf(await call("PUT", "/api/workspaces/submit", tokens.manager, { id: ws.id }))).toEqual([422, "E6072"])

      const selfReview = await call("PUT", `/api/workspaces/review/${ws.id}`, tokens.admin, { action: "approve" })
      expect(codeOf(selfReview)).toEqual([422, "E6050"])
      const notApprover = await call("PUT", `/api/workspaces/review/${ws.id}`, tokens.buyer, { action: "approve" })
      expect(codeOf(notApprover)).toEqual([403, "E3010"])
      const returned = await call("PUT", `/api/workspaces/review/${ws.id}`, tokens.approver, {
        action: "return",
        remark: "Add the warehouse"
      })
      expect(returned.body.status).toBe("RETURNED")
      const fixed = await call("PUT", "/api/workspaces", tokens.manager, {
        payload: {
          id: ws.id,
          version: returned.body.version,
          locations: [
            { id: ws.locations[0].id, name: "Dammam Office" },
            { name: "Dammam Store", addressType: "Warehouse" }
          ]
        }
      })
      expect(fixed.body.locations.map((l: { name: string }) => l.name)).toEqual(["Dammam Office", "Dammam Store"])
      expect(fixed.body.locations[0].address.city).toBe("Dammam")
      expect((await call("PUT", "/api/workspaces/submit", tokens.manager, { id: ws.id })).body.status).toBe("PENDING")
      const approved = await call("PUT", `/api/workspaces/review/${ws.id}`, tokens.approver, {
        action: "approve",
        remark: "Fine",
        isSuperApproval: false
      })
      expect(approved.body.status).toBe("APPROVED")
      const renamed = await call("PUT", "/api/workspaces", tokens.manager, {
        payload: { id: ws.id, version: approved.body.version, name: "Dammam" }
      })
      expect(codeOf(renamed)).toEqual([422, "E6072"])
      const active = await call("PUT", `/api/workspaces/activate/${ws.id}`, tokens.manager)
      expect([active.status, active.body.status]).toEqual([200, "ACTIVE"])
      const inactive = await call("PUT", `/api/workspaces/deactivate/${ws.id}`, tokens.manager)
      expect(inactive.body.status).toBe("INACTIVE")
      expect((await call("PUT", `/api/workspaces/activate/${ws.id}`, tokens.manager)).body.status).toBe("ACTIVE")
      expect(codeOf(await call("DELETE", `/api/workspaces/${ws.id}`, tokens.admin))).toEqual([422, "E6072"])

      const rejectable = await call("POST", "/api/workspaces", tokens.admin, { name: "Short-lived" })
      await call("PUT", "/api/workspaces/submit", tokens.admin, { id: rejectable.body.id })
      const rejected = await call("PUT", `/api/workspaces/review/${rejectable.body.id}`, tokens.approver, {
        action: "reject",
        remark: "Not needed"
      })
      expect(rejected.body.status).toBe("REJECTED")
      expect((await call("DELETE", `/api/workspaces/${rejectable.body.id}`, tokens.admin)).status).toBe(204)
      expect(codeOf(await call("GET", `/api/workspaces/${rejectable.body.id}`, tokens.admin))).toEqual([404, "E4021"])
    })

    it("refuses a create past the plan's limit (E6011) and while creation is turned off (E6010)", async () => {
      const before = await settingsOf(tokens.admin, buyerOrg)
      const count = (await call("GET", "/api/workspaces/count?getAll=true", tokens.admin)).body
      expect(count.creationAllowed).toBe(true)
      // The plan's limit is the platform's to set (SPEC.md §3), not the organisation's.
      await provision(server.app, buyerOrg, { adminConfig: { workspacesLimit: count.count } })
      expect((await call("GET", "/api/workspaces/count?getAll=true", tokens.admin)).body).toEqual({
        count: count.count,
        workspacesLimit: count.count,
        disableWorkspaceCreation: false,
        creationAllowed: false
      })
      expect(codeOf(await call("POST", "/api/workspaces", tokens.admin, { name: "One too many" }))).toEqual([
        422,
        "E6011"
      ])
      expect(codeOf(await call("GET", `/api/workspaces/copy/${riyadh.id}`, tokens.admin))).toEqual([422, "E6011"])
      const disabled = await call("POST", "/api/org_settings", tokens.admin, {
        adminConfig: { disableWorkspaceCreation: true }
      })
      expect(disabled.status).toBe(200)
      await provision(server.app, buyerOrg, { adminConfig: { workspacesLimit: null } })
      expect(codeOf(await call("POST", "/api/workspaces", tokens.admin, { name: "Not now" }))).toEqual([422, "E6010"])
      await call("POST", "/api/org_settings", tokens.admin, {
        adminConfig: { disableWorkspaceCreation: false }
      })
      await provision(server.app, buyerOrg, {
        adminConfig: { workspacesLimit: before.orgConfig.adminConfig.workspacesLimit }
      })
      expect((await call("POST", "/api/workspaces", tokens.admin, { name: "Now again" })).status).toBe(200)
    })

    it("refuses a viewer's create with 403, and shows a _w user only their own workspaces", async () => {
      const refused = await call("POST", "/api/workspaces", tokens.viewer, { name: "Viewer's own" })
      expect(codeOf(refused)).toEqual([403, "E3002"])
      expect(codeOf(await call("GET", "/api/workspaces", tokens.viewer))).toEqual([200, undefined])
      expect((await call("GET", "/api/workspaces", tokens.viewer)).body.totalCount).toBe(0)

      const theirs = await call("POST", "/api/workspaces", tokens.admin, {
        name: "Viewer's workspace",
        users: [{ userId: ids.viewer, role: "workspaces_viewer" }]
      })
      const listed = await call("GET", "/api/workspaces?limit=100", tokens.viewer)
      expect(listed.body.workspaces.map((w: { id: string }) => w.id)).toEqual([theirs.body.id])
      expect((await call("GET", `/api/workspaces/${theirs.body.id}`, tokens.viewer)).status).toBe(200)
      expect(codeOf(await call("GET", `/api/workspaces/${jeddah.id}`, tokens.viewer))).toEqual([404, "E4021"])
      const change = await call("PUT", "/api/workspaces", tokens.viewer, {
        payload: { id: theirs.body.id, version: theirs.body.version, remarks: "mine now" }
      })
      expect(codeOf(change)).toEqual([403, "E3002"])

      // A manager by organisation role manages only inside workspaces that count them among their users.
      const manager = await call("GET", "/api/workspaces?limit=100", tokens.manager)
      expect(manager.body.workspaces.map((w: { name: string }) => w.name)).toEqual(["Dammam Branch"])
      expect(codeOf(await call("PUT", `/api/workspaces/deactivate/${riyadh.id}`, tokens.manager))).toEqual([
        404,
        "E4021"
      ])
      // Omar manages the head office through his workspace role alone.
      const head = (await call("GET", `/api/workspaces/${riyadh.id}`, tokens.buyer)).body
      const edited = await call("PUT", "/api/workspaces", tokens.buyer, {
        payload: { id: riyadh.id, version: head.version, remarks: "Edited by its manager" }
      })
      expect([edited.status, edited.body.remarks]).toEqual([200, "Edited by its manager"])
      const promote = await call("PUT", "/api/workspaces", tokens.buyer, {
        payload: {
          id: riyadh.id,
          version: edited.body.version,
          users: [...head.users, { userId: ids.viewer, role: "workspaces_admin" }]
        }
      })
      expect(codeOf(promote)).toEqual([403, "E3002"])
    })

    it("never shows or changes another organisation's workspace", async () => {
      // The platform gives the vendor's plan the workspaces module; its own settings could not.
      await provision(server.app, demoOrganisations.vendor.id, { modules: ["workspaces"] })
      const theirs = await call("POST", "/api/workspaces", tokens.vendor, { name: "Sahara Depot" })
      expect(theirs.status).toBe(200)
      for (const [method, path] of [
        ["GET", `/api/workspaces/${theirs.body.id}`],
        ["PUT", `/api/workspaces/activate/${theirs.body.id}`],
        ["PUT", `/api/workspaces/review/${theirs.body.id}`],
        ["GET", `/api/workspaces/copy/${theirs.body.id}`],
        ["PUT", `/api/workspaces/${theirs.body.id}/set-default`],
        ["DELETE", `/api/workspaces/${theirs.body.id}`]
      ] as const) {
        const body = path.includes("review") ? { action: "approve" } : undefined
        expect(codeOf(await call(method, path, tokens.admin, body)), `${method} ${path}`).toEqual([404, "E4021"])
      }
      const update = await call("PUT", "/api/workspaces", tokens.admin, { payload: { id: theirs.body.id, version: 1 } })
      expect(codeOf(update)).toEqual([404, "E4021"])
      const listed = await call("GET", "/api/workspaces?search=Sahara", tokens.admin)
      expect(listed.body.totalCount).toBe(0)
      expect((await call("GET", `/api/workspaces/${theirs.body.id}`, tokens.vendor)).status).toBe(200)
    })

    it("copies, sets the default, saves list columns and deletes a draft", async () => {
      const copy = await call("GET", `/api/workspaces/copy/${riyadh.id}`, tokens.admin)
      expect([copy.status, copy.body.name, copy.body.status]).toEqual([200, "Riyadh Head Office (copy)", "DRAFT"])
      expect(copy.body.locations.map((l: { name: string }) => l.name)).toEqual(["Head Office", "Central Store"])
      expect(copy.body.users.map((u: { userId: string }) => u.userId)).toEqual(riyadh.users.map((u) => u.userId))

      expect(codeOf(await call("PUT", `/api/workspaces/${copy.body.id}/set-default`, tokens.admin))).toEqual([
        422,
        "E6072"
      ])
      const chosen = await call("PUT", `/api/workspaces/${itProjects.id}/set-default`, tokens.admin)
      expect([chosen.status, chosen.body.isDefault]).toEqual([200, true])
      expect((await call("GET", "/api/workspaces/default", tokens.admin)).body.id).toBe(itProjects.id)
      // Each user keeps their own default.
      expect((await call("GET", "/api/workspaces/default", tokens.buyer)).body.id).toBe(riyadh.id)

      const saved = await call("PUT", "/api/workspaces/save-columns", tokens.admin, {
        columns: ["name", "status", "classification"]
      })
      expect(saved.body).toEqual({ columns: ["name", "status", "classification"] })
      expect((await call("GET", "/api/workspaces?limit=10", tokens.admin)).body.columns).toEqual([
        "name",
        "status",
        "classification"
      ])
      expect((await call("GET", "/api/workspaces", tokens.buyer)).body.columns).toEqual([])

      expect(codeOf(await call("DELETE", `/api/workspaces/${copy.body.id}`, tokens.buyer))).toEqual([403, "E3002"])
      expect((await call("DELETE", `/api/workspaces/${copy.body.id}`, tokens.admin)).status).toBe(204)
      expect(codeOf(await call("GET", `/api/workspaces/${copy.body.id}`, tokens.admin))).toEqual([404, "E4021"])
      expect(codeOf(await call("GET", "/api/workspaces/not-a-workspace", tokens.admin))).toEqual([400, "E2006"])
    })

    it("answers in the request's language", async () => {
      const refused = await fetch(`${server.url}/api/workspaces`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${tokens.viewer}`, language: "ar" },
        body: JSON.stringify({ name: "x" })
      })
      const body = (await refused.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe("E3002")
      expect(body.error.message).toMatch(/[\u0600-\u06FF]/)
    })
  })
}
