import { createRoot } from "react-dom/client"
import type { Locale } from "@tawreed/core/shared/Locale"
import { NotificationPanel, type NotificationMessages } from "../components/NotificationPanel.tsx"
import { setPanelLocale } from "../stores/notifications.ts"

export { openPanel } from "../stores/notifications.ts"

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
