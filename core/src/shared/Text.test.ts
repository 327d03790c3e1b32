import { assert, describe, it } from "@effect/vitest"
import { interpolate, isolate, plural, pluralCategory, withoutIsolates, type Counted } from "./Text.ts"

const budgets: Counted = {
  en: { one: "{count} budget", other: "{count} budgets" },
  ar: {
    zero: "لا توجد ميزانيات",
    one: "ميزانية واحدة",
    two: "ميزانيتان",
    few: "{count} ميزانيات",
    many: "{count} ميزانية",
    other: "{count} ميزانية"
  }
}

describe("isolating user data", () => {
  it("wraps a name in first-strong and pop-directional isolates, once", () => {
    assert.strictEqual(isolate("Amal Al-Harbi"), "\u2068Amal Al-Harbi\u2069")
    assert.strictEqual(isolate(isolate("أمل")), "\u2068أمل\u2069")
    assert.strictEqual(isolate(""), "")
  })

  it("isolates every text value a sentence is filled with, and leaves numbers bare", () => {
    const sentence = interpolate("بانتظار المستوى {level}: {name}", { level: 1, name: "Finance review" })
    assert.strictEqual(sentence, "بانتظار المستوى 1: \u2068Finance review\u2069")
    assert.strictEqual(withoutIsolates(sentence), "بانتظار المستوى 1: Finance review")
    assert.strictEqual(
      interpolate("Budget {name} is {state}", { name: "ميزانية الرياض" }),
      "Budget \u2068ميزانية الرياض\u2069 is {state}"
    )
  })
})

describe("plurals by CLDR's rules", () => {
  it("gives Arabic its six forms", () => {
    assert.deepStrictEqual(
      [0, 1, 2, 3, 10, 11, 99, 100, 102].map((n) => pluralCategory("ar", n)),
      ["zero", "one", "two", "few", "few", "many", "many", "other", "other"]
    )
    assert.deepStrictEqual(
      [0, 1, 2, 3, 11, 100].map((n) => plural(budgets, "ar", n)),
      ["لا توجد ميزانيات", "ميزانية واحدة", "ميزانيتان", "3 ميزانيات", "11 ميزانية", "100 ميزانية"]
    )
  })

  it("gives English one and other", () => {
    assert.deepStrictEqual(
      [0, 1, 2].map((n) => plural(budgets, "en", n)),
      ["0 budgets", "1 budget", "2 budgets"]
    )
  })
})
