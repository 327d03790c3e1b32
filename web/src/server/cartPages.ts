import type { CartKind } from "@tawreed/core/carts"
import type { Translate } from "../i18n/index.ts"

/** Where a cart turns into a request: the product request's items step, the cart's lines prefilled (rfqCart). */
export const cartRequestPath = (locale: string, kind: CartKind): string =>
  `/${locale}/requests/create/product-request?rfqCart=true${kind === "rfq" ? "" : `&cart=${kind}`}`

/** The toast a cart form leaves on the page it goes back to. */
export const cartToast =
  (t: Translate) =>
  (kind: CartKind, intent: string): string => {
    const cart = t(`carts:cart.${kind}`)
    switch (intent) {
      case "cart-add":
        return t("carts:cart.added", { cart })
      case "cart-remove":
        return t("carts:cart.removed", { cart })
      case "cart-clear":
        return t("carts:cart.cleared", { cart })
      default:
        return t("carts:cart.updated", { cart })
    }
  }
