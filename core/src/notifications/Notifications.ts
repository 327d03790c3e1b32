import { Context, Effect, Layer, Option, Stream } from "effect"
import { EventBus, UnreadCountChanged } from "../shared/EventBus.ts"
import type { InvalidPage, InvalidPageSize } from "../shared/Errors.ts"
import { pageRequest } from "../shared/Paging.ts"
import type { NewNotification, Notification, NotificationPage } from "./Notification.ts"
import { NotificationNotFound } from "./NotificationErrors.ts"
import { NotificationRepository } from "./NotificationRepository.ts"
import type { Recipient } from "./Recipient.ts"

/** The notification centre: what later modules call to tell a user something, and what the bell reads. */
export interface NotificationsShape {
  /** Tells a user something; modules call this when a document waits for them. */
  readonly notify: (recipient: Recipient, notification: NewNotification) => Effect.Effect<Notification>
  readonly list: (
    recipient: Recipient,
    page: number | undefined,
    limit: number | undefined
  ) => Effect.Effect<NotificationPage, InvalidPage | InvalidPageSize>
  readonly get: (recipient: Recipient, id: number) => Effect.Effect<Notification, NotificationNotFound>
  readonly countUnread: (recipient: Recipient) => Effect.Effect<number>
  readonly markRead: (recipient: Recipient, id: number) => Effect.Effect<void, NotificationNotFound>
  readonly markAllRead: (recipient: Recipient) => Effect.Effect<void>
  readonly remove: (recipient: Recipient, id: number) => Effect.Effect<void, NotificationNotFound>
  readonly removeAll: (recipient: Recipient) => Effect.Effect<void>
  /** The unread count now and after every change, for as long as the caller listens. */
  readonly unreadCounts: (recipient: Recipient) => Stream.Stream<number>
}

/** Use cases: notifications. */
export class Notifications extends Context.Service<Notifications, NotificationsShape>()(
  "@tawreed/core/notifications/Notifications"
) {
  static readonly layer = Layer.effect(
    Notifications,
    Effect.gen(function* () {
      const repository = yield* NotificationRepository
      const bus = yield* EventBus
      const changed = (recipient: Recipient) =>
        bus.publish(new UnreadCountChanged({ orgId: recipient.orgId, userId: recipient.userId }))

      const notify = Effect.fn("Notifications.notify")(function* (recipient: Recipient, notification: NewNotification) {
        const saved = yield* repository.insert(recipient, notification)
        yield* changed(recipient)
        return saved
      })

      const list = Effect.fn("Notifications.list")(function* (
        recipient: Recipient,
        page: number | undefined,
        limit: number | undefined
      ) {
        return yield* repository.list(recipient, yield* pageRequest(page, limit))
      })

      const get = Effect.fn("Notifications.get")(function* (recipient: Recipient, id: number) {
        const found = yield* repository.findById(recipient, id)
        if (Option.isNone(found)) return yield* new NotificationNotFound({ id })
        return found.value
      })

      const markRead = Effect.fn("Notifications.markRead")(function* (recipient: Recipient, id: number) {
        if (!(yield* repository.markRead(recipient, id))) return yield* new NotificationNotFound({ id })
        yield* changed(recipient)
      })

      const markAllRead = Effect.fn("Notifications.markAllRead")(function* (recipient: Recipient) {
        if ((yield* repository.markAllRead(recipient)) > 0) yield* changed(recipient)
      })

      const remove = Effect.fn("Notifications.remove")(function* (recipient: Recipient, id: number) {
        if (!(yield* repository.remove(recipient, id))) return yield* new NotificationNotFound({ id })
        yield* changed(recipient)
      })

      const removeAll = Effect.fn("Notifications.removeAll")(function* (recipient: Recipient) {
        if ((yield* repository.removeAll(recipient)) > 0) yield* changed(recipient)
      })

      const unreadCounts = (recipient: Recipient): Stream.Stream<number> =>
        Stream.unwrap(
          Effect.gen(function* () {
            // Subscribe before the first count so no change between the two is missed.
            const events = yield* bus.subscribe
            const mine = events.pipe(
              Stream.filter(
                (event) =>
                  event instanceof UnreadCountChanged &&
                  event.orgId === recipient.orgId &&
                  event.userId === recipient.userId
              ),
              Stream.mapEffect(() => repository.countUnread(recipient))
            )
            return Stream.concat(Stream.fromEffect(repository.countUnread(recipient)), mine).pipe(Stream.changes)
          })
        )

      return Notifications.of({
        notify,
        list,
        get,
        countUnread: repository.countUnread,
        markRead,
        markAllRead,
        remove,
        removeAll,
        unreadCounts
      })
    })
  )
}
