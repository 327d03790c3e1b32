import { describe, expect, it } from "vitest"
import { privilegesOfRole, type ModuleSetting } from "@tawreed/core/access"
import { privilegesInWorkspace } from "@tawreed/core/workspaces"
import { admitPage, guardPage, isPrivilegeRefusal, refusalOfPage } from "./guard.ts"

const enabled = (code: string): ModuleSetting => ({ code, config: { enabled: true } })
const disabled = (code: string): ModuleSetting => ({ code, config: { enabled: false } })
const settings = (modules: ReadonlyArray<ModuleSetting>, scaCommunity = false) => ({ modules, scaCommunity })

describe("the page guard", () => {
  it("lets anyone signed in open the action board and the profile", () => {
    expect(guardPage("/en/actionboard", "en", [], settings([]))).toEqual({ _tag: "Allow" })
    expect(guardPage("/ar/user-profile", "ar", [], undefined)).toEqual({ _tag: "Allow" })
  })

  it("sends a module the organisation has not enabled to the auth-error page with 403", () => {
    expect(guardPage("/en/orders/orders", "en", ["ord_r_o"], settings([disabled("orders")]))).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&reason=module&from=%2Fen%2Forders%2Forders"
    })
    expect(guardPage("/en/orders/orders", "en", ["ord_r_o"], settings([enabled("orders")]))).toEqual({ _tag: "Allow" })
  })

  it("guards contracts by the contracts module and the vendors' privileges, though they sit under orders", () => {
    expect(guardPage("/en/orders/contracts", "en", ["ven_r_o"], settings([enabled("contracts")]))).toEqual({
      _tag: "Allow"
    })
    expect(guardPage("/en/orders/contracts", "en", ["ven_r_o"], settings([enabled("orders")]))).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&reason=module&from=%2Fen%2Forders%2Fcontracts"
    })
    expect(guardPage("/ar/orders/contracts/create", "ar", ["ord_c_o"], undefined)).toEqual({
      _tag: "Redirect",
      to: "/ar/auth-error?type=403&from=%2Far%2Forders%2Fcontracts%2Fcreate"
    })
  })

  it("lets requests through whatever the module settings say", () => {
    expect(guardPage("/ar/requests", "ar", [], settings([disabled("requests")]))).toEqual({ _tag: "Allow" })
  })

  it("checks privileges after the module, and follows a route's own redirect", () => {
    expect(guardPage("/en/budgets", "en", [], settings([enabled("budgets")]))).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&from=%2Fen%2Fbudgets"
    })
    expect(guardPage("/ar/catalogs-admin", "ar", ["cat_r_o"], settings([enabled("catalogs")]))).toEqual({
      _tag: "Redirect",
      to: "/ar/catalogs"
    })
  })

  it("lets a budget change's approvers without budgets privileges open it, behind the budgets module", () => {
    expect(guardPage("/en/budgets/changes/abc", "en", [], settings([enabled("budgets")]))).toEqual({ _tag: "Allow" })
    expect(guardPage("/en/budgets/list", "en", [], settings([enabled("budgets")]))).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&from=%2Fen%2Fbudgets%2Flist"
    })
    expect(guardPage("/en/budgets/changes/abc", "en", [], settings([disabled("budgets")]))).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&reason=module&from=%2Fen%2Fbudgets%2Fchanges%2Fabc"
    })
  })

  it("checks only privileges while the organisation's settings are not stored", () => {
    expect(guardPage("/en/budgets", "en", ["bdg_r_o"], undefined)).toEqual({ _tag: "Allow" })
    expect(guardPage("/en/budgets", "en", [], undefined)).toEqual({
      _tag: "Redirect",
      to: "/en/auth-error?type=403&from=%2Fen%2Fbudgets"
    })
  })

  it("sends the SCA community to catalogs-admin when its action board is turned off", () => {
    expect(guardPage("/en/actionboard", "en", [], settings([disabled("actionboard")], true))).toEqual({
      _tag: "Redirect",
      to: "/en/catalogs-admin"
    })
    expect(guardPage("/en/actionboard", "en", [], settings([disabled("actionboard")], false))).toEqual({
      _tag: "Allow"
    })
  })

  it("opens the budgets list to a workspace member whose role there reads budgets, as the API's use case does", () => {
    const own = privilegesOfRole("org_basic_user")
    const refused = guardPage("/en/budgets/list", "en", own, settings([enabled("budgets")]))
    expect(refused._tag === "Redirect" && isPrivilegeRefusal(refused.to)).toBe(true)
    const inWorkspace = privilegesInWorkspace(own, "workspaces_viewer")
    expect(guardPage("/en/budgets/list", "en", inWorkspace, settings([enabled("budgets")]))).toEqual({ _tag: "Allow" })
  })

  it("tells a missing privilege from a module that is off", () => {
    const off = guardPage("/en/budgets/list", "en", ["bdg_r_o"], settings([disabled("budgets")]))
    expect(off._tag === "Redirect" && isPrivilegeRefusal(off.to)).toBe(false)
    const missing = guardPage("/en/budgets/list", "en", [], settings([enabled("budgets")]))
    const ownRedirect = guardPage("/ar/catalogs-admin", "ar", ["cat_r_o"], settings([enabled("catalogs")]))
    // The audit log names them as the API's use cases do; a route's own redirect refuses nothing.
    expect([off, missing, ownRedirect].map((d) => (d._tag === "Redirect" ? refusalOfPage(d.to) : "allowed"))).toEqual([
      "ModuleNotEnabled",
      "InsufficientPrivileges",
      undefined
    ])
  })

  it("admits a page as the API admits a call, naming each refusal as the API's audit log does", async () => {
    const page = (pathname: string) => ({ pathname, search: "?status=ACTIVE", locale: "en" as const })
    const budgetsOn = settings([enabled("budgets")])
    const asked: Array<string> = []
    const inWorkspaces = (grants: ReadonlyArray<string>) => async (actor: { privileges: ReadonlyArray<string> }) => {
      asked.push(actor.privileges.join(","))
      return grants
    }
    const own = { privileges: privilegesOfRole("org_basic_user") }
    const admitted = await Promise.all([
      admitPage(page("/en/budgets/list"), undefined, budgetsOn, inWorkspaces([])),
      admitPage(page("/en/budgets/list"), own, budgetsOn, inWorkspaces([])),
      admitPage(
        page("/en/budgets/list"),
        own,
        budgetsOn,
        inWorkspaces(privilegesInWorkspace(own.privileges, "workspaces_viewer"))
      ),
      admitPage(
        page("/en/budgets/list"),
        { privileges: ["bdg_r_o"] },
        settings([disabled("budgets")]),
        inWorkspaces([])
      ),
      admitPage(page("/en/budgets/list"), { privileges: ["bdg_r_o"] }, budgetsOn, inWorkspaces([]))
    ])
    expect(admitted).toEqual([
      {
        _tag: "Redirect",
        to: "/en/auth/login?returnUrl=%2Fen%2Fbudgets%2Flist%3Fstatus%3DACTIVE",
        refusal: "SessionRequired"
      },
      {
        _tag: "Redirect",
        to: "/en/auth-error?type=403&from=%2Fen%2Fbudgets%2Flist",
        refusal: "InsufficientPrivileges"
      },
      { _tag: "Allow" },
      {
        _tag: "Redirect",
        to: "/en/auth-error?type=403&reason=module&from=%2Fen%2Fbudgets%2Flist",
        refusal: "ModuleNotEnabled"
      },
      { _tag: "Allow" }
    ])
    // Workspace roles are read only for a refusal on the actor's own privileges.
    expect(asked.length).toBe(2)
  })
})
