/**
 * The singulars an Arabic plural may stand for, by the patterns Arabic grammar forms plurals with: what a search for
 * a plural also looks for when no product holds the plural itself (the similar-word tier of the catalog search).
 *
 * Trigram similarity reaches a broken plural that keeps its singular's letters in a row (كراسي and كرسي) but not one
 * that wraps them in new letters (أقلام and قلم share no trigram). Light Arabic stemmers (Larkey's, Lucene's) take
 * off the sound plural endings; for the broken plurals this follows the common patterns of the grammars (أفعال،
 * فعول، فعال، مفاعل، مفاعيل، فواعل، فعائل، أفعلة، فعلاء) and gives every singular the pattern allows. A candidate that
 * is no word of the catalog finds nothing, so a pattern that over-generates costs nothing but a lookup.
 *
 * Words are folded first (`SearchText.ts`): ا for every alef, ه for taa marbuta, ي for alef maqsura and hamza on yaa,
 * و for hamza on waw. Kept free of effect, as the search text is.
 */

const alef = "\u0627"
const waw = "\u0648"
const yaa = "\u064A"
const haa = "\u0647"
const meem = "\u0645"
const taa = "\u062A"
const noon = "\u0646"
const hamza = "\u0621"

const isArabicWord = (word: string) => /^[\u0621-\u064A]+$/u.test(word)

/** The letters of a word (one code point each, so that patterns read positions). */
const lettersOf = (word: string): ReadonlyArray<string> => [...word]

/** The candidate singulars of a folded Arabic word; empty for a word that fits no plural pattern. */
export const singularCandidates = (word: string): ReadonlyArray<string> => {
  if (!isArabicWord(word)) return []
  const l = lettersOf(word)
  const n = l.length
  const found = new Set<string>()
  const add = (...parts: ReadonlyArray<string | undefined>) => {
    const candidate = parts.join("")
    if ([...candidate].length >= 2 && candidate !== word) found.add(candidate)
  }

  // Sound plurals: ـات (feminine: سيارات → سياره), ـون and ـين (masculine: مهندسون → مهندس).
  if (n >= 5 && word.endsWith(alef + taa)) {
    const stem = l.slice(0, n - 2).join("")
    add(stem, haa)
    add(stem)
  }
  if (n >= 5 && (word.endsWith(waw + noon) || word.endsWith(yaa + noon))) add(l.slice(0, n - 2).join(""))

  if (n === 5) {
    // أفعال: اقلام → قلم, اسعار → سعر.
    if (l[0] === alef && l[3] === alef) add(l[1], l[2], l[4])
    // أفعلة: اجهزه → جهاز, اسلحه → سلاح.
    if (l[0] === alef && l[4] === haa) add(l[1], l[2], alef, l[3])
    // مفاعل: مكاتب → مكتب, مصانع → مصنع.
    if (l[0] === meem && l[2] === alef) add(meem, l[1], l[3], l[4])
    // فواعل: شوارع → شارع, قواعد → قاعده.
    if (l[1] === waw && l[2] === alef) {
      add(l[0], alef, l[3], l[4])
      add(l[0], alef, l[3], l[4], haa)
    }
    // فعائل (hamza folded to ي): رسايل → رساله, حقايب → حقيبه.
    if (l[2] === alef && l[3] === yaa) {
      add(l[0], l[1], alef, l[4], haa)
      add(l[0], l[1], yaa, l[4], haa)
    }
    // فعلاء: وزراء → وزير, علماء → عالم.
    if (l[3] === alef && l[4] === hamza) {
      add(l[0], l[1], yaa, l[2])
      add(l[0], alef, l[1], l[2])
    }
  }
  if (n === 6 && l[0] === meem && l[2] === alef && l[4] === yaa) {
    // مفاعيل: مفاتيح → مفتاح, مصابيح → مصباح.
    add(meem, l[1], l[3], alef, l[5])
  }
  if (n === 4) {
    // فعول: بيوت → بيت, دروس → درس.
    if (l[2] === waw) add(l[0], l[1], l[3])
    // فعال: جبال → جبل, رجال → رجل.
    if (l[2] === alef) add(l[0], l[1], l[3])
    // فُعُل: كتب → كتاب is three letters; أفعل (اشهر → شهر, اعين → عين).
    if (l[0] === alef) add(l[1], l[2], l[3])
  }
  return [...found]
}
