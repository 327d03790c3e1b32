import { singularCandidates } from "../search/ArabicPlurals.ts"
import { searchWords } from "../search/SearchText.ts"
import { skuKey } from "./CatalogRules.ts"
import type { ProductSearch } from "./CatalogRepository.ts"

/**
 * How a product search ranks, in one place for both storages: the SQL repository computes the same tiers with
 * PostgreSQL's English stemmer and pg_trgm, the memory one with the functions below (pg_trgm's trigrams and
 * similarity, and a light English suffix stripper where PostgreSQL runs Snowball).
 *
 * 0. the query is the product's SKU (ignoring case);
 * 1. every word of the query is a word of the product's search text (folded names in both languages, SKU, brand,
 *    model): whatever alef form, taa marbuta, diacritics or article either side was written with;
 * 2. every English word of the query meets a word of the English name, brand or model by its stem;
 * 3. every word of the query is similar to a word of the search text (trigram similarity at least
 *    `trigramThreshold`): typing slips and the broken Arabic plurals that share the pattern of their singular
 *    (كراسي and كرسي, مكاتب and مكتب). Similar words are a fallback, as a shop's "did you mean": they are looked
 *    for only when no product matches in tiers 0 to 2 (under the same filters), so an exact search never pays for
 *    the trigram index. Arabic plurals whose singular trigrams cannot reach (أقلام and قلم) meet it through the plural
 *    patterns of `singularCandidates`, as a word of similarity 1. Products holding a close word (similarity at least `closeSimilarity`) for more of the
 *    query's words come first, then by name. Words with a digit (SKUs, model numbers, sizes) take no part: a number
 *    one digit off is another item.
 */
export type SearchTier = 0 | 1 | 2 | 3

/** pg_trgm's `word_similarity` a query word must reach in a product's search text. */
export const trigramThreshold = 0.3

/** The similarity from which a similar word counts as close (tier 3 lists products holding close words first). */
export const closeSimilarity = 0.5

/** Whether a word of a product takes part in the similar-word tier: one with a digit does not. */
export const similarCandidate = (word: string): boolean => !/[0-9]/.test(word)

/**
 * The best similarity of a query word to the words of a search text that take part in the similar-word tier; a word
 * that is one of the query word's singulars by the Arabic plural patterns (`singularCandidates`) counts as the same
 * word.
 */
export const bestSimilarity = (word: string, text: string): number => {
  const words = text.split(" ").filter(similarCandidate)
  const singulars = new Set(singularCandidates(word))
  if (words.some((w) => singulars.has(w))) return 1
  return Math.max(0, ...words.map((w) => similarity(word, w)))
}

/** A search from what was typed: its folded words, the text, and the SKU it would be. */
export const productSearchOf = (text: string): ProductSearch => ({
  words: searchWords(text),
  text: text.trim(),
  sku: skuKey(text)
})

/** pg_trgm's trigrams of one word: lower-cased, two spaces before and one after. */
export const trigrams = (word: string): ReadonlySet<string> => {
  const padded = `  ${word.toLowerCase()} `
  const chars = [...padded]
  const found = new Set<string>()
  for (let i = 0; i + 3 <= chars.length; i++) found.add(chars.slice(i, i + 3).join(""))
  return found
}

/** pg_trgm's similarity of two words: shared trigrams over all their trigrams. */
export const similarity = (a: string, b: string): number => {
  const x = trigrams(a)
  const y = trigrams(b)
  let shared = 0
  for (const t of x) if (y.has(t)) shared++
  const all = x.size + y.size - shared
  return all === 0 ? 0 : shared / all
}

/** A light English stem: the plural and verb endings Snowball takes off the common cases. */
export const englishStem = (word: string): string => {
  const w = word.toLowerCase()
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}i`
  if (w.length > 3 && w.endsWith("y")) return `${w.slice(0, -1)}i`
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3)
  if (w.length > 4 && w.endsWith("ed")) return w.slice(0, -2)
  if (w.length > 4 && /(?:[sxz]|ch|sh)es$/.test(w)) return w.slice(0, -2)
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1)
  return w
}

/** The tier of a product for a search, or none when it does not match. */
export const searchTier = (
  search: ProductSearch,
  product: { readonly sku: string; readonly searchText: string; readonly englishText: string }
): SearchTier | undefined => {
  if (search.sku !== "" && skuKey(product.sku) === search.sku) return 0
  if (search.words.length === 0) return undefined
  const words = new Set(product.searchText.split(" "))
  if (search.words.every((w) => words.has(w))) return 1
  const english = search.text.toLowerCase().match(/[a-z0-9]+/g) ?? []
  if (english.length > 0) {
    const stems = new Set((product.englishText.toLowerCase().match(/[a-z0-9]+/g) ?? []).map(englishStem))
    if (english.every((w) => stems.has(englishStem(w)))) return 2
  }
  if (search.words.every((w) => bestSimilarity(w, product.searchText) >= trigramThreshold)) return 3
  return undefined
}
