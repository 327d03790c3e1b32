import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { searchWords } from "../search/SearchText.ts"
import {
  copyName,
  isValidMinimum,
  isValidSku,
  movedPath,
  nextSku,
  pathIds,
  pathOf,
  priceOf,
  productUnitOf,
  skuNumber,
  wouldLoop
} from "./CatalogRules.ts"
import { LocalText, TechSpec } from "./Catalog.ts"
import { englishStem, searchTier, similarity, trigrams } from "./SearchRank.ts"

const id = fc.uuid()

describe("catalog rules", () => {
  it("hands out the SKU after the highest, whose number reads back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (n) => {
        const sku = nextSku(n)
        expect(skuNumber(sku)).toBe(n + 1)
        expect(isValidSku(sku)).toBe(true)
      })
    )
    expect(nextSku(41)).toBe("PRD-000042")
    expect(skuNumber("ABC-12")).toBeUndefined()
  })

  it("refuses a SKU with spaces or leading punctuation, and takes Arabic letters", () => {
    expect(isValidSku("A4 paper")).toBe(false)
    expect(isValidSku("-A4")).toBe(false)
    expect(isValidSku("ورق-٤")).toBe(true)
    expect(isValidSku("HP/CF-259A.X_1")).toBe(true)
  })

  it("prices with VAT rounded to the currency, and the total for the quantity quoted", () => {
    const price = priceOf(10.99, [{ name: "VAT", percent: 15 }], "SAR", 3)
    expect([price.value, price.total, price.percent, price.basePrice]).toEqual([12.64, 37.92, 15, 10.99])
    expect(priceOf(1.234, [{ name: "VAT", percent: 5 }], "KWD", 1).value).toBe(1.296)
    expect(priceOf(1000, [], "JPY", 1).value).toBe(1000)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 8 }), fc.integer({ min: 0, max: 100 }), (cents, percent) => {
        const price = priceOf(cents / 100, [{ name: "T", percent }], "SAR", 1)
        expect(price.value).toBeGreaterThanOrEqual(price.basePrice)
        expect(Math.round(price.value * 100) / 100).toBe(price.value)
      })
    )
  })

  it("takes minimum quantities from 0.01 with at most two decimals", () => {
    expect([0.01, 1, 2.5, 12.25].map(isValidMinimum)).toEqual([true, true, true, true])
    expect([0, -1, 0.001, 1.234, Number.NaN].map(isValidMinimum)).toEqual([false, false, false, false, false])
  })

  it("names a copy in both languages, leaving an empty name empty", () => {
    expect(copyName(new LocalText({ en: "Chair", ar: "كرسي" }))).toEqual(
      new LocalText({ en: "Chair (copy)", ar: "كرسي (نسخة)" })
    )
    expect(copyName(new LocalText({ en: "", ar: "كرسي" })).en).toBe("")
  })

  it("moves a path with its sub-tree and never under itself", () => {
    fc.assert(
      fc.property(
        fc.array(id, { minLength: 1, maxLength: 6 }),
        fc.array(id, { maxLength: 5 }),
        fc.nat(),
        (path, parentPath, at) => {
          const categoryId = path[at % path.length]!
          const moved = movedPath(path, categoryId, parentPath)
          expect(moved.slice(0, parentPath.length)).toEqual(parentPath)
          expect(moved.slice(parentPath.length)).toEqual(path.slice(path.indexOf(categoryId)))
          expect(pathIds(pathOf(moved))).toEqual(moved)
          expect(wouldLoop(categoryId, moved)).toBe(true)
        }
      )
    )
    expect(movedPath(["a", "b"], "c", ["x"])).toEqual(["a", "b"])
  })
})

describe("search ranking", () => {
  it("computes pg_trgm's trigrams and similarity", () => {
    expect([...trigrams("cat")]).toEqual(["  c", " ca", "cat", "at "])
    expect(similarity("word", "word")).toBe(1)
    expect(similarity("كراسي", "كرسي")).toBeCloseTo(0.375)
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        const s = similarity(a, b)
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(1)
        expect(similarity(b, a)).toBeCloseTo(s)
      })
    )
  })

  it("stems English plurals to their singular", () => {
    expect(["staplers", "batteries", "boxes", "cables"].map(englishStem)).toEqual(
      ["stapler", "battery", "box", "cable"].map(englishStem)
    )
  })

  it("finds any product by its own name, whatever alef or article the query is written with", () => {
    const arabic = fc.stringMatching(/^[\u0621-\u063A\u0641-\u064A]{3,8}$/)
    fc.assert(
      fc.property(arabic, (word) => {
        const stored = searchWords(word).join(" ")
        const product = { sku: "X", searchText: stored, englishText: "" }
        const tier = searchTier({ words: searchWords(`ال${word.replace(/ا/g, "أ")}`), text: word, sku: "" }, product)
        expect(tier).toBe(1)
      })
    )
  })
})

describe("a product's unit", () => {
  const spec = (name: string, value: string, uom: string) => new TechSpec({ name, value, uom })

  it("is the unit of measure of its Unit specification, in either language and however it is written", () => {
    expect(productUnitOf({ techSpecs: [spec("Seat height", "40", "cm"), spec("Unit", "1", "pack")] })).toBe("pack")
    expect(productUnitOf({ techSpecs: [spec(" UOM ", "1", "box ")] })).toBe("box")
    expect(productUnitOf({ techSpecs: [spec("وحده القياس", "1", "علبة")] })).toBe("علبة")
    expect(productUnitOf({ techSpecs: [spec("الوحدة", "كرتون", "")] })).toBe("كرتون")
  })

  it("is empty when no specification names it, whatever other units the specifications carry", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ name: fc.constantFrom("Width", "Weight", "اللون"), value: fc.string(), uom: fc.string() })
        ),
        (specs) => productUnitOf({ techSpecs: specs.map((t) => spec(t.name, t.value, t.uom)) }) === ""
      )
    )
    expect(productUnitOf({ techSpecs: [] })).toBe("")
  })
})
