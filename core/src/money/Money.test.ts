import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Effect } from "effect"
import * as fc from "fast-check"
import { currencyDecimals, displayPrecision } from "./CurrencyDecimals.ts"
import { conversionFactorText, displayedCurrency, initialCurrencyView, toggleCurrencyView } from "./CurrencyView.ts"
import ratesFile from "./rates/eur-rates-2024-01-28.json" with { type: "json" }
import { euroRateTable } from "./EuroRateTable.ts"
import {
  convert,
  convertibleCurrencies,
  convertToCurrency,
  formatAmount,
  parseAmount,
  roundToCurrency
} from "./Money.ts"

const bd = BigDecimal.fromStringUnsafe
const run = <A, E>(effect: Effect.Effect<A, E>) => Effect.runSync(effect)

describe("the embedded euro rate table", () => {
  const json: {
    readonly base: string
    readonly date: string
    readonly ratesPublishedOn: string
    readonly rates: Readonly<Record<string, number>>
  } = ratesFile

  it("equals the shared JSON file, rate for rate", () => {
    assert.strictEqual(euroRateTable.base, json.base)
    assert.strictEqual(euroRateTable.date, json.date)
    assert.strictEqual(euroRateTable.ratesPublishedOn, json.ratesPublishedOn)
    assert.deepStrictEqual(Object.keys(euroRateTable.rates), Object.keys(json.rates))
    for (const [code, rate] of Object.entries(json.rates)) {
      assert.strictEqual(Number((euroRateTable.rates as Record<string, string>)[code]), rate, code)
    }
  })

  it("holds the README's headline values and 154 currencies", () => {
    assert.strictEqual(convertibleCurrencies.length, 154)
    assert.strictEqual(euroRateTable.rates.USD, "1.0871")
    assert.strictEqual(euroRateTable.rates.SAR, "4.076625")
    assert.strictEqual(euroRateTable.rates.KWD, "0.334414")
    assert.strictEqual(euroRateTable.rates.JPY, "160.62")
    assert.strictEqual(euroRateTable.rates.EUR, "1")
  })
})

describe("currency decimals", () => {
  it("follows the spec: 2 by default, 0 for JPY, KRW, CLP, VND, 3 for the dinars and rials", () => {
    assert.strictEqual(currencyDecimals("SAR"), 2)
    assert.strictEqual(currencyDecimals("EUR"), 2)
    for (const c of ["JPY", "KRW", "CLP", "VND"]) assert.strictEqual(currencyDecimals(c), 0, c)
    for (const c of ["BHD", "KWD", "JOD", "IQD", "LYD", "OMR", "TND"]) assert.strictEqual(currencyDecimals(c), 3, c)
    assert.strictEqual(currencyDecimals("kwd"), 3)
  })

  /**
   * CLDR, which Intl uses, shows some currencies with fewer digits than ISO 4217 gives them because their smallest
   * coins are out of use; amounts are kept at the ISO precision, so those differ on purpose. The list is pinned so
   * an ICU update that changes it is noticed.
   */
  const cldrDisplayRounding = [
    "AFN",
    "ALL",
    "COP",
    "HUF",
    "IDR",
    "IQD",
    "IRR",
    "KPW",
    "LAK",
    "LBP",
    "MGA",
    "MMK",
    "PKR",
    "SLL",
    "SOS",
    "SYP",
    "YER"
  ]

  it("agrees with Intl.NumberFormat for every ISO currency, apart from CLDR's display rounding", () => {
    const differing: Array<string> = []
    for (const code of Intl.supportedValuesOf("currency")) {
      const intl = new Intl.NumberFormat("en", { style: "currency", currency: code }).resolvedOptions()
        .maximumFractionDigits
      if (intl !== currencyDecimals(code)) {
        differing.push(code)
        assert.strictEqual(intl, 0, `${code}: Intl shows fewer digits`)
      }
    }
    assert.deepStrictEqual(differing, cldrDisplayRounding)
  })

  it("lets the organisation's line-item precision override the currency's", () => {
    assert.strictEqual(displayPrecision("SAR"), 2)
    assert.strictEqual(displayPrecision("SAR", 4), 4)
    assert.strictEqual(displayPrecision("KWD", 0), 0)
    assert.strictEqual(displayPrecision("KWD", -1), 3)
  })
})

describe("amounts", () => {
  it("reads decimal strings and refuses anything else", () => {
    assert.strictEqual(formatAmount(run(parseAmount(" 1250.5 ")), 2), "1250.50")
    assert.strictEqual(formatAmount(run(parseAmount("-.5")), 1), "-0.5")
    for (const bad of ["", "abc", "1e3", "1,000", "--1", "."]) {
      const error = run(Effect.flip(parseAmount(bad)))
      assert.deepStrictEqual([error._tag, error.value], ["InvalidAmount", bad])
    }
  })

  it("rounds half away from zero to the currency's decimals and formats them all", () => {
    assert.strictEqual(formatAmount(roundToCurrency(bd("2.345"), "SAR"), 2), "2.35")
    assert.strictEqual(formatAmount(roundToCurrency(bd("-2.345"), "SAR"), 2), "-2.35")
    assert.strictEqual(formatAmount(roundToCurrency(bd("1234.5"), "JPY"), 0), "1235")
    assert.strictEqual(formatAmount(roundToCurrency(bd("0.0005"), "KWD"), 3), "0.001")
    assert.strictEqual(formatAmount(bd("7"), 3), "7.000")
    assert.strictEqual(formatAmount(bd("0.05"), 2), "0.05")
  })
})

describe("conversion", () => {
  it("converts with the ratio of target to source rate: 100 USD is 375.00 SAR", () => {
    assert.strictEqual(formatAmount(run(convertToCurrency(bd("100"), "USD", "SAR")), 2), "375.00")
    assert.strictEqual(formatAmount(run(convert(bd("1"), "EUR", "KWD", 3)), 3), "0.334")
    assert.strictEqual(formatAmount(run(convertToCurrency(bd("1000"), "JPY", "KWD")), 3), "2.082")
    assert.strictEqual(formatAmount(run(convertToCurrency(bd("10"), "KWD", "JPY")), 0), "4803")
  })

  it("keeps full precision when no decimals are given", () => {
    assert.isTrue(BigDecimal.equals(run(convert(bd("3.75"), "SAR", "USD")), bd("1")))
  })

  it("refuses a currency the table does not know", () => {
    const error = run(Effect.flip(convert(bd("1"), "USD", "XYZ")))
    assert.deepStrictEqual([error._tag, error.currency], ["UnknownCurrency", "XYZ"])
  })

  const currency = fc.constantFrom(...convertibleCurrencies)
  const amountIn = (code: string) =>
    fc.bigInt({ min: 0n, max: 10n ** 12n }).map((units) => BigDecimal.make(units, currencyDecimals(code)))

  it("goes there and back within one unit of the target precision", () => {
    fc.assert(
      fc.property(
        currency.chain((from) => fc.tuple(fc.constant(from), currency, amountIn(from))),
        ([from, to, amount]) => {
          const there = run(convert(amount, from, to))
          const back = run(convertToCurrency(there, to, from))
          const unit = BigDecimal.make(1n, currencyDecimals(from))
          assert.isTrue(
            BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(BigDecimal.subtract(back, amount)), unit),
            `${amount} ${from} → ${to}`
          )
        }
      ),
      { numRuns: 500 }
    )
  })

  it("rounding on both legs loses no more than a unit of the source and half a unit of the target", () => {
    fc.assert(
      fc.property(
        currency.chain((from) => fc.tuple(fc.constant(from), currency, amountIn(from))),
        ([from, to, amount]) => {
          const there = run(convertToCurrency(amount, from, to))
          const back = run(convertToCurrency(there, to, from))
          const halfTargetUnitInSource = run(convert(BigDecimal.make(5n, currencyDecimals(to) + 1), to, from))
          const bound = BigDecimal.sum(BigDecimal.make(1n, currencyDecimals(from)), halfTargetUnitInSource)
          assert.isTrue(BigDecimal.isLessThanOrEqualTo(BigDecimal.abs(BigDecimal.subtract(back, amount)), bound))
          assert.isTrue(there.scale <= currencyDecimals(to))
        }
      ),
      { numRuns: 500 }
    )
  })
})

describe("currency view toggle", () => {
  it("starts on the organisation's currency, flips, and shows the factor", () => {
    const view = initialCurrencyView("SAR", "USD")
    assert.isTrue(view.showCurrencyView)
    assert.strictEqual(displayedCurrency(view), "SAR")
    assert.strictEqual(displayedCurrency(toggleCurrencyView(view)), "USD")
    assert.strictEqual(run(conversionFactorText(view)), "1 SAR = 0.2667 USD")
    assert.isFalse(initialCurrencyView("SAR", "SAR").showCurrencyView)
  })
})
