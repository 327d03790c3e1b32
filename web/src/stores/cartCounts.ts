import { atom, map } from "nanostores"

// What the header's cart buttons need of the carts, apart from stores/carts.ts (which talks to the server), so that
// every page's shell carries a few bytes and the rest comes with the product rows or the cart panel.

export type CartKind = "rfq" | "order" | "public"

/** How many products each cart holds, as the server last said. */
export const $cartCounts = map<Record<CartKind, number>>({ rfq: 0, order: 0, public: 0 })

/** The cart whose panel is open, or null. */
export const $openCart = atom<CartKind | null>(null)
