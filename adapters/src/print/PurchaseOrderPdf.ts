import { createRequire } from "node:module"
import PDFDocument from "pdfkit"
import { paragraphLevels, visualWords, wrap } from "./PdfText.ts"
import type { PrintFact, PrintParty, PurchaseOrderPrintView } from "./PurchaseOrderPrintView.ts"

/**
 * The purchase order's PDF, as the vendor receives it attached to the order's mail: A4, the organisation's logo and
 * print colour, the lines in a table whose header repeats on every page, the totals, the payment plan, the terms, and
 * "Page n of m" at the foot of each page. Arabic is laid out right to left, shaped and bidi-ordered.
 *
 * Library choice: pdfkit (MIT, maintained, pure JavaScript) writes the PDF and embeds a subset of a TrueType font;
 * its font engine, fontkit, applies the font's OpenType GSUB and GPOS tables, which is what joins Arabic letters into
 * their initial, medial and final forms. pdfkit does not order mixed-direction text, so bidi-js (MIT, a complete
 * implementation of the Unicode bidi algorithm) resolves the embedding levels and `PdfText` draws each line's runs in
 * visual order. The font is IBM Plex Sans Arabic (SIL OFL 1.1), the site's own Arabic face, which also carries Latin
 * letters, so one face prints both languages and a vendor's Latin name inside Arabic text. It comes as TrueType from
 * the npm package @expo-google-fonts/ibm-plex-sans-arabic (the site's @fontsource files are WOFF2 subsets split by
 * script, which fontkit would have to decompress and which lack Latin in the Arabic file) and is resolved from
 * node_modules at run time, so a built server finds it as long as the package is installed beside it. ERPNext and
 * Odoo render their print formats through a headless browser (wkhtmltopdf); that needs a browser on every server,
 * where this needs none.
 */
export const renderPurchaseOrderPdf = (view: PurchaseOrderPrintView): Promise<Uint8Array> =>
  new Promise((resolve, reject) => {
    try {
      const doc = new PDFDocument({
        size: "A4",
        margin: 0,
        bufferPages: true,
        autoFirstPage: true,
        font: fontFile("regular"),
        lang: view.locale,
        displayTitle: true,
        info: { Title: `${view.heading} ${view.documentNumber}`, Producer: "Tawreed", Creator: "Tawreed" }
      })
      const chunks: Array<Uint8Array> = []
      doc.on("data", (chunk: Uint8Array) => chunks.push(chunk))
      doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))))
      doc.on("error", reject)
      new Layout(doc, view).render()
      readableLigatures(doc)
      doc.end()
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)))
    }
  })

const require = createRequire(import.meta.url)
const fontFiles = {
  regular: "@expo-google-fonts/ibm-plex-sans-arabic/400Regular/IBMPlexSansArabic_400Regular.ttf",
  bold: "@expo-google-fonts/ibm-plex-sans-arabic/600SemiBold/IBMPlexSansArabic_600SemiBold.ttf"
} as const
/** The path of a weight's TrueType file in node_modules. */
export const fontFile = (weight: keyof typeof fontFiles): string =>
  (resolved[weight] ??= require.resolve(fontFiles[weight]))
const resolved: Partial<Record<keyof typeof fontFiles, string>> = {}

// A4 in points, and the page's frame.
const pageWidth = 595.28
const pageHeight = 841.89
const margin = 40
const contentWidth = pageWidth - 2 * margin
const footerHeight = 28
const bottom = pageHeight - margin - footerHeight

const ink = "#1f2933"
const muted = "#52606d"
const rule = "#cbd2d9"
const stripe = "#f5f7fa"

type Align = "start" | "end" | "center"
interface TextStyle {
  readonly size: number
  readonly weight?: "regular" | "bold"
  readonly colour?: string
  readonly align?: Align
}

/** The lines table's columns, start to end, as widths in points; the description takes what the others leave. */
const columns = [
  { key: "number", label: "lineNumber", width: 22, align: "start" },
  { key: "description", label: "description", width: 0, align: "start" },
  { key: "quantity", label: "quantity", width: 48, align: "end" },
  { key: "unit", label: "unit", width: 44, align: "start" },
  { key: "unitPrice", label: "unitPrice", width: 66, align: "end" },
  { key: "discount", label: "discount", width: 50, align: "end" },
  { key: "tax", label: "tax", width: 40, align: "end" },
  { key: "lineTotal", label: "lineTotal", width: 74, align: "end" }
] as const
const fixedWidth = columns.reduce((sum, c) => sum + c.width, 0)
const columnWidth = (c: (typeof columns)[number]) => (c.width === 0 ? contentWidth - fixedWidth : c.width)

const cellPadding = 4
const lineGap = 1.35

class Layout {
  private y = margin
  private readonly doc: PDFKit.PDFDocument
  private readonly view: PurchaseOrderPrintView
  private readonly rtl: boolean
  private readonly theme: string

  constructor(doc: PDFKit.PDFDocument, view: PurchaseOrderPrintView) {
    this.doc = doc
    this.view = view
    this.rtl = view.direction === "rtl"
    this.theme = /^#[0-9a-f]{6}$/i.test(view.organisation.themeColour) ? view.organisation.themeColour : "#1f2933"
  }

  render() {
    this.header()
    this.parties()
    this.linesTable()
    this.totals()
    this.schedule()
    this.paragraphs(this.view.labels.terms, this.view.terms)
    if (this.view.remarks) this.paragraphs(this.view.labels.remarks, [this.view.remarks])
    this.footers()
  }

  /** x of a box `width` wide that starts `offset` from the start edge of the content: mirrored in Arabic. */
  private x(offset: number, width: number, left = margin, span = contentWidth): number {
    return this.rtl ? left + span - offset - width : left + offset
  }

  private font(weight: "regular" | "bold" = "regular", size: number) {
    // By path: pdfkit keeps a font it opened under the path it was given, and opens it only once per document.
    return this.doc.font(fontFile(weight)).fontSize(size)
  }

  private readonly widths = new Map<string, number>()

  /** A string's width as drawn, kept: a cell's text is measured while wrapping and again while drawing. */
  private measure(text: string, style: TextStyle): number {
    const key = `${style.weight ?? "regular"} ${style.size} ${text}`
    let width = this.widths.get(key)
    if (width === undefined) {
      width = this.font(style.weight, style.size).widthOfString(text)
      this.widths.set(key, width)
    }
    return width
  }

  private lineHeight(style: TextStyle): number {
    return style.size * lineGap
  }

  /** The wrapped lines of a paragraph in a box, and the height they take. */
  private lay(text: string, width: number, style: TextStyle) {
    const clean = text.replace(/\s+/g, " ").trim()
    const ranges = clean === "" ? [] : wrap(clean, width, (s) => this.measure(s, style))
    return { clean, ranges, height: Math.max(1, ranges.length) * this.lineHeight(style) }
  }

  /** Draws a paragraph into the box at (x, y) `width` wide; returns the height it took. */
  private text(text: string, x: number, y: number, width: number, style: TextStyle): number {
    const { clean, ranges, height } = this.lay(text, width, style)
    if (ranges.length === 0) return height
    const levels = paragraphLevels(clean, this.view.direction)
    const align = style.align ?? "start"
    ranges.forEach(([start, end], index) => {
      const words = visualWords(clean, levels, start, end)
      const widths = words.map((word) => this.measure(word, style))
      const lineWidth = widths.reduce((a, b) => a + b, 0)
      const toLeft = align === "center" ? "center" : (align === "start") !== this.rtl ? "left" : "right"
      let cursor = toLeft === "left" ? x : toLeft === "right" ? x + width - lineWidth : x + (width - lineWidth) / 2
      const top = y + index * this.lineHeight(style) + (this.lineHeight(style) - style.size) / 2
      this.font(style.weight, style.size).fillColor(style.colour ?? ink)
      words.forEach((word, w) => {
        if (word.trim() !== "") this.doc.text(word, cursor, top, { lineBreak: false })
        cursor += widths[w]!
      })
    })
    return height
  }

  private newPage() {
    this.doc.addPage()
    this.y = margin
    // A continued page names the order it belongs to.
    this.text(`${this.view.heading} ${this.view.documentNumber}`, margin, this.y, contentWidth, {
      size: 8,
      colour: muted
    })
    this.y += 16
  }

  /** Room for `height` more on this page, or a new page. Returns whether a page was added. */
  private ensure(height: number): boolean {
    if (this.y + height <= bottom) return false
    this.newPage()
    return true
  }

  private header() {
    const { organisation } = this.view
    const logoBox = 56
    const logo = organisation.logo && imageKind(organisation.logo) !== undefined ? organisation.logo : undefined
    let textOffset = 0
    if (logo) {
      this.doc.image(Buffer.from(logo), this.x(0, logoBox), this.y, { fit: [logoBox, logoBox], align: "center" })
      textOffset = logoBox + 12
    }
    const orgWidth = contentWidth / 2 - textOffset
    let orgY = this.y
    orgY += this.text(organisation.name, this.x(textOffset, orgWidth), orgY, orgWidth, { size: 12, weight: "bold" })
    for (const line of organisation.addressLines ?? []) {
      orgY += this.text(line, this.x(textOffset, orgWidth), orgY, orgWidth, { size: 8.5, colour: muted })
    }
    if (organisation.vatNumber) {
      orgY += this.text(
        `${this.view.labels.vatNumber}: ${organisation.vatNumber}`,
        this.x(textOffset, orgWidth),
        orgY,
        orgWidth,
        { size: 8.5, colour: muted }
      )
    }
    const half = contentWidth / 2
    const endX = this.x(half, half)
    let titleY = this.y
    titleY += this.text(this.view.heading, endX, titleY, half, {
      size: 18,
      weight: "bold",
      colour: this.theme,
      align: "end"
    })
    titleY += this.text(this.view.documentNumber, endX, titleY, half, { size: 11, weight: "bold", align: "end" })
    for (const fact of this.view.facts) {
      titleY += this.text(`${fact.label}: ${fact.value}`, endX, titleY, half, { size: 8.5, align: "end" })
    }
    this.y = Math.max(orgY, titleY, this.y + (logo ? logoBox : 0)) + 8
    this.doc.rect(margin, this.y, contentWidth, 2).fill(this.theme)
    this.y += 12
    if (this.view.title) {
      this.y += this.text(this.view.title, margin, this.y, contentWidth, { size: 11, weight: "bold" }) + 6
    }
  }

  private parties() {
    const half = (contentWidth - 16) / 2
    const party = (label: string, p: PrintParty, offset: number) => {
      const x = this.x(offset, half)
      let y = this.y
      y += this.text(label, x, y, half, { size: 8, weight: "bold", colour: this.theme })
      y += this.text(p.name, x, y, half, { size: 10, weight: "bold" })
      for (const line of p.addressLines) y += this.text(line, x, y, half, { size: 8.5 })
      if (p.vatNumber) y += this.text(`${this.view.labels.vatNumber}: ${p.vatNumber}`, x, y, half, { size: 8.5 })
      return y
    }
    const end = Math.max(
      party(this.view.labels.vendor, this.view.vendor, 0),
      party(this.view.labels.shipTo, this.view.shipTo, half + 16)
    )
    this.y = end + 14
  }

  private tableHeader() {
    const style: TextStyle = { size: 7.5, weight: "bold", colour: "#ffffff" }
    const heights = columns.map(
      (c) => this.lay(this.view.labels[c.label], columnWidth(c) - 2 * cellPadding, style).height
    )
    const height = Math.max(...heights) + 2 * cellPadding
    this.doc.rect(margin, this.y, contentWidth, height).fill(this.theme)
    let offset = 0
    for (const c of columns) {
      const w = columnWidth(c)
      this.text(this.view.labels[c.label], this.x(offset, w) + cellPadding, this.y + cellPadding, w - 2 * cellPadding, {
        ...style,
        align: c.align
      })
      offset += w
    }
    this.y += height
  }

  private linesTable() {
    const style: TextStyle = { size: 8.5 }
    this.ensure(60)
    this.tableHeader()
    this.view.lines.forEach((line, index) => {
      const laid = columns.map((c) => this.lay(line[c.key], columnWidth(c) - 2 * cellPadding, style).height)
      const height = Math.max(...laid) + 2 * cellPadding
      if (this.ensure(height)) this.tableHeader()
      if (index % 2 === 1) this.doc.rect(margin, this.y, contentWidth, height).fill(stripe)
      let offset = 0
      for (const c of columns) {
        const w = columnWidth(c)
        this.text(line[c.key], this.x(offset, w) + cellPadding, this.y + cellPadding, w - 2 * cellPadding, {
          ...style,
          align: c.align
        })
        offset += w
      }
      this.y += height
      this.doc
        .moveTo(margin, this.y)
        .lineTo(margin + contentWidth, this.y)
        .lineWidth(0.5)
        .stroke(rule)
    })
    this.y += 10
  }

  /** Label and value rows on the end side of the page; the last one emphasised in the print colour. */
  private totals() {
    const width = 230
    const labelWidth = 130
    const rows: ReadonlyArray<PrintFact> = this.view.totals
    this.ensure(rows.length * 16 + 30)
    rows.forEach((row, index) => {
      const last = index === rows.length - 1
      const style: TextStyle = { size: last ? 10.5 : 9, weight: last ? "bold" : "regular" }
      const height =
        Math.max(this.lay(row.label, labelWidth, style).height, this.lay(row.value, width - labelWidth, style).height) +
        6
      this.ensure(height)
      if (last) this.doc.rect(this.x(contentWidth - width, width), this.y, width, height).fill(tint(this.theme))
      this.text(
        row.label,
        this.x(contentWidth - width, labelWidth) + (this.rtl ? -cellPadding : cellPadding),
        this.y + 3,
        labelWidth,
        style
      )
      this.text(
        row.value,
        this.x(contentWidth - width + labelWidth, width - labelWidth) - (this.rtl ? -cellPadding : cellPadding),
        this.y + 3,
        width - labelWidth,
        {
          ...style,
          align: "end"
        }
      )
      this.y += height
    })
    if (this.view.totalInWords) {
      const text = `${this.view.labels.totalInWords}: ${this.view.totalInWords}`
      const laid = this.lay(text, contentWidth, { size: 9 })
      this.ensure(laid.height + 8)
      this.y += 6
      this.y += this.text(text, margin, this.y, contentWidth, { size: 9, weight: "bold" })
    }
    this.y += 14
  }

  private sectionTitle(title: string) {
    this.ensure(40)
    this.y += this.text(title, margin, this.y, contentWidth, { size: 10, weight: "bold", colour: this.theme }) + 4
  }

  private schedule() {
    const rows = this.view.paymentSchedule
    if (rows.length === 0) return
    const { labels } = this.view
    this.sectionTitle(labels.paymentSchedule)
    const cells = [
      { width: contentWidth - 270, align: "start" as Align },
      { width: 90, align: "start" as Align },
      { width: 60, align: "end" as Align },
      { width: 120, align: "end" as Align }
    ]
    const row = (values: ReadonlyArray<string>, style: TextStyle, fill?: string) => {
      const height =
        Math.max(...values.map((v, i) => this.lay(v, cells[i]!.width - 2 * cellPadding, style).height)) +
        2 * cellPadding
      this.ensure(height)
      if (fill) this.doc.rect(margin, this.y, contentWidth, height).fill(fill)
      let offset = 0
      values.forEach((v, i) => {
        const w = cells[i]!.width
        this.text(v, this.x(offset, w) + cellPadding, this.y + cellPadding, w - 2 * cellPadding, {
          ...style,
          align: cells[i]!.align
        })
        offset += w
      })
      this.y += height
      this.doc
        .moveTo(margin, this.y)
        .lineTo(margin + contentWidth, this.y)
        .lineWidth(0.5)
        .stroke(rule)
    }
    row([labels.instalment, labels.dueDate, labels.share, labels.amount], { size: 8, weight: "bold" }, stripe)
    for (const r of rows) row([r.label, r.dueDate, r.share, r.amount], { size: 8.5 })
    this.y += 14
  }

  private paragraphs(title: string, paragraphs: ReadonlyArray<string>) {
    if (paragraphs.length === 0) return
    this.sectionTitle(title)
    const style: TextStyle = { size: 8.5 }
    for (const paragraph of paragraphs) {
      // A long paragraph flows across pages line by line.
      const { ranges } = this.lay(paragraph, contentWidth, style)
      const clean = paragraph.replace(/\s+/g, " ").trim()
      for (const [start, end] of ranges) {
        this.ensure(this.lineHeight(style))
        this.y += this.text(clean.slice(start, end), margin, this.y, contentWidth, style)
      }
      this.y += 4
    }
    this.y += 10
  }

  /** "Page n of m" on every page, with the document number on the other side. */
  private footers() {
    const range = this.doc.bufferedPageRange()
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i)
      const y = pageHeight - margin - 12
      this.doc
        .moveTo(margin, y - 6)
        .lineTo(margin + contentWidth, y - 6)
        .lineWidth(0.5)
        .stroke(rule)
      const counter = this.view.labels.pageOf
        .replace("{page}", String(i - range.start + 1))
        .replace("{pages}", String(range.count))
      const half = contentWidth / 2
      this.text(this.view.documentNumber, this.x(0, half), y, half, { size: 8, colour: muted })
      this.text(counter, this.x(half, half), y, half, { size: 8, colour: muted, align: "end" })
    }
  }
}

/** What pdfkit keeps of an embedded font: each subset glyph's characters, written as the font's ToUnicode map. */
interface EmbeddedFontMap {
  readonly unicode?: Array<Array<number> | undefined>
}

const rightToLeftLetter = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}]/u

/**
 * A ligature of right-to-left letters (lam-alef, the font's sheen-reh...) is one glyph for several characters. A
 * reader that copies text takes the glyphs in visual order and reverses a right-to-left stretch character by
 * character, which would swap the ligature's letters ("رشكة" for "شركة"); so its characters are written to the
 * font's ToUnicode map in visual order, and copied text comes out as written. pdfkit keeps that map on its embedded
 * fonts (`_fontFamilies[*].unicode`, stable across its 0.1x releases); a test reads the words back to keep this honest.
 */
const readableLigatures = (doc: PDFKit.PDFDocument) => {
  const families = (doc as unknown as { _fontFamilies?: Record<string, EmbeddedFontMap> })._fontFamilies ?? {}
  for (const font of new Set(Object.values(families))) {
    font.unicode?.forEach((codePoints, gid, all) => {
      if (
        codePoints &&
        codePoints.length > 1 &&
        codePoints.every((c) => rightToLeftLetter.test(String.fromCodePoint(c)))
      )
        all[gid] = [...codePoints].reverse()
    })
  }
}

/** PNG or JPEG by their signatures; pdfkit draws only these. */
export const imageKind = (bytes: Uint8Array): "png" | "jpeg" | undefined => {
  if (bytes.length > 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return "png"
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg"
  return undefined
}

/** The print colour mixed with white, for the total's band. */
const tint = (hex: string): string => {
  const mix = (i: number) =>
    Math.round(parseInt(hex.slice(i, i + 2), 16) * 0.15 + 255 * 0.85)
      .toString(16)
      .padStart(2, "0")
  return `#${mix(1)}${mix(3)}${mix(5)}`
}
