import { describe, expect, it } from "vitest"
import { createMenuItems } from "./CreateMenu.ts"
import { defaultRolePrivileges, privilegesOfRole, privilegesOfRoles } from "./DefaultRoles.ts"
import { hasAnyPrivilege, isPrivilegeCode } from "./Privilege.ts"
import { routePrivileges } from "./RoutePrivileges.ts"

describe("the default privilege matrix", () => {
  it("grants only well-formed privilege codes", () => {
    for (const [role, privileges] of Object.entries(defaultRolePrivileges)) {
      for (const p of privileges) expect(isPrivilegeCode(p), `${role}: ${p}`).toBe(true)
    }
  })

  it("opens every route of the §6 table and every Create menu item to the organisation's super user", () => {
    const held = privilegesOfRoles(["org_super_user"])
    for (const [route, rule] of Object.entries(routePrivileges)) {
      if (route === "orgs") continue
      expect(hasAnyPrivilege(held, rule.privileges), route).toBe(true)
    }
    for (const item of createMenuItems) expect(hasAnyPrivilege(held, item.privileges), item.key ?? "").toBe(true)
    expect(held).not.toContain("org_c_o")
  })

  it("lets only a product's super admin create organisations", () => {
    expect(privilegesOfRole("tawreed_super_admin")).toContain("org_c_o")
    expect(
      hasAnyPrivilege(privilegesOfRoles(["org_super_user", "workspaces_admin"]), routePrivileges["orgs"]!.privileges)
    ).toBe(false)
  })

  it("lets a basic user raise requests but keeps settings, budgets and vendors from them", () => {
    const held = privilegesOfRoles(["org_basic_user"])
    expect(hasAnyPrivilege(held, ["req_c_u", "req_c_w"])).toBe(true)
    for (const route of ["settings", "budgets", "vendors", "payments", "catalogs-admin"]) {
      expect(hasAnyPrivilege(held, routePrivileges[route]!.privileges), route).toBe(false)
    }
    expect(privilegesOfRole("acme_basic_user")).toEqual(privilegesOfRole("org_basic_user"))
  })

  it("widens from viewer to manager to admin within the user's workspaces", () => {
    const viewer = new Set(privilegesOfRole("workspaces_viewer"))
    const manager = new Set(privilegesOfRole("workspaces_manager"))
    const admin = new Set(privilegesOfRole("workspaces_admin"))
    for (const p of viewer) expect(manager.has(p), p).toBe(true)
    for (const p of manager) expect(admin.has(p), p).toBe(true)
    expect(viewer.has("ord_c_w")).toBe(false)
    expect(manager.has("ord_c_w")).toBe(true)
    expect(manager.has("ord_d_w")).toBe(false)
    expect(admin.has("ord_d_w")).toBe(true)
    for (const p of admin) expect(p.endsWith("_o") ? p.endsWith("_r_o") : true, p).toBe(true)
  })

  it("gives unknown roles nothing, and each privilege once", () => {
    expect(privilegesOfRole("nobody")).toEqual([])
    const both = privilegesOfRoles(["org_basic_user", "org_basic_user", "request_approver"])
    expect(new Set(both).size).toBe(both.length)
  })
})
