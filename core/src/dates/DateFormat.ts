import { DateTime } from "effect"

/** The number formats an organisation picks (SPEC.md §3 Enumerations). */
export type DateFormatSetting = "iso" | "american" | "european"

/** The date patterns of SPEC.md §5: American mm/dd/yy, European dd-mm-yy, anything else yy-mm-dd. */
export type DatePattern = "mm/dd/yy" | "dd-mm-yy" | "yy-mm-dd"

/** The pattern for an organisation's `dateFormat` setting; an unknown or missing setting gives yy-mm-dd. */
export const datePattern = (setting: string | undefined): DatePattern => {
  const s = (setting ?? "").trim().toLowerCase()
  return s === "american" ? "mm/dd/yy" : s === "european" ? "dd-mm-yy" : "yy-mm-dd"
}

const two = (n: number) => String(n).padStart(2, "0")

/**
 * A date in the organisation's pattern, read the date-picker way: `dd` and `mm` are two-digit day and month, `yy`
 * the full year, so 2024-01-28 is 01/28/2024, 28-01-2024 or 2024-01-28. Zoned dates use their own zone's calendar.
 */
export const formatDate = (date: DateTime.DateTime, setting: string | undefined): string => {
  const { year, month, day } = DateTime.toParts(date)
  const y = String(year).padStart(4, "0")
  switch (datePattern(setting)) {
    case "mm/dd/yy":
      return `${two(month)}/${two(day)}/${y}`
    case "dd-mm-yy":
      return `${two(day)}-${two(month)}-${y}`
    case "yy-mm-dd":
      return `${y}-${two(month)}-${two(day)}`
  }
}
