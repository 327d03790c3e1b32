import { useEffect } from "react"
import { autoLogoutDelay } from "@tawreed/core/dates/Timers"

interface Props {
  readonly locale: "en" | "ar"
  readonly userId: string
  /** When the session ends by itself, in epoch milliseconds. */
  readonly expiresAt: number
}

/** The channel the site's tabs tell each other about sign-ins and sign-outs on. */
const channelName = "tawreed-session"

/**
 * The session rules of SPEC.md §4 on the site, which keeps its session in an HttpOnly cookie shared by every tab:
 * at the session's expiry the page goes to sign-in with its address to come back to; a sign-out in one tab (the
 * sign-in page it lands on says so) sends the others to sign-in; a sign-in as someone else in another tab makes a
 * hidden tab reload as that person.
 */
export default function SessionWatch({ locale, userId, expiresAt }: Props) {
  useEffect(() => {
    const here = () => `${window.location.pathname}${window.location.search}`
    const toSignIn = () => window.location.assign(`/${locale}/auth/login?returnUrl=${encodeURIComponent(here())}`)
    const timer = window.setTimeout(toSignIn, autoLogoutDelay(expiresAt, Date.now()))
    const channel = typeof BroadcastChannel === "undefined" ? undefined : new BroadcastChannel(channelName)
    channel?.postMessage({ type: "signed-in", userId })
    if (channel) {
      channel.onmessage = (event: MessageEvent<{ type?: string; userId?: string }>) => {
        if (event.data.type === "signed-out") toSignIn()
        else if (event.data.type === "signed-in" && event.data.userId !== userId && document.hidden) {
          window.location.reload()
        }
      }
    }
    return () => {
      window.clearTimeout(timer)
      channel?.close()
    }
  }, [locale, userId, expiresAt])
  return null
}
