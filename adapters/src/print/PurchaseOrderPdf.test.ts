import { assert, describe, it } from "@effect/vitest"
import { fontEngine, pdfEmbeddedFonts, pdfPages, pdfPagesText, pdfTextGlyphRuns } from "../testing/PdfReading.ts"
import { fontFile, renderPurchaseOrderPdf } from "./PurchaseOrderPdf.ts"
import { samplePurchaseOrderView } from "./SamplePurchaseOrders.ts"

/** Text as a reader copies it, spaces aside: PDF.js breaks runs where glyphs kern apart. */
const squeeze = (s: string) => s.replace(/\s+/g, "")

describe("renderPurchaseOrderPdf", () => {
  it("prints an English order: heading, number, vendor, lines, totals, words and the page counter", async () => {
    const pdf = await renderPurchaseOrderPdf(samplePurchaseOrderView("en", 3))
    assert.strictEqual(Buffer.from(pdf.subarray(0, 5)).toString("latin1"), "%PDF-")
    const pages = await pdfPagesText(pdf)
    const all = pages.join("\n")
    for (const expected of [
      "Purchase order",
      "PO-2025-00042",
      "Al Noor Trading Est.",
      "Toner cartridge HP 26A — item 3",
      "Subtotal",
      "SAR 10,000.00",
      "SAR 1,425.00",
      "SAR 11,000.00",
      "Total in words: Eleven thousand Saudi riyals only",
      "Advance",
      "SAR 3,300.00",
      "A tax invoice accompanies every shipment."
    ])
      assert.include(all, expected)
    pages.forEach((text, i) => assert.include(text, `Page ${i + 1} of ${pages.length}`))
  })

  it("prints an Arabic order that reads back as written, Latin and numbers in their order, laid out right to left", async () => {
    const pdf = await renderPurchaseOrderPdf(samplePurchaseOrderView("ar", 3))
    const pages = await pdfPages(pdf)
    const all = squeeze(
      pages
        .flat()
        .map((i) => i.text)
        .join(" ")
    )
    for (const expected of [
      "أمر شراء",
      "مؤسسة النور التجارية",
      "شارع العليا، مبنى 14",
      "الرقم الضريبي: 310000000000003",
      "خرطوشة حبر HP 26A للطابعة — بند 3",
      "المجموع الفرعي",
      "10,000.00 ر.س",
      "ضريبة القيمة المضافة",
      "الإجمالي كتابةً: أحد عشر ألف ريال سعودي فقط",
      "يلتزم المورد بالتسليم في الموعد المحدد"
    ])
      assert.include(all, squeeze(expected))
    pages.forEach((items, i) =>
      assert.include(squeeze(items.map((t) => t.text).join(" ")), squeeze(`صفحة ${i + 1} من ${pages.length}`))
    )
    // Right to left: the organisation and the vendor start at the right half of the page, the heading at the left.
    const at = (text: string) => pages[0]!.find((item) => squeeze(item.text).includes(squeeze(text)))
    assert.isAbove(at("مؤسسة النور التجارية")!.x, 595 / 2)
    assert.isAbove(at("الرياض للتوريدات")!.x, 595 / 2)
    assert.isBelow(at("أمر شراء")!.x, 595 / 2)
  })

  it("draws Arabic words in their joined forms, not letter by letter", async () => {
    const font = fontEngine.openSync(fontFile("regular"))
    const word = "المجموع"
    const shaped = font.layout(word).glyphs
    // The shaper's own result: lam initial, meem and jeem medial, waw final (Arabic presentation forms B).
    assert.deepStrictEqual(
      shaped.map((g) => g.name),
      ["uni0639", "uniFEEE", "uniFEE4", "uniFEA0", "uniFEE4", "uniFEDF", "uni0627"]
    )
    const isolated = [...word].reverse().map((c) => font.glyphForCodePoint(c.codePointAt(0)!))
    const outline = (glyphs: ReadonlyArray<{ path: { toSVG: () => string } }>) => glyphs.map((g) => g.path.toSVG())
    assert.isAtLeast(
      outline(shaped).filter((path, i) => path !== outline(isolated)[i]).length,
      4,
      "joined and isolated forms differ"
    )

    const pdf = await renderPurchaseOrderPdf(samplePurchaseOrderView("ar", 3))
    const drawn = pdfEmbeddedFonts(pdf).flatMap((embedded) =>
      pdfTextGlyphRuns(pdf).map((run) =>
        run.map((gid) => (gid < embedded.numGlyphs ? embedded.getGlyph(gid).path.toSVG() : ""))
      )
    )
    const contains = (runs: ReadonlyArray<ReadonlyArray<string>>, sequence: ReadonlyArray<string>) =>
      runs.some((run) => run.some((_, i) => sequence.every((path, k) => run[i + k] === path)))
    assert.isTrue(contains(drawn, outline(shaped)), "the word is drawn with its joined forms")
    assert.isFalse(contains(drawn, outline(isolated)), "the word is never drawn letter by letter")
  })

  it("carries a 60-line order over several pages, the table header and the page counter on each", async () => {
    for (const locale of ["en", "ar"] as const) {
      const pdf = await renderPurchaseOrderPdf(samplePurchaseOrderView(locale, 60))
      const pages = (await pdfPagesText(pdf)).map(squeeze)
      assert.isAtLeast(pages.length, 3, locale)
      const header = locale === "en" ? "Unitprice" : squeeze("سعر الوحدة")
      const counter = (n: number) =>
        squeeze(locale === "en" ? `Page ${n} of ${pages.length}` : `صفحة ${n} من ${pages.length}`)
      pages.forEach((text, i) => assert.include(text, counter(i + 1), `${locale} page ${i + 1}`))
      const withLines = pages.filter((text) => text.includes(locale === "en" ? "item" : "بند"))
      assert.isAtLeast(withLines.length, 2)
      for (const text of withLines) assert.include(text, header)
      const all = pages.join("")
      for (const n of [1, 30, 59, 60]) assert.include(all, squeeze(locale === "en" ? `item ${n}` : `بند ${n}`))
      assert.include(all, locale === "en" ? "SAR11,000.00" : squeeze("11,000.00 ر.س"))
    }
  })

  it("prints without a logo whose bytes are no PNG or JPEG", async () => {
    const view = samplePurchaseOrderView("en", 1)
    const pdf = await renderPurchaseOrderPdf({
      ...view,
      organisation: { ...view.organisation, logo: new TextEncoder().encode("<svg/>") }
    })
    assert.include((await pdfPagesText(pdf)).join(" "), "Riyadh Supplies Co.")
  })
})
