import { Schema } from "effect"
import type { Locale, Translated } from "../shared/Locale.ts"
import { NotificationStatus } from "./NotificationStatus.ts"

/** A notification's id: a positive whole number. */
export const NotificationId = Schema.Int.check(Schema.isGreaterThan(0)).pipe(Schema.brand("NotificationId"))
export type NotificationId = typeof NotificationId.Type

/** The notification types of SPEC.md §3. */
export const NotificationType = Schema.Literals([
  "REQUEST_WAITING_FOR_APPROVAL",
  "RFQ_WAITING_FOR_APPROVAL",
  "OFFER_WAITING_FOR_APPROVAL",
  "ORDER_WAITING_FOR_APPROVAL",
  "BILL_WAITING_FOR_APPROVAL",
  "WORKSPACE_WAITING_FOR_APPROVAL",
  "BUDGET_WAITING_FOR_APPROVAL",
  "INVITE_WAITING_FOR_REVIEW",
  "QUESTIONNAIRE_SECTION_ASSIGNED",
  "VENDOR_WAITING_FOR_REVIEW"
])
export type NotificationType = typeof NotificationType.Type

/** A title in both languages. */
export const NotificationTitle = Schema.Struct({ en: Schema.String, ar: Schema.String })

/** Something a user is told about, with a link to the document it concerns (SPEC.md §3 Notification). */
export class Notification extends Schema.Class<Notification>("Notification")({
  id: NotificationId,
  module: Schema.String,
  type: NotificationType,
  documentId: Schema.String,
  title: NotificationTitle,
  notificationBody: Schema.String,
  url: Schema.String,
  status: NotificationStatus,
  createdAt: Schema.Date
}) {}

/** What a module says when it notifies a user; the id, status and time are the repository's. */
export class NewNotification extends Schema.Class<NewNotification>("NewNotification")({
  module: Schema.String,
  type: NotificationType,
  documentId: Schema.String,
  title: NotificationTitle,
  notificationBody: Schema.String,
  url: Schema.String
}) {}

/** One page of a user's notifications and how many they have in all (SPEC.md §7 `GET notification`). */
export class NotificationPage extends Schema.Class<NotificationPage>("NotificationPage")({
  notifications: Schema.Array(Notification),
  count: Schema.Int
}) {}

const moduleLabels: Readonly<Record<string, Translated>> = {
  requests: { en: "Request", ar: "طلب" },
  rfqs: { en: "Offer", ar: "عرض" },
  orders: { en: "Order", ar: "أمر شراء" },
  bills: { en: "Bill", ar: "فاتورة" },
  payments: { en: "Payment", ar: "دفعة" },
  workspaces: { en: "Workspace", ar: "مساحة عمل" },
  vendors: { en: "Vendor", ar: "مورّد" }
}

/**
 * The label a notification shows: '{Module} #{id}' (SPEC.md §3). A RFQ_WAITING_FOR_APPROVAL notification in the
 * rfqs module concerns the buyer's request, so it reads Request; a module without a label shows its own name.
 */
export const labelOf = (notification: Pick<Notification, "module" | "type" | "documentId">, locale: Locale): string => {
  const key =
    notification.module === "rfqs" && notification.type === "RFQ_WAITING_FOR_APPROVAL"
      ? "requests"
      : notification.module
  const label = Object.hasOwn(moduleLabels, key) ? moduleLabels[key] : undefined
  return `${label ? label[locale] : notification.module} #${notification.documentId}`
}

/** The unread badge text: the count, capped at '99+' from 100 (SPEC.md §2). */
export const unreadBadge = (count: number): string => (count >= 100 ? "99+" : String(Math.max(0, Math.trunc(count))))
