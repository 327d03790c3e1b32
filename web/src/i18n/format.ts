import { dateTexts, type DateTexts } from "@tawreed/core/dates/DateText"
import { moneyText } from "@tawreed/core/money/MoneyText"
import type { Locale } from "@tawreed/core/shared/Locale"
import { isolate, pluralCategory } from "@tawreed/core/shared/Text"

/**
 * Fills `{{name}}` placeholders as the site's i18next does, for islands that get their strings as props: text values
 * are isolated from the sentence around them, numbers are written as they are.
 */
export const format = (template: string, params: Readonly<Record<string, string | number>>): string =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => {
    if (!(key in params)) return whole
    const value = params[key]
    return typeof value === "number" ? String(value) : isolate(value ?? "")
  })

/**
 * Picks the plural form of `key` for a count the way i18next does (`key_one`, `key_few`... by the language's CLDR
 * rules) and fills it; `shown` is what stands for the count when it is written otherwise (the badge's "99+").
 */
export const formatCount = (
  messages: Readonly<Record<string, string>>,
  key: string,
  locale: Locale,
  count: number,
  shown: string | number = count
): string => {
  const template = messages[`${key}_${pluralCategory(locale, count)}`] ?? messages[`${key}_other`] ?? key
  return template.replace(/\{\{\s*count\s*\}\}/g, String(shown))
}

/**
 * Formats amounts of a currency for a page: Latin digits in both languages and the currency's code rather than a
 * symbol (core's `moneyText`, which the printed purchase order uses too).
 */
export const moneyFormat = moneyText

/** What a page knows that decides how its dates read: its language and the organisation's settings. */
export interface DateContext {
  readonly locale: Locale
  readonly settings?:
    { readonly orgConfig: { readonly adminConfig: { readonly dateFormat?: string | undefined } } } | undefined
}

/** The organisation's date format setting, or undefined while it has none stored. */
export const dateSettingOf = (context: DateContext): string | undefined =>
  context.settings?.orgConfig.adminConfig.dateFormat

/**
 * Formats dates for a page with the product's one date formatter: the organisation's date format setting and the
 * language's digits; `withTime` adds the hour and minute.
 */
export const dateFormat = (
  context: DateContext,
  withTime = true
): { readonly format: (instant: Date | string) => string } => {
  const texts: DateTexts = dateTexts(context.locale, dateSettingOf(context))
  return { format: withTime ? texts.dateTime : texts.day }
}
