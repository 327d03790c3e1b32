import { fieldLabel, problemText } from "./Fields.ts"
import { interpolate, type Locale, type Translated } from "./Locale.ts"

/**
 * What sort of failure an error is. Adapters turn a kind into a transport detail (an HTTP status, an exit code);
 * the core never speaks of those.
 */
export type ErrorKind =
  "Invalid" | "Unauthenticated" | "Forbidden" | "NotFound" | "Conflict" | "Rule" | "Throttled" | "Unavailable"

/** One entry of the catalogue: a stable code, its symbolic name, its kind and its message in every language. */
export interface CatalogueEntry extends Translated {
  readonly code: string
  readonly name: string
  readonly kind: ErrorKind
}

const entry = (code: string, name: string, kind: ErrorKind, en: string, ar: string): CatalogueEntry => ({
  code,
  name,
  kind,
  en,
  ar
})

const contactSupport: Translated = {
  en: "Your account cannot be used right now. Please contact support for help.",
  ar: "لا يمكن استخدام حسابك حاليًا. يرجى التواصل مع الدعم للمساعدة."
}

/**
 * Every error code the product answers with. The authentication codes E1001–E1031 keep SPEC.md §8's numbers;
 * the families after them are the product's own:
 * E2xxx invalid input, E3xxx access, E4xxx not found, E5xxx conflicts, E6xxx business rules, E9xxx unavailable.
 */
export const catalogue: ReadonlyArray<CatalogueEntry> = [
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
  entry("E1027", "FOODICS_USER_NOT_FOUND", "NotFound", "No user from Foodics", "لا يوجد مستخدم من \u2068Foodics\u2069"),
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

  // The detail is English text from the checks; the Arabic message leaves it out rather than mix languages.
  entry("E2001", "INVALID_INPUT", "Invalid", "The request is not valid: {detail}", "الطلب غير صالح."),
  entry(
    "E2002",
    "MALFORMED_BODY",
    "Invalid",
    "The request body could not be read. Please send valid JSON.",
    "تعذّرت قراءة محتوى الطلب. يرجى إرسال \u2068JSON\u2069 صالح."
  ),
  // The field reads by its name in the reader's language, or by its path where the product gives it none; the
  // filler isolates it, so a path reads left to right inside Arabic.
  entry("E2006", "INVALID_FIELD", "Invalid", "Please check {field}: {problem}.", "يرجى مراجعة {field}: {problem}."),
  entry(
    "E2007",
    "UNSUPPORTED_TEXT",
    "Invalid",
    "The request contains a character that cannot be stored (a NUL character or an unpaired surrogate).",
    "يحتوي الطلب على حرف لا يمكن حفظه."
  ),
  entry(
    "E2008",
    "VALUE_NOT_STORABLE",
    "Invalid",
    "A value in the request is out of range or not in the expected form.",
    "إحدى القيم في الطلب خارج النطاق المسموح أو بصيغة غير صحيحة."
  ),
  entry(
    "E2009",
    "BODY_TOO_LARGE",
    "Invalid",
    "The request body is larger than {megabytes} MB.",
    "محتوى الطلب أكبر من الحد المسموح ({megabytes} ميغابايت)."
  ),
  entry(
    "E2012",
    "UNSUPPORTED_MEDIA_TYPE",
    "Invalid",
    "Please send the request body as JSON (Content-Type: application/json).",
    "يرجى إرسال محتوى الطلب بصيغة \u2068JSON\u2069."
  ),
  entry(
    "E2013",
    "METHOD_NOT_ALLOWED",
    "Invalid",
    "This request method is not allowed.",
    "طريقة الطلب هذه غير مسموح بها."
  ),
  entry("E2014", "HEADERS_TOO_LARGE", "Invalid", "The request headers are too large.", "ترويسات الطلب كبيرة جدًا."),
  entry(
    "E2003",
    "INVALID_PAGE_SIZE",
    "Invalid",
    "Page size must be one of {allowed}.",
    "يجب أن يكون حجم الصفحة أحد القيم: {allowed}."
  ),
  entry(
    "E2004",
    "INVALID_PAGE",
    "Invalid",
    "The page number must be a whole number from 0.",
    "يجب أن يكون رقم الصفحة عددًا صحيحًا يبدأ من 0."
  ),

  entry("E3001", "SIGN_IN_REQUIRED", "Unauthenticated", "Please sign in to continue.", "يرجى تسجيل الدخول للمتابعة."),
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
    "E3004",
    "CROSS_SITE_REQUEST",
    "Forbidden",
    "This request did not come from the Tawreed site and was refused.",
    "رُفض هذا الطلب لأنه لم يصدر من موقع توريد."
  ),

  entry(
    "E4001",
    "NOT_FOUND",
    "NotFound",
    "The page or resource you asked for does not exist.",
    "الصفحة أو المورد المطلوب غير موجود."
  ),
  entry("E4002", "NOTIFICATION_NOT_FOUND", "NotFound", "Notification not found.", "الإشعار غير موجود."),

  entry(
    "E5001",
    "VERSION_CONFLICT",
    "Conflict",
    "This record was changed by someone else. Please reload it and try again.",
    "عدّل شخص آخر هذا السجل. يرجى إعادة تحميله والمحاولة مرة أخرى."
  ),
  entry(
    "E5003",
    "CONCURRENT_CHANGE",
    "Conflict",
    "Others are changing this at the same moment, so nothing was saved. Please try again.",
    "يعدّل آخرون هذا في اللحظة نفسها، لذا لم يُحفظ شيء. يرجى المحاولة مرة أخرى."
  ),

  entry(
    "E6001",
    "TRANSITION_NOT_ALLOWED",
    "Rule",
    "This {entity} cannot move from {from} to {to}.",
    "لا يمكن نقل {entity} من الحالة {from} إلى الحالة {to}."
  ),
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
    "E6005",
    "INVALID_QUANTITY",
    "Rule",
    "The quantity {value} is not valid. Enter at least {minimum}, with no more than 2 decimals.",
    "الكمية {value} غير صالحة. أدخل {minimum} على الأقل، بما لا يزيد على منزلتين عشريتين."
  ),
  entry(
    "E6006",
    "PUBLIC_CART_NOT_ALLOWED",
    "Forbidden",
    "The public order cart is only for buyers, and only when every item in it is public.",
    "سلة الطلب العامة متاحة للمشترين فقط، وبشرط أن تكون جميع المنتجات فيها عامة."
  ),
  entry(
    "E6007",
    "UNKNOWN_CURRENCY",
    "Invalid",
    "There is no exchange rate for the currency {currency}.",
    "لا يوجد سعر صرف للعملة {currency}."
  ),
  entry(
    "E6008",
    "INVALID_AMOUNT",
    "Invalid",
    "{value} is not an amount. Enter a number such as 1250.50.",
    "القيمة {value} ليست مبلغًا. أدخل رقمًا مثل 1250.50."
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
    "E6014",
    "INVALID_DATE",
    "Invalid",
    "{value} is not a date. Enter it as YYYY-MM-DD.",
    "القيمة {value} ليست تاريخًا. أدخله بالصيغة \u2068YYYY-MM-DD\u2069."
  ),
  entry(
    "E6015",
    "DUE_DATE_TOO_SOON",
    "Rule",
    "The due date must be at least 7 days ahead, on or after {earliest}.",
    "يجب أن يكون تاريخ الاستحقاق بعد 7 أيام على الأقل، في {earliest} أو بعده."
  ),
  entry("E6016", "SEARCH_TOO_SHORT", "Invalid", "Please enter at least 3 characters", "يرجى إدخال 3 أحرف على الأقل"),

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
  entry(
    "E2011",
    "TOO_MANY_USERS",
    "Invalid",
    "Please send at most {limit} users at a time.",
    "يرجى إرسال {limit} مستخدم كحد أقصى في المرة الواحدة."
  ),
  entry("E4011", "ROLE_NOT_FOUND", "NotFound", "Role not found.", "الدور غير موجود."),
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
    "E6060",
    "SYSTEM_ROLE_READ_ONLY",
    "Rule",
    "The role '{code}' is built in and cannot be changed. Create a role of your own instead.",
    "الدور '{code}' مدمج في النظام ولا يمكن تعديله. أنشئ دورًا خاصًا بك بدلًا منه."
  ),
  entry(
    "E6061",
    "OWN_ACCOUNT_CHANGE",
    "Rule",
    "You cannot block, deactivate or delete your own account, nor change your own roles.",
    "لا يمكنك حظر حسابك أو تعطيله أو حذفه، ولا تغيير أدوارك بنفسك."
  ),
  entry(
    "E5011",
    "IDEMPOTENCY_KEY_IN_PROGRESS",
    "Conflict",
    "A request with this Idempotency-Key is still being processed. Please try again in a moment.",
    "ما زال طلب بمفتاح \u2068Idempotency-Key\u2069 نفسه قيد المعالجة. يرجى المحاولة بعد قليل."
  ),
  entry(
    "E6062",
    "IDEMPOTENCY_KEY_REUSED",
    "Rule",
    "This Idempotency-Key was already used for a different request.",
    "سبق استخدام مفتاح \u2068Idempotency-Key\u2069 هذا لطلب مختلف."
  ),
  entry(
    "E9001",
    "UNEXPECTED",
    "Unavailable",
    "An unexpected error occurred. Please try again later.",
    "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى لاحقًا."
  ),
  entry(
    "E9002",
    "PROCESSING_FAILED",
    "Unavailable",
    "Error Occurred Processing request. Please try again.",
    "حدث خطأ أثناء معالجة الطلب. يرجى المحاولة مرة أخرى."
  ),
  entry(
    "E9003",
    "MAIL_UNAVAILABLE",
    "Unavailable",
    "We could not send the email right now. Please try again in a few minutes.",
    "تعذّر إرسال البريد الإلكتروني الآن. يرجى المحاولة مرة أخرى بعد بضع دقائق."
  ),
  entry(
    "E3005",
    "TOO_MANY_ATTEMPTS",
    "Throttled",
    "Too many failed sign-ins from this address. Please wait {minutes} minutes and try again.",
    "محاولات تسجيل دخول فاشلة كثيرة من هذا العنوان. يرجى الانتظار {minutes} دقيقة ثم المحاولة مرة أخرى."
  ),
  entry(
    "E9004",
    "API_UNREACHABLE",
    "Unavailable",
    "Cannot reach the Tawreed API at {url} ({detail}). Check the address and that the server is running.",
    "تعذّر الوصول إلى واجهة توريد على {url} ({detail}). تحقّق من العنوان ومن أن الخادم يعمل."
  ),
  entry("E4020", "APPROVAL_NOT_FOUND", "NotFound", "Approval not found.", "الاعتماد غير موجود."),
  entry(
    "E6070",
    "APPROVAL_NOT_PENDING",
    "Rule",
    "This document is not waiting for approval.",
    "هذا المستند لا ينتظر الاعتماد."
  ),
  entry(
    "E3010",
    "NOT_AN_APPROVER",
    "Forbidden",
    "You are not an approver of level {level} of this document.",
    "لست من معتمدي المستوى {level} لهذا المستند."
  ),
  entry(
    "E6071",
    "ALREADY_APPROVED_LEVEL",
    "Rule",
    "You have already approved level {level} of this document; another approver must approve this level.",
    "لقد اعتمدت المستوى {level} من هذا المستند؛ يجب أن يعتمد هذا المستوى معتمد آخر."
  ),
  entry(
    "E3011",
    "SUPER_APPROVER_REQUIRED",
    "Forbidden",
    "Only a super approver can do this.",
    "لا يمكن القيام بذلك إلا لمعتمد أعلى."
  ),
  entry(
    "E2020",
    "INVALID_WORKFLOW",
    "Invalid",
    "The workflow is not valid: {detail}.",
    "سير الاعتماد غير صالح: {detail}."
  ),
  entry("E4029", "WORKFLOW_NOT_FOUND", "NotFound", "Workflow not found.", "سير الاعتماد غير موجود."),
  entry("E4021", "WORKSPACE_NOT_FOUND", "NotFound", "Workspace not found.", "مساحة العمل غير موجودة."),
  entry("E4022", "LOCATION_NOT_FOUND", "NotFound", "Location not found.", "الموقع غير موجود."),
  entry(
    "E5020",
    "WORKSPACE_NAME_TAKEN",
    "Conflict",
    "A workspace named '{name}' already exists.",
    "توجد مساحة عمل باسم '{name}' مسبقًا."
  ),
  entry(
    "E6072",
    "WORKSPACE_ACTION_NOT_ALLOWED",
    "Rule",
    "A workspace that is {status} cannot be changed this way ({action}).",
    "لا يمكن تنفيذ هذا الإجراء ({action}) على مساحة عمل حالتها {status}."
  ),
  entry("E4023", "BUDGET_NOT_FOUND", "NotFound", "Budget not found.", "الميزانية غير موجودة."),
  entry(
    "E4024",
    "BUDGET_LINE_NOT_FOUND",
    "NotFound",
    "Budget line '{line}' not found.",
    "بند الميزانية '{line}' غير موجود."
  ),
  entry(
    "E6073",
    "BUDGET_EXCEEDED",
    "Rule",
    "This exceeds the budget for {line}: the limit is {limit} {currency} and it would be exceeded by {excess} {currency}.",
    "هذا يتجاوز ميزانية {line}: الحد {limit} {currency} وسيتم تجاوزه بمقدار {excess} {currency}."
  ),
  entry(
    "E2021",
    "BUDGET_PERIOD_INVALID",
    "Invalid",
    "The budget period is not valid: {problem}.",
    "فترة الميزانية غير صالحة: {problem}."
  ),
  entry(
    "E2022",
    "LEVEL_WITHOUT_APPROVER",
    "Invalid",
    "Level {level} ({name}) of the workflow has no active approver other than the requester.",
    "لا يوجد في المستوى {level} ({name}) من مسار الاعتماد معتمد نشط غير مقدّم الطلب."
  ),
  entry("E4025", "BUDGET_CHANGE_NOT_FOUND", "NotFound", "Budget change not found.", "تعديل الميزانية غير موجود."),
  entry(
    "E6074",
    "BUDGET_ACTION_NOT_ALLOWED",
    "Rule",
    "A budget that is {status} cannot be changed this way ({action}).",
    "لا يمكن تنفيذ هذا الإجراء ({action}) على ميزانية حالتها {status}."
  ),
  entry(
    "E6075",
    "WORKSPACE_BUDGET_NOT_ALLOWED",
    "Rule",
    "Your organisation's plan does not include workspace budgets.",
    "خطة منظمتك لا تشمل ميزانيات مساحات العمل."
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
  ),
  entry("E4060", "FILE_NOT_FOUND", "NotFound", "File not found.", "الملف غير موجود."),
  entry(
    "E2060",
    "FILE_TOO_LARGE",
    "Invalid",
    "The file is too large: files of at most {megabytes} MB are accepted.",
    "الملف كبير جدًا: تُقبل الملفات التي لا يتجاوز حجمها {megabytes} ميغابايت."
  ),
  entry(
    "E2061",
    "FILE_TYPE_NOT_ALLOWED",
    "Invalid",
    "This file's content is not accepted here: only {acceptedEn} are accepted, whatever the file's name says.",
    "محتوى هذا الملف غير مقبول هنا: تُقبل {acceptedAr} فقط، أيًّا كان اسم الملف."
  ),
  entry(
    "E6200",
    "PENDING_UPLOADS_EXCEEDED",
    "Rule",
    "You have {max} uploaded files not yet attached to a document. Save or remove some before uploading more.",
    "لديك {max} ملفًا مرفوعًا لم يُرفق بأي مستند بعد. احفظ بعضها أو احذفه قبل رفع المزيد."
  ),
  entry(
    "E6201",
    "FILE_NOT_ATTACHABLE",
    "Rule",
    "The file '{name}' cannot be attached to this document.",
    "لا يمكن إرفاق الملف '{name}' بهذا المستند."
  ),
  entry(
    "E6202",
    "FILE_NOT_REMOVABLE",
    "Rule",
    "The file '{name}' belongs to a document you cannot change now.",
    "الملف '{name}' تابع لمستند لا يمكنك تعديله الآن."
  ),
  entry(
    "E4061",
    "UPLOAD_LINK_INVALID",
    "NotFound",
    "This upload link is not valid: it has expired or was used already. Please upload the file again.",
    "رابط الرفع هذا غير صالح: انتهت صلاحيته أو استُخدم من قبل. يرجى رفع الملف مرة أخرى."
  )
]

const byCode = new Map(catalogue.map((e) => [e.code, e] as const))

/** The entry for the unknown-code case of SPEC.md §8. */
export const unexpectedEntry: CatalogueEntry = byCode.get("E9001")!

/**
 * Which catalogue code each tagged error answers with. A test fails when an error class of the core is missing
 * here, so adding an error means adding its line.
 */
export const errorCodes: Readonly<Record<string, string>> = {
  TransitionNotAllowed: "E6001",
  PasswordRejected: "E6002",
  LoginRejected: "E6003",
  PasswordResetRejected: "E6004",
  InvalidQuantity: "E6005",
  PublicCartNotAllowed: "E6006",
  UnknownCurrency: "E6007",
  InvalidAmount: "E6008",
  InvalidPrivilegeCode: "E6009",
  WorkspaceCreationDisabled: "E6010",
  WorkspaceLimitReached: "E6011",
  KycNotVerified: "E6012",
  BrowserOnlyAction: "E6013",
  InvalidDate: "E6014",
  DueDateTooSoon: "E6015",
  SearchTooShort: "E6016",
  InvalidCredentials: "E1001",
  OrgInactive: "E1012",
  AccountInactive: "E1013",
  AccountBlocked: "E1010",
  SessionRequired: "E3001",
  InsufficientPrivileges: "E3002",
  ModuleNotEnabled: "E3003",
  InvalidInput: "E2001",
  InvalidPageSize: "E2003",
  InvalidPage: "E2004",
  NotificationNotFound: "E4002",
  VersionConflict: "E5001",
  TransactionConflict: "E5003",
  CrossSiteRequest: "E3004",
  MalformedBody: "E2002",
  InvalidField: "E2006",
  UnsupportedText: "E2007",
  ValueNotStorable: "E2008",
  BodyTooLarge: "E2009",
  UnsupportedMediaType: "E2012",
  MethodNotAllowed: "E2013",
  HeadersTooLarge: "E2014",
  RouteNotFound: "E4001",
  Unexpected: "E9001",
  Unavailable: "E9002",
  MailUnavailable: "E9003",
  ApiUnreachable: "E9004",
  SecurityCodeInvalid: "E1003",
  OrgExpired: "E1004",
  SecurityCodeExpired: "E1005",
  SecurityCodeAttemptsExceeded: "E1006",
  PasswordExpired: "E1009",
  InvitationInvalid: "E1015",
  InvitationExpired: "E1017",
  PasswordAlreadySet: "E1020",
  TooManyAttempts: "E3005",
  EmailTaken: "E5002",
  SelfApprovalRefused: "E6050",
  SsoRefused: "E1007",
  GoogleUserNotFound: "E1025",
  AzureUserNotFound: "E1026",
  RegistrationIncomplete: "E2005",
  UnknownRole: "E2010",
  TooManyUsers: "E2011",
  UserNotFound: "E1002",
  RoleNotFound: "E4011",
  OrganisationNotFound: "E4012",
  ThemeNotFound: "E4013",
  ThemeUrlTaken: "E5010",
  SystemRoleReadOnly: "E6060",
  OwnAccountChange: "E6061",
  IdempotencyKeyInProgress: "E5011",
  IdempotencyKeyReused: "E6062",
  ApprovalNotFound: "E4020",
  ApprovalNotPending: "E6070",
  NotAnApprover: "E3010",
  AlreadyApprovedLevel: "E6071",
  SuperApproverRequired: "E3011",
  InvalidWorkflow: "E2020",
  LevelWithoutApprover: "E2022",
  WorkflowNotFound: "E4029",
  WorkspaceNotFound: "E4021",
  LocationNotFound: "E4022",
  WorkspaceNameTaken: "E5020",
  WorkspaceActionNotAllowed: "E6072",
  BudgetNotFound: "E4023",
  BudgetLineNotFound: "E4024",
  BudgetExceeded: "E6073",
  BudgetPeriodInvalid: "E2021",
  BudgetChangeNotFound: "E4025",
  BudgetActionNotAllowed: "E6074",
  WorkspaceBudgetNotAllowed: "E6075",
  ModuleNotInPlan: "E6076",
  PlanLimitLocked: "E6077",
  FileNotFound: "E4060",
  FileTooLarge: "E2060",
  FileTypeNotAllowed: "E2061",
  PendingUploadsExceeded: "E6200",
  FileNotAttachable: "E6201",
  FileNotRemovable: "E6202",
  FileStorageUnavailable: "E9002",
  UploadGrantInvalid: "E4061"
}

/** The catalogue entry of a code; unknown codes give the unexpected-error entry. */
export const entryFor = (code: string): CatalogueEntry => byCode.get(code) ?? unexpectedEntry

/** The catalogue entry a tagged error answers with. */
export const entryForTag = (tag: string): CatalogueEntry => entryFor(errorCodes[tag] ?? unexpectedEntry.code)

/** A code's message in a language, with `{name}` placeholders filled from `params`. */
export const messageFor = (
  code: string,
  locale: Locale,
  params: Readonly<Record<string, string | number>> = {}
): string => interpolate(entryFor(code)[locale], params)

/** The code and message to show for any failure value: tagged errors by their tag, anything else as unexpected. */
export const describeError = (
  error: unknown,
  locale: Locale
): { readonly code: string; readonly message: string; readonly kind: ErrorKind } => {
  const tag =
    typeof error === "object" && error !== null && "_tag" in error && typeof error._tag === "string" ? error._tag : ""
  const found = entryForTag(tag)
  const params: Record<string, string | number> = {}
  if (typeof error === "object" && error !== null) {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === "string" || typeof value === "number") params[key] = value
    }
  }
  // A field's name and its problem are codes on the error; the reader gets them in words of their language.
  if (typeof params["field"] === "string") params["field"] = fieldLabel(params["field"], locale)
  if (typeof params["problem"] === "string") params["problem"] = problemText(params["problem"], locale)
  return { code: found.code, kind: found.kind, message: interpolate(found[locale], params) }
}
