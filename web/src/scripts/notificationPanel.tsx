import { createRoot } from "react-dom/client"
import type { Locale } from "@tawreed/core/shared/Locale"
import { NotificationPanel, type NotificationMessages } from "../components/NotificationPanel.tsx"
import { $panelOpen, openPanel, setPanelLocale } from "../stores/notifications.ts"

/** What the bell hands the panel: the page's language, the catalogue's texts and the organisation's date format. */
export interface PanelProps {
  readonly locale: Locale
  readonly messages: NotificationMessages
  readonly dateSetting?: string | undefined
}

/** Renders the notification panel into the bell's slot; loaded only when the bell is first used. */
export const mountPanel = (container: HTMLElement, props: PanelProps): void => {
  setPanelLocale(props.locale)
  createRoot(container).render(<NotificationPanel {...props} />)
}

let mounted = false

/**
 * A use of the bell that its loader (scripts/bell.ts) saw: the first mounts the panel in the bell's slot; a click opens
 * the panel, or closes it when it is open.
 */
export const use = (event?: unknown): void => {
  const slot = document.querySelector<HTMLElement>("[data-notification-panel]")
  if (!mounted && slot) {
    mounted = true
    mountPanel(slot, JSON.parse(slot.dataset["notificationPanel"] ?? "{}") as PanelProps)
    document.querySelector("[data-bell]")?.setAttribute("aria-controls", "notification-panel")
  }
  if (event instanceof Event && event.type === "click") {
    if ($panelOpen.get()) $panelOpen.set(false)
    else openPanel()
  }
}
