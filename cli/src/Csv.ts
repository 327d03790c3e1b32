/** One record of a CSV file with the line it starts on (the header is line 1). */
export interface CsvRecord {
  readonly line: number
  readonly fields: ReadonlyArray<string>
}

/**
 * Reads CSV text as RFC 4180 has it: commas between fields, double quotes around fields that hold commas, quotes
 * or line breaks, a doubled quote for a quote. Blank lines are skipped; a byte-order mark is ignored.
 */
export const parseCsv = (text: string): ReadonlyArray<CsvRecord> => {
  const records: Array<CsvRecord> = []
  const source = text.replace(/^\uFEFF/, "")
  let fields: Array<string> = []
  let field = ""
  let quoted = false
  let line = 1
  let start = 1
  const endRecord = () => {
    fields.push(field)
    if (fields.length > 1 || fields[0]!.trim() !== "") records.push({ line: start, fields })
    fields = []
    field = ""
  }
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"'
        i++
      } else if (char === '"') quoted = false
      else {
        if (char === "\n") line++
        field += char
      }
    } else if (char === '"' && field === "") quoted = true
    else if (char === ",") {
      fields.push(field)
      field = ""
    } else if (char === "\n" || char === "\r") {
      if (char === "\r" && source[i + 1] === "\n") i++
      endRecord()
      line++
      start = line
    } else field += char
  }
  if (field !== "" || fields.length > 0) endRecord()
  return records
}
