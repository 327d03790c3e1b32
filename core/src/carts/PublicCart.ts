import type { BigDecimal } from "effect"

/** The three carts of the header (SPEC.md §2, §4): the quote-request (RFQ) cart, the direct-order cart, the public-catalog cart. */
export const cartKinds = ["rfq", "order", "public"] as const
export type CartKind = (typeof cartKinds)[number]

/** What the cart rules need to know of an item; the rest of the item travels with it untouched. */
export interface CartItem {
  readonly product: {
    readonly id: string
    readonly public?: boolean | undefined
  }
  readonly quantity: BigDecimal.BigDecimal
  readonly price?: BigDecimal.BigDecimal | undefined
}

/** The public cart: each vendor's connection id with the items chosen from that vendor (SPEC.md §3). */
export type PublicCart<I extends CartItem = CartItem> = Readonly<Record<string, ReadonlyArray<I>>>

/** Adds an item under its vendor; an item already there is replaced, so a product is in the cart once. */
export const addToPublicCart = <I extends CartItem>(
  cart: PublicCart<I>,
  connectionId: string,
  item: I
): PublicCart<I> => {
  const items = cart[connectionId] ?? []
  const at = items.findIndex((i) => i.product.id === item.product.id)
  const next = at < 0 ? [...items, item] : items.map((i, n) => (n === at ? item : i))
  return { ...cart, [connectionId]: next }
}

/** Removes a product from a vendor's list; a vendor left with no items leaves the cart. */
export const removeFromPublicCart = <I extends CartItem>(
  cart: PublicCart<I>,
  connectionId: string,
  productId: string
): PublicCart<I> => {
  const items = (cart[connectionId] ?? []).filter((i) => i.product.id !== productId)
  const { [connectionId]: _removed, ...rest } = cart
  return items.length === 0 ? rest : { ...rest, [connectionId]: items }
}

/** Every item of the public cart, vendor by vendor. */
export const publicCartItems = <I extends CartItem>(cart: PublicCart<I>): ReadonlyArray<I> => Object.values(cart).flat()

/** Whether a product is in a cart: it is either in or not, never twice. */
export const isInCart = (items: ReadonlyArray<CartItem>, productId: string): boolean =>
  items.some((i) => i.product.id === productId)

/** The public order cart applies only to buyers, and only when every item is public (SPEC.md §4). */
export const canUsePublicOrderCart = (isBuyer: boolean, items: ReadonlyArray<CartItem>): boolean =>
  isBuyer && items.length > 0 && items.every((i) => i.product.public === true)
