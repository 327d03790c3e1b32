import { goOffline, showToast } from "../stores/shell.ts"
import { routeFailure } from "./http.ts"

const localeOfPage = () => (document.documentElement.lang === "ar" ? "ar" : "en")

/**
 * Acts on a failed call from an island as SPEC.md §8 says: the network-error, server-error or auth-error page, or
 * an error toast. Answers the message shown, if the user stays on the page.
 */
export const followFailure = (status: number, body: unknown): string | undefined => {
  const locale = localeOfPage()
  const route = routeFailure(status, body, {
    onAuthPage: /^\/(en|ar)\/auth\//.test(window.location.pathname),
    genericMessage:
      document.documentElement.dataset["genericError"] ?? "Error Occurred Processing request. Please try again."
  })
  const here = encodeURIComponent(`${window.location.pathname}${window.location.search}`)
  switch (route._tag) {
    case "NetworkError":
      goOffline()
      return undefined
    case "ServerError":
      window.location.replace(`/${locale}/server-error`)
      return undefined
    case "AuthError":
      window.location.assign(`/${locale}/auth-error?type=${route.status}&from=${here}`)
      return undefined
    case "Toast":
      showToast("error", route.message)
      return route.message
  }
}

/** Whether a status leaves the page (network, server or auth error) rather than being shown on it. */
export const leavesPage = (status: number, onAuthPage = false): boolean =>
  routeFailure(status, undefined, { onAuthPage, genericMessage: "" })._tag !== "Toast"
