import { describe, expect, it } from "vitest"
import { csvOf, parseExportFormat } from "./ProductExports.ts"
import { productFileIds } from "./ProductFileRefs.ts"

describe("the product exports", () => {
  it("write CSV with a byte-order mark, quoting what needs it, CRLF between rows", () => {
    const bytes = csvOf({
      sheet: "Products",
      columns: ["SKU", "Name"],
      rows: [
        ["PRD-1", 'Paper, "A4"'],
        ["PRD-2", null]
      ]
    })
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFSKU,Name\r\nPRD-1,"Paper, ""A4"""\r\nPRD-2,\r\n'
    )
  })

  it("take xlsx (the default) or csv in any case, and nothing else", () => {
    expect([undefined, "", "XLSX", "csv", " Csv "].map(parseExportFormat)).toEqual([
      "xlsx",
      "xlsx",
      "xlsx",
      "csv",
      "csv"
    ])
    expect(parseExportFormat("pdf")).toBeUndefined()
  })
})

describe("a product's files", () => {
  it("are the files its pictures and attachments name, each once, outside links left out", () => {
    const id = "0f8fad5b-d9cb-469f-a165-70867728950e"
    expect(
      productFileIds({
        mediaList: [{ src: `/api/media_upload/${id}` }, { src: "https://example.com/boot.png" }],
        attachments: [id.toUpperCase()]
      })
    ).toEqual([id])
  })
})
