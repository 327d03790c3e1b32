/* The header's quick search and cart buttons, as small as the shell can carry on every page: the quick search
   (scripts/quickSearch.ts) and the cart buttons' behaviour (scripts/cartHeader.ts, which loads the cart panel) come
   only when first used, or, for the carts' counts the page did not draw, once the page is idle. */

const quick = document.querySelector<HTMLElement>("[data-quick-search]")
if (quick) {
  const load = () => import("./quickSearch.ts")
  quick
    .querySelector(".quick-search__input")
    ?.addEventListener("focus", () => void load().then((m) => m.start(quick)), { once: true })
  quick
    .querySelector("[data-quick-search-open]")
    ?.addEventListener("click", () => void load().then((m) => m.openDialog(quick)))
}

const carts = document.querySelector<HTMLElement>("[data-cart-buttons]")
if (carts) {
  const load = () => import("./cartHeader.ts")
  const start = () => void load().then((m) => m.start())
  // One listener for all three buttons: pointing at or focusing one starts them, a click toggles its cart.
  carts.addEventListener("pointerover", start, { once: true })
  carts.addEventListener("focusin", start, { once: true })
  carts.addEventListener("click", (event) => {
    const kind = (event.target as Element).closest<HTMLElement>("[data-cart-button]")?.dataset["cartButton"]
    if (kind) void load().then((m) => m.toggle(kind as "rfq" | "order" | "public"))
  })
  if (carts.querySelector("[data-cart-button]:not([data-count])")) {
    if ("requestIdleCallback" in window) requestIdleCallback(start)
    else setTimeout(start, 1000)
  }
}
