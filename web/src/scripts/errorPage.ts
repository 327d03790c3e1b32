import { countErrorVisit, forgetErrorVisits, lastPage, leaveFlash } from "../client/session.ts"

/**
 * The error pages' behaviour (SPEC.md §2): Reload returns to the last page that was not an error page, else goes
 * back; a second visit to the same error page with a last page stored returns there at once; the network-error page goes to the action
 * board with 'Connected' when the browser is online again.
 */
const page = document.querySelector<HTMLElement>("[data-error-page]")
const kind = page?.dataset["errorPage"] ?? "error"
const locale = document.documentElement.lang === "ar" ? "ar" : "en"
const last = lastPage()
const here = `${window.location.pathname}${window.location.search}`

// A second visit is the same error page again (a reload, or back to it), not the same page in the other language.
if (countErrorVisit(here) >= 2 && last !== undefined && last !== here) {
  forgetErrorVisits()
  window.location.replace(last)
}

document.querySelector<HTMLElement>("[data-reload]")?.addEventListener("click", (event) => {
  event.preventDefault()
  forgetErrorVisits()
  if (last !== undefined && last !== here) window.location.assign(last)
  else window.history.back()
})

if (kind === "network") {
  window.addEventListener("online", () => {
    leaveFlash({ kind: "success", title: page?.dataset["connected"], message: page?.dataset["restored"] ?? "" })
    window.location.assign(`/${locale}/actionboard`)
  })
}
