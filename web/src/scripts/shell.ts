import { leaveFlash, rememberPage, takeFlash } from "../client/session.ts"
import {
  $loading,
  $online,
  $toasts,
  $uploads,
  dismissToast,
  goOffline,
  showToast,
  type Toast
} from "../stores/shell.ts"

/** The shell's behaviour in the browser; the page works without it, and this makes it quicker and keeps state. */
const root = document.querySelector<HTMLElement>("[data-shell]")
const locale = document.documentElement.lang === "ar" ? "ar" : "en"
const narrow = window.matchMedia("(max-width: 991.98px)")

// SPEC.md §2: the last visited page that is not an error page.
if (root?.dataset["error"] !== "true") rememberPage()

/* The sidebar: the toggle folds it to a strip and remembers that in a cookie the server reads, so the next page
   renders the same way at once. Below 992 px it is folded anyway, and the toggle opens it over the page. */
const toggle = document.querySelector<HTMLButtonElement>("[data-sidebar-toggle]")
const sidebarOpen = () =>
  root !== null && (narrow.matches ? root.dataset["sidebarPeek"] === "true" : root.dataset["sidebar"] !== "collapsed")
const showSidebarState = () => {
  if (!toggle) return
  const open = sidebarOpen()
  toggle.setAttribute("aria-expanded", String(open))
  toggle.setAttribute("aria-label", (open ? toggle.dataset["labelCollapse"] : toggle.dataset["labelExpand"]) ?? "")
}
toggle?.addEventListener("click", () => {
  if (!root) return
  if (narrow.matches) {
    root.dataset["sidebarPeek"] = String(root.dataset["sidebarPeek"] !== "true")
  } else {
    const collapsed = root.dataset["sidebar"] !== "collapsed"
    root.dataset["sidebar"] = collapsed ? "collapsed" : "expanded"
    document.cookie = `tawreed-sidebar=${collapsed ? "collapsed" : "expanded"}; path=/; max-age=31536000; samesite=lax`
  }
  showSidebarState()
})
narrow.addEventListener("change", () => {
  if (root) delete root.dataset["sidebarPeek"]
  showSidebarState()
})
document.addEventListener("keydown", (event) => {
  if (event.key === "Escape" && root?.dataset["sidebarPeek"] === "true") {
    delete root.dataset["sidebarPeek"]
    showSidebarState()
    toggle?.focus()
  }
})
showSidebarState()

/* Menus (profile, CREATE, the mobile menu) are popovers, so they open, close on Escape and light-dismiss without
   this script. It moves focus into a menu when it opens and lets the arrow keys walk its items. */
for (const menu of document.querySelectorAll<HTMLElement>("[data-menu]")) {
  const items = () => [...menu.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")]
  menu.addEventListener("toggle", (event) => {
    if ((event as ToggleEvent).newState === "open") items()[0]?.focus()
  })
  menu.addEventListener("keydown", (event) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const step = event.key === "ArrowDown" ? 1 : event.key === "ArrowUp" ? -1 : 0
    if (step !== 0) {
      event.preventDefault()
      list[(index + step + list.length) % list.length]?.focus()
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault()
      list[event.key === "Home" ? 0 : list.length - 1]?.focus()
    }
  })
}

/* Toasts: 5 seconds each, duplicates suppressed (stores/shell.ts). */
const toasts = document.querySelector<HTMLElement>("[data-toasts]")
const renderToast = (toast: Toast) => {
  const item = document.createElement("div")
  item.className = `toast toast--${toast.kind}`
  item.dataset["toastId"] = String(toast.id)
  if (toast.title) {
    const title = document.createElement("strong")
    title.className = "toast__title"
    title.textContent = toast.title
    item.append(title)
  }
  const message = document.createElement("span")
  message.className = "toast__message"
  message.textContent = toast.message
  const close = document.createElement("button")
  close.type = "button"
  close.className = "toast__close"
  close.textContent = "×"
  close.setAttribute("aria-label", toasts?.dataset["dismiss"] ?? "Dismiss")
  close.addEventListener("click", () => dismissToast(toast.id))
  item.append(message, close)
  return item
}
$toasts.subscribe((list) => {
  if (!toasts) return
  const shown = new Set(list.map((t) => String(t.id)))
  for (const element of toasts.querySelectorAll<HTMLElement>("[data-toast-id]")) {
    if (!shown.has(element.dataset["toastId"] ?? "")) element.remove()
  }
  for (const toast of list) {
    if (!toasts.querySelector(`[data-toast-id="${toast.id}"]`)) toasts.append(renderToast(toast))
  }
})
const flash = takeFlash()
if (flash) showToast(flash.kind, flash.message, flash.title)
// A form's outcome the server wrote into the page: it stays without JavaScript, and here it gets its 5 seconds.
for (const element of document.querySelectorAll<HTMLElement>("[data-server-toast]")) {
  const kind = element.dataset["serverToast"]
  element.remove()
  if (kind === "success" || kind === "error" || kind === "warning" || kind === "info") {
    showToast(kind, element.textContent ?? "")
  }
}

/* The global 'Loading' indicator and the blocking upload overlay. */
const loading = document.querySelector<HTMLElement>("[data-loading]")
$loading.subscribe((count) => {
  if (loading) loading.hidden = count === 0
})
const upload = document.querySelector<HTMLDialogElement>("[data-upload-overlay]")
upload?.addEventListener("cancel", (event) => event.preventDefault())
$uploads.subscribe((count) => {
  if (!upload) return
  if (count > 0 && !upload.open) upload.showModal()
  else if (count === 0 && upload.open) upload.close()
})

/* Online status (SPEC.md §4): offline shows the network-error page in place (the server cannot send it), and back
   online the user goes to the action board with 'Connected' / 'Connection to the server has been restored'. */
const networkError = document.querySelector<HTMLTemplateElement>("[data-network-error]")
window.addEventListener("offline", goOffline)
$online.subscribe((online) => {
  if (online || !networkError || document.body.dataset["offline"] === "true") return
  document.body.dataset["offline"] = "true"
  for (const child of document.body.children) {
    if (child instanceof HTMLElement && child !== networkError && !child.matches("script")) child.hidden = true
  }
  const page = networkError.content.cloneNode(true) as DocumentFragment
  document.body.append(page)
  document.title = networkError.dataset["title"] ?? document.title
  window.history.pushState({ offline: true }, "", `/${locale}/network-error`)
  document.querySelector<HTMLElement>("[data-error-page] h1")?.focus()
})
window.addEventListener("online", () => {
  if (document.body.dataset["offline"] !== "true") return
  leaveFlash({
    kind: "success",
    title: networkError?.dataset["connected"] ?? "Connected",
    message: networkError?.dataset["restored"] ?? "Connection to the server has been restored"
  })
  window.location.assign(`/${locale}/actionboard`)
})
if (!navigator.onLine) goOffline()
