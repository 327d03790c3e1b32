import { pluralCategory } from "@tawreed/core/shared/Text"
import { $cartCounts, $openCart, type CartKind } from "../stores/cartCounts.ts"

/* The header's cart buttons (components/carts/CartButtons.astro) once they are used, or once the page is idle where
   the page did not draw their counts: the counts and labels follow the shared stores, and a button opens the cart
   panel, a React island (scripts/cartPanel.tsx) loaded on the first use. */

let started = false
let loading: Promise<(kind: CartKind) => void> | undefined

const group = () => document.querySelector<HTMLElement>("[data-cart-buttons]")
const buttons = () => [...(group()?.querySelectorAll<HTMLButtonElement>("[data-cart-button]") ?? [])]

const loadPanel = () => {
  const slot = document.querySelector<HTMLElement>("[data-cart-panel]")
  return (loading ??= import("./cartPanel.tsx").then(({ mountCartPanel, openCart }) => {
    if (slot) mountCartPanel(slot, JSON.parse(slot.dataset["cartPanel"] ?? "{}"))
    return openCart
  }))
}

/** Follows the counts and the open cart; reads the counts when the page did not draw them. */
export const start = (): void => {
  const root = group()
  if (started || !root) return
  started = true
  const labels = JSON.parse(root.dataset["cartButtons"] ?? "{}") as Readonly<Record<string, string>>
  const locale = document.documentElement.lang === "ar" ? "ar" : "en"
  const all = buttons()
  $cartCounts.listen((counts) => {
    for (const button of all) {
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
  })
  $openCart.listen((open) => {
    for (const b of all) b.setAttribute("aria-expanded", String(b.dataset["cartButton"] === open))
  })
  if (all.every((b) => b.dataset["count"] !== undefined)) {
    for (const b of all) $cartCounts.setKey(b.dataset["cartButton"] as CartKind, Number(b.dataset["count"]))
  } else {
    void fetch("/api/carts", { headers: { accept: "application/json" } })
      .then((r) => (r.ok ? (r.json() as Promise<{ counts: Record<CartKind, number> }>) : undefined))
      .then((summary) => {
        if (summary) $cartCounts.set(summary.counts)
      })
      .catch(() => undefined)
  }
  for (const button of all) {
    for (const event of ["pointerenter", "focus"])
      button.addEventListener(event, () => void loadPanel(), { once: true })
  }
}

/** A cart button's click: opens that cart's panel, or closes it when it is the open one. */
export const toggle = (kind: CartKind): void => {
  start()
  if ($openCart.get() === kind) $openCart.set(null)
  else void loadPanel().then((open) => open(kind))
}

/**
 * A use of the buttons that the header's loader (scripts/headerTools.ts) saw before this module came: any use starts
 * them, and a click on one toggles its cart.
 */
export const use = (event: unknown): void => {
  const kind =
    event instanceof Event && event.type === "click" && event.target instanceof Element
      ? event.target.closest<HTMLElement>("[data-cart-button]")?.dataset["cartButton"]
      : undefined
  if (kind) toggle(kind as CartKind)
  else start()
}
