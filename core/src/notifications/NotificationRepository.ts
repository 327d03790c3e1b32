import { Context, type Effect, type Option } from "effect"
import type { PageRequest } from "../shared/Paging.ts"
import type { Recipient } from "./Recipient.ts"
import type { NewNotification, Notification, NotificationPage } from "./Notification.ts"

/** A user's notifications. Every method is scoped to one recipient: nobody reaches another's notifications. */
export interface NotificationRepositoryShape {
  readonly insert: (recipient: Recipient, notification: NewNotification) => Effect.Effect<Notification>
  /** Newest first. */
  readonly list: (recipient: Recipient, page: PageRequest) => Effect.Effect<NotificationPage>
  readonly findById: (recipient: Recipient, id: number) => Effect.Effect<Option.Option<Notification>>
  readonly countUnread: (recipient: Recipient) => Effect.Effect<number>
  /** Marks one read; false when the recipient has no such notification. */
  readonly markRead: (recipient: Recipient, id: number) => Effect.Effect<boolean>
  /**
   * Marks read the recipient's unread notifications of a type about one document (by its address), as when the
   * step they announce was withdrawn; answers how many changed.
   */
  readonly markDocumentRead: (recipient: Recipient, type: string, url: string) => Effect.Effect<number>
  /** Marks all read; answers how many changed. */
  readonly markAllRead: (recipient: Recipient) => Effect.Effect<number>
  /** Deletes one; false when the recipient has no such notification. */
  readonly remove: (recipient: Recipient, id: number) => Effect.Effect<boolean>
  /** Deletes all; answers how many went. */
  readonly removeAll: (recipient: Recipient) => Effect.Effect<number>
}

/** Port: where notifications are kept. */
export class NotificationRepository extends Context.Service<NotificationRepository, NotificationRepositoryShape>()(
  "@tawreed/core/notifications/NotificationRepository"
) {}
