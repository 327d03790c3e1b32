import { describe, expect, it } from "vitest"
import { privilegesOfRole, type ModuleSetting } from "@tawreed/core/access"
import { privilegesInWorkspace } from "@tawreed/core/workspaces"
import { guardPage } from "../server/guard.ts"
import {
  builtModules,
  cartButtons,
  createMenuSections,
  plainCreateMenuSettings,
  sidebarEntries,
  type BuiltModule,
  type ShellAccess
} from "./registry.ts"

const on = (code: string, features: Record<string, boolean> = {}): ModuleSetting => ({
  code,
  config: { enabled: true },
  features
})
const off = (code: string): ModuleSetting => ({ code, config: { enabled: false } })

/** A registry as it will look once orders and catalogs are built. */
const later: ReadonlyArray<BuiltModule> = [
  ...builtModules.filter((m) => m.code !== "catalogs" && m.code !== "orders"),
  {
    code: "orders",
    route: "orders/orders",
    icon: "orders",
    label: { en: "Orders", ar: "أوامر الشراء" },
    privileges: ["ord_r_o", "ord_c_o"],
    createRoutes: ["/orders/create/info"]
  },
  {
    code: "catalogs",
    route: "catalogs",
    icon: "catalogs",
    label: { en: "Catalogs", ar: "الكتالوجات" },
    privileges: [],
    createRoutes: ["/catalogs-admin/create/info", "/products-admin/create/info"],
    carts: true
  }
]

const access = (
  privileges: ReadonlyArray<string>,
  modules: ReadonlyArray<ModuleSetting>,
  roles = ["org_basic_user"]
): ShellAccess => ({
  privileges,
  roles,
  modules,
  environment: "production",
  beta: false
})

const allModules = [on("requests"), on("orders", { enableDirectOrder: true }), on("catalogs")]

const itemsOf = (sections: ReturnType<typeof createMenuSections>) =>
  sections.map((s) => `${s.group}: ${s.items.map((i) => i.key).join(", ")}`)

describe("the CREATE menu", () => {
  it("lists only items whose create route a built module serves, whatever the privileges", () => {
    expect(itemsOf(createMenuSections(access(["req_c_u", "ord_c_o", "cat_c_o", "prd_c_o"], allModules)))).toEqual([
      "requests: request",
      "orders: purchaseOrder",
      "products: catalog, product"
    ])
    expect(createMenuSections(access(["bdg_c_o", "bdg_u_o"], [on("budgets")]))).toEqual([])
  })

  it("offers the request kinds the organisation raises, each on its own create page", () => {
    const modules = [on("requests", { allowExpenseRequest: true, allowRequestForContract: true }), on("rfqs")]
    const settings = { ...plainCreateMenuSettings, enableRfp: true, expensesAllowed: true, reimbursementAllowed: true }
    const sections = createMenuSections(access(["req_c_u", "rfq_c_o"], modules), settings)
    expect(sections.map((s) => s.items.map((i) => [i.key, i.route]))).toEqual([
      [
        ["request", "/requests/create"],
        ["expenseRequest", "/requests/create/new-expense-request"],
        ["reimbursementRequest", "/requests/create/reimbursement-request"]
      ],
      [
        ["rfp", "/requests/create/proposal-request"],
        ["rfc", "/requests/create/contract-request"]
      ]
    ])
    // Without the organisation's settings, only what its modules and the privileges decide.
    expect(itemsOf(createMenuSections(access(["req_c_u", "rfq_c_o"], modules)))).toEqual([
      "requests: request",
      "sourcing: rfc"
    ])
    expect(itemsOf(createMenuSections(access(["req_c_u", "rfq_c_o"], [on("requests"), on("rfqs")])))).toEqual([
      "requests: request"
    ])
  })

  it("shows each built item the user holds a privilege for, in the groups' order", () => {
    const sections = createMenuSections(
      access(["req_c_u", "ord_c_w", "cat_c_o", "prd_c_o"], allModules),
      plainCreateMenuSettings,
      later
    )
    expect(itemsOf(sections)).toEqual(["requests: request", "orders: purchaseOrder", "products: catalog, product"])
  })

  it("leaves out items without a privilege and groups left empty", () => {
    const sections = createMenuSections(access(["req_c_w"], allModules), plainCreateMenuSettings, later)
    expect(itemsOf(sections)).toEqual(["requests: request"])
    expect(createMenuSections(access([], allModules), plainCreateMenuSettings, later)).toEqual([])
  })

  it("leaves out items of modules the organisation turned off (requests always count as on)", () => {
    const modules = [off("orders"), off("catalogs")]
    const sections = createMenuSections(
      access(["req_c_u", "ord_c_o", "cat_c_o"], modules),
      plainCreateMenuSettings,
      later
    )
    expect(itemsOf(sections)).toEqual(["requests: request"])
  })

  it("needs direct ordering for a purchase order, and hides buying items from vendors", () => {
    const privileges = ["req_c_u", "ord_c_o", "prd_c_o"]
    const noDirect = [on("requests"), on("orders"), on("catalogs")]
    expect(itemsOf(createMenuSections(access(privileges, noDirect), plainCreateMenuSettings, later))).toEqual([
      "requests: request",
      "products: product"
    ])
    const vendor = { ...plainCreateMenuSettings, isVendor: true }
    expect(itemsOf(createMenuSections(access(privileges, allModules), vendor, later))).toEqual(["products: product"])
  })

  it("offers a user to those who create users, on the settings screen built for it", () => {
    const modules = [on("users"), on("settings")]
    const sections = createMenuSections(access(["usr_c_o"], modules))
    expect(sections.map((s) => s.items.map((i) => [i.key, i.route]))).toEqual([[["user", "/settings/users/create"]]])
    expect(createMenuSections(access(["usr_r_o"], modules))).toEqual([])
  })

  it("is hidden from organisation managers", () => {
    const manager = access(["req_c_u", "ord_c_o"], allModules, ["orgs_manager"])
    expect(createMenuSections(manager, plainCreateMenuSettings, later)).toEqual([])
  })
})

describe("the sidebar", () => {
  it("shows the action board before the organisation's modules are stored", () => {
    expect(sidebarEntries(access([], []), "en")).toEqual([
      { code: "actionboard", href: "/en/actionboard", icon: "home", name: "Action board", pages: [] }
    ])
  })

  it("lists a module's own pages each to whoever its guard lets in, and none when one is left", () => {
    const modules: ReadonlyArray<ModuleSetting> = [on("vendors")]
    const vendors = (privileges: ReadonlyArray<string>) =>
      sidebarEntries(access(privileges, modules), "en").find((e) => e.code === "vendors")
    expect(vendors(["ven_r_o", "rep_r_o"])?.pages.map((p) => p.href)).toEqual([
      "/en/vendors",
      "/en/vendors/invited",
      "/en/vendors/reports/vendor",
      "/en/vendors/settings"
    ])
    // The vendor report needs a report privilege on top of the vendors' own.
    expect(vendors(["ven_r_o"])?.pages.map((p) => p.name)).toEqual([
      "All vendors",
      "Invited vendors",
      "Onboarding settings"
    ])
    expect(sidebarEntries(access(["ven_r_o"], modules), "ar").find((e) => e.code === "vendors")?.pages[1]?.name).toBe(
      "الموردون المدعوون"
    )
  })

  it("lists built modules that are enabled and that the user may open, in the page's language", () => {
    const modules: ReadonlyArray<ModuleSetting> = [
      on("requests"),
      { code: "orders", name: { en: "Purchasing", ar: "المشتريات" }, config: { enabled: true } },
      off("catalogs")
    ]
    const entries = sidebarEntries(access(["ord_r_o"], modules), "ar", later)
    expect(entries.map((e) => [e.href, e.name])).toEqual([
      ["/ar/actionboard", "لوحة المهام"],
      ["/ar/orders/orders", "المشتريات"]
    ])
  })

  it("leads to settings those with a settings privilege", () => {
    const modules = [on("settings")]
    expect(sidebarEntries(access(["ost_u_o"], modules), "en").map((e) => [e.href, e.name])).toEqual([
      ["/en/actionboard", "Action board"],
      ["/en/settings", "Settings"]
    ])
    expect(sidebarEntries(access(["ost_r_o"], modules), "en").map((e) => e.code)).toEqual(["actionboard"])
  })

  it("leads to the budgets list those with a budgets privilege, once the organisation enables budgets", () => {
    expect(sidebarEntries(access(["bdg_r_o"], [on("budgets")]), "en").map((e) => [e.href, e.name])).toEqual([
      ["/en/actionboard", "Action board"],
      ["/en/budgets/list", "Budgets"]
    ])
    expect(sidebarEntries(access(["bdg_u_o"], [on("budgets")]), "ar").map((e) => [e.href, e.name])).toEqual([
      ["/ar/actionboard", "لوحة المهام"],
      ["/ar/budgets/list", "الميزانيات"]
    ])
    expect(sidebarEntries(access(["ord_r_o", "wkp_r_o"], [on("budgets")]), "en").map((e) => e.code)).toEqual([
      "actionboard"
    ])
    expect(sidebarEntries(access(["bdg_r_o"], [off("budgets")]), "en").map((e) => e.code)).toEqual(["actionboard"])
    expect(sidebarEntries(access(["bdg_r_o"], []), "en").map((e) => e.code)).toEqual(["actionboard"])
  })

  it("leads to the budgets list whoever reads budgets in a workspace, as the page guard lets them in", () => {
    const own = privilegesOfRole("org_basic_user")
    const modules = [on("budgets")]
    expect(sidebarEntries(access(own, modules), "en").map((e) => e.code)).toEqual(["actionboard"])
    const viewer = { ...access(own, modules), pagePrivileges: privilegesInWorkspace(own, "workspaces_viewer") }
    expect(sidebarEntries(viewer, "ar").map((e) => [e.href, e.name])).toEqual([
      ["/ar/actionboard", "لوحة المهام"],
      ["/ar/budgets/list", "الميزانيات"]
    ])
  })

  it("shows a link exactly where the page guard opens its page, the budgets list included", () => {
    const modules = [on("workspaces"), on("budgets"), on("settings")]
    const own = privilegesOfRole("org_basic_user")
    const cases = [
      own,
      privilegesInWorkspace(own, "workspaces_viewer"),
      privilegesInWorkspace(own, "workspaces_manager"),
      privilegesOfRole("org_super_user"),
      ["bdg_r_w"],
      ["bdg_u_o"],
      ["ost_r_o"]
    ]
    for (const privileges of cases) {
      const shown = sidebarEntries({ ...access([], modules), pagePrivileges: privileges }, "en")
      for (const entry of shown) {
        expect(guardPage(entry.href, "en", privileges, { modules, scaCommunity: false }), entry.href).toEqual({
          _tag: "Allow"
        })
      }
      const budgetsOpen = guardPage("/en/budgets/list", "en", privileges, { modules, scaCommunity: false })
      expect(
        shown.some((e) => e.code === "budgets"),
        privileges.join()
      ).toBe(budgetsOpen._tag === "Allow")
    }
  })

  it("leads to the contracts those with a vendors privilege where contracts are on, not those with an orders one", () => {
    const modules = [on("contracts"), on("orders")]
    const entries = (privileges: ReadonlyArray<string>, locale: "en" | "ar" = "en") =>
      sidebarEntries(access(privileges, modules), locale)
        .filter((e) => e.code === "contracts")
        .map((e) => [e.href, e.name])
    expect(entries(["ven_r_o"])).toEqual([["/en/orders/contracts", "Contracts"]])
    expect(entries(["ven_c_o"], "ar")).toEqual([["/ar/orders/contracts", "العقود"]])
    expect(entries(["ord_r_o", "ord_c_o"])).toEqual([])
    expect(sidebarEntries(access(["ven_r_o"], [on("orders")]), "en").map((e) => e.code)).not.toContain("contracts")
    for (const privileges of [["ven_r_o"], ["ven_u_o"], ["ord_r_o"]]) {
      const shown = entries(privileges).length > 0
      const open = guardPage("/en/orders/contracts", "en", privileges, { modules, scaCommunity: false })
      expect(shown, privileges.join()).toBe(open._tag === "Allow")
    }
  })

  it("lists the built modules in the registry's order", () => {
    const modules = [on("workspaces"), on("budgets"), on("requests"), on("settings")]
    const everything = ["wkp_r_o", "bdg_r_o", "req_r_o", "usr_r_o"]
    expect(sidebarEntries(access(everything, modules), "en").map((e) => e.code)).toEqual([
      "actionboard",
      "workspaces",
      "budgets",
      "requests",
      "settings"
    ])
  })

  it("leads to the requests list whoever reads requests, by their own privileges or a workspace role's", () => {
    const modules = [on("requests")]
    expect(
      sidebarEntries(access(privilegesOfRole("org_basic_user"), modules), "ar").map((e) => [e.href, e.name])
    ).toEqual([
      ["/ar/actionboard", "لوحة المهام"],
      ["/ar/requests/requests", "الطلبات"]
    ])
    const approver = { ...access(["bdg_r_w"], modules), pagePrivileges: ["bdg_r_w", "req_r_w"] }
    expect(sidebarEntries(approver, "en").map((e) => e.code)).toEqual(["actionboard", "requests"])
    expect(sidebarEntries(access(["req_c_u", "req_u_u"], modules), "en").map((e) => e.code)).toEqual(["actionboard"])
    // A vendor organisation holds no requests module, so its super user sees no link.
    expect(
      sidebarEntries(access(privilegesOfRole("org_super_user"), [on("seller_rfq")]), "en").map((e) => e.code)
    ).toEqual(["actionboard"])
  })

  it("drops the action board only when the organisation turns it off", () => {
    expect(sidebarEntries(access([], [off("actionboard")]), "en")).toEqual([])
  })

  it("hides upgradable modules", () => {
    const modules: ReadonlyArray<ModuleSetting> = [{ ...on("catalogs"), upgradable: true }]
    expect(sidebarEntries(access([], modules), "en", later).map((e) => e.code)).toEqual(["actionboard"])
  })
})

describe("the cart buttons", () => {
  const settings = { rfqEnabled: true, directOrderEnabled: true, canSourceFromPublicCatalog: true }
  it("stay hidden until the catalogs module is built", () => {
    const before = builtModules.filter((m) => m.code !== "catalogs")
    expect(cartButtons(settings, before)).toEqual({ rfq: false, order: false, publicOrder: false })
    expect(cartButtons(settings)).toEqual({ rfq: true, order: true, publicOrder: true })
  })
  it("follow RFQ, direct ordering and public sourcing once it is", () => {
    expect(cartButtons(settings, later)).toEqual({ rfq: true, order: true, publicOrder: true })
    expect(cartButtons({ ...settings, directOrderEnabled: false, canSourceFromPublicCatalog: false }, later)).toEqual({
      rfq: true,
      order: false,
      publicOrder: false
    })
  })
})
