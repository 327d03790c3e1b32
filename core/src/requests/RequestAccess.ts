import { moduleFeature } from "../access/ModuleAccess.ts"
import type { OrgSettings } from "../organisations/OrgSettings.ts"
import type { Translated } from "../shared/Locale.ts"
import type { RequestType } from "./Request.ts"

/** The module of the requests routes (always open, SPEC.md §6), and the prefix of their privileges. */
export const requestsModule = "requests"
export const requestPrivilegeModule = "req"

/** The module whose privileges create proposals and contracts (the Create menu's Sourcing group, SPEC.md §6). */
export const sourcingModule = "rfqs"
export const sourcingPrivilegeModule = "rfq"

/** A CRUD action of a privilege code. */
export type RequestPrivilegeAction = "c" | "r" | "u" | "d"

/**
 * What each action asks for (SPEC.md §6 `req_*`): `_o` anywhere in the organisation, `_w` in the workspaces where the
 * actor holds it (their own or through their workspace role), `_u` on their own requests.
 */
export const requestPrivileges = {
  create: ["req_c_o", "req_c_w", "req_c_u"],
  read: ["req_r_o", "req_r_w", "req_r_u"],
  update: ["req_u_o", "req_u_w", "req_u_u"],
  delete: ["req_d_o", "req_d_w", "req_d_u"]
} as const

/** Where the actor stands towards one request. */
export interface RequestStanding {
  /** The actor's own privileges. */
  readonly privileges: ReadonlyArray<string>
  /** Their privileges inside the request's workspace (their own and their role's there), or none if not a member. */
  readonly inWorkspace: ReadonlyArray<string> | undefined
  /** Whether it is their own request: they requested or created it (for a create, the one they are raising). */
  readonly own: boolean
}

/**
 * Whether an actor may take an action on a request (or raise one in a workspace) with `module`'s privileges:
 * `<m>_<a>_o`; or `<m>_<a>_w` as a member of its workspace; or `<m>_<a>_u` on their own request. Raising a request
 * with `_u` also asks for membership of the workspace: one raises requests where one works.
 */
export const mayActOn = (
  standing: RequestStanding,
  action: RequestPrivilegeAction,
  module: string = requestPrivilegeModule
): boolean => {
  const code = (scope: "o" | "w" | "u") => `${module}_${action}_${scope}`
  if (standing.privileges.includes(code("o"))) return true
  const member = standing.inWorkspace !== undefined
  if (member && standing.inWorkspace!.includes(code("w"))) return true
  return standing.own && standing.privileges.includes(code("u")) && (action !== "c" || member)
}

/** Whether the actor holds any privilege of an action at any scope, so that the module is theirs at all. */
export const holdsAny = (privileges: ReadonlyArray<string>, action: RequestPrivilegeAction): boolean =>
  ["o", "w", "u"].some((scope) => privileges.includes(`${requestPrivilegeModule}_${action}_${scope}`))

/** The names of the kinds of request, for messages in both languages. */
export const requestTypeNames: Readonly<Record<RequestType, Translated>> = {
  product: { en: "product", ar: "المنتجات" },
  service: { en: "service", ar: "الخدمات" },
  inventory: { en: "inventory", ar: "المخزون" },
  expense: { en: "expense", ar: "المصروفات" },
  reimbursement: { en: "reimbursement", ar: "الاسترداد" },
  proposal: { en: "proposal (RFP)", ar: "العروض" },
  contract: { en: "contract (RFC)", ar: "العقود" }
}

/**
 * Whether the organisation raises requests of a kind, as its Create menu offers them (SPEC.md §3, §6): expense
 * requests where `generalConfig.expensesAllowed` (which is also the plan's limit, Plan.ts), reimbursements where
 * the admin config allows them too (`reimbursementAllowed`) and the plan allows expenses, proposals where
 * `enableRfp`, contracts where the requests module's `allowRequestForContract` feature is on; the rest always.
 */
export const requestTypeAllowed = (settings: OrgSettings, type: RequestType): boolean => {
  const { adminConfig, generalConfig } = settings.orgConfig
  const planAllowsExpenses = generalConfig.expensesAllowed
  switch (type) {
    case "expense":
      return planAllowsExpenses
    case "reimbursement":
      return planAllowsExpenses && adminConfig.reimbursementAllowed
    case "proposal":
      return adminConfig.enableRfp
    case "contract":
      return moduleFeature(settings.modules, requestsModule, "allowRequestForContract")
    default:
      return true
  }
}

/** Which privileges raise a kind of request: proposals and contracts are sourcing's (`rfq_c_*`), the rest `req_c_*`. */
export const creationModuleOf = (type: RequestType): string =>
  type === "proposal" || type === "contract" ? sourcingPrivilegeModule : requestPrivilegeModule
