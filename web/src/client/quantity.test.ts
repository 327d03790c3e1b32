import { BigDecimal } from "effect"
import { describe, expect, it } from "vitest"
import {
  canDecreaseQuantity,
  decreaseQuantity,
  increaseQuantity,
  normaliseQuantity,
  quantityMinimum
} from "@tawreed/core/carts"
import { canDecrease, decrease, increase, minimumOf, normalise } from "./quantity.ts"

const text = (n: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(n))
const bd = (n: number) => BigDecimal.fromStringUnsafe(String(n))

const minimums: ReadonlyArray<number | undefined> = [undefined, 0.01, 0.5, 1, 1.25, 2, 5, 12.5, 100]
const typed: ReadonlyArray<string> = [
  ...Array.from({ length: 400 }, (_, i) => String((i * 37) / 1000)),
  "",
  " ",
  "0",
  "0.00",
  "abc",
  "1,5",
  "2.345",
  "-4",
  ".5",
  "7.",
  "1000000",
  "0.001",
  "4.995"
]

describe("the steppers' quantity rules", () => {
  it("agree with the core's on what a field becomes on blur", () => {
    for (const minimum of minimums) {
      for (const value of typed) {
        const core = text(normaliseQuantity(value, minimum === undefined ? undefined : bd(minimum)))
        expect(normalise(value, minimum), `${value} at least ${minimum}`).toBe(core)
      }
    }
  })

  it("agree with the core's on the minimum and the increase and decrease controls", () => {
    for (const minimum of minimums) {
      const min = minimum === undefined ? undefined : bd(minimum)
      expect(String(minimumOf(minimum))).toBe(text(quantityMinimum(min)))
      for (let h = 1; h <= 2000; h += 7) {
        const value = String(h / 100)
        expect(increase(value)).toBe(text(increaseQuantity(bd(h / 100))))
        expect(decrease(value, minimum)).toBe(text(decreaseQuantity(bd(h / 100), quantityMinimum(min))))
        expect(canDecrease(value, minimum)).toBe(canDecreaseQuantity(bd(h / 100), quantityMinimum(min)))
      }
    }
  })
})
