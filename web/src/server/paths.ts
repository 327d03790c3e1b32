import { defaultLocale, Locale, type Locale as LocaleType } from "@tawreed/core/shared"
import { Schema } from "effect"

const isLocale = Schema.is(Locale)

/** The locale a path starts with (`/en/…`, `/ar/…`), if any. */
export const localeOfPath = (pathname: string): LocaleType | undefined => {
  const segment = pathname.split("/")[1] ?? ""
  return isLocale(segment) ? segment : undefined
}

/** The same page in another language: `/en/x?y` becomes `/ar/x?y`. */
export const switchLocale = (url: URL, to: LocaleType): string => {
  const from = localeOfPath(url.pathname)
  const rest = from === undefined ? url.pathname : url.pathname.slice(from.length + 1)
  return `/${to}${rest.length > 0 ? rest : "/"}${url.search}`
}

/** The home page of a signed-in user. */
export const actionBoardPath = (locale: LocaleType) => `/${locale}/actionboard`

/** The sign-in page, remembering where to come back to. */
export const loginPath = (locale: LocaleType, returnUrl?: string) =>
  `/${locale}/auth/login${returnUrl ? `?returnUrl=${encodeURIComponent(returnUrl)}` : ""}`

/**
 * Where to go after signing in: a path on this site only (never `//host` or `https://…`, which would send the
 * user elsewhere), else the action board.
 */
export const safeReturnUrl = (value: string | null | undefined, locale: LocaleType): string => {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) {
    return actionBoardPath(locale)
  }
  const target = new URL(value, "http://tawreed.invalid")
  if (target.origin !== "http://tawreed.invalid" || localeOfPath(target.pathname) === undefined) {
    return actionBoardPath(locale)
  }
  if (target.pathname.startsWith(`/${localeOfPath(target.pathname)}/auth/`)) return actionBoardPath(locale)
  return `${target.pathname}${target.search}`
}

export { defaultLocale }
