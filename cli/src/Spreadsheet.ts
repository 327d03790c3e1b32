import { readFileSync } from "node:fs"
import { extname } from "node:path"
import { Effect } from "effect"
import { readSheet } from "read-excel-file/node"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { type CsvRecord, parseCsv } from "./Csv.ts"
import { text } from "./Messages.ts"

/** A cell of a sheet as text: numbers as written (no grouping), days as `YYYY-MM-DD`, booleans as true/false. */
const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return ""
  if (value instanceof Date) return value.toISOString().slice(0, 10)
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : String(value)
  return String(value)
}

/**
 * The rows of a table file, each with the line (CSV) or row number (the sheet's, as the spreadsheet shows it)
 * people find it by: CSV through `parseCsv`, `.xlsx` through `read-excel-file` (its first sheet; cells as text,
 * so a CR or VAT number typed as a number keeps its digits). Blank rows are skipped.
 */
export const readTable = async (file: string): Promise<ReadonlyArray<CsvRecord>> => {
  if (extname(file).toLowerCase() !== ".xlsx") return parseCsv(readFileSync(file, "utf8"))
  const rows = await readSheet(readFileSync(file), { trim: false })
  return rows.flatMap((row, i) => {
    const fields = row.map(cellText)
    return fields.some((f) => f.trim() !== "") ? [{ line: i + 1, fields }] : []
  })
}

/** `readTable` for a command: a file that cannot be read or parsed is refused with its name and the reason. */
export const tableOf = (file: string, locale: Locale) =>
  Effect.tryPromise({
    try: () => readTable(file),
    catch: (error) =>
      new InvalidInput({ detail: text("importUnreadable", locale, { file, detail: (error as Error).message }) })
  })
