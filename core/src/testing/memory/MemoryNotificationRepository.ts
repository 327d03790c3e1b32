import { Effect, Layer, Option } from "effect"
import {
  Notification,
  type NotificationId,
  NotificationPage,
  NotificationRepository,
  type Recipient
} from "../../notifications/index.ts"

interface Stored {
  readonly orgId: string
  readonly userId: string
  notification: Notification
}

/** Notifications in memory, for tests of the layers above storage and for the contract suite's reference run. */
export const MemoryNotificationRepository = Layer.sync(NotificationRepository, () => {
  const rows: Array<Stored> = []
  let nextId = 1
  const mine = (r: Recipient) => (s: Stored) => s.orgId === r.orgId && s.userId === r.userId
  const setStatus = (s: Stored) => {
    s.notification = new Notification({ ...s.notification, status: "READ" })
  }
  return NotificationRepository.of({
    insert: (r, n) =>
      Effect.sync(() => {
        const notification = new Notification({
          ...n,
          id: nextId++ as NotificationId,
          status: "UNREAD",
          createdAt: new Date()
        })
        rows.push({ orgId: r.orgId, userId: r.userId, notification })
        return notification
      }),
    list: (r, page) =>
      Effect.sync(() => {
        const all = rows.filter(mine(r)).reverse()
        return new NotificationPage({
          notifications: all.slice(page.offset, page.offset + page.limit).map((s) => s.notification),
          count: all.length
        })
      }),
    findById: (r, id) =>
      Effect.sync(() => Option.fromNullishOr(rows.find((s) => mine(r)(s) && s.notification.id === id)?.notification)),
    countUnread: (r) => Effect.sync(() => rows.filter((s) => mine(r)(s) && s.notification.status === "UNREAD").length),
    markRead: (r, id) =>
      Effect.sync(() => {
        const found = rows.find((s) => mine(r)(s) && s.notification.id === id)
        if (found) setStatus(found)
        return found !== undefined
      }),
    markDocumentRead: (r, type, url) =>
      Effect.sync(() => {
        const unread = rows.filter(
          (s) =>
            mine(r)(s) &&
            s.notification.status === "UNREAD" &&
            s.notification.type === type &&
            s.notification.url === url
        )
        unread.forEach(setStatus)
        return unread.length
      }),
    markAllRead: (r) =>
      Effect.sync(() => {
        const unread = rows.filter((s) => mine(r)(s) && s.notification.status === "UNREAD")
        unread.forEach(setStatus)
        return unread.length
      }),
    remove: (r, id) =>
      Effect.sync(() => {
        const at = rows.findIndex((s) => mine(r)(s) && s.notification.id === id)
        if (at >= 0) rows.splice(at, 1)
        return at >= 0
      }),
    removeAll: (r) =>
      Effect.sync(() => {
        const before = rows.length
        for (let i = rows.length - 1; i >= 0; i--) if (mine(r)(rows[i]!)) rows.splice(i, 1)
        return before - rows.length
      })
  })
})
