/**
 * Rows as aligned columns for the CLI's human output: text columns padded after (the last one not at all), amount
 * columns (by index) padded before.
 */
export const columns = (rows: ReadonlyArray<ReadonlyArray<string>>, amounts: ReadonlyArray<number> = []) => {
  const count = Math.max(0, ...rows.map((r) => r.length))
  const widths = Array.from({ length: count }, (_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)))
  return rows.map((r) =>
    r
      .map((cell, i) =>
        amounts.includes(i) ? cell.padStart(widths[i]!) : i === r.length - 1 ? cell : cell.padEnd(widths[i]!)
      )
      .join("  ")
  )
}
