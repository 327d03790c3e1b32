// Kept free of effect so that the site's islands can isolate, fill and count their texts without the schema library.
import type { Locale } from "./Locale.ts"

/** Unicode's first-strong isolate and pop-directional isolate (UAX #9): the plain-text form of HTML's `<bdi>`. */
export const isolateStart = "\u2068"
export const isolateEnd = "\u2069"

/**
 * Wraps user data (a name, an address, a date) so that its own direction never reorders the sentence around it:
 * "Amal Al-Harbi · 23/11/2026" stays in that order in Arabic, and an Arabic budget name stays in place inside an
 * English sentence. Empty text and text already isolated stay as they are.
 */
export const isolate = (value: string): string =>
  value === "" || (value.startsWith(isolateStart) && value.endsWith(isolateEnd))
    ? value
    : `${isolateStart}${value}${isolateEnd}`

/** The text without the isolates `isolate` adds, for comparing what a user reads. */
export const withoutIsolates = (text: string): string => text.replace(/[\u2066-\u2069]/g, "")

/**
 * Replaces `{name}` placeholders with the given values; unknown placeholders stay as they are. Text values are user
 * data or nested sentences, so each is isolated; numbers take the sentence's direction as they are.
 */
export const interpolate = (template: string, params: Readonly<Record<string, string | number>> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in params)) return whole
    const value = params[key]
    return typeof value === "number" ? String(value) : isolate(value ?? "")
  })

/** The plural categories of CLDR; Arabic uses all six, English one and other. */
export type PluralCategory = "zero" | "one" | "two" | "few" | "many" | "other"

/** A counted text in every language, each with the forms its CLDR plural rules need. */
export interface Counted {
  readonly en: { readonly one: string; readonly other: string }
  readonly ar: Readonly<Record<PluralCategory, string>>
}

const pluralRules = new Map<Locale, Intl.PluralRules>()

/** The CLDR plural category of a count in a language (Arabic: 0 zero, 1 one, 2 two, 3–10 few, 11–99 many). */
export const pluralCategory = (locale: Locale, count: number): PluralCategory => {
  let rules = pluralRules.get(locale)
  if (rules === undefined) {
    rules = new Intl.PluralRules(locale)
    pluralRules.set(locale, rules)
  }
  return rules.select(count)
}

/** The form of a counted text for a count, with `{count}` and the other placeholders filled. */
export const plural = (
  forms: Counted,
  locale: Locale,
  count: number,
  params: Readonly<Record<string, string | number>> = {}
): string => {
  const category = pluralCategory(locale, count)
  const own: Readonly<Partial<Record<PluralCategory, string>>> = forms[locale]
  return interpolate(own[category] ?? forms[locale].other, { ...params, count })
}
