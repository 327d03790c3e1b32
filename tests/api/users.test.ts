import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Api } from "@tawreed/adapters/http/Api"
import { demoCustomRole, demoOrganisations, demoSettings, demoUsers } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { adminModules, isModuleEnabled } from "@tawreed/core/access"
import { defaultTheme } from "@tawreed/core/organisations"
import { withoutIsolates } from "@tawreed/core/shared"
import { mayCall, privilegeMatrix, type RoleCode } from "../support/PrivilegeMatrix.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

type Org = keyof typeof demoOrganisations

/** The four people the matrix is walked with: each role of SPEC.md §6 that the demo data holds. */
const people = {
  org_super_user: { email: accounts.admin, org: "buyer" },
  org_basic_user: { email: accounts.buyer, org: "buyer" },
  approver: { email: accounts.approver, org: "buyer" },
  vendor: { email: accounts.vendor, org: "vendor" }
} as const satisfies Record<string, { email: string; org: Org }>
type Person = keyof typeof people

const rolesOf = (email: string) => demoUsers.find((u) => u.email === email)!.roles

interface Context {
  readonly person: Person
  readonly org: Org
  readonly token: string
  readonly userId: string
  /** A user of the person's organisation made for this case by its admin. */
  readonly target: { readonly id: string; readonly version: number }
  readonly unique: string
}

interface RouteCase {
  /** `group.endpoint` as Api declares it. */
  readonly endpoint: string
  readonly method: "GET" | "POST" | "PUT" | "DELETE"
  readonly path: (c: Context) => string
  readonly body?: (c: Context) => unknown
  readonly module?: string
  readonly setup?: (c: Context) => Promise<void>
}

for (const engine of engines()) {
  describe(`users, roles, settings and themes on ${engine}`, () => {
    let server: TestServer
    const tokens = {} as Record<Person, string>
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
    const adminOf = (org: Org) => (org === "buyer" ? tokens.org_super_user : tokens.vendor)
    let counter = 0
    const newUser = (org: Org, extra: Record<string, unknown> = {}) => ({
      email: `person${++counter}.${Date.now()}@${org}.tawreed.test`,
      firstName: "Layla",
      lastName: `Nasser ${counter}`,
      roles: ["org_basic_user"],
      ...extra
    })
    const createUser = async (org: Org) => {
      const made = await call("POST", "/api/users", adminOf(org), newUser(org))
      expect(made.status).toBe(200)
      return made.body.user as { id: string; version: number; email: string }
    }

    beforeAll(async () => {
      server = await start(engine)
      for (const [person, { email }] of Object.entries(people))
        tokens[person as Person] = await signIn(server.url, email)
    })
    afterAll(() => server?.close())

    const themeHost = "alnoor.tawreed.test"
    const cases: ReadonlyArray<RouteCase> = [
      {
        endpoint: "users.list",
        method: "GET",
        path: () => "/api/users?page=0&limit=25",
        module: adminModules.users
      },
      {
        endpoint: "users.listTable",
        method: "GET",
        path: () => "/api/users/list-table?search=a",
        module: adminModules.users
      },
      {
        endpoint: "users.approvers",
        method: "GET",
        path: () => "/api/users/approvers/request?page=0&limit=9999",
        module: "requests"
      },
      {
        endpoint: "users.workspaceManagers",
        method: "GET",
        path: () => "/api/users/workspace-managers",
        module: adminModules.workspaceManagers
      },
      {
        endpoint: "users.profile",
        method: "GET",
        path: (c) => `/api/users/user-profile/${c.target.id}`,
        module: adminModules.users
      },
      {
        endpoint: "users.get",
        method: "GET",
        path: (c) => `/api/users/${c.target.id}`,
        module: adminModules.users
      },
      {
        endpoint: "users.setStatus",
        method: "PUT",
        path: (c) => `/api/users/status/${c.target.id}`,
        body: () => ({ status: "INACTIVE", blocked: true }),
        module: adminModules.users
      },
      {
        endpoint: "users.create",
        method: "POST",
        path: () => "/api/users",
        body: (c) => newUser(c.org),
        module: adminModules.users
      },
      {
        endpoint: "users.bulkCreate",
        method: "POST",
        path: () => "/api/users/bulk/create",
        body: (c) => ({ users: [newUser(c.org), newUser(c.org)] }),
        module: adminModules.users
      },
      {
        endpoint: "users.update",
        method: "PUT",
        path: () => "/api/users",
        body: (c) => ({ id: c.target.id, version: c.target.version, position: "Storekeeper" }),
        module: adminModules.users
      },
      {
        endpoint: "users.delete",
        method: "DELETE",
        path: (c) => `/api/users/${c.target.id}`,
        module: adminModules.users
      },
      {
        endpoint: "users.resetPassword",
        method: "POST",
        path: (c) => `/api/users/reset-password/${c.target.id}`,
        module: adminModules.users
      },
      {
        endpoint: "profile.update",
        method: "PUT",
        path: () => "/api/auth/userprofile",
        body: () => ({ user: { position: "Procurement" }, receiveNotifications: true })
      },
      {
        endpoint: "profile.emailAlerts",
        method: "PUT",
        path: () => "/api/auth/userEmailAlerts",
        body: () => ({ emailAlerts: true })
      },
      { endpoint: "roles.list", method: "GET", path: () => "/api/roles" },
      {
        endpoint: "roles.save",
        method: "POST",
        path: () => "/api/roles",
        body: (c) => ({
          code: `role_${c.unique}`,
          name: { en: "Requester", ar: "مقدّم طلبات" },
          privileges: ["req_r_u"]
        })
      },
      {
        endpoint: "roles.delete",
        method: "DELETE",
        path: (c) => `/api/roles/gone_${c.unique}`,
        setup: async (c) => {
          const made = await call("POST", "/api/roles", adminOf(c.org), {
            code: `gone_${c.unique}`,
            name: { en: "Gone", ar: "محذوف" },
            privileges: ["req_r_u"]
          })
          expect(made.status).toBe(200)
        }
      },
      {
        endpoint: "orgSettings.update",
        method: "POST",
        path: () => "/api/org_settings",
        body: () => ({ generalConfig: { showQuickAccessToggle: true } })
      },
      {
        endpoint: "orgSettings.get",
        method: "GET",
        path: (c) => `/api/org_settings/${demoOrganisations[c.org].id}`
      },
      {
        endpoint: "themes.save",
        method: "POST",
        path: () => "/api/themes",
        body: () => ({ theme: { ...defaultTheme, appTitle: "Procurement" } })
      },
      {
        endpoint: "themes.delete",
        method: "DELETE",
        path: () => "/api/themes",
        setup: async (c) => {
          expect((await call("POST", "/api/themes", adminOf(c.org), { theme: defaultTheme })).status).toBe(200)
        }
      },
      { endpoint: "publicThemes.byOrgCode", method: "GET", path: () => "/api/themes/ALNOOR" },
      {
        endpoint: "publicThemes.fromUrl",
        method: "GET",
        path: () => `/api/themes/theme-from-url/${encodeURIComponent(`https://${themeHost}/en/auth/login`)}`,
        setup: async () => {
          const saved = await call("POST", "/api/themes", tokens.org_super_user, {
            theme: { ...defaultTheme, url: themeHost }
          })
          expect(saved.status).toBe(200)
        }
      }
    ]

    it("walks every route it adds with every role: 403 where SPEC.md §6's matrix says no, success where it says yes", async () => {
      const groups = ["users", "profile", "roles", "orgSettings", "publicThemes", "themes"] as const
      const declared = groups.flatMap((g) => Object.keys(Api.groups[g].endpoints).map((e) => `${g}.${e}`))
      expect(cases.map((c) => c.endpoint).sort()).toEqual(declared.sort())
      const outcomes: Array<string> = []
      for (const person of Object.keys(people) as Array<Person>) {
        const { email, org } = people[person]
        for (const route of cases) {
          const target = await createUser(org)
          const context: Context = {
            person,
            org,
            token: tokens[person],
            userId: demoUsers.find((u) => u.email === email)!.id,
            target,
            unique: `${++counter}`
          }
          await route.setup?.(context)
          // Who may call it is the matrix's (written from SPEC.md §6), never the privileges core grants.
          const allowed = rolesOf(email).some((role) => mayCall(route.endpoint, role as RoleCode))
          const enabled = route.module === undefined || isModuleEnabled(demoSettings[org].modules, route.module)
          const expected = !allowed ? "403 E3002" : !enabled ? "403 E3003" : "ok"
          const answer = await call(route.method, route.path(context), tokens[person], route.body?.(context))
          const got = answer.status < 300 ? "ok" : `${answer.status} ${answer.body?.error?.code}`
          outcomes.push(`${person} ${route.endpoint}: ${got}`)
          expect(`${person} ${route.endpoint}: ${got}`).toBe(`${person} ${route.endpoint}: ${expected}`)
          if (privilegeMatrix[route.endpoint] !== "public") {
            const anonymous = await call(route.method, route.path(context), undefined, route.body?.(context))
            expect(`${route.endpoint} signed out: ${anonymous.status}`).toBe(`${route.endpoint} signed out: 401`)
          }
        }
      }
      // The walk is only worth something if both answers occur.
      expect(outcomes.some((o) => o.endsWith(": ok"))).toBe(true)
      expect(outcomes.filter((o) => o.endsWith("E3002")).length).toBeGreaterThan(20)
      expect(outcomes).toContain("vendor users.workspaceManagers: 403 E3003")
    })

    it("never answers with another organisation's user, role or settings: 404 for each", async () => {
      const admin = tokens.org_super_user
      const vendorUser = await createUser("vendor")
      const vendorRole = await call("POST", "/api/roles", tokens.vendor, {
        code: "vendor_only",
        name: { en: "Vendor only", ar: "للمورد فقط" },
        privileges: ["cat_r_o"]
      })
      expect(vendorRole.status).toBe(200)
      const vendorOrgId = demoOrganisations.vendor.id
      const attempts = [
        ["GET", `/api/users/${vendorUser.id}`, undefined],
        ["GET", `/api/users/user-profile/${vendorUser.id}`, undefined],
        ["PUT", `/api/users/status/${vendorUser.id}`, { status: "INACTIVE" }],
        ["PUT", "/api/users", { id: vendorUser.id, version: vendorUser.version, position: "Taken over" }],
        ["POST", `/api/users/reset-password/${vendorUser.id}`, undefined],
        ["DELETE", `/api/users/${vendorUser.id}`, undefined],
        ["DELETE", "/api/roles/vendor_only", undefined],
        ["GET", `/api/org_settings/${vendorOrgId}`, undefined]
      ] as const
      for (const [method, path, body] of attempts) {
        const answer = await call(method, path, admin, body)
        expect(`${method} ${path}: ${answer.status}`).toBe(`${method} ${path}: 404`)
        expect(["E1002", "E4011", "E4012"]).toContain(answer.body.error.code)
      }
      const listed = await call("GET", "/api/users?limit=500", admin)
      expect(listed.body.users.map((u: { id: string }) => u.id)).not.toContain(vendorUser.id)
      const roles = await call("GET", "/api/roles", admin)
      expect(roles.body.roles.map((r: { code: string }) => r.code)).not.toContain("vendor_only")
      const vendorTheme = await call("POST", "/api/themes", tokens.vendor, {
        theme: { ...defaultTheme, appTitle: "Sahara" }
      })
      expect(vendorTheme.status).toBe(200)
      await call("DELETE", "/api/themes", admin)
      const theirs = await call("GET", "/api/themes/SAHARA")
      expect([theirs.body.orgCode, theirs.body.theme.appTitle]).toEqual(["SAHARA", "Sahara"])
      const still = await call("GET", `/api/users/${vendorUser.id}`, tokens.vendor)
      expect([still.status, still.body.status, still.body.position]).toEqual([200, "ACTIVE", ""])
    })

    it("refuses bad input with 400 and the catalogue's code, in the request's language", async () => {
      const admin = tokens.org_super_user
      const cases = [
        ["POST", "/api/users", newUser("buyer", { email: "not-an-email" }), "E2006"],
        ["POST", "/api/users", newUser("buyer", { roles: ["chief_of_everything"] }), "E2010"],
        ["POST", "/api/users", newUser("buyer", { roles: [] }), "E2006"],
        ["POST", "/api/users", { email: "x@buyer.tawreed.test" }, "E2006"],
        ["POST", "/api/users", newUser("buyer", { phone: "05x" }), "E2006"],
        [
          "POST",
          "/api/users/bulk/create",
          { users: [newUser("buyer"), newUser("buyer", { firstName: " " })] },
          "E2040"
        ],
        ["GET", "/api/users?limit=7", undefined, "E2003"],
        ["GET", "/api/users?filter=%7Bnope", undefined, "E2006"],
        ["GET", "/api/users/approvers/payroll", undefined, "E2006"],
        ["POST", "/api/roles", { code: "Bad Code", name: { en: "x", ar: "x" }, privileges: [] }, "E2006"],
        [
          "POST",
          "/api/themes",
          { theme: { ...defaultTheme, colors: [{ name: "x", variable: "--x", value: "red;}body{", editable: true }] } },
          "E2006"
        ],
        ["POST", "/api/org_settings", { adminConfig: { dateFormat: "lunar" } }, "E2006"]
      ] as const
      for (const [method, path, body, code] of cases) {
        const answer = await call(method, path, admin, body)
        expect(`${method} ${path} ${answer.status} ${answer.body?.error?.code}`).toBe(`${method} ${path} 400 ${code}`)
      }
      const arabic = await call("POST", "/api/users", admin, newUser("buyer", { roles: ["chief_of_everything"] }), "ar")
      // The code a user typed is isolated, so its Latin letters never reorder the Arabic sentence.
      expect(arabic.body.error.message).toBe("الدور '\u2068chief_of_everything\u2069' غير موجود في هذه المنظمة.")
      // A bulk create names the refused row, its field and the problem, all in the request's language.
      const row = await call(
        "POST",
        "/api/users/bulk/create",
        admin,
        { users: [newUser("buyer"), newUser("buyer", { email: "not-an-email" })] },
        "ar"
      )
      expect([row.status, row.body.error.code, withoutIsolates(row.body.error.message)]).toEqual([
        400,
        "E2040",
        "يرجى مراجعة الصف 2، البريد الإلكتروني: القيمة ليست عنوان بريد إلكتروني."
      ])
      const english = await call("POST", "/api/users", admin, newUser("buyer", { phone: "05x" }))
      expect(withoutIsolates(english.body.error.message)).toBe("Please check Phone: a phone number has 6 to 20 digits.")
      const rule = await call("POST", "/api/roles", admin, {
        code: "org_basic_user",
        name: { en: "x", ar: "x" },
        privileges: []
      })
      expect([rule.status, rule.body.error.code]).toEqual([422, "E6060"])
    })

    it("creates, updates against the version read, lists with the status list, and deletes, with SPEC.md §8's notices", async () => {
      const admin = tokens.org_super_user
      const created = await call(
        "POST",
        "/api/users",
        admin,
        newUser("buyer", { firstName: "Yasmin", roles: [demoCustomRole.code], position: "Auditor" })
      )
      expect(created.body.message).toBe("User Created Successfully")
      const user = created.body.user
      expect([user.status, user.blocked, user.version, user.roles]).toEqual(["ACTIVE", false, 1, [demoCustomRole.code]])
      const bulk = await call(
        "POST",
        "/api/users/bulk/create",
        admin,
        { users: [newUser("buyer"), newUser("buyer")] },
        "ar"
      )
      expect([bulk.body.message, bulk.body.users.length]).toEqual(["تم إنشاء المستخدمين بنجاح", 2])
      const taken = await call("POST", "/api/users", admin, newUser("buyer", { email: accounts.vendor }))
      expect([taken.status, taken.body.error.code]).toEqual([409, "E5002"])
      // Another organisation's email: refused without naming it, and audited, so probing for accounts shows.
      expect(taken.body.error.message).not.toMatch(/Sahara|vendor/i)
      const refusals = await server.app.runtime.runPromise(
        Effect.flatMap(SqlClient.SqlClient, (sql) =>
          sql<{ detail: Record<string, string> }>`
            SELECT detail FROM audit_log WHERE event = 'access.refused' AND org_id = ${demoOrganisations.buyer.id}
            ORDER BY id DESC LIMIT 1`.pipe(Effect.orDie)
        )
      )
      expect(refusals[0]?.detail).toEqual({ reason: "EmailTaken", users: "1" })
      const updated = await call("PUT", "/api/users", admin, { id: user.id, version: 1, lastName: "Qasim" })
      expect([updated.body.message, updated.body.user.lastName, updated.body.user.version]).toEqual([
        "User Updated Successfully",
        "Qasim",
        2
      ])
      const stale = await call("PUT", "/api/users", admin, { id: user.id, version: 1, lastName: "Late" })
      expect([stale.status, stale.body.error.code]).toEqual([409, "E5001"])
      const status = await call("PUT", `/api/users/status/${user.id}`, admin, { status: "INACTIVE" })
      expect([status.body.message, status.body.user.status]).toEqual(["User status changed successfully", "INACTIVE"])
      const table = await call("GET", "/api/users/list-table?search=Yasmin", admin)
      expect(table.body.users.map((u: { id: string }) => u.id)).toEqual([user.id])
      expect(table.body.statusList).toEqual([
        { status: "ACTIVE", count: 0 },
        { status: "INACTIVE", count: 1 },
        { status: "BLOCKED", count: 0 }
      ])
      const inactive = await call(
        "GET",
        `/api/users?filter=${encodeURIComponent('{"status":"INACTIVE"}')}&search=Yasmin`,
        admin
      )
      expect(inactive.body.totalCount).toBe(1)
      const reset = await call("POST", `/api/users/reset-password/${demoUsers[1].id}`, admin)
      expect(reset.body.message).toBe("Reset password email sent successfully.")
      const self = await call("DELETE", `/api/users/${demoUsers[0].id}`, admin)
      expect([self.status, self.body.error.code]).toEqual([422, "E6061"])
      const removed = await call("DELETE", `/api/users/${user.id}`, admin)
      expect(removed.body.message).toBe("User Deleted Successfully")
      expect((await call("GET", `/api/users/${user.id}`, admin)).status).toBe(404)
    })

    it("creates once per Idempotency-Key: a retry answers the first user, another payload is refused", async () => {
      const admin = tokens.org_super_user
      const post = (body: unknown, key: string) =>
        fetch(`${server.url}/api/users`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${admin}`, "idempotency-key": key },
          body: JSON.stringify(body)
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }))
      const key = crypto.randomUUID()
      const body = newUser("buyer", { firstName: "Once" })
      const first = await post(body, key)
      const retry = await post(body, key)
      expect([first.status, retry.status]).toEqual([200, 200])
      expect(retry.body).toEqual(first.body)
      const other = await post(newUser("buyer"), key)
      expect([other.status, other.body.error.code]).toEqual([422, "E6062"])
      const listed = await call("GET", `/api/users?search=${encodeURIComponent(body.email)}`, admin)
      expect(listed.body.totalCount).toBe(1)
      const refused = await post(newUser("buyer", { roles: ["nope"] }), `${key}-2`)
      expect(refused.body.error.code).toBe("E2010")
      const fixed = await post(newUser("buyer"), `${key}-2`)
      expect(fixed.status).toBe(200)
    })

    it("lets a user see and change their own profile, and nobody else's without usr_r_o", async () => {
      const buyer = tokens.org_basic_user
      const own = await call("GET", `/api/users/user-profile/${demoUsers[1].id}`, buyer)
      expect([own.status, own.body.email]).toEqual([200, accounts.buyer])
      const other = await call("GET", `/api/users/user-profile/${demoUsers[0].id}`, buyer)
      expect([other.status, other.body.error.code]).toEqual([403, "E3002"])
      const changed = await call("PUT", "/api/auth/userprofile", buyer, {
        user: { position: "Site buyer", phone: "966500000001" },
        receiveNotifications: false
      })
      expect([changed.body.message, changed.body.user.position, changed.body.user.receiveNotifications]).toEqual([
        "Updated User Profile Successfully",
        "Site buyer",
        false
      ])
      const alerts = await call("PUT", "/api/auth/userEmailAlerts", buyer, { emailAlerts: false })
      expect(alerts.body.user.emailAlerts).toBe(false)
    })

    it("turns a module off for the organisation and the server refuses its routes with E3003", async () => {
      const admin = tokens.org_super_user
      const before = await call("GET", `/api/org_settings/${demoOrganisations.buyer.id}`, admin)
      expect(before.body.currency).toBe("SAR")
      expect(before.body.orgConfig.adminConfig.dateFormat).toBe("european")
      const modules = before.body.modules.map((m: { code: string; config: { enabled: boolean } }) =>
        m.code === "users" ? { ...m, config: { enabled: false } } : m
      )
      const off = await call("POST", "/api/org_settings", admin, { version: before.body.version, modules })
      expect(off.status).toBe(200)
      const refused = await call("GET", "/api/users", admin)
      expect([refused.status, refused.body.error.code, refused.body.error.message]).toEqual([
        403,
        "E3003",
        "You do not have access to this module"
      ])
      const stale = await call("POST", "/api/org_settings", admin, { version: before.body.version, name: "Late" })
      expect([stale.status, stale.body.error.code]).toEqual([409, "E5001"])
      const on = await call("POST", "/api/org_settings", admin, { modules: before.body.modules })
      expect(on.status).toBe(200)
      expect((await call("GET", "/api/users", admin)).status).toBe(200)
      const pkg = await call("GET", "/api/auth/package", admin)
      expect(pkg.body.orgSettings.modules.find((m: { code: string }) => m.code === "users").config.enabled).toBe(true)
    })

    it("gives a user the privileges of a custom role the organisation composed", async () => {
      const admin = tokens.org_super_user
      const role = await call("POST", "/api/roles", admin, {
        code: "user_reader",
        name: { en: "User Reader", ar: "قارئ المستخدمين" },
        privileges: ["usr_r_o"]
      })
      expect(role.status).toBe(200)
      const approverId = demoUsers[2].id
      const current = await call("GET", `/api/users/${approverId}`, admin)
      const granted = await call("PUT", "/api/users", admin, {
        id: approverId,
        version: current.body.version,
        roles: [...current.body.roles, "user_reader"]
      })
      expect(granted.status).toBe(200)
      const token = await signIn(server.url, accounts.approver)
      expect((await call("GET", "/api/users", token)).status).toBe(200)
      expect((await call("POST", "/api/users", token, newUser("buyer"))).body.error.code).toBe("E3002")
      const iam = await call("GET", "/api/auth/iam", token)
      expect(iam.body.policies).toContain("usr_r_o")
      expect(iam.body.profile.roles).toContainEqual({ code: "user_reader", roleName: "User Reader" })
      const back = await call("PUT", "/api/users", admin, {
        id: approverId,
        version: granted.body.user.version,
        roles: current.body.roles
      })
      expect(back.status).toBe(200)
    })

    it("blocking a user ends their sessions: their token answers 401, also after they are activated again", async () => {
      const admin = tokens.org_super_user
      const approverId = demoUsers[2].id
      const token = await signIn(server.url, accounts.approver)
      expect((await call("GET", "/api/notification/countUnRead", token)).status).toBe(200)
      const blocked = await call("PUT", `/api/users/status/${approverId}`, admin, { status: "INACTIVE", blocked: true })
      expect([blocked.body.user.status, blocked.body.user.blocked]).toEqual(["BLOCKED", true])
      expect((await call("GET", "/api/notification/countUnRead", token)).status).toBe(401)
      const login = await call("POST", "/api/auth/login", undefined, {
        email: accounts.approver,
        password: accounts.password
      })
      expect([login.status, login.body.error.code]).toEqual([403, "E1010"])
      const active = await call("PUT", `/api/users/status/${approverId}`, admin, { status: "ACTIVE", blocked: true })
      expect([active.body.user.status, active.body.user.blocked]).toEqual(["ACTIVE", false])
      expect((await call("GET", "/api/notification/countUnRead", token)).status).toBe(401)
      const again = await signIn(server.url, accounts.approver)
      expect((await call("GET", "/api/notification/countUnRead", again)).status).toBe(200)
    })

    it("writes who changed which user, and every refused access, to the audit log with the address", async () => {
      await call("GET", "/api/users", tokens.org_basic_user)
      const events = await server.app.runtime.runPromise(
        inTenant(demoOrganisations.buyer.id)(
          Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
            sql<{ event: string; actor_id: string; address: string | null; detail: Record<string, string> }>`
              SELECT event, actor_id, address, detail FROM audit_log ORDER BY id`.pipe(Effect.orDie)
          )
        )
      )
      const blocked = events.find(
        (e) =>
          e.event === "user.status_changed" && e.detail["userId"] === demoUsers[2].id && e.detail["to"] === "BLOCKED"
      )
      expect(blocked).toMatchObject({ actor_id: demoUsers[0].id, detail: { userId: demoUsers[2].id, from: "ACTIVE" } })
      expect(blocked?.address).toMatch(/127\.0\.0\.1/)
      const refused = events.filter((e) => e.event === "access.refused" && e.actor_id === demoUsers[1].id)
      expect(refused.at(-1)?.detail).toEqual({ method: "GET", path: "/api/users", reason: "InsufficientPrivileges" })
      for (const event of [
        "user.created",
        "user.updated",
        "user.deleted",
        "user.reset_sent",
        "role.saved",
        "settings.updated",
        "theme.saved"
      ]) {
        expect(events.map((e) => e.event)).toContain(event)
      }
    })
  })
}
