import { autoLogoutDelay } from "@tawreed/core/dates/Timers"

/**
 * The session rules of SPEC.md §4 on the site, which keeps its session in an HttpOnly cookie shared by every tab:
 * at the session's expiry the page goes to sign-in with its address to come back to; a sign-out in one tab (the
 * sign-in page it lands on says so) sends the others to sign-in; a sign-in as someone else in another tab makes a
 * hidden tab reload as that person. The shell names the user and the session's end on `[data-session-watch]`.
 */
const watched = document.querySelector<HTMLElement>("[data-session-watch]")
const userId = watched?.dataset["sessionWatch"]
const expiresAt = Number(watched?.dataset["expiresAt"])

if (userId && Number.isFinite(expiresAt)) {
  const locale = document.documentElement.lang === "ar" ? "ar" : "en"
  const here = () => `${window.location.pathname}${window.location.search}`
  const toSignIn = () => window.location.assign(`/${locale}/auth/login?returnUrl=${encodeURIComponent(here())}`)
  window.setTimeout(toSignIn, autoLogoutDelay(expiresAt, Date.now()))
  if (typeof BroadcastChannel !== "undefined") {
    // The channel the site's tabs tell each other about sign-ins and sign-outs on.
    const channel = new BroadcastChannel("tawreed-session")
    channel.postMessage({ type: "signed-in", userId })
    channel.onmessage = (event: MessageEvent<{ type?: string; userId?: string }>) => {
      if (event.data.type === "signed-out") toSignIn()
      else if (event.data.type === "signed-in" && event.data.userId !== userId && document.hidden) {
        window.location.reload()
      }
    }
  }
}
