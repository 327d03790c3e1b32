import { Schema } from "effect"
import type { Translated } from "../shared/Locale.ts"
import { defaultRolePrivileges, privilegesOfRole } from "./DefaultRoles.ts"
import { isPrivilegeCode } from "./Privilege.ts"

/** A role's code: lower-case words joined by underscores, such as `org_super_user` or `site_buyer`. */
export const RoleCode = Schema.String.check(Schema.isPattern(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/), Schema.isMaxLength(60))

/** A role's name in each language. */
export const RoleName = Schema.Struct({ en: Schema.String, ar: Schema.String })

/**
 * A role: one of SPEC.md §6's role codes with its default privileges (`system`), or a role an organisation's admin
 * composed from privileges.
 */
export class OrgRole extends Schema.Class<OrgRole>("OrgRole")({
  code: RoleCode,
  name: RoleName,
  privileges: Schema.Array(Schema.String),
  system: Schema.Boolean
}) {}

/** The readable names of SPEC.md §6's role codes. */
export const systemRoleNames: Readonly<Record<string, Translated>> = {
  org_super_user: { en: "Super User", ar: "مستخدم رئيسي" },
  orgs_manager: { en: "Organisation Manager", ar: "مدير المنظمة" },
  org_basic_user: { en: "Basic User", ar: "مستخدم أساسي" },
  workspaces_viewer: { en: "Workspaces Viewer", ar: "مستعرض مساحات العمل" },
  workspaces_manager: { en: "Workspaces Manager", ar: "مدير مساحات العمل" },
  workspaces_admin: { en: "Workspaces Admin", ar: "مسؤول مساحات العمل" },
  request_approver: { en: "Request Approver", ar: "معتمد الطلبات" },
  rfq_approver: { en: "RFQ Approver", ar: "معتمد طلبات عروض الأسعار" },
  order_approver: { en: "Order Approver", ar: "معتمد أوامر الشراء" },
  bill_approver: { en: "Bill Approver", ar: "معتمد الفواتير" },
  client_super_user: { en: "Client Super User", ar: "مستخدم رئيسي للعميل" }
}

/** The role codes of SPEC.md §6 as roles, with their default privileges. */
export const systemRoles: ReadonlyArray<OrgRole> = Object.keys(defaultRolePrivileges).map(
  (code) =>
    new OrgRole({
      code,
      name: systemRoleNames[code] ?? { en: code, ar: code },
      privileges: [...privilegesOfRole(code)].sort(),
      system: true
    })
)

/** Whether a code is a role of SPEC.md §6 (including a product's `_super_admin` and `_basic_user`). */
export const isSystemRoleCode = (code: string): boolean => privilegesOfRole(code).length > 0

/** The approver role of each document module that has approvals (SPEC.md §6 approver roles). */
export const approverRoleOfModule: Readonly<Record<string, string>> = {
  requests: "request_approver",
  request: "request_approver",
  rfqs: "rfq_approver",
  rfq: "rfq_approver",
  orders: "order_approver",
  order: "order_approver",
  bills: "bill_approver",
  bill: "bill_approver"
}

/** The roles that manage workspaces (SPEC.md §6). */
export const workspaceManagerRoles: ReadonlyArray<string> = ["workspaces_manager", "workspaces_admin"]

/**
 * Everything a user's role codes allow in an organisation: a role the organisation composed brings its own
 * privileges, any other code its defaults. Each privilege once, sorted.
 */
export const privilegesWithCustomRoles = (
  codes: Iterable<string>,
  custom: ReadonlyArray<Pick<OrgRole, "code" | "privileges">>
): ReadonlyArray<string> => {
  const byCode = new Map(custom.map((role) => [role.code, role.privileges] as const))
  return [
    ...new Set(
      [...codes].flatMap((raw) => {
        const code = raw.trim()
        return byCode.get(code) ?? privilegesOfRole(code)
      })
    )
  ].sort()
}

/** The privilege codes among a list that are not privilege codes at all. */
export const invalidPrivileges = (privileges: ReadonlyArray<string>): ReadonlyArray<string> =>
  privileges.filter((p) => !isPrivilegeCode(p))
