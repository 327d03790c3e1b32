// Kept free of effect so that the site's islands can show labels and badges without shipping the schema library.
import type { Locale, Translated } from "../shared/Locale.ts"

/** What a label needs of a notification. */
export interface Labelled {
  readonly module: string
  readonly type: string
  readonly documentId: string
}

const moduleLabels: Readonly<Record<string, Translated>> = {
  requests: { en: "Request", ar: "طلب" },
  rfqs: { en: "Offer", ar: "عرض" },
  orders: { en: "Order", ar: "أمر شراء" },
  bills: { en: "Bill", ar: "فاتورة" },
  payments: { en: "Payment", ar: "دفعة" },
  workspaces: { en: "Workspace", ar: "مساحة عمل" },
  vendors: { en: "Vendor", ar: "مورّد" },
  budgets: { en: "Budget", ar: "ميزانية" },
  contracts: { en: "Contract", ar: "عقد" }
}

/**
 * The label a notification shows: '{Module} #{id}' (SPEC.md §3). A RFQ_WAITING_FOR_APPROVAL notification in the
 * rfqs module concerns the buyer's request, so it reads Request; a module without a label shows its own name.
 */
export const labelOf = (notification: Labelled, locale: Locale): string => {
  const key =
    notification.module === "rfqs" && notification.type === "RFQ_WAITING_FOR_APPROVAL"
      ? "requests"
      : notification.module
  const label = Object.hasOwn(moduleLabels, key) ? moduleLabels[key] : undefined
  return `${label ? label[locale] : notification.module} #${notification.documentId}`
}

export { unreadBadge } from "./UnreadBadge.ts"
