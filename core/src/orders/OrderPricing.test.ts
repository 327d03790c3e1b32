import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import * as fc from "fast-check"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import {
  type InstalmentTerms,
  isPlanNotWhole,
  isPricingProblem,
  type LinePricingTerms,
  paymentSchedule,
  priceOrder
} from "./OrderPricing.ts"

const d = (text: string) => BigDecimal.fromStringUnsafe(text)
const eq = (a: BigDecimal.BigDecimal, b: BigDecimal.BigDecimal, message?: string) =>
  assert.isTrue(BigDecimal.equals(a, b), `${message ?? ""} ${BigDecimal.format(a)} ≠ ${BigDecimal.format(b)}`)
const sum = (values: ReadonlyArray<BigDecimal.BigDecimal>) => BigDecimal.sumAll(values)
const scaleOf = (value: BigDecimal.BigDecimal) => BigDecimal.normalize(value).scale

/** A decimal with up to `scale` digits after the point, below `max`. */
const decimal = (max: number, scale: number) =>
  fc.integer({ min: 0, max: max * 10 ** scale }).map((n) => BigDecimal.make(BigInt(n), scale))

const line: fc.Arbitrary<LinePricingTerms> = fc.record({
  quantity: decimal(1000, 2).filter((q) => BigDecimal.isPositive(q)),
  unitPrice: decimal(100000, 6),
  discount: fc.option(
    fc.oneof(
      decimal(100, 2).map((value) => ({ type: "PERCENT" as const, value })),
      decimal(5, 3).map((value) => ({ type: "ABSOLUTE" as const, value }))
    ),
    { nil: null }
  ),
  taxRate: fc.constantFrom(d("0"), d("5"), d("15"), d("7.5"), d("14.975"))
})

const currencies = fc.constantFrom("JPY", "SAR", "USD", "KWD", "BHD", "KRW")

describe("order pricing", () => {
  it("prices the SPEC's VAT: 3 × 33.33 SAR exclusive is 99.99 + 15.00 tax", () => {
    const priced = priceOrder({
      currency: "SAR",
      taxMode: "EXCLUSIVE",
      lines: [{ quantity: d("3"), unitPrice: d("33.33"), discount: null, taxRate: d("15") }],
      shippingFee: d("0"),
      shippingFeeTaxRate: d("0"),
      adjustments: []
    })
    assert.isFalse(isPricingProblem(priced))
    if (isPricingProblem(priced)) return
    eq(priced.subTotal, d("99.99"))
    eq(priced.tax, d("15"))
    eq(priced.total, d("114.99"))
  })

  it("keeps an inclusive line's total as agreed and takes the tax out of it", () => {
    const priced = priceOrder({
      currency: "SAR",
      taxMode: "INCLUSIVE",
      lines: [{ quantity: d("1"), unitPrice: d("115"), discount: null, taxRate: d("15") }],
      shippingFee: d("10"),
      shippingFeeTaxRate: d("15"),
      adjustments: [d("-1.5")]
    })
    if (isPricingProblem(priced)) return assert.fail("priced")
    eq(priced.lines[0]!.total, d("115"))
    eq(priced.lines[0]!.tax, d("15"))
    eq(priced.total, d("125"))
  })

  it("refuses a discount above its line and a total below zero", () => {
    const base = { currency: "USD", taxMode: "EXCLUSIVE" as const, shippingFee: d("0"), shippingFeeTaxRate: d("0") }
    const over = priceOrder({
      ...base,
      lines: [{ quantity: d("1"), unitPrice: d("5"), discount: { type: "ABSOLUTE", value: d("6") }, taxRate: d("0") }],
      adjustments: []
    })
    assert.deepStrictEqual(over, { _tag: "DiscountExceedsLine", line: 0 })
    const negative = priceOrder({
      ...base,
      lines: [{ quantity: d("1"), unitPrice: d("5"), discount: null, taxRate: d("0") }],
      adjustments: [d("-6")]
    })
    assert.deepStrictEqual(negative, { _tag: "NegativeTotal" })
  })

  it("reconciles lines, taxes and header in every currency precision, with no residue", () => {
    fc.assert(
      fc.property(
        currencies,
        fc.constantFrom("EXCLUSIVE" as const, "INCLUSIVE" as const),
        fc.array(line, { minLength: 1, maxLength: 12 }),
        decimal(1000, 3),
        (currency, taxMode, lines, shippingFee) => {
          const decimals = currencyDecimals(currency)
          const priced = priceOrder({
            currency,
            taxMode,
            lines,
            shippingFee,
            shippingFeeTaxRate: d("15"),
            adjustments: []
          })
          if (isPricingProblem(priced)) {
            assert.strictEqual(priced._tag, "DiscountExceedsLine")
            return
          }
          const unit = BigDecimal.make(1n, decimals)
          for (const [i, l] of priced.lines.entries()) {
            for (const figure of [l.gross, l.discount, l.net, l.tax, l.total]) {
              assert.isAtMost(scaleOf(figure), decimals)
              assert.isFalse(BigDecimal.isNegative(figure), `line ${i}`)
            }
            eq(BigDecimal.sum(l.net, l.tax), l.total, "net + tax")
            eq(BigDecimal.subtract(l.gross, l.discount), taxMode === "EXCLUSIVE" ? l.net : l.total, "gross - discount")
            // No line's tax is a whole unit away from its exact figure.
            const t = lines[i]!
            const after = BigDecimal.subtract(l.gross, l.discount)
            const exactTax =
              taxMode === "EXCLUSIVE"
                ? BigDecimal.divideUnsafe(BigDecimal.multiply(after, t.taxRate), d("100"))
                : BigDecimal.subtract(
                    after,
                    BigDecimal.divideUnsafe(after, BigDecimal.sum(d("1"), BigDecimal.divideUnsafe(t.taxRate, d("100"))))
                  )
            assert.isTrue(BigDecimal.isLessThan(BigDecimal.abs(BigDecimal.subtract(l.tax, exactTax)), unit))
          }
          eq(sum(priced.lines.map((l) => l.net)), priced.subTotal, "Σ net")
          eq(sum(priced.lines.map((l) => l.tax)), priced.linesTax, "Σ tax")
          eq(sum(priced.lines.map((l) => l.gross)), priced.gross, "Σ gross")
          eq(sum(priced.lines.map((l) => l.discount)), priced.discount, "Σ discount")
          eq(BigDecimal.sum(priced.linesTax, priced.shippingFeeTax), priced.tax, "tax")
          eq(
            sum([...priced.lines.map((l) => l.total), priced.shippingFee, priced.shippingFeeTax, priced.adjustments]),
            priced.total,
            "Σ totals"
          )
          eq(sum([priced.subTotal, priced.tax, priced.shippingFee, priced.adjustments]), priced.total, "header")
        }
      ),
      { numRuns: 500 }
    )
  })

  it("splits a total into a dated schedule whose amounts sum to it exactly", () => {
    const plan = fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 8 }).chain((weights) => {
      // Percents with two decimals summing to exactly 100.
      const total = weights.reduce((a, b) => a + b, 0)
      const cents = weights.map((w) => Math.floor((w * 10000) / total))
      cents[0]! += 10000 - cents.reduce((a, b) => a + b, 0)
      return fc.tuple(
        fc.constant(cents),
        fc.array(fc.integer({ min: 0, max: 120 }), { minLength: cents.length, maxLength: cents.length })
      )
    })
    fc.assert(
      fc.property(currencies, decimal(10_000_000, 3), plan, (currency, amount, [cents, days]) => {
        const decimals = currencyDecimals(currency)
        const total = BigDecimal.round(amount, { scale: decimals, mode: "half-from-zero" })
        const terms: Array<InstalmentTerms> = cents.map((c, i) => ({
          percent: BigDecimal.make(BigInt(c), 2),
          days: days[i]!,
          basis: i % 2 === 0 ? "ORDER" : "DELIVERY"
        }))
        const schedule = paymentSchedule(total, currency, terms, { orderDate: "2026-01-31", deliveryDate: null })
        if (isPlanNotWhole(schedule)) return assert.fail("whole plan refused")
        eq(sum(schedule.map((s) => s.amount)), total, "Σ instalments")
        for (const s of schedule) assert.isAtMost(scaleOf(s.amount), decimals)
        assert.strictEqual(schedule[0]!.dueDate !== null, true)
        if (schedule[1] !== undefined) assert.isNull(schedule[1].dueDate)
      }),
      { numRuns: 300 }
    )
  })

  it("dates instalments from the order and refuses a plan that is not whole", () => {
    const schedule = paymentSchedule(
      d("100"),
      "SAR",
      [
        { percent: d("30"), days: 30, basis: "ORDER" },
        { percent: d("70"), days: 0, basis: "DELIVERY" }
      ],
      {
        orderDate: "2026-01-31",
        deliveryDate: "2026-03-01"
      }
    )
    assert.deepStrictEqual(
      isPlanNotWhole(schedule) ? [] : schedule.map((s) => [BigDecimal.format(s.amount), s.dueDate]),
      [
        ["30", "2026-03-02"],
        ["70", "2026-03-01"]
      ]
    )
    assert.deepStrictEqual(
      paymentSchedule(d("100"), "SAR", [{ percent: d("90"), days: 0, basis: "ORDER" }], {
        orderDate: null,
        deliveryDate: null
      }),
      { _tag: "PlanNotWhole", percent: "90" }
    )
  })
})
