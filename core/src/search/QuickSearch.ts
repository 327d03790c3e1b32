import { Effect } from "effect"
import { interpolate, type Locale, type Translated } from "../shared/Locale.ts"
import { SearchTooShort } from "./SearchErrors.ts"

/** Quick search runs from 3 characters (SPEC.md §5, §9). */
export const quickSearchMinLength = 3

/** Products per page of the search results (SPEC.md §9). */
export const defaultSearchItemsPerPage = 15

/** The text a quick search runs with: trimmed and lower-cased. */
export const normaliseSearch = (text: string): string => text.trim().toLowerCase()

/** Whether the quick search runs; otherwise its results are cleared. */
export const shouldSearch = (text: string): boolean => normaliseSearch(text).length >= quickSearchMinLength

/** Search submit needs some text. */
export const canSubmitSearch = (text: string): boolean => text.trim() !== ""

/** The two messages of the quick search dialog (SPEC.md §5). */
export const quickSearchMessages = {
  tooShort: { en: "Please enter at least 3 characters", ar: "يرجى إدخال 3 أحرف على الأقل" },
  noMatch: { en: `We couldn't find a match for "{text}"`, ar: `لم نعثر على نتائج مطابقة لـ "{text}"` }
} as const satisfies Readonly<Record<string, Translated>>

/**
 * What the dialog says when it has no results to list: too short for 2 characters or fewer, otherwise that nothing
 * matched, quoting the text as typed (trimmed).
 */
export const quickSearchEmptyMessage = (text: string, locale: Locale): string =>
  shouldSearch(text)
    ? interpolate(quickSearchMessages.noMatch[locale], { text: text.trim() })
    : quickSearchMessages.tooShort[locale]

/** The search text to send, or `SearchTooShort`. */
export const quickSearchTerm = (text: string): Effect.Effect<string, SearchTooShort> =>
  shouldSearch(text) ? Effect.succeed(normaliseSearch(text)) : Effect.fail(new SearchTooShort())
