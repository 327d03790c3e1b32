import { atom } from "nanostores"

// The bell's state, kept apart from the notification panel's (stores/notifications.ts) so that a page loads the panel's
// code only when the panel is first opened.

/** The signed-in user's unread count, kept live by the server's event stream. */
export const $unreadCount = atom(0)
/** Whether the notification panel is open. */
export const $panelOpen = atom(false)
/** Counts the times the stream told of a change made elsewhere (another tab, a new notification). */
export const $changedElsewhere = atom(0)

/** Starts following the unread count of the signed-in user; answers a function that stops it. */
export const followUnreadCount = (initialCount: number): (() => void) => {
  $unreadCount.set(initialCount)
  if (typeof EventSource === "undefined") return () => undefined
  const source = new EventSource("/api/notification/stream")
  source.addEventListener("unread", (event) => {
    const count = Number((event as MessageEvent<string>).data)
    if (!Number.isFinite(count)) return
    const changed = count !== $unreadCount.get()
    $unreadCount.set(count)
    if (changed) $changedElsewhere.set($changedElsewhere.get() + 1)
  })
  return () => source.close()
}
