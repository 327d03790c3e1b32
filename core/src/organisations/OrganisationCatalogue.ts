import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** Organisations: registration, settings, plan and themes: the module's errors in the shared catalogue. */
export const organisationCatalogue = {
  errors: [
    entry(
      "E5002",
      "EMAIL_TAKEN",
      "Conflict",
      "An account with this email already exists. Sign in, or use Forgot password.",
      "يوجد حساب بهذا البريد الإلكتروني مسبقًا. سجّل الدخول، أو استخدم نسيت كلمة المرور."
    ),
    entry(
      "E2005",
      "REGISTRATION_INCOMPLETE",
      "Invalid",
      "The registration is missing something: {field}.",
      "ينقص التسجيل حقل: {field}."
    ),
    entry("E4012", "ORGANISATION_NOT_FOUND", "NotFound", "Organisation not found.", "المنظمة غير موجودة."),
    entry("E4013", "THEME_NOT_FOUND", "NotFound", "Theme not found.", "السمة غير موجودة."),
    entry(
      "E5010",
      "THEME_URL_TAKEN",
      "Conflict",
      "Another organisation's theme is already served at {url}.",
      "توجد سمة لمنظمة أخرى على العنوان {url} مسبقًا."
    ),
    entry(
      "E6076",
      "MODULE_NOT_IN_PLAN",
      "Rule",
      "Your organisation's plan does not include the module {moduleEn}.",
      "خطة منظمتك لا تشمل الوحدة {moduleAr}."
    ),
    entry(
      "E6077",
      "PLAN_LIMIT_LOCKED",
      "Rule",
      "{limit} is set by your organisation's plan and cannot be changed here.",
      "يُحدَّد {limit} بخطة منظمتك ولا يمكن تغييره هنا."
    )
  ],
  codes: {
    EmailTaken: "E5002",
    RegistrationIncomplete: "E2005",
    OrganisationNotFound: "E4012",
    ThemeNotFound: "E4013",
    ThemeUrlTaken: "E5010",
    ModuleNotInPlan: "E6076",
    PlanLimitLocked: "E6077"
  },
  auditEvents: [
    "organisation.registered",
    "registration.email_taken",
    "settings.updated",
    "settings.modules_changed",
    "theme.saved",
    "theme.deleted"
  ],
  fields: {
    dateFormat: { en: "Date format", ar: "صيغة التاريخ" },
    modules: { en: "Modules", ar: "الوحدات" }
  }
} as const satisfies ModuleCatalogue
