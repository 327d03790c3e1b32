import { createRequire } from "node:module"
import { dirname } from "node:path"
import { inflateSync } from "node:zlib"
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs"

/**
 * Reading a PDF back as a reader would, for tests: each page's text as PDF.js extracts it (the text layer of a
 * browser's viewer), and, beneath the text, the glyphs each text operator draws with the embedded fonts they come
 * from, so a test can tell a shaped Arabic word (joined forms) from one drawn letter by letter.
 */

/** A run of text as PDF.js extracts it, with where it starts on its page (points from the bottom left). */
export interface PdfTextItem {
  readonly text: string
  readonly x: number
  readonly y: number
}

/** Each page's text items in PDF.js's reading order (the text layer of a browser's viewer). */
export const pdfPages = async (bytes: Uint8Array): Promise<ReadonlyArray<ReadonlyArray<PdfTextItem>>> => {
  const task = getDocument({ data: bytes.slice(), disableFontFace: true, verbosity: 0 })
  const pdf = await task.promise
  const pages: Array<ReadonlyArray<PdfTextItem>> = []
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n)
    const content = await page.getTextContent()
    pages.push(
      content.items.flatMap((item) =>
        "str" in item && item.str.trim() !== ""
          ? [{ text: item.str, x: item.transform[4] as number, y: item.transform[5] as number }]
          : []
      )
    )
  }
  await task.destroy()
  return pages
}

/** Each page's text, its items joined with spaces. */
export const pdfPagesText = async (bytes: Uint8Array): Promise<ReadonlyArray<string>> =>
  (await pdfPages(bytes)).map((items) => items.map((i) => i.text).join(" "))

interface PdfStream {
  readonly dictionary: string
  readonly data: Buffer
}

/** Every stream of a PDF written by pdfkit (direct `/Length`, Flate or raw), its dictionary and its decoded bytes. */
const pdfStreams = (bytes: Uint8Array): ReadonlyArray<PdfStream> => {
  const buffer = Buffer.from(bytes)
  const text = buffer.toString("latin1")
  const streams: Array<PdfStream> = []
  const header = /obj\s*<<([\s\S]*?)>>\s*stream\r?\n/g
  for (let match = header.exec(text); match !== null; match = header.exec(text)) {
    const dictionary = match[1]!
    const length = Number(/\/Length (\d+)/.exec(dictionary)?.[1] ?? -1)
    if (length < 0) continue
    const start = match.index + match[0].length
    const raw = buffer.subarray(start, start + length)
    streams.push({ dictionary, data: dictionary.includes("/FlateDecode") ? inflateSync(raw) : raw })
  }
  return streams
}

/** The glyph ids each text-showing operator of the page contents draws, in drawing order (visual order). */
export const pdfTextGlyphRuns = (bytes: Uint8Array): ReadonlyArray<ReadonlyArray<number>> =>
  pdfStreams(bytes)
    .map((s) => s.data.toString("latin1"))
    .filter((content) => /\bTJ\b/.test(content))
    .flatMap((content) =>
      [...content.matchAll(/\[([^\]]*)\]\s*TJ/g)].map((tj) =>
        [...tj[1]!.matchAll(/<([0-9a-fA-F]+)>/g)].flatMap((hex) =>
          (hex[1]!.match(/.{4}/g) ?? []).map((gid) => parseInt(gid, 16))
        )
      )
    )

const require = createRequire(import.meta.url)
const fontkit = require(require.resolve("fontkit", { paths: [dirname(require.resolve("pdfkit"))] })) as FontkitModule

/** The little of fontkit the tests use. */
export interface FontkitModule {
  readonly create: (data: Buffer) => FontkitFont
  readonly openSync: (path: string) => FontkitFont
}
export interface FontkitGlyph {
  readonly id: number
  readonly name: string
  readonly path: { toSVG: () => string }
}
export interface FontkitFont {
  readonly numGlyphs: number
  readonly getGlyph: (id: number) => FontkitGlyph
  readonly glyphForCodePoint: (codePoint: number) => FontkitGlyph
  readonly layout: (text: string) => { readonly glyphs: ReadonlyArray<FontkitGlyph> }
}

/** The font engine pdfkit itself uses, to shape text as the renderer does and to read the embedded subsets. */
export const fontEngine: FontkitModule = fontkit

/** The TrueType subsets embedded in the PDF (FontFile2, tagged 1.0 or `true`), as fonts. */
export const pdfEmbeddedFonts = (bytes: Uint8Array): ReadonlyArray<FontkitFont> =>
  pdfStreams(bytes)
    .filter((s) => s.data.length > 4 && [0x00010000, 0x74727565].includes(s.data.readUInt32BE(0)))
    .map((s) => fontkit.create(s.data))
