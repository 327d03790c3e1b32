import { hasAnyPrivilege, requiredPrivileges } from "./Privilege.ts"
import { isModuleEnabled, type ModuleSetting } from "./ModuleAccess.ts"

/**
 * A route's privilege rule: any one of `privileges` opens it (an empty list opens it to anyone signed in); without
 * them the user goes to `redirect`, if set.
 */
export interface RoutePrivilegeRule {
  readonly privileges: ReadonlyArray<string>
  readonly redirect?: string
  /**
   * For a sub-route rule: it alone decides its pages, instead of adding to the route's own rule. The module guard
   * of the route still applies.
   */
  readonly replacesRoute?: boolean
  /**
   * For a sub-route rule: the module whose guard applies to its pages instead of the route's, for pages of one module
   * that SPEC.md §2 places under another's route (contracts under `orders`).
   */
  readonly module?: string
}

const expand = (modules: ReadonlyArray<string>, actions: string, scopes: string): ReadonlyArray<string> =>
  [...scopes].flatMap((scope) => modules.flatMap((m) => [...actions].map((a) => `${m}_${a}_${scope}`)))

/** The route → privileges table of SPEC.md §6, in the table's order. */
export const routePrivileges: Readonly<Record<string, RoutePrivilegeRule>> = {
  "catalogs-admin": { privileges: ["cat_c_o", "cat_u_o", "cat_d_o", "prd_c_o", "prd_u_o"], redirect: "catalogs" },
  markups: { privileges: ["mar_r_o"] },
  "products-admin": { privileges: ["prd_c_o", "prd_u_o"] },
  rfqs: { privileges: ["rfq_c_u", "rfq_u_u", "rfq_d_u", "rfq_r_u"] },
  orders: { privileges: expand(["ord"], "rcu", "wo") },
  grns: { privileges: expand(["grn"], "rcu", "uwo") },
  bills: {
    privileges: [...expand(["crd"], "rcud", "o"), ...expand(["bil_ex"], "rcud", "o"), ...expand(["bil"], "rcu", "wo")]
  },
  payments: { privileges: expand(["pay"], "rcu", "wo") },
  // §6 lists bdg_r/c/u_o; the _w privileges a workspace role grants (SPEC.md §6 privilege levels) open the route too,
  // and the budgets use case then shows only the workspaces where they are held, as the API does.
  budgets: { privileges: expand(["bdg"], "rcu", "ow") },
  vendors: { privileges: expand(["ven"], "rcu", "o") },
  contracts: { privileges: expand(["ven"], "rcu", "o") },
  reports: { privileges: [...expand(["rep"], "rcud", "wo"), "ven_r_o"] },
  orgs: { privileges: ["org_c_o"] },
  "expense-accounts": { privileges: expand(["exp"], "cudr", "o") },
  settings: { privileges: [...expand(["usr"], "rcu", "o"), "ost_c_o", "ost_u_o"] },
  inventory: { privileges: [...expand(["inv"], "rcu", "o"), ...expand(["inv"], "cur", "w")] },
  clients: { privileges: expand(["cli"], "cru", "o") }
}

/**
 * The settings screens each ask for the privileges of what they change, on top of the settings row of SPEC.md §6
 * (which any settings privilege passes): the users screens usr_r_o (creating one usr_c_o), roles usr_r_o, the
 * organisation-info and theme screens a settings privilege (ost_r_o shows them read-only), the outbox whoever
 * creates or updates users. Keyed by the path after the locale; the longest matching prefix applies. A rule with
 * `replacesRoute` is checked instead of the route's own rule, not on top of it.
 */
export const subRoutePrivileges: Readonly<Record<string, RoutePrivilegeRule>> = {
  "settings/users": { privileges: ["usr_r_o"] },
  "settings/users/create": { privileges: ["usr_c_o"] },
  "settings/roles": { privileges: ["usr_r_o"] },
  "settings/org-info": { privileges: ["ost_r_o", "ost_c_o", "ost_u_o"] },
  "settings/theme": { privileges: ["ost_r_o", "ost_c_o", "ost_u_o"] },
  "settings/outbox": { privileges: ["usr_c_o", "usr_u_o"] },
  /**
   * One budget change (`/{locale}/budgets/changes/{changeId}`) is reviewed by its approvers, who may hold no budgets
   * privilege at all: the page needs only a login (and the budgets module), and the core service `Budgets.change`
   * decides who may see the change.
   */
  "budgets/changes": { privileges: [], replacesRoute: true },
  /**
   * The vendor report (SPEC.md §2 `vendors/reports/vendor`, §6 reports: rep_r_* plus ven_r_o): a report privilege on
   * top of the vendors route's own rule; the use case `Vendors.report` asks for ven_r_o itself.
   */
  "vendors/reports": { privileges: ["rep_r_o", "rep_r_w"] },
  /**
   * Contracts live under the orders route (SPEC.md §2 `orders/contracts`) but are the vendors' business: SPEC.md §6
   * gives them the vendors-and-contracts privileges (ven_r/c/u_o), not ord_*, and the `contracts` module guards them
   * instead of `orders`, as the `Contracts` use cases do. Creating one asks for ven_c_o.
   */
  "orders/contracts": { privileges: expand(["ven"], "rcu", "o"), replacesRoute: true, module: "contracts" },
  "orders/contracts/create": { privileges: ["ven_c_o"], replacesRoute: true, module: "contracts" },
  /**
   * One contract (`/{locale}/orders/contracts/{id}`, and its edit page under it) is reviewed by its approvers, who may
   * hold no vendors privilege (the CONTRACT_WAITING_FOR_APPROVAL notice links here): a login and the contracts module
   * open it, and `Contracts.get` decides who sees the contract; the edit page asks for ven_u_o itself.
   */
  "orders/contracts/[id]": { privileges: [], replacesRoute: true, module: "contracts" }
}

const uuidSegment = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The sub-route rule of a path (the longest prefix of `subRoutePrivileges` it falls under, a record's id matching
 * `[id]`), if any.
 */
export const subRouteRule = (path: string): RoutePrivilegeRule | undefined => {
  const segments =
    path
      .split(/[?#]/)[0]
      ?.split("/")
      .filter((s) => s !== "") ?? []
  const rest = segments[0] === "en" || segments[0] === "ar" ? segments.slice(1) : segments
  for (let length = rest.length; length > 1; length--) {
    const prefix = rest.slice(0, length)
    // A record's page is keyed `[id]` where its id stands (a UUID), as the page's file is named.
    const rule =
      subRoutePrivileges[prefix.join("/")] ??
      subRoutePrivileges[prefix.map((s) => (uuidSegment.test(s) ? "[id]" : s)).join("/")]
    if (rule !== undefined) return rule
  }
  return undefined
}

/** Routes that need only a login (SPEC.md §6), besides those with no rule of their own. */
export const loginOnlyRoutes: ReadonlyArray<string> = [
  "rfq-vendor",
  "order-vendor",
  "payment-vendor",
  "invoice-vendor",
  "gdn-vendor",
  "e-invoice",
  "customers",
  "dashboard",
  "chat",
  "user-profile"
]

/** Routes anyone may open, signed in or not (SPEC.md §2). */
export const publicRoutes: ReadonlyArray<string> = ["auth", "guest", "network-error", "server-error", "auth-error"]

/** The module each module-guarded route belongs to (SPEC.md §6 module-enabled guard). */
export const routeModules: Readonly<Record<string, string>> = {
  catalogs: "catalogs",
  "catalogs-admin": "catalogs",
  products: "catalogs",
  "products-admin": "catalogs",
  workspaces: "workspaces",
  requests: "requests",
  rfqs: "rfqs",
  orders: "orders",
  grns: "grns",
  bills: "bills",
  payments: "payments",
  budgets: "budgets",
  vendors: "vendors",
  contracts: "contracts",
  reports: "reports",
  markups: "markups",
  inventory: "inventory",
  clients: "clients",
  "expense-accounts": "expense_accounts",
  integrations: "integrations",
  "rfq-vendor": "seller_rfq",
  "order-vendor": "seller_order",
  "payment-vendor": "seller_payment",
  "invoice-vendor": "seller_invoice",
  "gdn-vendor": "seller_gdn"
}

/** The module whose guard applies to a path: its sub-route rule's, if it names one, else its route's. */
export const moduleOfPath = (path: string): string | undefined =>
  subRouteRule(path)?.module ?? routeModules[routeKey(path)]

/** What happens when someone opens a route. */
export type RouteDecision =
  | { readonly _tag: "Allow" }
  | { readonly _tag: "Redirect"; readonly to: string }
  | {
      readonly _tag: "Deny"
      /** The auth-error page's type: 401 for no login, 403 for a missing privilege or module. */
      readonly errorType: 401 | 403
      readonly reason: "SignInRequired" | "InsufficientPrivileges" | "ModuleNotEnabled"
    }

/** The first path segment of a route, without the locale prefix: `/en/orders/offers` → `orders`. */
export const routeKey = (path: string): string => {
  const segments =
    path
      .split(/[?#]/)[0]
      ?.split("/")
      .filter((s) => s !== "") ?? []
  const [first, second] = segments
  return (first === "en" || first === "ar" ? second : first) ?? "actionboard"
}

/**
 * The privilege rules a path must pass, in order: the route's own rule, then its sub-route rule; a sub-route rule
 * with `replacesRoute` alone.
 */
const rulesForPath = (path: string): ReadonlyArray<RoutePrivilegeRule> => {
  const sub = subRouteRule(path)
  if (sub?.replacesRoute === true) return [sub]
  const own = routePrivileges[routeKey(path)]
  return [own, sub].filter((rule) => rule !== undefined)
}

/**
 * Whether privileges pass every rule of a path (its own and its sub-route's), as the route guard judges them: what a
 * link to the path is shown by, so that it leads where the guard lets the user in.
 */
export const privilegesOpenPath = (privileges: Iterable<string>, path: string): boolean => {
  const held = [...privileges]
  return rulesForPath(path).every((rule) => hasAnyPrivilege(held, rule.privileges))
}

/**
 * Decides a route for a user: login, then the module guard, then the privilege table (SPEC.md §6) with the sub-route
 * rules.
 */
export const decideRoute = (
  path: string,
  user: {
    readonly loggedIn: boolean
    readonly privileges: Iterable<string>
    readonly modules: ReadonlyArray<ModuleSetting>
  }
): RouteDecision => {
  const route = routeKey(path)
  if (publicRoutes.includes(route)) return { _tag: "Allow" }
  if (!user.loggedIn) return { _tag: "Deny", errorType: 401, reason: "SignInRequired" }
  const module = moduleOfPath(path)
  if (module !== undefined && !isModuleEnabled(user.modules, module)) {
    return { _tag: "Deny", errorType: 403, reason: "ModuleNotEnabled" }
  }
  const privileges = [...user.privileges]
  for (const rule of rulesForPath(path)) {
    if (hasAnyPrivilege(privileges, rule.privileges)) continue
    return rule.redirect === undefined
      ? { _tag: "Deny", errorType: 403, reason: "InsufficientPrivileges" }
      : { _tag: "Redirect", to: rule.redirect }
  }
  return { _tag: "Allow" }
}

/**
 * The privileges a route needs, as a list (empty for login-only and public routes): its own rule's, or those of a
 * sub-route rule that replaces it.
 */
export const privilegesForRoute = (path: string): ReadonlyArray<string> => {
  const sub = subRouteRule(path)
  return requiredPrivileges(
    sub?.replacesRoute === true ? sub.privileges : (routePrivileges[routeKey(path)]?.privileges ?? [])
  )
}
