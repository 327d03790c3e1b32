import { DateTime } from "effect"
import { arrangeDay, datePattern } from "./DateText.ts"

/**
 * A date in the organisation's pattern, read the date-picker way: `dd` and `mm` are two-digit day and month, `yy`
 * the full year, so 2024-01-28 is 01/28/2024, 28-01-2024 or 2024-01-28. Zoned dates use their own zone's calendar.
 */
export const formatDate = (date: DateTime.DateTime, setting: string | undefined): string => {
  const { year, month, day } = DateTime.toParts(date)
  return arrangeDay(datePattern(setting), year, month, day)
}
