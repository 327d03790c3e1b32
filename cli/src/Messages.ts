import { interpolate, type Locale, type Translated } from "@tawreed/core/shared"

/** The CLI's own words, in every language the product speaks; error messages come from the core's catalogue. */
export const messages = {
  signedIn: { en: "Signed in as {email} at {apiUrl}.", ar: "تم تسجيل الدخول باسم {email} على {apiUrl}." },
  codePrompt: { en: "Security code: ", ar: "رمز الأمان: " },
  whoami: { en: "{name} <{email}> at {apiUrl}", ar: "{name} <{email}> على {apiUrl}" },
  whoamiRoles: { en: "Roles: {roles} ({count} privileges)", ar: "الأدوار: {roles} ({count} صلاحية)" },
  finishWithCode: {
    en: "Finish signing in with: tawreed login --email {email} --code <security code>",
    ar: "أكمل تسجيل الدخول بالأمر: tawreed login --email {email} --code <رمز الأمان>"
  },
  signedOut: { en: "Signed out of {apiUrl}.", ar: "تم تسجيل الخروج من {apiUrl}." },
  notSignedIn: { en: "You were not signed in at {apiUrl}.", ar: "لم تكن مسجّل الدخول على {apiUrl}." },
  markedRead: { en: "Notification {id} marked as read.", ar: "تم تعليم الإشعار {id} كمقروء." },
  markedAllRead: { en: "All notifications marked as read.", ar: "تم تعليم جميع الإشعارات كمقروءة." },
  noNotifications: { en: "No Notifications", ar: "لا توجد إشعارات" },
  pageFooter: {
    en: "Page {page} of {pages} · {count} notifications",
    ar: "الصفحة {page} من {pages} · {count} إشعارات"
  },
  columnId: { en: "ID", ar: "الرقم" },
  columnStatus: { en: "Status", ar: "الحالة" },
  columnLabel: { en: "Label", ar: "المستند" },
  columnTitle: { en: "Title", ar: "العنوان" },
  statusUNREAD: { en: "Unread", ar: "غير مقروء" },
  statusREAD: { en: "Read", ar: "مقروء" },
  invalidId: {
    en: "the notification id must be a whole number greater than 0, not '{value}'",
    ar: "يجب أن يكون رقم الإشعار عددًا صحيحًا أكبر من 0، وليس '{value}'"
  },
  invalidApiUrl: {
    en: "--api-url must be an http:// or https:// address, not '{value}'",
    ar: "يجب أن يكون --api-url عنوانًا يبدأ بـ http:// أو https://، وليس '{value}'"
  },
  invalidLang: {
    en: "--lang must be en or ar, not '{value}'",
    ar: "يجب أن تكون قيمة --lang إما en أو ar، وليس '{value}'"
  },
  emptyOption: { en: "{option} must not be empty", ar: "يجب ألا يكون {option} فارغًا" },
  usersFooter: { en: "{count} users", ar: "{count} مستخدم" },
  columnName: { en: "Name", ar: "الاسم" },
  columnEmail: { en: "Email", ar: "البريد الإلكتروني" },
  columnRoles: { en: "Roles", ar: "الأدوار" },
  columnCode: { en: "Code", ar: "الرمز" },
  columnPrivileges: { en: "Privileges", ar: "الصلاحيات" },
  columnKind: { en: "Kind", ar: "النوع" },
  roleSystem: { en: "built in", ar: "مدمج" },
  roleCustom: { en: "custom", ar: "مخصص" },
  userStatusACTIVE: { en: "Active", ar: "نشط" },
  userStatusINACTIVE: { en: "Inactive", ar: "غير نشط" },
  userStatusBLOCKED: { en: "Blocked", ar: "محظور" },
  importProgress: { en: "Imported {done} of {total} users", ar: "تم استيراد {done} من {total} مستخدم" },
  importRowRefused: { en: "line {line}: {message}", ar: "السطر {line}: {message}" },
  importSummary: {
    en: "{created} users created, {refused} rows refused.",
    ar: "تم إنشاء {created} مستخدم، ورُفض {refused} سطر."
  },
  importIncomplete: {
    en: "{refused} rows of {file} were not imported; see the lines above.",
    ar: "لم يُستورد {refused} سطر من {file}؛ راجع الأسطر أعلاه."
  },
  importHeader: {
    en: "the first line must name the columns, with at least email, firstName and roles",
    ar: "يجب أن يذكر السطر الأول أسماء الأعمدة، ومنها على الأقل email وfirstName وroles"
  },
  importUnreadable: { en: "cannot read {file}: {detail}", ar: "تعذّرت قراءة {file}: {detail}" },
  workspacesFooter: { en: "{count} workspaces", ar: "{count} مساحة عمل" },
  columnClassification: { en: "Classification", ar: "التصنيف" },
  workspaceCreated: {
    en: "Workspace {name} created ({id}): {status}.",
    ar: "تم إنشاء مساحة العمل {name} ({id}): {status}."
  },
  workspaceNow: { en: "Workspace {name}: {status}.", ar: "مساحة العمل {name}: {status}." },
  workspaceStatusDRAFT: { en: "Draft", ar: "مسودة" },
  workspaceStatusPENDING: { en: "Pending approval", ar: "بانتظار الاعتماد" },
  workspaceStatusAPPROVED: { en: "Approved", ar: "معتمدة" },
  workspaceStatusRETURNED: { en: "Returned", ar: "مُعادة" },
  workspaceStatusREJECTED: { en: "Rejected", ar: "مرفوضة" },
  workspaceStatusACTIVE: { en: "Active", ar: "نشطة" },
  workspaceStatusINACTIVE: { en: "Inactive", ar: "غير نشطة" },
  workspaceStatusSUPER_APPROVED: { en: "Super approved", ar: "معتمدة من المعتمد الأعلى" },
  workspaceStatusSUPER_RETURNED: { en: "Super returned", ar: "مُعادة من المعتمد الأعلى" },
  workspaceStatusSUPER_REJECTED: { en: "Super rejected", ar: "مرفوضة من المعتمد الأعلى" },
  budgetsFooter: { en: "{count} budgets", ar: "{count} ميزانية" },
  budgetHeading: {
    en: "{name} · {start} to {end} · {currency} · {status} · {policy}",
    ar: "{name} · من {start} إلى {end} · {currency} · {status} · {policy}"
  },
  budgetTotal: { en: "Total", ar: "الإجمالي" },
  columnWorkspace: { en: "Workspace", ar: "مساحة العمل" },
  columnPeriod: { en: "Period", ar: "الفترة" },
  columnPolicy: { en: "Policy", ar: "السياسة" },
  columnLine: { en: "Line", ar: "البند" },
  columnLimit: { en: "Limit", ar: "الحد" },
  columnRequested: { en: "Requested", ar: "مطلوب" },
  columnCommitted: { en: "Committed", ar: "ملتزم به" },
  columnActual: { en: "Actual", ar: "فعلي" },
  columnAvailable: { en: "Available", ar: "متاح" },
  budgetStatusBUDGETED: { en: "Budgeted", ar: "مخطط لها" },
  budgetStatusACTIVE: { en: "Active", ar: "نشطة" },
  budgetStatusINACTIVE: { en: "Inactive", ar: "غير نشطة" },
  budgetPolicySTOP: { en: "Stop", ar: "إيقاف" },
  budgetPolicyWARN: { en: "Warn", ar: "تحذير" },
  budgetPolicyIGNORE: { en: "Ignore", ar: "تجاهل" },
  credentialsUnavailable: {
    en: "Cannot use the credentials file {path}: {detail}",
    ar: "تعذّر استخدام ملف بيانات الدخول {path}: {detail}"
  }
} satisfies Record<string, Translated>

export type MessageKey = keyof typeof messages

/** One of the CLI's texts in a language, with `{name}` placeholders filled. */
export const text = (key: MessageKey, locale: Locale, params: Readonly<Record<string, string | number>> = {}): string =>
  interpolate(messages[key][locale], params)
