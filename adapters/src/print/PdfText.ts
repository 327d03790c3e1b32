import bidiModule from "bidi-js"

/**
 * Lines of mixed Arabic and Latin text laid out for a PDF: wrapped to a width in logical order, then each line
 * reordered for display by the Unicode bidi algorithm (UAX #9, bidi-js) into runs drawn left to right.
 *
 * fontkit (inside pdfkit) shapes each word with the font's OpenType GSUB tables (Arabic joining forms, ligatures),
 * and lays out a word whose first letter is of a right-to-left script in reverse. So a line is handed over word by
 * word in visual order, each word in logical order when fontkit's own reversal is the one the bidi algorithm asks
 * for, and reversed beforehand otherwise (punctuation alone in a right-to-left run, Arabic-Indic digits in a
 * left-to-right one): the glyphs come out in visual order and Arabic letters always reach the shaper in logical
 * order. Word by word is also what pdfkit caches, so a repeated word is shaped once per document.
 */

// bidi-js is CommonJS whose types declare an ES default export: Node hands the factory over as the module itself.
const bidiFactory = bidiModule as unknown as typeof bidiModule.default
const bidi = bidiFactory()

/** The first letter of a string decides fontkit's direction: right-to-left for these scripts. */
const rightToLeftScript =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}]/u
const neutralScript = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u

const fontkitReverses = (text: string): boolean => {
  for (const char of text) {
    if (neutralScript.test(char)) continue
    return rightToLeftScript.test(char)
  }
  return false
}

const reverseCodePoints = (text: string): string => [...text].reverse().join("")

/**
 * The words and spaces of `text[start, end)` in visual order, left to right, each as fontkit must be given it.
 * `levels` are the embedding levels of the whole paragraph, so that a wrapped line keeps what its paragraph resolved.
 */
export const visualWords = (text: string, levels: Uint8Array, start: number, end: number): ReadonlyArray<string> => {
  const mirrored = bidi.getMirroredCharactersMap(text, levels, start, end - 1)
  const runs: Array<{ text: string; level: number }> = []
  let i = start
  while (i < end) {
    const level = levels[i]!
    let j = i
    let chunk = ""
    while (j < end && levels[j] === level) {
      chunk += mirrored.get(j) ?? text[j]
      j++
    }
    runs.push({ text: chunk, level })
    i = j
  }
  // UAX #9 rule L2: from the highest level down to the lowest odd one, reverse every sequence at that level or above.
  const highest = Math.max(0, ...runs.map((r) => r.level))
  const lowestOdd = Math.min(...runs.map((r) => (r.level % 2 === 1 ? r.level : r.level + 1)))
  for (let level = highest; level >= lowestOdd; level--) {
    let k = 0
    while (k < runs.length) {
      if (runs[k]!.level >= level) {
        let m = k
        while (m < runs.length && runs[m]!.level >= level) m++
        runs.splice(k, m - k, ...runs.slice(k, m).reverse())
        k = m
      } else {
        k++
      }
    }
  }
  return runs.flatMap((run) => {
    const rtl = run.level % 2 === 1
    const words = run.text.split(/( +)/).filter((w) => w !== "")
    return (rtl ? words.reverse() : words).map((word) =>
      fontkitReverses(word) === rtl ? word : reverseCodePoints(word)
    )
  })
}

/** A paragraph's embedding levels for a base direction. */
export const paragraphLevels = (text: string, direction: "ltr" | "rtl"): Uint8Array =>
  bidi.getEmbeddingLevels(text, direction).levels

/**
 * `text` wrapped to `width` as [start, end) ranges, breaking between words and inside a word only when the word alone
 * is wider than the line. `measure` gives a substring's width as it will be drawn.
 */
export const wrap = (
  text: string,
  width: number,
  measure: (s: string) => number
): ReadonlyArray<readonly [number, number]> => {
  if (measure(text) <= width) return [[0, text.length]]
  const lines: Array<readonly [number, number]> = []
  const words = [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length] as const)
  let lineStart = -1
  let lineEnd = -1
  for (const [wordStart, wordEnd] of words) {
    if (lineStart >= 0 && measure(text.slice(lineStart, wordEnd)) <= width) {
      lineEnd = wordEnd
      continue
    }
    if (lineStart >= 0) lines.push([lineStart, lineEnd])
    lineStart = wordStart
    lineEnd = wordEnd
    // A word wider than the line is cut where it fills it.
    while (measure(text.slice(lineStart, lineEnd)) > width && lineEnd - lineStart > 1) {
      let cut = lineStart + 1
      while (cut < lineEnd && measure(text.slice(lineStart, cut + 1)) <= width) cut++
      lines.push([lineStart, cut])
      lineStart = cut
    }
  }
  if (lineStart >= 0) lines.push([lineStart, lineEnd])
  return lines
}
