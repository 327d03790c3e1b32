import { assert, describe, it } from "@effect/vitest"
import fc from "fast-check"
import { defaultRolePrivileges, privilegesOfRoles } from "./DefaultRoles.ts"
import { invalidPrivileges, isSystemRoleCode, privilegesWithCustomRoles, systemRoles } from "./OrgRole.ts"

describe("OrgRole", () => {
  it("names every built-in role in English and Arabic, with its default privileges", () => {
    assert.deepStrictEqual(systemRoles.map((r) => r.code).sort(), Object.keys(defaultRolePrivileges).sort())
    for (const role of systemRoles) {
      assert.isTrue(role.system)
      assert.notStrictEqual(role.name.en, role.code)
      assert.match(role.name.ar, /\p{Script=Arabic}/u)
      assert.deepStrictEqual(role.privileges, privilegesOfRoles([role.code]))
    }
  })

  it("gives a custom role's privileges for its code, and the defaults for every other code", () => {
    const custom = [{ code: "finance_auditor", privileges: ["rep_r_o", "bil_r_o"] }]
    assert.deepStrictEqual(privilegesWithCustomRoles(["finance_auditor"], custom), ["bil_r_o", "rep_r_o"])
    assert.deepStrictEqual(privilegesWithCustomRoles(["request_approver", "finance_auditor"], custom), [
      "bil_r_o",
      "rep_r_o",
      "req_r_w"
    ])
    assert.deepStrictEqual(privilegesWithCustomRoles(["nobody_knows"], custom), [])
  })

  it("without custom roles, is the default matrix", () => {
    const codes = fc.array(fc.constantFrom(...Object.keys(defaultRolePrivileges), "site_basic_user", "unknown"))
    fc.assert(
      fc.property(codes, (roles) => {
        assert.deepStrictEqual(privilegesWithCustomRoles(roles, []), privilegesOfRoles(roles))
      })
    )
  })

  it("tells built-in role codes and privilege codes apart from anything else", () => {
    assert.isTrue(isSystemRoleCode("org_super_user"))
    assert.isTrue(isSystemRoleCode("acme_super_admin"))
    assert.isFalse(isSystemRoleCode("finance_auditor"))
    assert.deepStrictEqual(invalidPrivileges(["req_c_u", "req_x_u", "drop table"]), ["req_x_u", "drop table"])
  })
})
