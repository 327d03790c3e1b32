import { assert, describe, it } from "@effect/vitest"
import {
  decideRoute,
  loginOnlyRoutes,
  moduleOfPath,
  privilegesForRoute,
  routeKey,
  routePrivileges,
  subRouteRule
} from "./RoutePrivileges.ts"
import type { ModuleSetting } from "./ModuleAccess.ts"

const enabled = (...codes: Array<string>): ReadonlyArray<ModuleSetting> =>
  codes.map((code) => ({ code, config: { enabled: true } }))
const all = enabled(
  "catalogs",
  "orders",
  "grns",
  "bills",
  "payments",
  "budgets",
  "vendors",
  "contracts",
  "reports",
  "markups",
  "inventory",
  "clients",
  "expense_accounts",
  "rfqs"
)

describe("the route → privileges table of SPEC.md §6", () => {
  it("holds every row, expanded", () => {
    const table = Object.fromEntries(
      Object.entries(routePrivileges).map(([route, rule]) => [route, [...rule.privileges].sort()])
    )
    const sorted = (list: Array<string>) => [...list].sort()
    assert.deepStrictEqual(table, {
      "catalogs-admin": sorted(["cat_c_o", "cat_u_o", "cat_d_o", "prd_c_o", "prd_u_o"]),
      markups: ["mar_r_o"],
      "products-admin": sorted(["prd_c_o", "prd_u_o"]),
      rfqs: sorted(["rfq_c_u", "rfq_u_u", "rfq_d_u", "rfq_r_u"]),
      orders: sorted(["ord_r_w", "ord_c_w", "ord_u_w", "ord_r_o", "ord_c_o", "ord_u_o"]),
      grns: sorted(["grn_r_u", "grn_c_u", "grn_u_u", "grn_r_w", "grn_c_w", "grn_u_w", "grn_r_o", "grn_c_o", "grn_u_o"]),
      bills: sorted([
        "crd_r_o",
        "crd_c_o",
        "crd_u_o",
        "crd_d_o",
        "bil_ex_r_o",
        "bil_ex_c_o",
        "bil_ex_u_o",
        "bil_ex_d_o",
        "bil_r_w",
        "bil_c_w",
        "bil_u_w",
        "bil_r_o",
        "bil_c_o",
        "bil_u_o"
      ]),
      payments: sorted(["pay_r_w", "pay_c_w", "pay_u_w", "pay_r_o", "pay_c_o", "pay_u_o"]),
      budgets: sorted(["bdg_r_o", "bdg_c_o", "bdg_u_o", "bdg_r_w", "bdg_c_w", "bdg_u_w"]),
      vendors: sorted(["ven_r_o", "ven_c_o", "ven_u_o"]),
      contracts: sorted(["ven_r_o", "ven_c_o", "ven_u_o"]),
      reports: sorted([
        "rep_r_w",
        "rep_c_w",
        "rep_u_w",
        "rep_d_w",
        "rep_r_o",
        "rep_c_o",
        "rep_u_o",
        "rep_d_o",
        "ven_r_o"
      ]),
      orgs: ["org_c_o"],
      "expense-accounts": sorted(["exp_c_o", "exp_u_o", "exp_d_o", "exp_r_o"]),
      settings: sorted(["usr_r_o", "usr_c_o", "usr_u_o", "ost_c_o", "ost_u_o"]),
      inventory: sorted(["inv_r_o", "inv_c_o", "inv_u_o", "inv_c_w", "inv_u_w", "inv_r_w"]),
      clients: sorted(["cli_c_o", "cli_r_o", "cli_u_o"])
    })
    assert.strictEqual(routePrivileges["catalogs-admin"]?.redirect, "catalogs")
  })

  it("lists the login-only routes", () => {
    assert.deepStrictEqual([...loginOnlyRoutes].sort(), [
      "chat",
      "customers",
      "dashboard",
      "e-invoice",
      "gdn-vendor",
      "invoice-vendor",
      "order-vendor",
      "payment-vendor",
      "rfq-vendor",
      "user-profile"
    ])
  })
})

describe("deciding a route", () => {
  const user = (privileges: Array<string>, modules = all) => ({ loggedIn: true, privileges, modules })

  it("reads the route from a localised path", () => {
    assert.strictEqual(routeKey("/en/orders/offers?x=1"), "orders")
    assert.strictEqual(routeKey("/ar/"), "actionboard")
    assert.deepStrictEqual(privilegesForRoute("/en/markups"), ["mar_r_o"])
  })

  it("opens a route for any one of its privileges", () => {
    assert.deepStrictEqual(decideRoute("/en/orders", user(["ord_r_w"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/orders", user(["ord_r_u"])), {
      _tag: "Deny",
      errorType: 403,
      reason: "InsufficientPrivileges"
    })
  })

  it("sends a user without catalog-admin privileges to catalogs", () => {
    assert.deepStrictEqual(decideRoute("/en/catalogs-admin", user([])), { _tag: "Redirect", to: "catalogs" })
  })

  it("asks for a login first, except on public routes", () => {
    assert.deepStrictEqual(decideRoute("/en/user-profile", { loggedIn: false, privileges: [], modules: [] }), {
      _tag: "Deny",
      errorType: 401,
      reason: "SignInRequired"
    })
    assert.deepStrictEqual(decideRoute("/en/guest", { loggedIn: false, privileges: [], modules: [] }), {
      _tag: "Allow"
    })
    assert.deepStrictEqual(decideRoute("/en/chat", user([])), { _tag: "Allow" })
  })

  it("asks the settings screens for the privileges of what they show", () => {
    const denied = { _tag: "Deny", errorType: 403, reason: "InsufficientPrivileges" } as const
    assert.deepStrictEqual(decideRoute("/en/settings/users", user(["ost_u_o"])), denied)
    assert.deepStrictEqual(decideRoute("/ar/settings/users/0b0e?page=2", user(["usr_r_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/settings/users/create", user(["usr_r_o"])), denied)
    assert.deepStrictEqual(decideRoute("/en/settings/users/create", user(["usr_c_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/settings/theme", user(["usr_r_o"])), denied)
    assert.deepStrictEqual(decideRoute("/en/settings/theme", user(["ost_u_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/settings/outbox", user(["usr_r_o"])), denied)
    // The settings row of SPEC.md §6 still applies first: reading settings alone does not open them.
    assert.deepStrictEqual(decideRoute("/en/settings/org-info", user(["ost_r_o"])), denied)
    assert.deepStrictEqual(decideRoute("/en/settings", user(["ost_c_o"])), { _tag: "Allow" })
    assert.strictEqual(subRouteRule("/en/settings"), undefined)
    assert.deepStrictEqual(subRouteRule("/en/settings/users/create")?.privileges, ["usr_c_o"])
  })

  it("opens one budget change to anyone signed in, while the rest of budgets asks for a budgets privilege", () => {
    assert.deepStrictEqual(decideRoute("/en/budgets/changes/abc", user([])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/ar/budgets/changes/abc?from=actionboard", user(["ord_r_o"])), {
      _tag: "Allow"
    })
    assert.deepStrictEqual(decideRoute("/en/budgets/list", user([])), {
      _tag: "Deny",
      errorType: 403,
      reason: "InsufficientPrivileges"
    })
    assert.deepStrictEqual(decideRoute("/en/budgets/details/abc", user(["ord_r_o"])), {
      _tag: "Deny",
      errorType: 403,
      reason: "InsufficientPrivileges"
    })
    assert.deepStrictEqual(decideRoute("/en/budgets/list", user(["bdg_r_o"])), { _tag: "Allow" })
    // A workspace role's bdg_r_w opens the list too; the budgets use case shows that workspace's budgets only.
    assert.deepStrictEqual(decideRoute("/en/budgets/list", user(["bdg_r_w"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/budgets/changes/abc", user([], enabled("orders"))), {
      _tag: "Deny",
      errorType: 403,
      reason: "ModuleNotEnabled"
    })
    assert.deepStrictEqual(decideRoute("/en/budgets/changes/abc", { loggedIn: false, privileges: [], modules: all }), {
      _tag: "Deny",
      errorType: 401,
      reason: "SignInRequired"
    })
    assert.deepStrictEqual(privilegesForRoute("/en/budgets/changes/abc"), [])
    assert.deepStrictEqual([...privilegesForRoute("/en/budgets/list")].sort(), [
      "bdg_c_o",
      "bdg_c_w",
      "bdg_r_o",
      "bdg_r_w",
      "bdg_u_o",
      "bdg_u_w"
    ])
  })

  it("guards contracts under the orders route by the vendors' privileges and the contracts module, not ord_*", () => {
    const denied = { _tag: "Deny", errorType: 403, reason: "InsufficientPrivileges" } as const
    const moduleOff = { _tag: "Deny", errorType: 403, reason: "ModuleNotEnabled" } as const
    // An orders privilege opens the orders but not the contracts; a vendors privilege the contracts but not the orders.
    assert.deepStrictEqual(decideRoute("/en/orders/contracts", user(["ord_r_o", "ord_c_o"])), denied)
    assert.deepStrictEqual(decideRoute("/en/orders/orders", user(["ord_r_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/ar/orders/contracts?status=CONTRACT_ACTIVE", user(["ven_r_o"])), {
      _tag: "Allow"
    })
    assert.deepStrictEqual(decideRoute("/en/orders/contracts/abc", user(["ven_u_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute("/en/orders/orders", user(["ven_r_o"])), denied)
    // Creating one asks for ven_c_o.
    assert.deepStrictEqual(decideRoute("/en/orders/contracts/create", user(["ven_r_o", "ven_u_o"])), denied)
    assert.deepStrictEqual(decideRoute("/en/orders/contracts/create", user(["ven_c_o"])), { _tag: "Allow" })
    // The contracts module decides, whatever the orders module says.
    assert.deepStrictEqual(decideRoute("/en/orders/contracts", user(["ven_r_o"], enabled("contracts"))), {
      _tag: "Allow"
    })
    assert.deepStrictEqual(decideRoute("/en/orders/contracts", user(["ven_r_o"], enabled("orders"))), moduleOff)
    assert.deepStrictEqual(decideRoute("/en/orders/orders", user(["ord_r_o"], enabled("contracts"))), moduleOff)
    // One contract opens to anyone signed in where contracts are on (its approvers hold no vendors privilege);
    // `Contracts.get` decides who sees it. Its edit page under it too: the page asks for ven_u_o itself.
    const contract = "/en/orders/contracts/0b0e6a1c-3c1d-4c55-9f1e-2f6d1a7b9c10"
    assert.deepStrictEqual(decideRoute(contract, user([])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute(`${contract}/edit`, user(["ord_r_o"])), { _tag: "Allow" })
    assert.deepStrictEqual(decideRoute(contract, user([], enabled("orders"))), moduleOff)
    assert.deepStrictEqual(privilegesForRoute(contract), [])
    // Whatever is not an id stays behind the list's rule.
    assert.deepStrictEqual(decideRoute("/en/orders/contracts/abc", user([])), denied)
    assert.strictEqual(moduleOfPath("/en/orders/contracts/abc"), "contracts")
    assert.strictEqual(moduleOfPath("/en/orders/orders"), "orders")
    assert.deepStrictEqual([...privilegesForRoute("/en/orders/contracts")].sort(), ["ven_c_o", "ven_r_o", "ven_u_o"])
  })

  it("refuses a module that is not enabled, but never requests", () => {
    assert.deepStrictEqual(decideRoute("/en/orders", user(["ord_r_o"], enabled("catalogs"))), {
      _tag: "Deny",
      errorType: 403,
      reason: "ModuleNotEnabled"
    })
    assert.deepStrictEqual(decideRoute("/en/requests", user([], [])), { _tag: "Allow" })
  })
})
