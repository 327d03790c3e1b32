import { unreadBadge } from "@tawreed/core/notifications/UnreadBadge"
import { pluralCategory } from "@tawreed/core/shared/Text"
import { $panelOpen, $unreadCount, followUnreadCount } from "../stores/unread.ts"
import { onFirstUse } from "./firstUse.ts"

/* The header's bell (components/NotificationBell.astro): the server wrote the unread count; this keeps it live on the
   notification stream and loads the notification panel, a React island, when the bell is first used. */
const bell = document.querySelector<HTMLButtonElement>("[data-bell]")
const slot = document.querySelector<HTMLElement>("[data-notification-panel]")
const locale = document.documentElement.lang === "ar" ? "ar" : "en"

if (bell && slot) {
  const labels = JSON.parse(bell.dataset["bell"] ?? "{}") as Readonly<Record<string, string>>
  const showCount = (count: number) => {
    const badgeText = unreadBadge(count)
    let badge = bell.querySelector<HTMLElement>(".bell__badge")
    if (count > 0) {
      const template = labels[`labelUnread_${pluralCategory(locale, count)}`] ?? labels["labelUnread_other"] ?? ""
      bell.setAttribute("aria-label", template.replace(/\{\{\s*count\s*\}\}/g, badgeText))
      if (!badge) {
        badge = document.createElement("span")
        badge.className = "bell__badge"
        badge.dataset["testid"] = "unread-badge"
        badge.setAttribute("aria-hidden", "true")
        bell.append(badge)
      }
      badge.textContent = badgeText
    } else {
      bell.setAttribute("aria-label", labels["label"] ?? "")
      badge?.remove()
    }
  }
  followUnreadCount(Number(slot.dataset["count"] ?? 0))
  $unreadCount.listen(showCount)
  $panelOpen.listen((open) => bell.setAttribute("aria-expanded", String(open)))

  // Pointing at or focusing the bell fetches the panel, so that the click finds it ready.
  onFirstUse(bell, ["pointerover", "focusin", "click"], () => import("./notificationPanel.tsx"))
}
