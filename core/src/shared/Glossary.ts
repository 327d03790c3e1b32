import glossaryFile from "./glossary.json" with { type: "json" }
import type { Locale } from "./Locale.ts"

/** One concept's fixed term in each language, the variants no text may use, and the texts that name it. */
export interface GlossaryTerm {
  readonly concept: string
  readonly en: string
  readonly ar: string
  readonly avoid?: { readonly en?: ReadonlyArray<string>; readonly ar?: ReadonlyArray<string> }
  /** Texts that name the concept, as `source:key` (`web:common:actionboard.title`, `cli:budgetPolicySTOP`). */
  readonly names?: ReadonlyArray<string>
}

/** The product's glossary (glossary.json beside this file): one term per concept across site, CLI and mail. */
export const glossary: ReadonlyArray<GlossaryTerm> = glossaryFile.terms

/** Texts of one product surface, by `source:key`, in every language. */
export type GlossaryTexts = ReadonlyMap<string, Readonly<Record<Locale, string>>>

const locales: ReadonlyArray<Locale> = ["en", "ar"]

/**
 * What breaks the glossary among some texts: a variant to avoid, or a text that names a concept without its term.
 * `sources` are the prefixes these texts cover (`web:`, `cli:`, `core:`), so a term named elsewhere is not missed here.
 */
export const glossaryViolations = (texts: GlossaryTexts, sources: ReadonlyArray<string>): ReadonlyArray<string> => {
  const found: Array<string> = []
  for (const term of glossary) {
    for (const locale of locales) {
      for (const variant of term.avoid?.[locale] ?? []) {
        for (const [key, text] of texts) {
          if (text[locale].includes(variant)) found.push(`${key} (${locale}) says "${variant}" for ${term.concept}`)
        }
      }
    }
    for (const key of term.names ?? []) {
      if (!sources.some((source) => key.startsWith(source))) continue
      const text = texts.get(key)
      if (text === undefined) {
        found.push(`${key} names ${term.concept} but holds no text`)
        continue
      }
      for (const locale of locales) {
        if (!text[locale].toLowerCase().includes(term[locale].toLowerCase())) {
          found.push(`${key} (${locale}) "${text[locale]}" does not use "${term[locale]}" for ${term.concept}`)
        }
      }
    }
  }
  return found
}

/** Words written in Latin letters that Arabic text may carry outside isolates: codes, currencies, standards. */
const allowedLatin = /\b(?:E\d{4}|S\d{4}|SAR|ISO|English|https?:\/\/\S+)\b/g

/**
 * The Latin-script words of an Arabic text outside Unicode isolates, placeholders and allowed tokens: each is either
 * untranslated English or a name or code that needs isolating so that it does not reorder the sentence.
 */
export const latinOutsideIsolates = (text: string): ReadonlyArray<string> =>
  text
    .replace(/\u2068[^\u2069]*\u2069/g, " ")
    .replace(/\{\{?[^}]*\}\}?/g, " ")
    .replace(allowedLatin, " ")
    .match(/[A-Za-z]{2,}/g) ?? []
