import {
  createMenu,
  hasAnyPrivilege,
  isModuleVisible,
  moduleDisplayName,
  privilegesForRoute,
  privilegesOpenPath,
  showCartButtons,
  showPublicCartButton,
  type CreateMenuContext,
  type CreateMenuGroup,
  type CreateMenuItem,
  type Environment,
  type ModuleSetting
} from "@tawreed/core/access"
import { requestPrivileges } from "@tawreed/core/requests"
import type { Locale, Translated } from "@tawreed/core/shared"

/** The icons the sidebar draws (see components/Icon.astro). */
export type IconName =
  "home" | "requests" | "orders" | "bills" | "catalogs" | "settings" | "help" | "user" | "workspaces" | "budgets"

/**
 * A module the site has built. Each module joins the registry when its pages land, with the route its sidebar link
 * opens, the module code of the organisation's settings, the privileges that open it (any one), and the create
 * routes it serves: the sidebar and the CREATE menu list nothing else, so no link leads to a page that is not built.
 */
export interface BuiltModule {
  readonly code: string
  /** The path after the locale, without a leading slash. */
  readonly route: string
  readonly icon: IconName
  /** The name shown when the organisation gives the module none of its own. */
  readonly label: Translated
  readonly privileges: ReadonlyArray<string>
  /** Create routes (as SPEC.md §2 spells them, with a leading slash) whose pages this module serves. */
  readonly createRoutes: ReadonlyArray<string>
  /** Shown whatever the organisation's module settings say, unless they turn it off by name. */
  readonly home?: boolean
  /**
   * The module's pages the sidebar lists under it while one of its pages is open (SPEC.md §2 "sub-routes in the
   * sidebar"), each shown to whoever the route's own guard lets in (`privilegesOpenPath`).
   */
  readonly subRoutes?: ReadonlyArray<{ readonly route: string; readonly label: Translated }>
  /** Whether the module serves the carts (SPEC.md §2 cart sidebars): the header's cart buttons show only then. */
  readonly carts?: boolean
}

/** The modules built so far. */
export const builtModules: ReadonlyArray<BuiltModule> = [
  {
    code: "actionboard",
    route: "actionboard",
    icon: "home",
    label: { en: "Action board", ar: "لوحة المهام" },
    privileges: [],
    createRoutes: [],
    home: true
  },
  {
    code: "workspaces",
    route: "workspaces",
    icon: "workspaces",
    label: { en: "Workspaces", ar: "مساحات العمل" },
    privileges: ["wkp_r_o", "wkp_r_w", "wkp_c_o", "wkp_c_w"],
    createRoutes: ["/workspaces/create/new/details"]
  },
  {
    code: "budgets",
    route: "budgets/list",
    icon: "budgets",
    label: { en: "Budgets", ar: "الميزانيات" },
    // The list's own rule (SPEC.md §6, with the _w privileges a workspace role grants): the link shows to exactly
    // those the page guard lets in, workspace readers among them.
    privileges: privilegesForRoute("budgets/list"),
    // The CREATE menu of SPEC.md §2 has no budget item: budgets are created from their list.
    createRoutes: []
  },
  {
    code: "requests",
    route: "requests/requests",
    icon: "requests",
    label: { en: "Requests", ar: "الطلبات" },
    // The list's own rule (`Requests.list`): whoever reads requests somewhere, by their own privileges or through a
    // workspace role (SPEC.md §6 `_w`); the route itself needs only a login, as the module is always on.
    privileges: requestPrivileges.read,
    subRoutes: [
      { route: "requests/requests", label: { en: "Purchase requests", ar: "طلبات الشراء" } },
      { route: "requests/expense-requests", label: { en: "Expense requests", ar: "طلبات المصروفات" } }
    ],
    createRoutes: [
      "/requests/create",
      "/requests/create/new-expense-request",
      "/requests/create/reimbursement-request",
      "/requests/create/proposal-request",
      "/requests/create/contract-request"
    ]
  },
  {
    code: "orders",
    route: "orders/orders",
    icon: "orders",
    label: { en: "Orders", ar: "أوامر الشراء" },
    // The route's own rule (SPEC.md §6 ord_r/c/u in _w and _o): whoever the page guard lets in, workspace roles among them.
    privileges: privilegesForRoute("orders"),
    subRoutes: [
      { route: "orders/orders", label: { en: "Purchase orders", ar: "أوامر الشراء" } },
      { route: "orders/offers", label: { en: "Approved offers", ar: "العروض المعتمدة" } }
    ],
    createRoutes: ["/orders/create/info"]
  },
  {
    code: "vendors",
    route: "vendors",
    icon: "user",
    label: { en: "Vendors", ar: "الموردون" },
    privileges: privilegesForRoute("vendors"),
    subRoutes: [
      { route: "vendors", label: { en: "All vendors", ar: "جميع الموردين" } },
      { route: "vendors/invited", label: { en: "Invited vendors", ar: "الموردون المدعوون" } },
      { route: "vendors/reports/vendor", label: { en: "Vendor report", ar: "تقرير الموردين" } },
      { route: "vendors/settings", label: { en: "Onboarding settings", ar: "إعدادات انضمام الموردين" } }
    ],
    createRoutes: ["/vendors/create"]
  },
  {
    // Framework agreements with a vendor (SPEC.md §2 orders/contracts): the contracts module, opened by the
    // vendors-and-contracts privileges of SPEC.md §6 (the sub-route's own rule), whatever the orders route asks for.
    code: "contracts",
    route: "orders/contracts",
    icon: "orders",
    label: { en: "Contracts", ar: "العقود" },
    privileges: privilegesForRoute("orders/contracts"),
    createRoutes: []
  },
  {
    code: "catalogs",
    route: "catalogs",
    icon: "catalogs",
    label: { en: "Catalogs", ar: "الكتالوجات" },
    // The buyer's side (SPEC.md §2 catalogs, products) for whoever reads products, and the catalogs admin's own rule
    // (SPEC.md §6) for those who change catalogs or products; each page shows to whom it opens.
    privileges: [...new Set(["prd_r_o", ...privilegesForRoute("catalogs-admin")])],
    subRoutes: [
      { route: "catalogs", label: { en: "Catalogs", ar: "الكتالوجات" } },
      { route: "products", label: { en: "Product search", ar: "البحث في المنتجات" } },
      { route: "catalogs-admin", label: { en: "Catalogs admin", ar: "إدارة الكتالوجات" } },
      { route: "products-admin", label: { en: "Products admin", ar: "إدارة المنتجات" } }
    ],
    createRoutes: ["/catalogs-admin/create/info", "/catalogs-admin/create", "/products-admin/create/info"],
    carts: true
  },
  {
    // The seller's side (SPEC.md §2 order-vendor): orders addressed to the vendor's organisation; a login is enough
    // (SPEC.md §6), and the organisation's seller_order module shows it.
    code: "seller_order",
    route: "order-vendor",
    icon: "orders",
    label: { en: "Orders", ar: "أوامر الشراء الواردة" },
    privileges: [],
    createRoutes: []
  },
  {
    code: "settings",
    route: "settings",
    icon: "settings",
    label: { en: "Settings", ar: "الإعدادات" },
    privileges: ["usr_r_o", "usr_c_o", "usr_u_o", "ost_c_o", "ost_u_o"],
    createRoutes: ["/settings/users/create"]
  }
]

/** Who is looking and what the organisation has switched on: the inputs of the shell's menus. */
export interface ShellAccess {
  readonly privileges: ReadonlyArray<string>
  /**
   * The privileges that open pages: the user's own and those their workspace roles grant
   * (`Workspaces.privilegesAnywhere`), which the page guard accepts too. The sidebar shows a module by these, so a
   * link leads where the guard lets the user in; without them, by `privileges`.
   */
  readonly pagePrivileges?: ReadonlyArray<string>
  readonly roles: ReadonlyArray<string>
  /** The organisation's modules; empty until its settings are stored. */
  readonly modules: ReadonlyArray<ModuleSetting>
  readonly environment: Environment
  readonly beta: boolean
}

/** One link of the sidebar, with the module's own pages under it (none when it has one page, or one the user may open). */
export interface SidebarEntry {
  readonly code: string
  readonly href: string
  readonly icon: IconName
  readonly name: string
  readonly pages: ReadonlyArray<{ readonly href: string; readonly name: string }>
}

const isOn = (module: BuiltModule, access: ShellAccess): boolean => {
  const setting = access.modules.find((m) => m.code === module.code)
  if (module.home === true) return setting?.config?.enabled !== false
  return setting !== undefined && isModuleVisible(setting, access)
}

/**
 * The sidebar: the built modules the organisation has enabled and the user may open, named as the organisation
 * names them in the page's language.
 */
export const sidebarEntries = (
  access: ShellAccess,
  locale: Locale,
  registry: ReadonlyArray<BuiltModule> = builtModules
): ReadonlyArray<SidebarEntry> =>
  registry
    .filter(
      (module) => isOn(module, access) && hasAnyPrivilege(access.pagePrivileges ?? access.privileges, module.privileges)
    )
    .map((module) => {
      const named = moduleDisplayName(access.modules, module.code, locale)
      const pages = (module.subRoutes ?? [])
        .filter((page) => privilegesOpenPath(access.pagePrivileges ?? access.privileges, page.route))
        .map((page) => ({ href: `/${locale}/${page.route}`, name: page.label[locale] }))
      return {
        code: module.code,
        href: `/${locale}/${module.route}`,
        icon: module.icon,
        name: named === module.code ? module.label[locale] : named,
        pages: pages.length > 1 ? pages : []
      }
    })

/** The organisation settings the CREATE menu reads beyond modules (SPEC.md §3 adminConfig and generalConfig). */
export interface CreateMenuSettings {
  readonly isVendor: boolean
  readonly scaCommunity: boolean
  readonly marketplaceSupplier: boolean
  readonly enableRfp: boolean
  readonly reimbursementAllowed: boolean
  readonly expensesAllowed: boolean
  readonly canCreateWorkspace: boolean
}

/** A new organisation's settings: nothing beyond the modules and the privileges widens the menu. */
export const plainCreateMenuSettings: CreateMenuSettings = {
  isVendor: false,
  scaCommunity: false,
  marketplaceSupplier: false,
  enableRfp: false,
  reimbursementAllowed: false,
  expensesAllowed: false,
  canCreateWorkspace: true
}

/** One group of the CREATE menu as the header draws it. */
export interface CreateMenuSection {
  readonly group: CreateMenuGroup
  readonly items: ReadonlyArray<CreateMenuItem>
}

/**
 * The CREATE menu: the core's rules (privileges, modules, organisation kind and settings, SPEC.md §6), narrowed to
 * the create routes that built modules serve. Empty groups are left out; an empty menu is not drawn.
 */
export const createMenuSections = (
  access: ShellAccess,
  settings: CreateMenuSettings = plainCreateMenuSettings,
  registry: ReadonlyArray<BuiltModule> = builtModules
): ReadonlyArray<CreateMenuSection> => {
  const built = new Set(registry.flatMap((m) => m.createRoutes))
  const context: CreateMenuContext = {
    ...settings,
    privileges: access.privileges,
    roles: access.roles.map((code) => ({ code })),
    modules: access.modules
  }
  return createMenu(context)
    .map(({ group, items }) => ({ group, items: items.filter((item) => built.has(item.route)) }))
    .filter((section) => section.items.length > 0)
}

/** Which cart buttons the header shows (SPEC.md §6): none until a module with carts is built. */
export const cartButtons = (
  settings: {
    readonly rfqEnabled: boolean
    readonly directOrderEnabled: boolean
    readonly canSourceFromPublicCatalog: boolean
  },
  registry: ReadonlyArray<BuiltModule> = builtModules
): { readonly rfq: boolean; readonly order: boolean; readonly publicOrder: boolean } => {
  const cartsBuilt = registry.some((m) => m.carts === true)
  return {
    rfq: cartsBuilt && showCartButtons(settings) && settings.rfqEnabled,
    order: cartsBuilt && showCartButtons(settings) && settings.directOrderEnabled,
    publicOrder: cartsBuilt && showPublicCartButton(settings)
  }
}
