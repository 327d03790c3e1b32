/* The header's quick search and cart buttons, as small as the shell can carry on every page: the quick search
   (scripts/quickSearch.ts) and the cart buttons' behaviour (scripts/cartHeader.ts, which loads the cart panel) come
   only when first used, or, for the carts' counts the page did not draw, once the page is idle. */

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

const carts = document.querySelector<HTMLElement>("[data-cart-buttons]")
if (carts) {
  const load = () => import("./cartHeader.ts")
  for (const button of carts.querySelectorAll<HTMLButtonElement>("[data-cart-button]")) {
    for (const event of ["pointerenter", "focus"])
      button.addEventListener(event, () => void load().then((m) => m.start()), { once: true })
    button.addEventListener(
      "click",
      () => void load().then((m) => m.toggle(button.dataset["cartButton"] as "rfq" | "order" | "public"))
    )
  }
  const drawn = carts.querySelector("[data-cart-button]:not([data-count])") === null
  if (!drawn) {
    const later = () => void load().then((m) => m.start())
    if ("requestIdleCallback" in window) requestIdleCallback(later)
    else setTimeout(later, 1000)
  }
}
