import { countErrorVisit, forgetErrorVisits, lastPage } from "../client/session.ts"

/**
 * The error pages' Reload (SPEC.md §2): it returns to the last page that was not an error page, else goes back; a
 * second visit to the same error page with a last page stored returns there at once. The page-not-found screen
 * inside the shell loads only this; the network-error page adds its own part (`errorPage.ts`).
 */
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
