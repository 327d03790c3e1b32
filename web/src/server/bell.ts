import type { Locale } from "@tawreed/core/shared"
import { messagesOf } from "../i18n/index.ts"

/** Each language's JSON, written once per process: the catalogues do not change while it runs. */
const written = new Map<string, string>()
const once = (key: string, write: () => string): string => {
  const known = written.get(key)
  if (known !== undefined) return known
  const text = write()
  written.set(key, text)
  return text
}

/** The bell's own strings (`data-bell`), as JSON. */
export const bellMessages = (locale: Locale): string =>
  once(`bell ${locale}`, () => JSON.stringify(messagesOf(locale, "notifications").bell))

/**
 * What the notification panel island starts from (`data-notification-panel`): the language, its notification
 * strings and the organisation's date format, as JSON; the same text as `JSON.stringify` of the three.
 */
export const bellPanelData = (locale: Locale, dateSetting: string | undefined): string => {
  const messages = once(`panel ${locale}`, () => JSON.stringify(messagesOf(locale, "notifications")))
  const date = dateSetting === undefined ? "" : `,"dateSetting":${JSON.stringify(dateSetting)}`
  return `{"locale":${JSON.stringify(locale)},"messages":${messages}${date}}`
}
