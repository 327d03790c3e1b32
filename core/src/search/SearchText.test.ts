import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import { foldSearchText, searchDocument, searchWords, withoutArticle } from "./SearchText.ts"

/** Arabic letters, marks, tatweel and the letters folding changes, with Latin, digits and spaces. */
const arabicish = fc.string({
  unit: fc.constantFrom(
    ..."ابتثجحخدذرسشصضطظعغفقكلمنهوي".split(""),
    ..."أإآٱةىؤئ".split(""),
    "\u064E",
    "\u0650",
    "\u0651",
    "\u0652",
    "\u0670",
    "\u0640",
    ..."٠١٢٣٤٥٦٧٨٩۴".split(""),
    ..."AbZ09 -".split("")
  ),
  maxLength: 40
})

describe("search text", () => {
  it("folds the alef forms, taa marbuta, alef maqsura, hamza seats, diacritics, tatweel and digits", () => {
    assert.strictEqual(foldSearchText("أحمد"), foldSearchText("احمد"))
    assert.strictEqual(foldSearchText("إبرة"), "ابره")
    assert.strictEqual(foldSearchText("آلة"), "اله")
    assert.strictEqual(foldSearchText("مستشفى"), "مستشفي")
    assert.strictEqual(foldSearchText("مُضَخَّةٌ"), "مضخه")
    assert.strictEqual(foldSearchText("مـــضخة"), "مضخه")
    assert.strictEqual(foldSearchText("مسؤول"), "مسوول")
    assert.strictEqual(foldSearchText("رئيس"), "رييس")
    assert.strictEqual(foldSearchText("٢٠٢٦ ۴"), "2026 4")
    assert.strictEqual(foldSearchText("Steel PIPE ＡＢ"), "steel pipe ab")
  })

  it("takes the definite article off a word only when two letters stay", () => {
    assert.strictEqual(withoutArticle("المضخه"), "مضخه")
    assert.strictEqual(withoutArticle("والمضخه"), "مضخه")
    assert.strictEqual(withoutArticle("بالقلم"), "قلم")
    assert.strictEqual(withoutArticle("للبيع"), "بيع")
    assert.strictEqual(withoutArticle("اله"), "اله")
    assert.strictEqual(withoutArticle("ال"), "ال")
    assert.strictEqual(withoutArticle("pump"), "pump")
    assert.strictEqual(withoutArticle(withoutArticle("الالمضخه")), withoutArticle("الالمضخه"))
    assert.strictEqual(withoutArticle("ال-ا"), "ال-ا")
  })

  it("meets a query written with other letter forms, marks or the article", () => {
    const stored = searchDocument(["مضخة مياه غاطسة", "Submersible water pump", "PMP-2000.A", null])
    for (const query of ["المضخة", "مُضخه", "الغاطسه", "مياة", "pmp-2000.a", "PUMP"]) {
      for (const word of searchWords(query)) assert.include(stored.split(" "), word, query)
    }
  })

  it("keeps a SKU's dashes and dots inside one word and drops repeats", () => {
    assert.deepStrictEqual(searchWords("SKU-10.5 sku-10.5, قلم - أقلام"), ["sku-10.5", "قلم", "اقلام"])
  })

  it("is idempotent: folding folded text changes nothing", () => {
    fc.assert(
      fc.property(arabicish, (text) => {
        const once = foldSearchText(text)
        assert.strictEqual(foldSearchText(once), once)
        assert.deepStrictEqual(searchWords(searchDocument([text])), searchWords(text))
      })
    )
  })

  it("leaves no mark, tatweel, folded letter or Arabic-Indic digit in what it stores", () => {
    fc.assert(
      fc.property(arabicish, (text) => {
        assert.notMatch(searchDocument([text]), /[\u064B-\u065F\u0670\u0640أإآٱةىؤئ\u0660-\u0669\u06F0-\u06F9]/)
      })
    )
  })

  it("gives the same words whatever alef form a word starts with", () => {
    const alefs = ["ا", "أ", "إ", "آ"]
    fc.assert(
      fc.property(
        fc.constantFrom(...alefs),
        fc.constantFrom(...alefs),
        fc.stringMatching(/^[بتجدرسعلمن]{2,6}$/),
        (a, b, rest) => {
          assert.deepStrictEqual(searchWords(a + rest), searchWords(b + rest))
        }
      )
    )
  })
})
