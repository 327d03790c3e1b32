// Kept free of effect so that the site's islands (the bell) format dates with the same rules as pages, the CLI and
// mail.
import type { Locale } from "../shared/Locale.ts"
import { isolate } from "../shared/Text.ts"

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
 * A calendar day in a pattern, read the date-picker way: `dd` and `mm` are two-digit day and month, `yy` the full
 * year, so 2024-01-28 is 01/28/2024, 28-01-2024 or 2024-01-28.
 */
export const arrangeDay = (pattern: DatePattern, year: number, month: number, day: number): string => {
  const y = String(year).padStart(4, "0")
  switch (pattern) {
    case "mm/dd/yy":
      return `${two(month)}/${two(day)}/${y}`
    case "dd-mm-yy":
      return `${two(day)}-${two(month)}-${y}`
    case "yy-mm-dd":
      return `${y}-${two(month)}-${two(day)}`
  }
}

/**
 * The digits each language writes figures in. Arabic pages write Latin digits, as amounts, document numbers and
 * codes are written in Saudi procurement documents, so a date reads the same beside the amount next to it.
 */
const numberingSystems: Readonly<Record<Locale, string>> = { en: "latn", ar: "latn" }

const partsFormats = new Map<string, Intl.DateTimeFormat>()

const partsOf = (instant: Date, locale: Locale, timeZone: string | undefined) => {
  const key = `${locale}|${timeZone ?? ""}`
  let format = partsFormats.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(`${locale}-u-nu-${numberingSystems[locale]}-ca-gregory`, {
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
      ...(timeZone === undefined ? {} : { timeZone })
    })
    partsFormats.set(key, format)
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]))
  const number = (type: string) => Number.parseInt(parts[type] ?? "0", 10)
  return {
    year: number("year"),
    month: number("month"),
    day: number("day"),
    hour: number("hour"),
    minute: number("minute")
  }
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/

/** How dates are written for one organisation in one language. */
export interface DateTexts {
  /** An instant's calendar day in the organisation's pattern. */
  readonly day: (instant: Date | string) => string
  /** An instant's day and its hour and minute (24-hour clock), kept together on one line. */
  readonly dateTime: (instant: Date | string) => string
  /** A period of two days, for plain text: each day isolated so that neither is reordered nor broken. */
  readonly range: (start: Date | string, end: Date | string) => string
}

/**
 * The one date formatter of the product, used by the site's pages and bell, the CLI and mail: the organisation's
 * `dateFormat` setting (SPEC.md §5) picks the pattern, the language picks the digits. A calendar day written as
 * `YYYY-MM-DD` (a budget's period) is that day wherever the reader is; instants are read in `timeZone` (the
 * process's own when none is given).
 */
export const dateTexts = (locale: Locale, setting: string | undefined, timeZone?: string): DateTexts => {
  const pattern = datePattern(setting)
  const day = (instant: Date | string): string => {
    if (typeof instant === "string") {
      const match = isoDay.exec(instant)
      if (match !== null) return arrangeDay(pattern, Number(match[1]), Number(match[2]), Number(match[3]))
    }
    const p = partsOf(new Date(instant), locale, timeZone)
    return arrangeDay(pattern, p.year, p.month, p.day)
  }
  return {
    day,
    dateTime: (instant) => {
      const p = partsOf(new Date(instant), locale, timeZone)
      // A no-break space: the day and its time are one value and never part across lines.
      return `${arrangeDay(pattern, p.year, p.month, p.day)}\u00a0${two(p.hour)}:${two(p.minute)}`
    },
    range: (start, end) => `${isolate(day(start))} – ${isolate(day(end))}`
  }
}
