import type { AstroCookies } from "astro"

/** The kinds of toast the shell draws (SPEC.md §8: success notices, error toasts). */
export type PageToastKind = "success" | "error" | "warning" | "info"

/** A toast a form's post leaves for the page it redirects to. */
export interface PageToast {
  readonly kind: PageToastKind
  readonly message: string
}

const cookieName = "tawreed-toast"
const kinds: ReadonlyArray<string> = ["success", "error", "warning", "info"]

/**
 * Leaves a toast for the next page this browser opens: a form posts, the page redirects (post, redirect, get), and
 * the page it lands on shows the outcome once. A short-lived cookie rather than the query string, so reloading or
 * sharing the address does not repeat it.
 */
export const leaveToast = (cookies: AstroCookies, client: { readonly https: boolean }, toast: PageToast): void =>
  cookies.set(cookieName, JSON.stringify(toast), {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    // Whether the client came over https as the edge resolved it, a trusted proxy's word included.
    secure: client.https,
    maxAge: 60
  })

/** Reads what `value` holds as a toast, or undefined when it is not one. */
export const parseToast = (value: string | undefined): PageToast | undefined => {
  if (value === undefined || value === "") return undefined
  try {
    const parsed: unknown = JSON.parse(value)
    if (typeof parsed !== "object" || parsed === null) return undefined
    const { kind, message } = parsed as Record<string, unknown>
    return typeof kind === "string" && kinds.includes(kind) && typeof message === "string" && message !== ""
      ? { kind: kind as PageToastKind, message: message.slice(0, 500) }
      : undefined
  } catch {
    return undefined
  }
}

/** Takes the toast the previous post left, once. */
export const takeToast = (cookies: AstroCookies): PageToast | undefined => {
  const value = cookies.get(cookieName)?.value
  if (value === undefined) return undefined
  cookies.delete(cookieName, { path: "/" })
  return parseToast(value)
}
