import { SchemaIssue, type Schema } from "effect"
import { InvalidField } from "./Errors.ts"
import type { Locale, Translated } from "./Locale.ts"
import { type CataloguedProblem, moduleCatalogues } from "./ModuleCatalogues.ts"

/** The names of the fields forms and commands ask for, as a reader knows them: each module's, and the shared ones. */
export const fieldLabels: Readonly<Record<string, Translated>> = Object.assign(
  {},
  ...moduleCatalogues.map((c) => ("fields" in c ? c.fields : {}))
)

const anyField: Translated = { en: "A field", ar: "أحد الحقول" }

/**
 * The statuses an error names (`{status}`, `{from}`, `{to}`) in words, so that a reader never meets a code such as
 * PENDING_APPROVAL inside a sentence. English reads in the middle of a sentence ("a workspace that is active");
 * Arabic takes the feminine, as workspaces and budgets do, and the site's own status labels.
 */
export const statusWords: Readonly<Record<string, Translated>> = {
  DRAFT: { en: "a draft", ar: "مسودة" },
  PENDING: { en: "pending approval", ar: "بانتظار الاعتماد" },
  PENDING_APPROVAL: { en: "pending approval", ar: "بانتظار الاعتماد" },
  SUBMITTED: { en: "submitted", ar: "مُرسلة" },
  APPROVED: { en: "approved", ar: "معتمدة" },
  RETURNED: { en: "returned", ar: "معادة" },
  REJECTED: { en: "rejected", ar: "مرفوضة" },
  UPDATED: { en: "updated", ar: "محدّثة" },
  ACTIVE: { en: "active", ar: "نشطة" },
  INACTIVE: { en: "inactive", ar: "غير نشطة" },
  SUPER_APPROVED: { en: "super approved", ar: "معتمدة اعتمادًا أعلى" },
  SUPER_RETURNED: { en: "super returned", ar: "معادة اعتمادًا أعلى" },
  SUPER_REJECTED: { en: "super rejected", ar: "مرفوضة اعتمادًا أعلى" },
  BUDGETED: { en: "budgeted", ar: "مخططة" },
  CONTRACT_DRAFTED: { en: "a draft", ar: "مسودة" },
  CONTRACT_PENDING_APPROVAL: { en: "pending approval", ar: "بانتظار الاعتماد" },
  CONTRACT_ACTIVE: { en: "active", ar: "ساري" },
  CONTRACT_REJECTED: { en: "rejected", ar: "مرفوض" },
  CONTRACT_EXPIRED: { en: "expired", ar: "منتهي" },
  CONTRACT_TERMINATED: { en: "terminated", ar: "مُنهى" },
  CONTRACT_CLOSED: { en: "closed", ar: "مغلق" }
}

/**
 * What a refused action was (`{action}`), in words: the codes the use cases name when a document's status does not
 * allow it, the budget change actions among them.
 */
export const actionWords: Readonly<Record<string, Translated>> = {
  update: { en: "edit", ar: "التعديل" },
  changeApproved: {
    en: "change its name, code, classification, currency or dates",
    ar: "تغيير الاسم أو الرمز أو التصنيف أو العملة أو التواريخ"
  },
  submit: { en: "submit for approval", ar: "الإرسال للاعتماد" },
  review: { en: "review", ar: "المراجعة" },
  approve: { en: "approve", ar: "الاعتماد" },
  return: { en: "return for changes", ar: "الإعادة للتعديل" },
  reject: { en: "reject", ar: "الرفض" },
  activate: { en: "activate", ar: "التفعيل" },
  deactivate: { en: "deactivate", ar: "الإيقاف" },
  setDefault: { en: "set as default", ar: "التعيين كافتراضية" },
  delete: { en: "delete", ar: "الحذف" },
  takeDocument: { en: "take a new document", ar: "احتساب مستند جديد" },
  request_for_budget_limit: { en: "request a budget limit", ar: "طلب حد للميزانية" },
  adjust_budget_internally: { en: "adjust internally", ar: "التعديل الداخلي" },
  adjust_budget_externally: { en: "adjust externally", ar: "التعديل الخارجي" },
  update_budget: { en: "update the budget", ar: "تحديث الميزانية" },
  terminate: { en: "terminate", ar: "الإنهاء" },
  close: { en: "close", ar: "الإغلاق" }
}

/** The documents a status move names (`{entity}`), in words. */
export const entityWords: Readonly<Record<string, Translated>> = {
  workspace: { en: "workspace", ar: "مساحة العمل" },
  budget: { en: "budget", ar: "الميزانية" },
  request: { en: "request", ar: "طلب الشراء" },
  order: { en: "order", ar: "أمر الشراء" },
  vendor: { en: "vendor", ar: "المورد" }
}

/** Why a rule refused (`{reason}`), in words: each module's reasons. */
export const reasonWords: Readonly<Record<string, Translated>> = Object.assign(
  {},
  ...moduleCatalogues.map((c) => ("reasons" in c ? c.reasons : {}))
)

/** A code in words of a language from one of the tables above; a code the table lacks reads as it is. */
export const wordFor = (words: Readonly<Record<string, Translated>>, code: string, locale: Locale): string =>
  Object.hasOwn(words, code) ? words[code]![locale] : code

/** A problem a field can have, as refusals name it. */
export type FieldProblem = CataloguedProblem

/** What can be wrong with a field, in words: each module's problems, and the shared ones. */
export const fieldProblems: Readonly<Record<FieldProblem, Translated>> = Object.assign(
  {},
  ...moduleCatalogues.map((c) => ("problems" in c ? c.problems : {}))
)

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
