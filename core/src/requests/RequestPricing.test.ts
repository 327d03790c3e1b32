import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import fc from "fast-check"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import {
  formatFigures,
  isTaxesExceedPrice,
  type LineFigures,
  type LineTerms,
  priceLine,
  type TaxTerms,
  totalFigures
} from "./RequestPricing.ts"

const d = (text: string) => BigDecimal.fromStringUnsafe(text)
const tax = (mode: TaxTerms["mode"], type: TaxTerms["type"], value: string): TaxTerms => ({
  mode,
  type,
  value: d(value)
})
const priced = (quantity: string, basePrice: string, taxes: ReadonlyArray<TaxTerms>, currency = "SAR") => {
  const figures = priceLine({ quantity: d(quantity), basePrice: d(basePrice), taxes }, currency)
  if (isTaxesExceedPrice(figures)) throw new Error("refused")
  return formatFigures(figures, currency)
}

describe("pricing a line", () => {
  it("adds an exclusive rate on top of the net", () => {
    assert.deepStrictEqual(priced("2", "50", [tax("EXCLUSIVE", "PERCENT", "15")]), {
      net: "100.00",
      tax: "15.00",
      total: "115.00"
    })
  })

  it("takes an inclusive rate out of the price, so the price is the total", () => {
    assert.deepStrictEqual(priced("1", "115", [tax("INCLUSIVE", "PERCENT", "15")]), {
      net: "100.00",
      tax: "15.00",
      total: "115.00"
    })
    // 10 ÷ 1.15 = 8.6956…: the tax rounds to 1.30 and the net is what remains, so net + tax is still 10.00.
    assert.deepStrictEqual(priced("1", "10", [tax("INCLUSIVE", "PERCENT", "15")]), {
      net: "8.70",
      tax: "1.30",
      total: "10.00"
    })
  })

  it("takes fixed inclusive amounts off first, and adds fixed exclusive amounts for the whole line", () => {
    assert.deepStrictEqual(
      priced("3", "40", [
        tax("INCLUSIVE", "ABSOLUTE", "10"),
        tax("INCLUSIVE", "PERCENT", "10"),
        tax("EXCLUSIVE", "ABSOLUTE", "5"),
        tax("EXCLUSIVE", "PERCENT", "5")
      ]),
      // 120 priced; 110 after the fixed 10; net 100 and 10 % = 10 inside; on top 5 fixed and 5 % of 100.
      { net: "100.00", tax: "30.00", total: "130.00" }
    )
  })

  it("works in the currency's precision: three decimals for KWD, none for JPY", () => {
    assert.deepStrictEqual(priced("1.5", "0.3333", [tax("EXCLUSIVE", "PERCENT", "5")], "KWD"), {
      net: "0.500",
      tax: "0.025",
      total: "0.525"
    })
    assert.deepStrictEqual(priced("3", "333.5", [tax("EXCLUSIVE", "PERCENT", "8")], "JPY"), {
      net: "1001",
      tax: "80",
      total: "1081"
    })
  })

  it("refuses included fixed taxes worth more than the price", () => {
    const figures = priceLine(
      { quantity: d("1"), basePrice: d("5"), taxes: [tax("INCLUSIVE", "ABSOLUTE", "6")] },
      "SAR"
    )
    assert.isTrue(isTaxesExceedPrice(figures))
  })

  const currency = fc.constantFrom("SAR", "KWD", "JPY", "USD")
  const taxTerms = fc.record({
    mode: fc.constantFrom<TaxTerms["mode"]>("INCLUSIVE", "EXCLUSIVE"),
    type: fc.constantFrom<TaxTerms["type"]>("ABSOLUTE", "PERCENT"),
    value: fc.integer({ min: 0, max: 10_000 }).map((n) => BigDecimal.make(BigInt(n), 2))
  })
  const terms: fc.Arbitrary<LineTerms> = fc.record({
    quantity: fc.integer({ min: 1, max: 1_000_000 }).map((n) => BigDecimal.make(BigInt(n), 2)),
    basePrice: fc.bigInt({ min: 0n, max: 10n ** 12n }).map((n) => BigDecimal.make(n, 6)),
    taxes: fc.array(taxTerms, { maxLength: 4 })
  })
  const decimalsOf = (value: BigDecimal.BigDecimal) => BigDecimal.normalize(value).scale

  it("always gives lines whose net and tax make their total, in the currency's precision, and totals that add up", () => {
    fc.assert(
      fc.property(fc.array(terms, { minLength: 1, maxLength: 8 }), currency, (lines, code) => {
        const figures: Array<LineFigures> = []
        for (const line of lines) {
          const result = priceLine(line, code)
          if (isTaxesExceedPrice(result)) continue
          figures.push(result)
          assert.isTrue(BigDecimal.equals(BigDecimal.sum(result.net, result.tax), result.total))
          assert.isFalse(BigDecimal.isNegative(result.net))
          for (const value of [result.net, result.tax, result.total]) {
            assert.isAtMost(decimalsOf(value), currencyDecimals(code))
          }
          const exclusive = line.taxes.every((t) => t.mode === "EXCLUSIVE")
          if (exclusive) {
            const amount = BigDecimal.round(BigDecimal.multiply(line.quantity, line.basePrice), {
              scale: currencyDecimals(code),
              mode: "half-from-zero"
            })
            assert.isTrue(BigDecimal.equals(result.net, amount), "no inclusive tax: the net is the priced amount")
          }
        }
        const total = totalFigures(figures)
        assert.isTrue(BigDecimal.equals(BigDecimal.sum(total.net, total.tax), total.total))
        assert.isTrue(BigDecimal.equals(total.total, BigDecimal.sumAll(figures.map((f) => f.total))))
      }),
      { numRuns: 300 }
    )
  })
})
