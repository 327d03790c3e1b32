import { SchemaIssue, type Schema } from "effect"
import { InvalidField } from "./Errors.ts"
import type { Locale, Translated } from "./Locale.ts"

/** The names of the fields forms and commands ask for, as a reader knows them. */
export const fieldLabels: Readonly<Record<string, Translated>> = {
  name: { en: "Name", ar: "الاسم" },
  nameEn: { en: "English name", ar: "الاسم بالإنجليزية" },
  nameAr: { en: "Arabic name", ar: "الاسم بالعربية" },
  code: { en: "Code", ar: "الرمز" },
  description: { en: "Description", ar: "الوصف" },
  classification: { en: "Classification", ar: "التصنيف" },
  startDate: { en: "Start date", ar: "تاريخ البداية" },
  endDate: { en: "End date", ar: "تاريخ النهاية" },
  currency: { en: "Currency", ar: "العملة" },
  policy: { en: "When exceeded", ar: "عند التجاوز" },
  workspaceId: { en: "Workspace", ar: "مساحة العمل" },
  lines: { en: "Lines", ar: "البنود" },
  key: { en: "Expense account or category", ar: "حساب المصروف أو الفئة" },
  label: { en: "Label", ar: "التسمية" },
  limit: { en: "Limit", ar: "الحد" },
  delta: { en: "Change", ar: "التغيير" },
  action: { en: "Action", ar: "الإجراء" },
  value: { en: "Value", ar: "القيمة" },
  remark: { en: "Remark", ar: "الملاحظة" },
  email: { en: "Email", ar: "البريد الإلكتروني" },
  firstName: { en: "First name", ar: "الاسم الأول" },
  lastName: { en: "Last name", ar: "اسم العائلة" },
  phone: { en: "Phone", ar: "الهاتف" },
  roles: { en: "Roles", ar: "الأدوار" },
  privileges: { en: "Privileges", ar: "الصلاحيات" },
  locations: { en: "Locations", ar: "المواقع" },
  users: { en: "Users", ar: "المستخدمون" },
  levels: { en: "Approval levels", ar: "مستويات الاعتماد" },
  dateFormat: { en: "Date format", ar: "صيغة التاريخ" },
  status: { en: "Status", ar: "الحالة" },
  requesterId: { en: "Requester", ar: "مقدّم الطلب" },
  columns: { en: "Columns", ar: "الأعمدة" },
  amount: { en: "Amount", ar: "المبلغ" },
  modules: { en: "Modules", ar: "الوحدات" },
  filter: { en: "Filter", ar: "عامل التصفية" },
  module: { en: "Module", ar: "الوحدة" },
  pageSize: { en: "Page size", ar: "حجم الصفحة" },
  to: { en: "Destination", ar: "الوجهة" },
  type: { en: "File type", ar: "نوع الملف" },
  entity: { en: "Document type", ar: "نوع المستند" },
  file: { en: "File", ar: "الملف" },
  fileURL: { en: "File address", ar: "عنوان الملف" },
  attachments: { en: "Attachments", ar: "المرفقات" }
}

const anyField: Translated = { en: "A field", ar: "أحد الحقول" }

/** What can be wrong with a field, in words. */
export const fieldProblems = {
  required: { en: "this field is required", ar: "هذا الحقل مطلوب" },
  format: { en: "the value is not in the expected form", ar: "القيمة ليست بالصيغة المطلوبة" },
  duplicate: { en: "the same value appears twice", ar: "القيمة نفسها مكررة" },
  notCalendarDays: {
    en: "the start and end must be calendar days",
    ar: "يجب أن يكون تاريخا البداية والنهاية أيامًا تقويمية"
  },
  endBeforeStart: {
    en: "the end date must not be before the start date",
    ar: "يجب ألا يسبق تاريخ النهاية تاريخ البداية"
  },
  overlapsAnother: {
    en: "another budget of this workspace covers some of these days",
    ar: "ميزانية أخرى لمساحة العمل هذه تغطي بعض هذه الأيام"
  },
  outOfRange: { en: "the value is outside the allowed range", ar: "القيمة خارج النطاق المسموح" },
  notOneOf: { en: "the value is not one of the choices offered", ar: "القيمة ليست من الخيارات المتاحة" },
  notActiveUser: {
    en: "this person is not an active user of the organisation",
    ar: "هذا الشخص ليس مستخدمًا نشطًا في المنظمة"
  },
  atLeastOne: { en: "add at least one", ar: "أضف عنصرًا واحدًا على الأقل" },
  tooMany: { en: "there are more entries than allowed", ar: "عدد العناصر أكثر من المسموح" },
  tooLong: { en: "the value is longer than allowed", ar: "القيمة أطول من المسموح" },
  bothLanguages: { en: "give both an English and an Arabic text", ar: "أدخل نصًا بالإنجليزية وآخر بالعربية" },
  mustBePositive: { en: "the amount must be more than 0", ar: "يجب أن يكون المبلغ أكبر من صفر" },
  mustNotBeZero: { en: "the change must not be 0", ar: "يجب ألا يكون التغيير صفرًا" },
  periodNeedsUpdate: {
    en: "only a budget update changes its name or period",
    ar: "لا يتغير اسم الميزانية أو فترتها إلا بتحديث الميزانية"
  },
  notExistingLine: {
    en: "an internal adjustment moves limit only between the budget's existing lines",
    ar: "التعديل الداخلي ينقل الحد بين بنود الميزانية القائمة فقط"
  },
  mustIncrease: {
    en: "a request for budget limit asks for more, not less",
    ar: "طلب زيادة حد الميزانية يطلب مبلغًا أكبر لا أقل"
  },
  unbalanced: {
    en: "an internal adjustment takes from some lines exactly what it gives to others",
    ar: "التعديل الداخلي يأخذ من بعض البنود قدر ما يعطي لغيرها تمامًا"
  },
  holdsDocuments: {
    en: "a line that holds documents stays in the budget",
    ar: "البند الذي تحتسب عليه مستندات يبقى في الميزانية"
  },
  // The number is maxItems.budgetLines (Limits.ts); a test holds the two together.
  tooManyLines: { en: "a budget holds at most 500 lines", ar: "تتسع الميزانية لـ 500 بند كحد أقصى" },
  cannotLowerNewLine: {
    en: "a line that does not exist yet cannot have its limit lowered",
    ar: "لا يمكن خفض حد بند غير موجود بعد"
  },
  samePlace: { en: "a move goes from one place to another", ar: "النقل يكون من موضع إلى موضع آخر" },
  moreThanHeld: {
    en: "the document holds less than this on the line",
    ar: "ما يحتسبه المستند على هذا البند أقل من هذا المبلغ"
  }
} as const satisfies Readonly<Record<string, Translated>>
export type FieldProblem = keyof typeof fieldProblems

/**
 * A field's name in a language. A field the product does not name reads by its path (`lines[2].limit`), which is
 * what the API's callers wrote; none at all reads "A field".
 */
export const fieldLabel = (field: string, locale: Locale): string =>
  Object.hasOwn(fieldLabels, field) ? fieldLabels[field]![locale] : field === "" ? anyField[locale] : field

/** A problem in words; an unknown problem reads as a value not in the expected form. */
export const problemText = (problem: string, locale: Locale): string =>
  (Object.hasOwn(fieldProblems, problem) ? fieldProblems[problem as FieldProblem] : fieldProblems.format)[locale]

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * The field a schema refused and why, so that a form shows the catalogue's words rather than the schema's: the
 * first refused field by its top-level name (`lines[2].limit` reads as its own `limit`), missing or malformed.
 */
export const invalidFieldOf = (error: Schema.SchemaError): InvalidField => {
  const first = formatter(error.issue).issues[0]
  const path = (first?.path ?? []).map((p) => (typeof p === "object" && p !== null && "key" in p ? p.key : p))
  const named = [...path].reverse().find((p): p is string => typeof p === "string")
  const missing = first?.message === "Missing key"
  return new InvalidField({ field: named ?? "", problem: missing ? "required" : "format" })
}
