import { useStore } from "@nanostores/react"
import { useEffect, useMemo, useRef, type MouseEvent } from "react"
import { labelOf, unreadBadge } from "@tawreed/core/notifications/NotificationLabel"
import type { Locale } from "@tawreed/core/shared/Locale"
import { dateTexts } from "@tawreed/core/dates/DateText"
import { formatCount } from "../i18n/format.ts"
import {
  $actionError,
  $list,
  $panelOpen,
  $unreadCount,
  closePanel,
  loadNotifications,
  markAllRead,
  openNotification,
  type NotificationItem
} from "../stores/notifications.ts"
import type messages from "../i18n/en/notifications.json"
import { Paginator } from "./Paginator.tsx"

export type NotificationMessages = typeof messages

interface NotificationPanelProps {
  readonly locale: Locale
  readonly messages: NotificationMessages
  readonly dateSetting?: string | undefined
}

/**
 * The notification centre: a side panel at the inline end, a modal dialog while open. The bell
 * (NotificationBell.astro) loads it when first used.
 */
export const NotificationPanel = ({ locale, messages: m, dateSetting }: NotificationPanelProps) => {
  const open = useStore($panelOpen)
  const unread = useStore($unreadCount)
  const list = useStore($list)
  const actionError = useStore($actionError)
  const dialog = useRef<HTMLDialogElement>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const time = useMemo(() => dateTexts(locale, dateSetting), [locale, dateSetting])

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      element.showModal()
      title.current?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  const notifications = list.status === "ready" || list.status === "loading" ? list.notifications : []
  const total = list.status === "ready" || list.status === "loading" ? list.count : 0

  const follow = (event: MouseEvent<HTMLAnchorElement>, notification: NotificationItem) => {
    // A click meant for a new tab or window keeps the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void openNotification(notification)
  }

  return (
    <dialog
      ref={dialog}
      id="notification-panel"
      className="panel"
      aria-labelledby="notification-panel-title"
      // Escape (the dialog's cancel) and form closes all end here, so the store always knows.
      onClose={closePanel}
      onClick={(event) => {
        if (event.target === event.currentTarget) closePanel()
      }}
    >
      <div className="panel__body">
        <header className="panel__header">
          <h2 id="notification-panel-title" className="panel__title" tabIndex={-1} ref={title}>
            {m.panel.title}
            {unread > 0 ? (
              <span className="panel__count">
                <span aria-hidden="true">{unreadBadge(unread)}</span>
                <span className="visually-hidden">
                  {formatCount(m.panel, "unreadCount", locale, unread, unreadBadge(unread))}
                </span>
              </span>
            ) : null}
          </h2>
          <div className="panel__actions">
            {total > 0 ? (
              <button type="button" className="button button--quiet" onClick={() => void markAllRead()}>
                {m.panel.markAllRead}
              </button>
            ) : null}
            <button type="button" className="button" onClick={closePanel}>
              {m.panel.close}
            </button>
          </div>
        </header>

        {actionError ? (
          <p className="panel__alert" role="alert">
            {actionError}
          </p>
        ) : null}

        <section className="panel__content" aria-label={m.panel.list} aria-busy={list.status === "loading"}>
          {list.status === "failed" ? (
            <div className="panel__state" role="alert">
              <p>{list.message}</p>
              <button type="button" className="button" onClick={() => void loadNotifications()}>
                {m.panel.retry}
              </button>
            </div>
          ) : list.status === "idle" || (list.status === "loading" && notifications.length === 0) ? (
            <p className="panel__state">{m.panel.loading}</p>
          ) : notifications.length === 0 ? (
            <p className="panel__state">{m.panel.empty}</p>
          ) : (
            <ul className="notifications" role="list">
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <a
                    className="notification"
                    data-status={notification.status}
                    href={`/${locale}${notification.url}`}
                    onClick={(event) => follow(event, notification)}
                  >
                    <span className="notification__title">
                      {notification.status === "UNREAD" ? (
                        <span className="notification__dot" role="img" aria-label={m.panel.unread} />
                      ) : null}
                      <bdi>{notification.title[locale]}</bdi>
                    </span>
                    <bdi className="notification__body">{notification.notificationBody}</bdi>
                    <span className="notification__meta">
                      <span className="notification__label">{labelOf(notification, locale)}</span>
                      <bdi className="nowrap">
                        <time dateTime={notification.createdAt}>{time.dateTime(notification.createdAt)}</time>
                      </bdi>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        {total > 0 ? <Paginator messages={m} count={total} /> : null}
      </div>
    </dialog>
  )
}
