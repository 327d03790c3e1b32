// Writes the site's Arabic faces: for each weight the page uses (regular, and semibold for everything bolder), a
// core face holding the letters, marks, figures and punctuation of Arabic and Persian text (about 19 KB in WOFF2
// instead of 43 KB), and the whole face for every other character of the Arabic script (Urdu, Kurdish and older
// letters, presentation forms, the mathematical alphabet). Each face names its characters in `unicode-range`, so a
// page loads the whole face only when it shows one of those others; no character is in both, so a browser never
// has to choose between them.
//
// The subsetting is HarfBuzz's (the `subset-font` package), which keeps the layout tables the kept letters need:
// their joining forms, ligatures and the placing of marks. It writes `src/fonts/*.woff2` and
// `src/styles/arabicFaces.css`; run it again after `@fontsource/ibm-plex-sans-arabic` changes:
//
//   pnpm --filter @tawreed/web run fonts:arabic
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { format, resolveConfig } from "prettier"
import subsetFont from "subset-font"

const require = createRequire(import.meta.url)
const web = new URL("..", import.meta.url)

/** The core face's characters, as inclusive [first, last] pairs. */
const core = [
  [0x060c, 0x060c], // Arabic comma
  [0x061b, 0x061b], // semicolon
  [0x061f, 0x061f], // question mark
  [0x0621, 0x063a], // hamza to ghain
  [0x0640, 0x0655], // tatweel, fa to yeh, the vowel marks, shadda, sukun and the hamza marks
  [0x0660, 0x066d], // Arabic-Indic digits, percent, decimal and thousands separators
  [0x0670, 0x0671], // superscript alef, alef wasla
  [0x0679, 0x0679], // and the letters Persian and Urdu names in the Gulf are most often written with:
  [0x067e, 0x067e], // peh
  [0x0686, 0x0686], // tcheh
  [0x0688, 0x0688],
  [0x0691, 0x0691],
  [0x0698, 0x0698], // jeh
  [0x06a4, 0x06a4], // veh
  [0x06a9, 0x06a9], // keheh
  [0x06af, 0x06af], // gaf
  [0x06ba, 0x06ba],
  [0x06be, 0x06be],
  [0x06c1, 0x06c1],
  [0x06cc, 0x06cc], // Farsi yeh
  [0x06d2, 0x06d2],
  [0x06d4, 0x06d4], // full stop
  [0x06f0, 0x06f9], // extended Arabic-Indic digits
  [0x200c, 0x200e] // joiners and the left-to-right mark
]

/** `U+0600-06FF, …` into [first, last] pairs. */
const parseRange = (text) =>
  text.split(",").map((part) => {
    const [first, last = first] = part.trim().replace(/^U\+/i, "").split("-")
    return [parseInt(first, 16), parseInt(last, 16)]
  })

/** [first, last] pairs into `U+0600-06FF, …`. */
const formatRange = (pairs) =>
  pairs
    .map(([first, last]) => {
      const hex = (n) => n.toString(16).toUpperCase().padStart(4, "0")
      return first === last ? `U+${hex(first)}` : `U+${hex(first)}-${hex(last)}`
    })
    .join(", ")

/** The characters of `whole` that are not in `taken`, as pairs. */
const without = (whole, taken) => {
  const isTaken = (c) => taken.some(([first, last]) => c >= first && c <= last)
  const pairs = []
  for (const [first, last] of whole) {
    for (let c = first; c <= last; c++) {
      if (isTaken(c)) continue
      const previous = pairs.at(-1)
      if (previous !== undefined && previous[1] === c - 1) previous[1] = c
      else pairs.push([c, c])
    }
  }
  return pairs
}

const characters = core.flatMap(([first, last]) =>
  Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i))
)
// The Arabic file's range, as the package declares it.
const packageCss = await readFile(require.resolve("@fontsource/ibm-plex-sans-arabic/400.css"), "utf8")
const declared = /ibm-plex-sans-arabic-arabic-400-normal \*\/[^}]*unicode-range:\s*([^;]+);/.exec(packageCss)?.[1]
if (declared === undefined) throw new Error("the package's CSS names no range for its Arabic file")
const wholeRange = parseRange(declared)
const restRange = formatRange(without(wholeRange, core))
const coreRange = formatRange(core)

await mkdir(new URL("src/fonts/", web), { recursive: true })
const faces = []
// Semibold serves every bolder weight: Arabic pages set bold in it (styles/tokens.css), so one file covers them all.
for (const [weight, declared] of [
  [400, "400"],
  [600, "600 900"]
]) {
  const whole = `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`
  const subset = await subsetFont(await readFile(require.resolve(whole)), characters.join(""), {
    targetFormat: "woff2"
  })
  const name = `ibm-plex-sans-arabic-core-${weight}.woff2`
  await writeFile(new URL(`src/fonts/${name}`, web), subset)
  process.stdout.write(`${name}: ${subset.length} B\n`)
  for (const [src, range] of [
    [`../fonts/${name}`, coreRange],
    [whole, restRange]
  ]) {
    faces.push(`@font-face {
  font-family: "IBM Plex Sans Arabic";
  font-style: normal;
  font-display: swap;
  font-weight: ${declared};
  src: url("${src}") format("woff2");
  unicode-range: ${range};
}`)
  }
}

const stylesheet = new URL("src/styles/arabicFaces.css", web)
const css = `/* Written by scripts/arabic-faces.mjs, which says what each face holds; change that script, not this file. */

${faces.join("\n\n")}
`
const options = (await resolveConfig(stylesheet)) ?? {}
await writeFile(stylesheet, await format(css, { ...options, filepath: stylesheet.pathname }))
