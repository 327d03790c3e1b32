import { Schema } from "effect"
import { NotificationStatus } from "./NotificationStatus.ts"

/** A notification's id: a positive whole number. */
export const NotificationId = Schema.Int.check(Schema.isGreaterThan(0)).pipe(Schema.brand("NotificationId"))
export type NotificationId = typeof NotificationId.Type

/**
 * The notification types of SPEC.md §3, and the product's own in the same style: CONTRACT_WAITING_FOR_APPROVAL for a
 * contract's approvers, CONTRACT_EXPIRING for its owner when it ends within the alert window (SPEC.md §9).
 */
export const NotificationType = Schema.Literals([
  "REQUEST_WAITING_FOR_APPROVAL",
  "RFQ_WAITING_FOR_APPROVAL",
  "OFFER_WAITING_FOR_APPROVAL",
  "ORDER_WAITING_FOR_APPROVAL",
  "ORDER_SUBMISSION",
  "BILL_WAITING_FOR_APPROVAL",
  "WORKSPACE_WAITING_FOR_APPROVAL",
  "BUDGET_WAITING_FOR_APPROVAL",
  "INVITE_WAITING_FOR_REVIEW",
  "QUESTIONNAIRE_SECTION_ASSIGNED",
  "VENDOR_WAITING_FOR_REVIEW",
  "CONTRACT_WAITING_FOR_APPROVAL",
  "CONTRACT_EXPIRING"
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

export { labelOf, unreadBadge } from "./NotificationLabel.ts"
