import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Effect } from "effect"
import * as fc from "fast-check"
import {
  canDecreaseQuantity,
  cartCanDecrease,
  cartLineMinimum,
  cartLineQuantity,
  decreaseQuantity,
  defaultQuantityMinimum,
  increaseQuantity,
  isQuantityText,
  maxQuantityDecimals,
  normaliseQuantity,
  quantityDebounceMs,
  quantityMinimum,
  validateQuantity
} from "./Quantity.ts"

const bd = BigDecimal.fromStringUnsafe
const text = (n: BigDecimal.BigDecimal) => BigDecimal.format(n)
const decimalsOf = (n: BigDecimal.BigDecimal) => Math.max(0, BigDecimal.normalize(n).scale)

describe("cart line quantities", () => {
  it("keeps RFQ lines at minQtyRFQ and order lines at minQtyDirectOrder, 1 by default", () => {
    const product = { details: { minQtyRFQ: bd("5"), minQtyDirectOrder: bd("10") } }
    assert.strictEqual(text(cartLineMinimum(product, "rfq")), "5")
    assert.strictEqual(text(cartLineMinimum(product, "order")), "10")
    assert.strictEqual(text(cartLineMinimum({}, "rfq")), "1")
    assert.strictEqual(text(cartLineMinimum({ details: {} }, "order")), "1")
    assert.strictEqual(text(cartLineQuantity(bd("3"), product, "rfq")), "5")
    assert.strictEqual(text(cartLineQuantity(bd("12"), product, "order")), "12")
  })

  it("allows decreasing only above 1", () => {
    assert.isFalse(cartCanDecrease(bd("1")))
    assert.isTrue(cartCanDecrease(bd("1.5")))
  })
})

describe("product card and row quantities", () => {
  it("uses the spec's numbers: minimum 0.01, two decimals, 2000 ms debounce", () => {
    assert.strictEqual(text(defaultQuantityMinimum), "0.01")
    assert.strictEqual(maxQuantityDecimals, 2)
    assert.strictEqual(quantityDebounceMs, 2000)
    assert.strictEqual(text(quantityMinimum()), "0.01")
    assert.strictEqual(text(quantityMinimum(bd("3"))), "3")
    assert.strictEqual(text(quantityMinimum(bd("0.125"))), "0.13")
  })

  it("rounds to two decimals and snaps up to the minimum", () => {
    assert.strictEqual(text(normaliseQuantity("2.345")), "2.35")
    assert.strictEqual(text(normaliseQuantity("0.001")), "0.01")
    assert.strictEqual(text(normaliseQuantity("2", bd("5"))), "5")
    assert.strictEqual(text(normaliseQuantity("-4")), "0.01")
  })

  it("resets an empty, zero or non-numeric value to the minimum or 1", () => {
    for (const value of ["", "  ", "0", "0.00", "abc", "1,5"]) {
      assert.strictEqual(text(normaliseQuantity(value)), "1", value)
      assert.strictEqual(text(normaliseQuantity(value, bd("6"))), "6", value)
    }
  })

  it("steps by 1 and never decreases below the minimum", () => {
    assert.strictEqual(text(increaseQuantity(bd("1.5"))), "2.5")
    assert.strictEqual(text(decreaseQuantity(bd("3"), bd("0.01"))), "2")
    assert.strictEqual(text(decreaseQuantity(bd("1.5"), bd("1"))), "1")
  })

  it("disables decrease below 2 or at the minimum", () => {
    assert.isFalse(canDecreaseQuantity(bd("1.99"), bd("0.01")))
    assert.isFalse(canDecreaseQuantity(bd("5"), bd("5")))
    assert.isTrue(canDecreaseQuantity(bd("2"), bd("0.01")))
  })

  it("accepts one or two decimals in the field", () => {
    assert.isTrue(isQuantityText("3"))
    assert.isTrue(isQuantityText("3.5"))
    assert.isTrue(isQuantityText("3.25"))
    assert.isFalse(isQuantityText("3.255"))
    assert.isFalse(isQuantityText("3."))
  })

  it.effect("validates a quantity for the API and the CLI", () =>
    Effect.gen(function* () {
      assert.strictEqual(text(yield* validateQuantity("2.50", bd("1"))), "2.5")
      const error = yield* Effect.flip(validateQuantity("0.5", bd("1")))
      assert.deepStrictEqual([error._tag, error.value, error.minimum], ["InvalidQuantity", "0.5", "1"])
    })
  )

  const minimum = fc.option(
    fc
      .bigInt({ min: 1n, max: 10n ** 6n })
      .chain((v) => fc.integer({ min: 0, max: 4 }).map((s) => BigDecimal.make(v, s))),
    { nil: undefined }
  )
  const typed = fc.oneof(
    fc.string(),
    fc.double({ noNaN: true }).map(String),
    fc.tuple(fc.integer({ min: -1000, max: 100000 }), fc.nat(99999)).map(([w, f]) => `${w}.${f}`)
  )

  it("never returns below the minimum nor with more than two decimals", () => {
    fc.assert(
      fc.property(typed, minimum, (value, itemMinimum) => {
        const q = normaliseQuantity(value, itemMinimum)
        assert.isTrue(BigDecimal.isGreaterThanOrEqualTo(q, quantityMinimum(itemMinimum)), `${value} → ${text(q)}`)
        assert.isAtMost(decimalsOf(q), 2)
      }),
      { numRuns: 1000 }
    )
  })

  it("never decreases below the minimum nor adds decimals", () => {
    fc.assert(
      fc.property(typed, minimum, fc.nat(20), (value, itemMinimum, presses) => {
        const min = quantityMinimum(itemMinimum)
        let q = normaliseQuantity(value, itemMinimum)
        for (let i = 0; i < presses; i++) q = decreaseQuantity(q, min)
        assert.isTrue(BigDecimal.isGreaterThanOrEqualTo(q, min))
        assert.isAtMost(decimalsOf(q), 2)
      })
    )
  })
})
