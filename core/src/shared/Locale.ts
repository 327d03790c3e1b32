import { Schema } from "effect"

/** The languages the product speaks; English is the default and Arabic is written right to left. */
export const Locale = Schema.Literals(["en", "ar"])
export type Locale = typeof Locale.Type

export const defaultLocale: Locale = "en"

/** Picks a supported locale from a header or URL segment, falling back to English. */
export const parseLocale = (value: string | null | undefined): Locale => {
  const tag = (value ?? "").trim().toLowerCase().slice(0, 2)
  return tag === "ar" ? "ar" : "en"
}

/** The writing direction of a locale. */
export const directionOf = (locale: Locale): "ltr" | "rtl" => (locale === "ar" ? "rtl" : "ltr")

/** A text in every supported language. */
export interface Translated {
  readonly en: string
  readonly ar: string
}

export * from "./Text.ts"
