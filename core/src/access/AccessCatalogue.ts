import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Privileges, modules, roles and the guards of SPEC.md §6: the module's errors in the shared catalogue. */
export const accessCatalogue = {
  errors: [
    entry(
      "E3002",
      "INSUFFICIENT_PRIVILEGES",
      "Forbidden",
      "You do not have sufficient privileges to access this section",
      "ليست لديك الصلاحيات الكافية للوصول إلى هذا القسم"
    ),
    entry(
      "E3003",
      "MODULE_NOT_ENABLED",
      "Forbidden",
      "You do not have access to this module",
      "ليست لديك صلاحية الوصول إلى هذه الوحدة"
    ),
    entry(
      "E6009",
      "INVALID_PRIVILEGE_CODE",
      "Invalid",
      "{code} is not a privilege code. A code reads module_action_scope, for example ord_c_o.",
      "{code} ليس رمز صلاحية. يتكوّن الرمز من الوحدة ثم الإجراء ثم النطاق، مثل \u2068ord_c_o\u2069."
    ),
    entry(
      "E6010",
      "WORKSPACE_CREATION_DISABLED",
      "Rule",
      "Creating workspaces is turned off for your organisation.",
      "إنشاء مساحات العمل معطّل في منظمتك."
    ),
    entry(
      "E6011",
      "WORKSPACE_LIMIT_REACHED",
      "Rule",
      "Your organisation has reached its limit of {limit} workspaces.",
      "بلغت منظمتك الحد الأقصى لعدد مساحات العمل وهو {limit}."
    ),
    entry(
      "E6012",
      "KYC_NOT_VERIFIED",
      "Forbidden",
      "You are not authorized to access this. Contact {email} to validate your account.",
      "ليس لديك تصريح بالوصول إلى هذا. تواصل مع {email} للتحقق من حسابك."
    ),
    entry(
      "E6013",
      "BROWSER_ONLY_ACTION",
      "Forbidden",
      "To perform this action, please access the platform from the browser.",
      "لتنفيذ هذا الإجراء، يرجى الدخول إلى المنصة من المتصفح."
    ),
    entry(
      "E6050",
      "SELF_APPROVAL_REFUSED",
      "Rule",
      "You cannot approve a document you requested or created.",
      "لا يمكنك اعتماد مستند طلبته أو أنشأته بنفسك."
    ),
    entry(
      "E2010",
      "UNKNOWN_ROLE",
      "Invalid",
      "The role '{code}' does not exist in this organisation.",
      "الدور '{code}' غير موجود في هذه المنظمة."
    ),
    entry("E4011", "ROLE_NOT_FOUND", "NotFound", "Role not found.", "الدور غير موجود."),
    entry(
      "E6060",
      "SYSTEM_ROLE_READ_ONLY",
      "Rule",
      "The role '{code}' is built in and cannot be changed. Create a role of your own instead.",
      "الدور '{code}' مدمج في النظام ولا يمكن تعديله. أنشئ دورًا خاصًا بك بدلًا منه."
    )
  ],
  codes: {
    InvalidPrivilegeCode: "E6009",
    WorkspaceCreationDisabled: "E6010",
    WorkspaceLimitReached: "E6011",
    KycNotVerified: "E6012",
    BrowserOnlyAction: "E6013",
    InsufficientPrivileges: "E3002",
    ModuleNotEnabled: "E3003",
    SelfApprovalRefused: "E6050",
    UnknownRole: "E2010",
    RoleNotFound: "E4011",
    SystemRoleReadOnly: "E6060"
  },
  auditEvents: ["role.saved", "role.deleted"],
  fields: {
    privileges: { en: "Privileges", ar: "الصلاحيات" }
  }
} as const satisfies ModuleCatalogue
