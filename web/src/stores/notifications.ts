import { atom } from "nanostores"
import type { Notification } from "@tawreed/core/notifications"
import type { Locale } from "@tawreed/core/shared/Locale"
import { defaultPageSize, type PageSize } from "@tawreed/core/shared/PageSizes"
import { followFailure, leavesPage } from "../client/failures.ts"
import { $changedElsewhere, $panelOpen, $unreadCount } from "./unread.ts"

export { $panelOpen, $unreadCount } from "./unread.ts"

/** A notification as the API sends it: its time as an ISO string. */
export type NotificationItem = Omit<(typeof Notification)["Encoded"], "createdAt"> & { readonly createdAt: string }

export type ListState =
  | { readonly status: "idle" }
  | { readonly status: "loading"; readonly notifications: ReadonlyArray<NotificationItem>; readonly count: number }
  | { readonly status: "ready"; readonly notifications: ReadonlyArray<NotificationItem>; readonly count: number }
  | { readonly status: "failed"; readonly message: string }

/** The page shown in the panel: its index (from 0) and size. */
export const $page = atom<{ readonly index: number; readonly size: PageSize }>({ index: 0, size: defaultPageSize })
/** The notifications of that page and how many there are in all. */
export const $list = atom<ListState>({ status: "idle" })
/** The message of the last action that failed (in the page's language), until the next action. */
export const $actionError = atom<string | undefined>(undefined)

let locale: Locale = "en"
let latestLoad = 0

class ApiFailure extends Error {}

/** Calls the API as the signed-in user, in the page's language; failures carry the catalogue's message. */
const callApi = async (path: string, init: RequestInit = {}): Promise<Response> => {
  const response = await fetch(`/api${path}`, {
    ...init,
    credentials: "same-origin",
    headers: { Language: locale, Accept: "application/json", ...init.headers }
  }).catch((error: unknown) => {
    // The server is out of reach: the shell shows the network-error page (SPEC.md §8).
    followFailure(0, undefined)
    throw error
  })
  if (response.ok) return response
  const body: unknown = await response.json().catch(() => undefined)
  // Network, server and auth failures leave the page; the rest show in the panel.
  if (leavesPage(response.status)) followFailure(response.status, body)
  const message =
    typeof body === "object" && body !== null && "error" in body && typeof body.error === "object" && body.error
      ? String((body.error as { message?: unknown }).message ?? response.statusText)
      : response.statusText
  throw new ApiFailure(message)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Loads the current page of notifications; an answer to an older request is dropped. */
export const loadNotifications = async (): Promise<void> => {
  const request = ++latestLoad
  const { index, size } = $page.get()
  const previous = $list.get()
  $list.set({
    status: "loading",
    notifications: previous.status === "ready" || previous.status === "loading" ? previous.notifications : [],
    count: previous.status === "ready" || previous.status === "loading" ? previous.count : 0
  })
  try {
    const response = await callApi(`/notification?page=${index}&limit=${size}`)
    const page = (await response.json()) as { notifications: Array<NotificationItem>; count: number }
    if (request !== latestLoad) return
    // A page past the end (after deletions elsewhere) shows the last one that exists instead.
    if (page.notifications.length === 0 && index > 0 && page.count > 0) {
      $page.set({ index: Math.ceil(page.count / size) - 1, size })
      return loadNotifications()
    }
    $list.set({ status: "ready", notifications: page.notifications, count: page.count })
  } catch (error) {
    if (request === latestLoad) $list.set({ status: "failed", message: messageOf(error) })
  }
}

/** Sets the language the panel's calls to the API ask for (the page's). */
export const setPanelLocale = (pageLocale: Locale): void => {
  locale = pageLocale
}

// Something changed elsewhere (another tab, a new notification): show it in the open panel too.
$changedElsewhere.listen(() => {
  if ($panelOpen.get()) void loadNotifications()
})

/** Opens the panel on its first page. */
export const openPanel = (): void => {
  $actionError.set(undefined)
  $panelOpen.set(true)
  $page.set({ index: 0, size: $page.get().size })
  void loadNotifications()
}

/** Closes the panel. */
export const closePanel = (): void => {
  $panelOpen.set(false)
}

/** Shows another page of the same size. */
export const goToPage = (index: number): void => {
  $page.set({ index: Math.max(0, index), size: $page.get().size })
  void loadNotifications()
}

/** Changes how many notifications a page shows, starting again from the first page. */
export const changePageSize = (size: PageSize): void => {
  $page.set({ index: 0, size })
  void loadNotifications()
}

const markLocally = (ids: ReadonlySet<number> | "all") => {
  const list = $list.get()
  if (list.status !== "ready" && list.status !== "loading") return
  $list.set({
    ...list,
    notifications: list.notifications.map((n) => (ids === "all" || ids.has(n.id) ? { ...n, status: "READ" } : n))
  })
}

/**
 * Opens a notification: an unread one is marked read first (and nothing happens if that fails); then the panel
 * closes and the browser goes to the document it concerns. Answers where it went, or undefined.
 */
export const openNotification = async (notification: NotificationItem): Promise<string | undefined> => {
  $actionError.set(undefined)
  if (notification.status === "UNREAD") {
    try {
      await callApi(`/notification/read/${notification.id}`, { method: "PUT" })
    } catch (error) {
      $actionError.set(messageOf(error))
      return undefined
    }
    markLocally(new Set([notification.id]))
    $unreadCount.set(Math.max(0, $unreadCount.get() - 1))
  }
  const target = `/${locale}${notification.url.startsWith("/") ? "" : "/"}${notification.url}`
  closePanel()
  window.location.assign(target)
  return target
}

/** Marks every notification of the user as read. */
export const markAllRead = async (): Promise<void> => {
  $actionError.set(undefined)
  try {
    await callApi("/notification/readall", { method: "PUT" })
  } catch (error) {
    $actionError.set(messageOf(error))
    return
  }
  markLocally("all")
  $unreadCount.set(0)
}
