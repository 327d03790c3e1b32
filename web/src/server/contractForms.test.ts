import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  addValueOf,
  blankContractValues,
  contractIntentOf,
  contractValuesFromForm,
  newContractFromValues,
  withIntent
} from "./contractForms.ts"
import { consumedShare } from "./contractPages.ts"

const form = (fields: Record<string, string | ReadonlyArray<string>>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) {
    for (const v of typeof value === "string" ? [value] : value) data.append(name, v)
  }
  return data
}

const paper = { id: "7f7b8a1e-5d0c-4d35-9a55-0d7e4c1f2a10", sku: "SKU-1", en: "A4 paper", ar: "ورق A4" }

const posted = form({
  title: " Office supplies 2026 ",
  vendorId: "v-1",
  workspaceId: "",
  currency: "sar",
  startDate: "2026-01-01",
  endDate: "2026-12-31",
  ceiling: "٥٠٬٠٠٠٫٥",
  terms: "Net 30",
  lineCount: "3",
  "line-0-productId": paper.id,
  "line-0-sku": paper.sku,
  "line-0-nameEn": paper.en,
  "line-0-nameAr": paper.ar,
  "line-0-unitPrice": "12.50",
  "line-0-minQuantity": "",
  // An empty row (no product) is left out.
  "line-1-productId": "",
  "line-2-productId": "b1c2d3e4-0000-4000-8000-000000000002",
  "line-2-sku": "SKU-2",
  "line-2-nameEn": "Toner",
  "line-2-nameAr": "حبر",
  "line-2-unitPrice": "300",
  "line-2-minQuantity": "10",
  attachmentsShown: "1",
  attachments: ["f-1", " ", "f-2"]
})

describe("the contract form", () => {
  it("reads the header, the agreed price lines and the files as posted", () => {
    const values = contractValuesFromForm(posted)
    expect(values.title).toBe("Office supplies 2026")
    expect(values.currency).toBe("SAR")
    expect(values.lines.map((l) => [l.sku, l.unitPrice, l.minQuantity])).toEqual([
      ["SKU-1", "12.50", ""],
      ["SKU-2", "300", "10"]
    ])
    expect(values.attachments).toEqual(["f-1", "f-2"])
    // Without the files' marker the form carries no files, and a save leaves the contract's as they are.
    expect(contractValuesFromForm(form({ title: "x" })).attachments).toBeUndefined()
  })

  it("turns the values into a new contract's input, Arabic digits and empty fields made plain", async () => {
    const input = await Effect.runPromise(newContractFromValues(contractValuesFromForm(posted)))
    expect(input.ceiling).toBe("50000.5")
    expect(input.workspaceId).toBeNull()
    expect(input.lines?.map((l) => [l.unitPrice, l.minQuantity])).toEqual([
      ["12.50", null],
      ["300", "10"]
    ])
  })

  it("refuses a price that is not an amount by the field's name", async () => {
    const values = contractValuesFromForm(posted)
    const broken = { ...values, lines: [{ ...values.lines[0]!, unitPrice: "twelve" }] }
    const result = await Effect.runPromise(Effect.result(newContractFromValues(broken)))
    expect(Result.isFailure(result)).toBe(true)
  })

  it("adds a found product once and takes a line out, by the button pressed", () => {
    const values = contractValuesFromForm(posted)
    const add = contractIntentOf(form({ intent: addValueOf({ ...paper, id: "c0ffee00-0000-4000-8000-000000000003" }) }))
    expect(add._tag).toBe("add")
    expect(withIntent(values, add).lines.map((l) => l.nameEn)).toEqual(["A4 paper", "Toner", "A4 paper"])
    // The same product is not added twice.
    expect(withIntent(values, contractIntentOf(form({ intent: addValueOf(paper) }))).lines).toHaveLength(2)
    expect(withIntent(values, contractIntentOf(form({ intent: "remove-0" }))).lines.map((l) => l.sku)).toEqual([
      "SKU-2"
    ])
    expect(contractIntentOf(form({ intent: "search" }))).toEqual({ _tag: "search" })
    expect(contractIntentOf(form({ intent: "submit" }))).toEqual({ _tag: "save", submit: true })
    // A forged add button is read as a plain save, which the use case then checks.
    expect(contractIntentOf(form({ intent: "add-{broken" }))).toEqual({ _tag: "save", submit: false })
    expect(blankContractValues("SAR").lines).toEqual([])
  })

  it("measures the ceiling consumed for the meter, within 0 and 1", () => {
    expect(consumedShare("50000", "12500")).toBe(0.25)
    expect(consumedShare("100", "250")).toBe(1)
    expect(consumedShare(null, "0")).toBeUndefined()
  })
})
