import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations } from "@tawreed/adapters/storage/DemoData"
import { type OrgId, OrgSettings, OrgSettingsRepository } from "@tawreed/core/organisations"
import { withoutIsolates } from "@tawreed/core/shared"
import { accounts, engines, provision, signIn, start, type TestServer } from "../support/TestServer.ts"

const buyerOrg = demoOrganisations.buyer.id as OrgId

/** SPEC.md §3 plan limits: the organisation's super user runs its settings, within the plan the platform set. */
for (const engine of engines()) {
  describe(`plan limits on org_settings on ${engine}`, () => {
    let server: TestServer
    let admin: string
    const call = async (method: string, path: string, body?: unknown, language = "en") => {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { "content-type": "application/json", authorization: `Bearer ${admin}`, language },
        ...(body === undefined ? {} : { body: JSON.stringify(body) })
      })
      return { status: response.status, body: (await response.json()) as any }
    }
    const settings = () => call("GET", `/api/org_settings/${buyerOrg}`)
    const withModule = (modules: ReadonlyArray<any>, code: string, enabled: boolean) =>
      modules.map((m) => (m.code === code ? { ...m, config: { enabled } } : m))
    const auditOf = (event: string) =>
      server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
          sql<{ detail: Record<string, string> }>`
            SELECT detail FROM audit_log WHERE event = ${event} AND org_id = ${buyerOrg} ORDER BY id`.pipe(Effect.orDie)
        )
      )

    beforeAll(async () => {
      server = await start(engine)
      admin = await signIn(server.url, accounts.admin)
      // The platform provisions a plan without workspace budgets: the budgets module is held but off.
      const current = await provision(server.app, buyerOrg, { adminConfig: { workspaceBudgetAllowed: false } })
      await server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(OrgSettingsRepository), (repository) =>
          repository.save(
            new OrgSettings({
              ...current,
              modules: current.modules.map((m) => (m.code === "budgets" ? { ...m, config: { enabled: false } } : m))
            }),
            current.version
          )
        )
      )
    })
    afterAll(() => server?.close())

    it("refuses to switch on a module the plan does not include, in both languages, and audits the attempt", async () => {
      const { modules } = (await settings()).body
      const budgets = await call("POST", "/api/org_settings", { modules: withModule(modules, "budgets", true) })
      expect([budgets.status, budgets.body.error.code, withoutIsolates(budgets.body.error.message)]).toEqual([
        422,
        "E6076",
        "Your organisation's plan does not include the module Budgets."
      ])
      const arabic = await call("POST", "/api/org_settings", { modules: withModule(modules, "budgets", true) }, "ar")
      expect(withoutIsolates(arabic.body.error.message)).toBe("خطة منظمتك لا تشمل الوحدة الميزانيات.")
      const foreign = await call("POST", "/api/org_settings", {
        modules: [...modules, { ...modules[0], code: "inventory", config: { enabled: true } }]
      })
      expect([foreign.status, foreign.body.error.code]).toEqual([422, "E6076"])
      const refusals = (await auditOf("access.refused")).map((r) => r.detail)
      expect(refusals).toEqual(
        expect.arrayContaining([
          { reason: "ModuleNotInPlan", module: "budgets" },
          { reason: "ModuleNotInPlan", module: "inventory" }
        ])
      )
      const after = (await settings()).body
      expect(after.modules.find((m: any) => m.code === "budgets").config.enabled).toBe(false)
      expect(after.modules.map((m: any) => m.code)).not.toContain("inventory")
    })

    it("keeps the plan's limits out of the organisation's reach", async () => {
      const raised = await call("POST", "/api/org_settings", { adminConfig: { workspaceBudgetAllowed: true } })
      expect([raised.status, raised.body.error.code]).toEqual([422, "E6077"])
      // The demo's plan allows expenses: the organisation cannot drop them either.
      const expenses = await call("POST", "/api/org_settings", { generalConfig: { expensesAllowed: false } })
      expect([expenses.status, expenses.body.error.code]).toEqual([422, "E6077"])
      // What the plan already says may be sent back unchanged, as a form that shows it does.
      const same = await call("POST", "/api/org_settings", {
        adminConfig: { workspaceBudgetAllowed: false, dateFormat: "european" }
      })
      expect([same.status, same.body.orgConfig.adminConfig.dateFormat]).toEqual([200, "european"])
    })

    it("switches the plan's own modules off and on again, auditing every change", async () => {
      const before = (await settings()).body
      const off = await call("POST", "/api/org_settings", {
        version: before.version,
        modules: withModule(before.modules, "rfqs", false)
      })
      expect(off.status).toBe(200)
      expect(off.body.modules.find((m: any) => m.code === "rfqs").config.enabled).toBe(false)
      // A change that names some modules only leaves the others as they were.
      const on = await call("POST", "/api/org_settings", {
        modules: [{ ...before.modules.find((m: any) => m.code === "rfqs"), config: { enabled: true } }]
      })
      expect(on.status).toBe(200)
      expect(on.body.modules.map((m: any) => m.code)).toEqual(before.modules.map((m: any) => m.code))
      expect(on.body.modules.find((m: any) => m.code === "rfqs").config.enabled).toBe(true)
      const changes = (await auditOf("settings.modules_changed")).map((r) => [r.detail["on"], r.detail["off"]])
      expect(changes).toEqual([
        ["", "rfqs"],
        ["rfqs", ""]
      ])
    })
  })
}
