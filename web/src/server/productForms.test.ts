import { describe, expect, it } from "vitest"
import { importedCategoriesOf, numberOf, productFieldsOf, productValuesFromForm } from "./productForms.ts"

describe("the product form", () => {
  it("reads numbers typed with Arabic-Indic digits and separators", () => {
    expect(["١٢٫٥", "1,250.75", "۳", ""].map(numberOf)).toEqual([12.5, 1250.75, 3, Number.NaN])
  })

  it("keeps filled rows, places a product in the catalogs of its categories, and names its files by their paths", () => {
    const data = new FormData()
    data.set("nameAr", " حذاء سلامة ")
    data.set("basePrice", "240")
    for (const [name, value] of [
      ["specName", "Size"],
      ["specValue", "43"],
      ["specUom", "EU"],
      ["specName", ""],
      ["specValue", ""],
      ["specUom", ""],
      ["categories", "cat-1"],
      ["media", "0f8fad5b-d9cb-469f-a165-70867728950e"]
    ])
      data.append(name!, value!)
    const fields = productFieldsOf(productValuesFromForm(data), [{ id: "cat-1", catalogId: "catalog-1" } as never])
    expect(fields.nameAr).toBe("حذاء سلامة")
    expect(fields.basePrice).toBe(240)
    expect(fields.techSpecs).toEqual([{ name: "Size", value: "43", uom: "EU" }])
    expect(fields.catalogs).toEqual(["catalog-1"])
    expect(fields.mediaList).toEqual([{ src: "/api/media_upload/0f8fad5b-d9cb-469f-a165-70867728950e" }])
  })
})

describe("categories to import", () => {
  it("nest a line under the one above when it is indented further", () => {
    expect(importedCategoriesOf("Office | المكتب\n  Paper | الورق\n    A4\n  Pens\nIT | تقنية\n")).toEqual([
      {
        nameEn: "Office",
        nameAr: "المكتب",
        children: [
          { nameEn: "Paper", nameAr: "الورق", children: [{ nameEn: "A4", nameAr: "", children: [] }] },
          { nameEn: "Pens", nameAr: "", children: [] }
        ]
      },
      { nameEn: "IT", nameAr: "تقنية", children: [] }
    ])
  })
})
