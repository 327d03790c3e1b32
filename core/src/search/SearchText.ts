/**
 * The text a catalog search compares: what a product's names, SKU, brand and description are folded to when they
 * are stored, and what a typed query is folded to before it is matched, so that both sides meet in one form.
 *
 * Arabic is folded the way Arabic retrieval folds it (Larkey, Ballesteros and Connell's "light" normalisation,
 * which Lucene's and OpenSearch's Arabic analysers also apply): diacritics (tashkeel), the dagger alef and tatweel
 * are dropped; the alef forms أ إ آ ٱ become ا; taa marbuta ة becomes ه; alef maqsura ى becomes ي; hamza on waw
 * and on yaa become و and ي; Arabic-Indic and Eastern Arabic-Indic digits become 0–9. Latin text is NFKC-folded and
 * lower-cased. A word's definite article (ال, and the same with a leading و ف ب ك, and لل) is taken off when what is
 * left is a word of at least two letters, so "المضخة" meets "مضخه". Broken plurals (مضخات ← مضخة is regular, but
 * أجهزة ← جهاز is not) cannot be reached by folding; the search finds them by trigram similarity over the folded
 * words and by the plural patterns of `ArabicPlurals.ts`, and English words by the database's English stemmer (see
 * the catalog repository).
 *
 * Kept free of effect so that the site's islands can fold what is typed the same way.
 */

const diacritics = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g

const letterFolds: Readonly<Record<string, string>> = {
  "\u0623": "\u0627", // أ
  "\u0625": "\u0627", // إ
  "\u0622": "\u0627", // آ
  "\u0671": "\u0627", // ٱ
  "\u0629": "\u0647", // ة → ه
  "\u0649": "\u064A", // ى → ي
  "\u0624": "\u0648", // ؤ → و
  "\u0626": "\u064A" // ئ → ي
}

const foldedLetters = /[\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626]/g

/** Arabic-Indic (U+0660–0669) and Eastern Arabic-Indic (U+06F0–06F9) digits, as 0–9. */
const foldDigits = (text: string): string =>
  text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
  })

/** Text in the one form both the stored product and the typed query take: see the module's note. */
export const foldSearchText = (text: string): string =>
  foldDigits(
    text
      .normalize("NFKC")
      .replace(diacritics, "")
      .replace(foldedLetters, (letter) => letterFolds[letter] ?? letter)
  ).toLowerCase()

/** The article's forms, longest first, as they stand after folding. */
const articles = [
  "\u0648\u0627\u0644",
  "\u0641\u0627\u0644",
  "\u0628\u0627\u0644",
  "\u0643\u0627\u0644",
  "\u0627\u0644",
  "\u0644\u0644"
]

/** What is left after an article starts with a letter or digit, never with a SKU's dash or dot. */
const wordStart = /^[\p{L}\p{M}\p{N}]/u

/**
 * A folded word without its definite article, when at least two letters stay. Taken off until none is left, so that
 * a stored word never loses another one when it is searched.
 */
export const withoutArticle = (word: string): string => {
  const article = articles.find(
    (form) => word.startsWith(form) && word.length - form.length >= 2 && wordStart.test(word.slice(form.length))
  )
  return article === undefined ? word : withoutArticle(word.slice(article.length))
}

/** A word is a run of letters, marks and digits of any script; a SKU's dashes and dots stay inside it. */
const words = /[\p{L}\p{M}\p{N}]+(?:[-./][\p{L}\p{M}\p{N}]+)*/gu

/** The folded words of a text, each without its article, in the order they stand, repeats dropped. */
export const searchWords = (text: string): ReadonlyArray<string> => {
  const seen = new Set<string>()
  for (const match of foldSearchText(text).matchAll(words)) {
    const word = withoutArticle(match[0])
    if (word !== "") seen.add(word)
  }
  return [...seen]
}

/**
 * The text stored beside a product for search: every field's folded words, joined by spaces. Matching a query's
 * `searchWords` against it finds a word whatever alef, taa marbuta, diacritics or article either side was written
 * with.
 */
export const searchDocument = (fields: ReadonlyArray<string | null | undefined>): string =>
  searchWords(fields.filter((field): field is string => typeof field === "string").join(" ")).join(" ")
