import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"
import type { Translated } from "../shared/Locale.ts"

const contactSupport: Translated = {
  en: "Your account cannot be used right now. Please contact support for help.",
  ar: "لا يمكن استخدام حسابك حاليًا. يرجى التواصل مع الدعم للمساعدة."
}

/** Sign-in, sessions, passwords, invitations and the organisation's users (the authentication codes E1001–E1031 keep SPEC.md §8's numbers): the module's errors in the shared catalogue. */
export const identityCatalogue = {
  errors: [
    entry(
      "E1001",
      "INVALID_CREDENTIALS",
      "Unauthenticated",
      "Please check the username and password and try again.",
      "يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى."
    ),
    entry("E1002", "USER_NOT_FOUND", "NotFound", "User not found!", "المستخدم غير موجود!"),
    entry("E1003", "INVALID_SECURITY_CODE", "Invalid", "Invalid Security Code", "رمز الأمان غير صحيح"),
    entry(
      "E1004",
      "ORG_EXPIRED",
      "Forbidden",
      "Your organisation's subscription has expired. Please contact support to renew it.",
      "انتهى اشتراك منظمتك. يرجى التواصل مع الدعم لتجديده."
    ),
    entry(
      "E1005",
      "SECURITY_CODE_EXPIRED",
      "Invalid",
      "Security Code expired. Please request a new security code.",
      "انتهت صلاحية رمز الأمان. يرجى طلب رمز أمان جديد."
    ),
    entry(
      "E1006",
      "SECURITY_CODE_ATTEMPTS_EXCEEDED",
      "Rule",
      "Security Code Attempts exceeded. Please request a new security code.",
      "تجاوزت عدد محاولات إدخال رمز الأمان. يرجى طلب رمز أمان جديد."
    ),
    entry("E1007", "TOKEN_VALIDATION_FAILED", "Unauthenticated", "Token validation failed.", "فشل التحقق من الرمز."),
    entry(
      "E1008",
      "PASSWORD_NEARING_EXPIRY",
      "Rule",
      "Please change your password to prevent this account from being disabled.",
      "يرجى تغيير كلمة المرور لتجنّب تعطيل هذا الحساب."
    ),
    entry(
      "E1009",
      "PASSWORD_EXPIRED",
      "Unauthenticated",
      "Password expired! Please change your password",
      "انتهت صلاحية كلمة المرور! يرجى تغيير كلمة المرور"
    ),
    entry(
      "E1010",
      "ACCOUNT_BLOCKED",
      "Forbidden",
      "Your account has been blocked, Please contact admin!",
      "تم حظر حسابك، يرجى التواصل مع المسؤول!"
    ),
    entry(
      "E1011",
      "INVALID_EXPIRY_VALUE",
      "Invalid",
      "Invalid expiry value specified",
      "قيمة انتهاء الصلاحية المحددة غير صالحة"
    ),
    entry(
      "E1012",
      "ORG_INACTIVE",
      "Forbidden",
      "Your organisation is not active. Please contact support to activate it.",
      "منظمتك غير مفعّلة. يرجى التواصل مع الدعم لتفعيلها."
    ),
    entry("E1013", "ACCOUNT_INACTIVE", "Forbidden", contactSupport.en, contactSupport.ar),
    entry("E1014", "UNAUTHORIZED_USER", "Unauthenticated", "Unauthorized User", "مستخدم غير مصرّح له"),
    entry("E1015", "INVALID_TOKEN", "Invalid", "The token entered is invalid", "الرمز المُدخل غير صالح"),
    entry(
      "E1016",
      "MAX_RETRIES_EXCEEDED",
      "Rule",
      "Max retries exceeded please request a new token",
      "تم تجاوز الحد الأقصى للمحاولات، يرجى طلب رمز جديد"
    ),
    entry(
      "E1017",
      "TOKEN_EXPIRED",
      "Invalid",
      "Token expired. Please request a new token",
      "انتهت صلاحية الرمز. يرجى طلب رمز جديد"
    ),
    entry(
      "E1018",
      "SECURITY_CODE_SENT_BY_EMAIL",
      "Rule",
      "Security Code sent by email.",
      "تم إرسال رمز الأمان عبر البريد الإلكتروني."
    ),
    entry(
      "E1019",
      "SECURITY_CODE_SENT_BY_EMAIL_PREVIOUSLY",
      "Rule",
      "A security code has already been sent to your email.",
      "تم إرسال رمز أمان إلى بريدك الإلكتروني مسبقًا."
    ),
    entry(
      "E1020",
      "PASSWORD_ALREADY_SET",
      "Conflict",
      "Password has already been set using this token. Please login at:",
      "تم تعيين كلمة المرور باستخدام هذا الرابط مسبقًا. يرجى تسجيل الدخول عبر:"
    ),
    entry("E1021", "DATA_MISMATCH", "Invalid", "Data mismatch", "البيانات غير متطابقة"),
    entry("E1022", "RETRY_LOGIN", "Unauthenticated", "Please login again", "يرجى تسجيل الدخول مرة أخرى"),
    entry(
      "E1023",
      "PASSWORD_RESET_FAILED",
      "Unavailable",
      "Unable to reset password. Please try again, and contact Admin if the issue persists.",
      "تعذّرت إعادة تعيين كلمة المرور. يرجى المحاولة مرة أخرى، والتواصل مع المسؤول إذا استمرت المشكلة."
    ),
    entry("E1024", "TARGET_ORG_INACTIVE", "Forbidden", "The target org is not active.", "المنظمة المستهدفة غير مفعّلة."),
    entry("E1025", "GOOGLE_USER_NOT_FOUND", "NotFound", "No user from Google", "لا يوجد مستخدم من \u2068Google\u2069"),
    entry(
      "E1026",
      "AZURE_USER_NOT_FOUND",
      "NotFound",
      "No user from Microsoft",
      "لا يوجد مستخدم من \u2068Microsoft\u2069"
    ),
    entry(
      "E1027",
      "FOODICS_USER_NOT_FOUND",
      "NotFound",
      "No user from Foodics",
      "لا يوجد مستخدم من \u2068Foodics\u2069"
    ),
    entry(
      "E1028",
      "QUICKBOOKS_USER_NOT_FOUND",
      "NotFound",
      "No user from QuickBooks",
      "لا يوجد مستخدم من \u2068QuickBooks\u2069"
    ),
    entry("E1029", "USER_NOT_REGISTERED", "NotFound", "User not registered", "المستخدم غير مسجّل"),
    entry("E1030", "INVALID_USER", "Invalid", "Invalid user", "مستخدم غير صالح"),
    entry(
      "E1031",
      "NO_ORG_FOUND_FOR_USER",
      "Forbidden",
      "No organisation is linked to your account. Please contact support.",
      "لا توجد منظمة مرتبطة بحسابك. يرجى التواصل مع الدعم."
    ),
    entry("E3001", "SIGN_IN_REQUIRED", "Unauthenticated", "Please sign in to continue.", "يرجى تسجيل الدخول للمتابعة."),
    entry(
      "E6002",
      "PASSWORD_REJECTED",
      "Rule",
      "The password does not meet the password rules.",
      "كلمة المرور لا تستوفي شروط كلمة المرور."
    ),
    entry(
      "E6003",
      "LOGIN_REJECTED",
      "Invalid",
      "Please correct the sign-in details and try again.",
      "يرجى تصحيح بيانات تسجيل الدخول والمحاولة مرة أخرى."
    ),
    entry(
      "E6004",
      "PASSWORD_RESET_REJECTED",
      "Invalid",
      "Please correct the password details and try again.",
      "يرجى تصحيح بيانات كلمة المرور والمحاولة مرة أخرى."
    ),
    entry(
      "E2011",
      "TOO_MANY_USERS",
      "Invalid",
      "Please send at most {limit} users at a time.",
      "يرجى إرسال {limit} مستخدم كحد أقصى في المرة الواحدة."
    ),
    entry(
      "E6061",
      "OWN_ACCOUNT_CHANGE",
      "Rule",
      "You cannot block, deactivate or delete your own account, nor change your own roles.",
      "لا يمكنك حظر حسابك أو تعطيله أو حذفه، ولا تغيير أدوارك بنفسك."
    ),
    entry(
      "E3005",
      "TOO_MANY_ATTEMPTS",
      "Throttled",
      "Too many failed sign-ins from this address. Please wait {minutes} minutes and try again.",
      "محاولات تسجيل دخول فاشلة كثيرة من هذا العنوان. يرجى الانتظار {minutes} دقيقة ثم المحاولة مرة أخرى."
    )
  ],
  codes: {
    PasswordRejected: "E6002",
    LoginRejected: "E6003",
    PasswordResetRejected: "E6004",
    InvalidCredentials: "E1001",
    OrgInactive: "E1012",
    AccountInactive: "E1013",
    AccountBlocked: "E1010",
    SessionRequired: "E3001",
    SecurityCodeInvalid: "E1003",
    OrgExpired: "E1004",
    SecurityCodeExpired: "E1005",
    SecurityCodeAttemptsExceeded: "E1006",
    PasswordExpired: "E1009",
    InvitationInvalid: "E1015",
    InvitationExpired: "E1017",
    PasswordAlreadySet: "E1020",
    TooManyAttempts: "E3005",
    SsoRefused: "E1007",
    GoogleUserNotFound: "E1025",
    AzureUserNotFound: "E1026",
    TooManyUsers: "E2011",
    UserNotFound: "E1002",
    OwnAccountChange: "E6061"
  },
  auditEvents: [
    "sign_in.succeeded",
    "sign_in.failed",
    "sign_in.refused",
    "sign_in.locked",
    "sign_in.throttled",
    "sign_out",
    "mfa.code_sent",
    "mfa.failed",
    "password.reset_requested",
    "password.reset_code_failed",
    "password.reset",
    "password.set_from_invitation",
    "invitation.sent",
    "user.created",
    "user.updated",
    "user.status_changed",
    "user.deleted",
    "user.reset_sent"
  ],
  fields: {
    email: { en: "Email", ar: "البريد الإلكتروني" },
    firstName: { en: "First name", ar: "الاسم الأول" },
    lastName: { en: "Last name", ar: "اسم العائلة" },
    phone: { en: "Phone", ar: "الهاتف" },
    roles: { en: "Roles", ar: "الأدوار" }
  },
  problems: {
    notEmail: { en: "the value is not an email address", ar: "القيمة ليست عنوان بريد إلكتروني" },
    phoneDigits: { en: "a phone number has 6 to 20 digits", ar: "يتكوّن رقم الهاتف من 6 إلى 20 رقمًا" }
  }
} as const satisfies ModuleCatalogue
