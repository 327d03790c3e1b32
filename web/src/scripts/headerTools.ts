import { onFirstUse } from "./firstUse.ts"

/* The header's quick search and cart buttons, as small as the shell can carry on every page: the quick search
   (scripts/quickSearch.ts) and the cart buttons' behaviour (scripts/cartHeader.ts, which loads the cart panel) come
   only when first used, or, for the carts' counts the page did not draw, once the page is idle. */

const quick = document.querySelector("[data-quick-search]")
// Focusing the field starts the suggestions; the phone's button opens the Quick Search View.
if (quick) onFirstUse(quick, ["focusin", "click"], () => import("./quickSearch.ts"))

const carts = document.querySelector("[data-cart-buttons]")
if (carts) {
  // Pointing at, focusing or clicking a button starts them; a click toggles its cart.
  const use = onFirstUse(carts, ["pointerover", "focusin", "click"], () => import("./cartHeader.ts"))
  if (carts.querySelector("[data-cart-button]:not([data-count])")) {
    if ("requestIdleCallback" in window) requestIdleCallback(use)
    else setTimeout(use, 1000)
  }
}
