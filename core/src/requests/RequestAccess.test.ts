import { assert, describe, it } from "@effect/vitest"
import {
  defaultAdminConfig,
  defaultGeneralConfig,
  defaultModules,
  moduleConfig,
  OrgSettings
} from "../organisations/OrgSettings.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { mayActOn, requestTypeAllowed } from "./RequestAccess.ts"
import { RequestType } from "./Request.ts"

describe("request access", () => {
  it("lets _o act anywhere, _w inside the actor's workspaces, and _u on their own requests", () => {
    const member = (privileges: ReadonlyArray<string>, own = false) => ({ privileges, inWorkspace: privileges, own })
    const stranger = (privileges: ReadonlyArray<string>, own = false) => ({ privileges, inWorkspace: undefined, own })
    assert.isTrue(mayActOn(stranger(["req_u_o"]), "u"))
    assert.isTrue(mayActOn(member(["req_u_w"]), "u"))
    assert.isFalse(mayActOn(stranger(["req_u_w"]), "u"))
    assert.isTrue(mayActOn(stranger(["req_u_u"], true), "u"), "their own request, wherever it is")
    assert.isFalse(mayActOn(member(["req_u_u"], false), "u"), "someone else's request")
    assert.isTrue(mayActOn(member(["req_c_u"], true), "c"), "raising one's own request where one works")
    assert.isFalse(mayActOn(stranger(["req_c_u"], true), "c"), "raising one where one does not")
    assert.isFalse(mayActOn(member(["req_r_o"]), "u"), "reading is not changing")
    assert.isTrue(mayActOn(member(["rfq_c_w"], true), "c", "rfq"))
    assert.isFalse(mayActOn(member(["req_c_w"], true), "c", "rfq"))
  })

  it("raises each kind only where the organisation's settings and plan allow it", () => {
    const settings = (
      admin: Partial<typeof defaultAdminConfig>,
      general: Partial<typeof defaultGeneralConfig>,
      features = {}
    ) =>
      new OrgSettings({
        id: "org" as OrgId,
        orgCode: "org",
        orgName: "Org",
        orgType: "buyer",
        orgLogo: null,
        currency: "SAR",
        modules: [
          ...defaultModules("buyer").filter((m) => m.code !== "requests"),
          moduleConfig("requests", true, features)
        ],
        orgConfig: {
          adminConfig: { ...defaultAdminConfig, ...admin },
          generalConfig: { ...defaultGeneralConfig, ...general }
        },
        profile: {},
        version: 1
      })
    const allowed = (s: OrgSettings) => RequestType.literals.filter((t) => requestTypeAllowed(s, t))
    assert.deepStrictEqual(allowed(settings({}, {})), ["inventory", "product", "service"])
    assert.deepStrictEqual(allowed(settings({}, { expensesAllowed: true })), [
      "inventory",
      "product",
      "service",
      "expense"
    ])
    assert.deepStrictEqual(
      allowed(settings({ reimbursementAllowed: true }, {})),
      ["inventory", "product", "service"],
      "a reimbursement is an expense: the plan must allow expenses"
    )
    assert.deepStrictEqual(
      allowed(
        settings(
          { reimbursementAllowed: true, enableRfp: true },
          { expensesAllowed: true },
          { allowRequestForContract: true }
        )
      ),
      [...RequestType.literals]
    )
  })
})
