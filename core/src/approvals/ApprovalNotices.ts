import { interpolate, type Locale, type Translated } from "../shared/Locale.ts"
import type { DocumentKind } from "./Workflow.ts"

/** How a notification names the document it concerns: the kind's noun and the document's own title. */
const subjects: Readonly<Record<DocumentKind, Translated>> = {
  request: { en: "Request {title}", ar: "طلب الشراء {title}" },
  rfq: { en: "RFQ {title}", ar: "طلب عرض الأسعار {title}" },
  pre_rfq_approval: { en: "Pre-RFQ approval {title}", ar: "اعتماد ما قبل طلب عرض الأسعار {title}" },
  order: { en: "Order {title}", ar: "أمر الشراء {title}" },
  bill: { en: "Bill {title}", ar: "الفاتورة {title}" },
  workspace: { en: "Workspace {title}", ar: "مساحة العمل {title}" },
  budget: { en: "Budget change to {title}", ar: "تعديل الميزانية {title}" }
}

/** The outcomes a notification tells of: still waiting, or how the approval ended. */
export type ApprovalOutcome = "WAITING" | "APPROVED" | "REJECTED" | "RETURNED"

const outcomes: Readonly<Record<ApprovalOutcome, Translated>> = {
  WAITING: { en: "{subject} is waiting for your approval", ar: "{subject} بانتظار اعتمادك" },
  APPROVED: { en: "{subject} was approved", ar: "تم اعتماد {subject}" },
  REJECTED: { en: "{subject} was rejected", ar: "تم رفض {subject}" },
  RETURNED: { en: "{subject} was returned for changes", ar: "تمت إعادة {subject} للتعديل" }
}

/**
 * The title of an approval notification in a language: every word the product's own, the document's title (user
 * data) isolated so that a name in the other script neither moves nor drags the sentence with it.
 */
export const approvalNoticeTitle = (
  kind: DocumentKind,
  title: string,
  outcome: ApprovalOutcome,
  locale: Locale
): string =>
  // The subject is the product's own phrase in the same language, so only the title inside it is isolated.
  outcomes[outcome][locale].replace("{subject}", interpolate(subjects[kind][locale], { title }))

/** The same title in every language, as a notification stores it. */
export const approvalNoticeTitles = (kind: DocumentKind, title: string, outcome: ApprovalOutcome): Translated => ({
  en: approvalNoticeTitle(kind, title, outcome, "en"),
  ar: approvalNoticeTitle(kind, title, outcome, "ar")
})
