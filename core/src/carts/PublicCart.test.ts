import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import * as fc from "fast-check"
import {
  draftOrderTotal,
  removeDraftOrderItem,
  selectDraftOrder,
  selectedDraftOrder,
  splitPublicCart
} from "./DraftOrder.ts"
import {
  addToPublicCart,
  canUsePublicOrderCart,
  cartKinds,
  isInCart,
  publicCartItems,
  removeFromPublicCart,
  type CartItem,
  type PublicCart
} from "./PublicCart.ts"

const bd = BigDecimal.fromStringUnsafe
const item = (id: string, quantity = "1", price?: string, isPublic = true): CartItem => ({
  product: { id, public: isPublic },
  quantity: bd(quantity),
  ...(price === undefined ? {} : { price: bd(price) })
})

describe("carts", () => {
  it("has the three carts", () => {
    assert.deepStrictEqual(cartKinds, ["rfq", "order", "public"])
  })

  it("keeps a product once per vendor and drops a vendor with no items", () => {
    let cart: PublicCart = {}
    cart = addToPublicCart(cart, "v1", item("p1"))
    cart = addToPublicCart(cart, "v1", item("p1", "3"))
    cart = addToPublicCart(cart, "v2", item("p2"))
    assert.strictEqual(cart.v1?.length, 1)
    assert.strictEqual(BigDecimal.format(cart.v1?.[0]?.quantity ?? bd("0")), "3")
    assert.isTrue(isInCart(publicCartItems(cart), "p2"))
    cart = removeFromPublicCart(cart, "v2", "p2")
    assert.deepStrictEqual(Object.keys(cart), ["v1"])
  })

  it("offers the public order cart only to buyers whose every item is public", () => {
    assert.isTrue(canUsePublicOrderCart(true, [item("a"), item("b")]))
    assert.isFalse(canUsePublicOrderCart(false, [item("a")]))
    assert.isFalse(canUsePublicOrderCart(true, [item("a"), item("b", "1", undefined, false)]))
    assert.isFalse(canUsePublicOrderCart(true, []))
  })
})

describe("draft orders from the public cart", () => {
  const cart: PublicCart = { v1: [item("p1", "2", "10.50"), item("p2", "1")], v2: [item("p3", "4", "2")] }

  it("makes one draft per vendor with the first selected and the spec's defaults", () => {
    const state = splitPublicCart(cart, (id) =>
      id === "v1" ? { connectionId: "v1", name: "Al Noor Supplies" } : undefined
    )
    assert.deepStrictEqual(
      state.drafts.map((d) => d.vendor.name),
      ["Al Noor Supplies", "v2"]
    )
    assert.strictEqual(state.selected, "v1")
    const first = state.drafts[0]!
    assert.strictEqual(first.orderPriority, "Low")
    for (const amount of [
      first.shippingFee,
      first.shippingFeeTax,
      first.shippingFeeSubTotal,
      first.adjustmentAmounts
    ]) {
      assert.isTrue(BigDecimal.isZero(amount))
    }
    assert.deepStrictEqual(
      first.items.map((i) => [i.status, BigDecimal.format(i.orderQuantity), BigDecimal.format(i.orderPrice)]),
      [
        ["pending", "2", "10.5"],
        ["pending", "1", "0"]
      ]
    )
    assert.strictEqual(BigDecimal.format(draftOrderTotal(first)), "21")
  })

  it("removes a vendor's draft with its last item and selects the first remaining", () => {
    let state = splitPublicCart(cart)
    state = removeDraftOrderItem(state, "v1", "p1")
    assert.strictEqual(state.drafts.length, 2)
    state = removeDraftOrderItem(state, "v1", "p2")
    assert.deepStrictEqual(
      state.drafts.map((d) => d.vendor.connectionId),
      ["v2"]
    )
    assert.strictEqual(state.selected, "v2")
    assert.strictEqual(selectedDraftOrder(state)?.vendor.connectionId, "v2")
    assert.strictEqual(selectDraftOrder(state, "v9").selected, "v2")
  })

  const arbitraryCart = fc
    .dictionary(
      fc.string({ minLength: 1, maxLength: 4 }),
      fc
        .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 6 })
        .map((ids) => ids.map((id) => item(id))),
      { maxKeys: 6 }
    )
    .map((c): PublicCart => c)

  it("loses and duplicates no item when splitting", () => {
    fc.assert(
      fc.property(arbitraryCart, (c) => {
        const state = splitPublicCart(c)
        const before = Object.entries(c)
          .flatMap(([v, items]) => items.map((i) => `${v}/${i.product.id}`))
          .sort()
        const after = state.drafts.flatMap((d) => d.items.map((i) => `${d.vendor.connectionId}/${i.product.id}`)).sort()
        assert.deepStrictEqual(after, before)
        assert.strictEqual(state.drafts.length, Object.values(c).filter((items) => items.length > 0).length)
        assert.strictEqual(state.selected, state.drafts[0]?.vendor.connectionId)
      })
    )
  })

  it("never keeps an empty draft or a selection that is not a draft, whatever is removed", () => {
    fc.assert(
      fc.property(arbitraryCart, fc.array(fc.nat()), (c, picks) => {
        let state = splitPublicCart(c)
        for (const pick of picks) {
          const all = state.drafts.flatMap((d) => d.items.map((i) => [d.vendor.connectionId, i.product.id] as const))
          const chosen = all[pick % Math.max(1, all.length)]
          if (chosen === undefined) break
          state = removeDraftOrderItem(state, chosen[0], chosen[1])
          assert.isTrue(state.drafts.every((d) => d.items.length > 0))
          assert.isTrue(
            state.drafts.length === 0 ? state.selected === undefined : selectedDraftOrder(state) !== undefined
          )
        }
      })
    )
  })
})
