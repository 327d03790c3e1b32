import { pluralCategory } from "@tawreed/core/shared/Text"
import { $cartCounts, $openCart, type CartKind } from "../stores/cartCounts.ts"

/* The header's quick search and cart buttons, as small as the shell can carry on every page: the quick search's
   script (scripts/quickSearch.ts) and the cart panel (a React island, scripts/cartPanel.tsx) load only when first
   used; the counts the page did not draw are read once the page is idle. */

const quick = document.querySelector<HTMLElement>("[data-quick-search]")
if (quick) {
  const load = () => import("./quickSearch.ts")
  quick
    .querySelector(".quick-search__input")
    ?.addEventListener("focus", () => void load().then((m) => m.start(quick)), {
      once: true
    })
  quick
    .querySelector("[data-quick-search-open]")
    ?.addEventListener("click", () => void load().then((m) => m.openDialog(quick)))
}

const group = document.querySelector<HTMLElement>("[data-cart-buttons]")
const slot = document.querySelector<HTMLElement>("[data-cart-panel]")
if (group && slot) {
  const labels = JSON.parse(group.dataset["cartButtons"] ?? "{}") as Readonly<Record<string, string>>
  const locale = document.documentElement.lang === "ar" ? "ar" : "en"
  const buttons = [...group.querySelectorAll<HTMLButtonElement>("[data-cart-button]")]
  const draw = (counts: Readonly<Record<CartKind, number>>) => {
    for (const button of buttons) {
      const kind = button.dataset["cartButton"] as CartKind
      const count = counts[kind]
      const template = labels[`button_${pluralCategory(locale, count)}`] ?? labels["button_other"] ?? ""
      button.setAttribute(
        "aria-label",
        template.replace(/\{\{\s*cart\s*\}\}/g, labels[kind] ?? "").replace(/\{\{\s*count\s*\}\}/g, String(count))
      )
      let badge = button.querySelector<HTMLElement>(".cart-button__badge")
      if (count > 0) {
        if (!badge) {
          badge = document.createElement("span")
          badge.className = "cart-button__badge"
          badge.setAttribute("aria-hidden", "true")
          button.append(badge)
        }
        badge.textContent = String(count)
      } else badge?.remove()
    }
  }
  const drawn = buttons.every((b) => b.dataset["count"] !== undefined)
  if (drawn) {
    for (const b of buttons) $cartCounts.setKey(b.dataset["cartButton"] as CartKind, Number(b.dataset["count"]))
  } else {
    const read = () =>
      void fetch("/api/carts", { headers: { accept: "application/json" } })
        .then((r) => (r.ok ? (r.json() as Promise<{ counts: Record<CartKind, number> }>) : undefined))
        .then((summary) => {
          if (summary) $cartCounts.set(summary.counts)
        })
        .catch(() => undefined)
    if ("requestIdleCallback" in window) requestIdleCallback(read)
    else setTimeout(read, 500)
  }
  $cartCounts.listen(draw)
  $openCart.listen((open) => {
    for (const b of buttons) b.setAttribute("aria-expanded", String(b.dataset["cartButton"] === open))
  })

  let loading: Promise<(kind: CartKind) => void> | undefined
  const loadPanel = () =>
    (loading ??= import("./cartPanel.tsx").then(({ mountCartPanel, openCart }) => {
      mountCartPanel(slot, JSON.parse(slot.dataset["cartPanel"] ?? "{}"))
      return openCart
    }))
  for (const button of buttons) {
    for (const event of ["pointerenter", "focus"])
      button.addEventListener(event, () => void loadPanel(), { once: true })
    button.addEventListener("click", () => {
      const kind = button.dataset["cartButton"] as CartKind
      if ($openCart.get() === kind) $openCart.set(null)
      else void loadPanel().then((open) => open(kind))
    })
  }
}
