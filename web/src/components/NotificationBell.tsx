import { useStore } from "@nanostores/react"
import { useEffect, useState } from "react"
import { unreadBadge } from "@tawreed/core/notifications/NotificationLabel"
import type { Locale } from "@tawreed/core/shared/Locale"
import { formatCount } from "../i18n/format.ts"
import type messages from "../i18n/en/notifications.json"
import { $panelOpen, $unreadCount, closePanel, followUnreadCount, openPanel } from "../stores/notifications.ts"
import { NotificationPanel } from "./NotificationPanel.tsx"

export type NotificationMessages = typeof messages

export interface NotificationBellProps {
  readonly locale: Locale
  /** The unread count when the page was rendered, shown until the live stream answers. */
  readonly initialCount: number
  readonly messages: NotificationMessages
  /** The organisation's date format setting, for the panel's dates. */
  readonly dateSetting?: string | undefined
}

/** The header's bell: the unread count, live, and the button that opens the notification panel. */
export const NotificationBell = ({ locale, initialCount, messages: m, dateSetting }: NotificationBellProps) => {
  const [live, setLive] = useState(false)
  const unread = useStore($unreadCount)
  const open = useStore($panelOpen)

  useEffect(() => {
    const stop = followUnreadCount(locale, initialCount)
    setLive(true)
    return stop
  }, [locale, initialCount])

  // Until the island runs, the server's count is the truth (the store is not per user on the server).
  const count = live ? unread : initialCount
  const badge = unreadBadge(count)

  return (
    <>
      <button
        type="button"
        className="bell"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls="notification-panel"
        aria-label={count > 0 ? formatCount(m.bell, "labelUnread", locale, count, badge) : m.bell.label}
        onClick={() => (open ? closePanel() : openPanel())}
      >
        <svg className="bell__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z" />
        </svg>
        {count > 0 ? (
          <span className="bell__badge" data-testid="unread-badge" aria-hidden="true">
            {badge}
          </span>
        ) : null}
      </button>
      <NotificationPanel locale={locale} messages={m} unread={count} dateSetting={dateSetting} />
    </>
  )
}

export default NotificationBell
