/**
 * The default privilege matrix: what each role code of SPEC.md §6 may do when an organisation has not composed
 * roles of its own. The spec gives the codes and the route table but not the matrix; this one follows how Coupa
 * and Odoo split the same people:
 *
 * - `org_super_user` (and a product's `_super_admin`) may do everything in the organisation; the product's super
 *   admin may also create organisations.
 * - `orgs_manager` manages the organisation's record and reads its users and settings, and nothing else (the
 *   spec hides the Create menu from it).
 * - `org_basic_user` (and a product's `_basic_user`) raises and follows their own requests, RFQs and receipts,
 *   reads catalogs and products, and reads the orders and bills of their own documents.
 * - `workspaces_viewer` reads the documents of their workspaces; `workspaces_manager` also creates and updates them;
 *   `workspaces_admin` also deletes them and runs the workspace itself.
 * - the approver roles (`request_approver`, `rfq_approver`, `order_approver`, `bill_approver`) read the documents
 *   they approve within their workspaces; who approves what is the workflow's to say.
 * - `client_super_user` runs the organisation's clients and reads its catalogs.
 *
 * Privilege codes are `<module>_<action>_<scope>`: actions c, r, u, d; scopes o (organisation), w (the user's
 * workspaces), u (the user's own records).
 */

/** Every module prefix a privilege names: the §6 route table's and the Create menu's. */
export const privilegeModules = [
  "req",
  "rfq",
  "ord",
  "grn",
  "bil",
  "bil_ex",
  "crd",
  "pay",
  "bdg",
  "ven",
  "rep",
  "org",
  "exp",
  "usr",
  "ost",
  "inv",
  "cli",
  "cat",
  "prd",
  "ctg",
  "mar",
  "wkp"
] as const

const grant = (modules: ReadonlyArray<string>, actions: string, scopes: string): ReadonlyArray<string> =>
  modules.flatMap((m) => [...scopes].flatMap((s) => [...actions].map((a) => `${m}_${a}_${s}`)))

/** The documents of procurement, which workspaces and their users work on. */
const documents = ["req", "rfq", "ord", "grn", "bil", "pay"] as const

/**
 * Lets a document through a budget whose policy is Stop, as Warn would (issue 6: "an organisation role that turns
 * Stop into Warn"). Named `<module>_<action>_<scope>` like every privilege so custom roles can carry it: module
 * `bdg_ov` (budget override), action u, organisation scope. The organisation's super users hold it by default.
 */
export const budgetStopOverride = "bdg_ov_u_o"

/** Everything in the organisation, in every scope, except creating other organisations. */
const everything = grant(
  privilegeModules.filter((m) => m !== "org"),
  "crud",
  "owu"
).concat(["org_r_o", "org_u_o", budgetStopOverride])

const workspacesViewer = [...grant(documents, "r", "w"), "wkp_r_w", "bdg_r_w", "cat_r_o", "prd_r_o"]
const workspacesManager = [...workspacesViewer, ...grant(documents, "cu", "w"), "wkp_u_w"]
const workspacesAdmin = [...workspacesManager, ...grant(documents, "d", "w"), "wkp_c_w", "wkp_d_w", "bdg_u_w"]

const basicUser = [
  ...grant(["req"], "crud", "u"),
  ...grant(["rfq", "grn"], "cru", "u"),
  ...grant(["ord", "bil"], "r", "u"),
  "cat_r_o",
  "prd_r_o"
]

/** The default privileges of each role code. */
export const defaultRolePrivileges: Readonly<Record<string, ReadonlyArray<string>>> = {
  org_super_user: everything,
  orgs_manager: ["org_r_o", "org_u_o", "usr_r_o", "ost_r_o"],
  org_basic_user: basicUser,
  workspaces_viewer: workspacesViewer,
  workspaces_manager: workspacesManager,
  workspaces_admin: workspacesAdmin,
  request_approver: ["req_r_w"],
  rfq_approver: ["rfq_r_w"],
  order_approver: ["ord_r_w"],
  bill_approver: ["bil_r_w"],
  client_super_user: [...grant(["cli"], "crud", "o"), "cat_r_o", "prd_r_o"]
}

/** The privileges of a role code, including a product's `_super_admin` and `_basic_user` roles; none for unknown codes. */
export const privilegesOfRole = (code: string): ReadonlyArray<string> => {
  const known = defaultRolePrivileges[code]
  if (known) return known
  if (code.endsWith("_super_admin") && code.length > "_super_admin".length) return [...everything, "org_c_o"]
  if (code.endsWith("_basic_user") && code.length > "_basic_user".length) return basicUser
  return []
}

/** Everything a user's roles allow, each privilege once, sorted. */
export const privilegesOfRoles = (codes: Iterable<string>): ReadonlyArray<string> =>
  [...new Set([...codes].flatMap((code) => privilegesOfRole(code.trim())))].sort()
