import { BigDecimal } from "effect"
import type { CartItem, PublicCart } from "./PublicCart.ts"

/** Order priorities (SPEC.md §3 Enumerations); a draft order starts Low. */
export type OrderPriority = "Low" | "Medium" | "High"

/** The vendor a draft order goes to. */
export interface DraftOrderVendor {
  readonly connectionId: string
  readonly name: string
  readonly orgLogo?: string | undefined
}

/** A cart item as an order line: ordered quantity and price, pending until the order goes out. */
export type DraftOrderItem<I extends CartItem = CartItem> = I & {
  readonly orderQuantity: BigDecimal.BigDecimal
  readonly orderPrice: BigDecimal.BigDecimal
  readonly status: "pending"
}

/** An order being prepared from the public cart, one per vendor (SPEC.md §3 Draft order). */
export interface DraftOrder<I extends CartItem = CartItem> {
  readonly vendor: DraftOrderVendor
  readonly items: ReadonlyArray<DraftOrderItem<I>>
  readonly orderPriority: OrderPriority
  readonly shippingFee: BigDecimal.BigDecimal
  readonly shippingFeeTax: BigDecimal.BigDecimal
  readonly shippingFeeSubTotal: BigDecimal.BigDecimal
  readonly adjustmentAmounts: BigDecimal.BigDecimal
  readonly attachments: ReadonlyArray<string>
  readonly remarks: string
}

/** The draft orders made from the public cart and the one the user is looking at. */
export interface DraftOrders<I extends CartItem = CartItem> {
  readonly drafts: ReadonlyArray<DraftOrder<I>>
  /** The selected draft's vendor connection; the first draft is selected by default. */
  readonly selected: string | undefined
}

const zero = BigDecimal.fromBigInt(0n)

/** A cart item as an order line: quantity and price carried over (a missing price is 0), status pending. */
export const toDraftOrderItem = <I extends CartItem>(item: I): DraftOrderItem<I> => ({
  ...item,
  orderQuantity: item.quantity,
  orderPrice: item.price ?? zero,
  status: "pending"
})

/** A new draft order for a vendor with the spec's defaults: priority Low, every amount 0. */
export const newDraftOrder = <I extends CartItem>(
  vendor: DraftOrderVendor,
  items: ReadonlyArray<I>
): DraftOrder<I> => ({
  vendor,
  items: items.map(toDraftOrderItem),
  orderPriority: "Low",
  shippingFee: zero,
  shippingFeeTax: zero,
  shippingFeeSubTotal: zero,
  adjustmentAmounts: zero,
  attachments: [],
  remarks: ""
})

/**
 * Splits the public cart into one draft order per vendor that has items, in the cart's order, with the first
 * selected. `vendorOf` names each vendor; an unknown one is named by its connection id.
 */
export const splitPublicCart = <I extends CartItem>(
  cart: PublicCart<I>,
  vendorOf: (connectionId: string) => DraftOrderVendor | undefined = () => undefined
): DraftOrders<I> => {
  const drafts = Object.entries(cart)
    .filter(([, items]) => items.length > 0)
    .map(([connectionId, items]) =>
      newDraftOrder(vendorOf(connectionId) ?? { connectionId, name: connectionId }, items)
    )
  return { drafts, selected: drafts[0]?.vendor.connectionId }
}

/**
 * Removes an item from a vendor's draft. Removing the vendor's last item removes the draft; if it was selected,
 * the first remaining draft is selected.
 */
export const removeDraftOrderItem = <I extends CartItem>(
  state: DraftOrders<I>,
  connectionId: string,
  productId: string
): DraftOrders<I> => {
  const drafts = state.drafts.flatMap((draft) => {
    if (draft.vendor.connectionId !== connectionId) return [draft]
    const items = draft.items.filter((i) => i.product.id !== productId)
    return items.length === 0 ? [] : [{ ...draft, items }]
  })
  const stillThere = drafts.some((d) => d.vendor.connectionId === state.selected)
  return { drafts, selected: stillThere ? state.selected : drafts[0]?.vendor.connectionId }
}

/** Selects a vendor's draft, when there is one. */
export const selectDraftOrder = <I extends CartItem>(state: DraftOrders<I>, connectionId: string): DraftOrders<I> =>
  state.drafts.some((d) => d.vendor.connectionId === connectionId) ? { ...state, selected: connectionId } : state

/** The draft saved as the direct order before going to order creation (SPEC.md §4). */
export const selectedDraftOrder = <I extends CartItem>(state: DraftOrders<I>): DraftOrder<I> | undefined =>
  state.drafts.find((d) => d.vendor.connectionId === state.selected)

/** An order's total: the sum of each line's quantity times price. */
export const draftOrderTotal = (draft: DraftOrder): BigDecimal.BigDecimal =>
  BigDecimal.sumAll(draft.items.map((i) => BigDecimal.multiply(i.orderQuantity, i.orderPrice)))
