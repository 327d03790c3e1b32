import { describe, expect, it } from "vitest"
import { Effect, Option } from "effect"
import { FileInspector } from "@tawreed/core/files"
import { Spreadsheets } from "@tawreed/core/catalog"
import { FileTypeInspector } from "../files/FileTypeInspector.ts"
import { XlsxSpreadsheets } from "./XlsxSpreadsheets.ts"

describe("the workbook writer", () => {
  it("writes a workbook the files module takes as a spreadsheet, so the mailed export can be kept", async () => {
    const mime = await Effect.runPromise(
      Effect.gen(function* () {
        const bytes = yield* (yield* Spreadsheets).xlsx({
          sheet: "المنتجات",
          columns: ["رمز المنتج", "الاسم"],
          rows: [
            ["PRD-000001", "ورق تصوير"],
            ["PRD-000002", null]
          ]
        })
        const inspected = yield* (yield* FileInspector).inspect(bytes)
        return Option.map(inspected.sniffed, (s) => s.mime)
      }).pipe(Effect.provide(XlsxSpreadsheets), Effect.provide(FileTypeInspector))
    )
    expect(mime).toEqual(Option.some("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"))
  })
})
