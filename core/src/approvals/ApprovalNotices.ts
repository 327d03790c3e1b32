import { documentKinds } from "../documents/DocumentKinds.ts"
import { interpolate, type Locale, type Translated } from "../shared/Locale.ts"
import type { DocumentKind } from "./Workflow.ts"

/** The outcomes a notification tells of: still waiting, or how the approval ended. */
export type ApprovalOutcome = "WAITING" | "APPROVED" | "REJECTED" | "RETURNED"

const outcomes: Readonly<Record<ApprovalOutcome, Translated>> = {
  WAITING: { en: "{subject} is waiting for your approval", ar: "{subject} بانتظار اعتمادك" },
  APPROVED: { en: "{subject} was approved", ar: "تم اعتماد {subject}" },
  REJECTED: { en: "{subject} was rejected", ar: "تم رفض {subject}" },
  RETURNED: { en: "{subject} was returned for changes", ar: "تمت إعادة {subject} للتعديل" }
}

/**
 * The title of an approval notification in a language: every word the product's own (the kind's noun from its
 * descriptor), the document's title (user data) isolated so that a name in the other script neither moves nor drags the sentence with it.
 */
export const approvalNoticeTitle = (
  kind: DocumentKind,
  title: string,
  outcome: ApprovalOutcome,
  locale: Locale
): string =>
  // The subject is the product's own phrase in the same language, so only the title inside it is isolated.
  outcomes[outcome][locale].replace("{subject}", interpolate(documentKinds[kind].noun[locale], { title }))

/** The same title in every language, as a notification stores it. */
export const approvalNoticeTitles = (kind: DocumentKind, title: string, outcome: ApprovalOutcome): Translated => ({
  en: approvalNoticeTitle(kind, title, outcome, "en"),
  ar: approvalNoticeTitle(kind, title, outcome, "ar")
})
