import { canDecrease, decrease, increase, normalise } from "../client/quantity.ts"
import { addToCart, type CartKind } from "../stores/carts.ts"
import { start as followCartButtons } from "./cartHeader.ts"

/* The product rows and cards (components/carts/ProductRow.astro): the quantity steppers' rules (SPEC.md §5), the
   overview overlay's tabs, the copy-SKU button, and the cart buttons, which put the product in the cart without
   leaving the page and tell the header's counts and the cart panel through the shared stores (stores/carts.ts).
   Without this script every one of them still works as a form. */

const minimumOf = (stepper: HTMLElement) => {
  const n = Number(stepper.dataset["minimum"])
  return Number.isFinite(n) && n > 0 ? n : undefined
}

const refresh = (stepper: HTMLElement) => {
  const input = stepper.querySelector<HTMLInputElement>("input")
  const down = stepper.querySelector<HTMLButtonElement>('[data-step="-1"]')
  if (input && down) down.disabled = !canDecrease(input.value, minimumOf(stepper))
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null
  const step = target?.closest<HTMLButtonElement>("[data-step]")
  const stepper = step?.closest<HTMLElement>("[data-stepper]")
  if (step && stepper) {
    const input = stepper.querySelector<HTMLInputElement>("input")
    if (!input) return
    const current = normalise(input.value, minimumOf(stepper))
    input.value = step.dataset["step"] === "1" ? increase(current) : decrease(current, minimumOf(stepper))
    refresh(stepper)
    return
  }
  const copy = target?.closest<HTMLButtonElement>("[data-copy]")
  if (copy) {
    void navigator.clipboard?.writeText(copy.dataset["copy"] ?? "").then(() => {
      copy.textContent = copy.dataset["copied"] ?? copy.textContent
    })
    return
  }
  const tab = target?.closest<HTMLButtonElement>('[role="tab"]')
  if (tab) selectTab(tab)
})

document.addEventListener(
  "blur",
  (event) => {
    const input = event.target instanceof HTMLInputElement ? event.target : null
    const stepper = input?.closest<HTMLElement>("[data-stepper]")
    if (!input || !stepper) return
    input.value = normalise(input.value, minimumOf(stepper))
    refresh(stepper)
  },
  true
)
document.addEventListener("input", (event) => {
  const stepper = event.target instanceof HTMLInputElement ? event.target.closest<HTMLElement>("[data-stepper]") : null
  if (stepper) refresh(stepper)
})

// The overview's tabs: one panel at a time, arrow keys move along the strip (without the script, every panel shows).
const selectTab = (tab: HTMLButtonElement) => {
  const strip = tab.closest<HTMLElement>("[data-tabs]")
  if (!strip) return
  for (const other of strip.querySelectorAll<HTMLButtonElement>('[role="tab"]')) {
    const selected = other === tab
    other.setAttribute("aria-selected", String(selected))
    other.tabIndex = selected ? 0 : -1
    const panel = document.getElementById(other.getAttribute("aria-controls") ?? "")
    if (panel) panel.hidden = !selected
  }
}
for (const strip of document.querySelectorAll<HTMLElement>("[data-tabs]")) {
  strip.hidden = false
  const first = strip.querySelector<HTMLButtonElement>('[role="tab"]')
  if (first) selectTab(first)
  for (const title of strip.parentElement?.querySelectorAll<HTMLElement>(".overview__panel-title") ?? []) {
    title.classList.add("visually-hidden")
  }
  strip.addEventListener("keydown", (event) => {
    const tabs = [...strip.querySelectorAll<HTMLButtonElement>('[role="tab"]')]
    const at = tabs.indexOf(document.activeElement as HTMLButtonElement)
    if (at < 0 || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return
    const forward = (event.key === "ArrowRight") !== (document.documentElement.dir === "rtl")
    const next = tabs[(at + (forward ? 1 : tabs.length - 1)) % tabs.length]
    if (next) {
      selectTab(next)
      next.focus()
    }
  })
}

// The header's cart buttons follow what the rows put in the carts.
followCartButtons()

// The cart buttons: put the product in without leaving the page.
for (const form of document.querySelectorAll<HTMLFormElement>("[data-cart-add]")) {
  form.addEventListener("submit", (event) => {
    event.preventDefault()
    const kind = form.dataset["cartAdd"] as CartKind
    const productId = (form.elements.namedItem("productId") as HTMLInputElement | null)?.value ?? ""
    const quantity = (form.elements.namedItem("quantity") as HTMLInputElement | null)?.value
    const button = form.querySelector<HTMLButtonElement>('button[type="submit"]')
    const stepper = form.querySelector<HTMLElement>("[data-stepper]")
    const field = form.elements.namedItem("quantity") as HTMLInputElement | null
    if (field && stepper) field.value = normalise(field.value, minimumOf(stepper))
    if (button) button.disabled = true
    void addToCart(kind, productId, field?.value ?? quantity, button?.dataset["addedLabel"]).then((ok) => {
      if (!button) return
      button.disabled = false
      if (ok) {
        button.textContent = button.dataset["addedLabel"] ?? button.textContent
        button.dataset["inCart"] = "true"
        button.className = "button"
      }
    })
  })
}
