import { Effect, Layer } from "effect"
import writeXlsxFile from "write-excel-file/node"
import { type ExportTable, Spreadsheets } from "@tawreed/core/catalog"

/**
 * Excel workbooks through `write-excel-file` (already the workbook writer of the CLI's tests, small and without
 * dependencies of its own): one sheet, a bold heading row that stays in view, right to left when the sheet is
 * Arabic.
 */
export const XlsxSpreadsheets = Layer.succeed(
  Spreadsheets,
  Spreadsheets.of({
    xlsx: (table: ExportTable) =>
      Effect.promise(async () => {
        const rightToLeft = /[\u0600-\u06FF]/.test(table.sheet)
        const data = [
          table.columns.map((value) => ({ value, fontWeight: "bold" as const })),
          ...table.rows.map((row) => row.map((value) => (value === null || value === "" ? null : { value })))
        ]
        const buffer = await writeXlsxFile(data, {
          sheet: table.sheet.slice(0, 31),
          rightToLeft,
          stickyRowsCount: 1
        }).toBuffer()
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
      })
  })
)
