import "./errorReload.ts"
import { leaveFlash } from "../client/session.ts"

/**
 * The error pages' behaviour (SPEC.md §2): Reload (`errorReload.ts`), and the network-error page goes to the action
 * board with 'Connected' when the browser is online again.
 */
const page = document.querySelector<HTMLElement>("[data-error-page]")

if (page?.dataset["errorPage"] === "network") {
  const locale = document.documentElement.lang === "ar" ? "ar" : "en"
  window.addEventListener("online", () => {
    leaveFlash({ kind: "success", title: page.dataset["connected"], message: page.dataset["restored"] ?? "" })
    window.location.assign(`/${locale}/actionboard`)
  })
}
