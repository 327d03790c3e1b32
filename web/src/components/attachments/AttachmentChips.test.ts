import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { describe, expect, it } from "vitest"
import { messagesOf } from "../../i18n/index.ts"
import { AttachmentChips, type AttachmentChipsProps } from "./AttachmentChips.tsx"

const file = (n: number, mime = "application/pdf") => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileURL: `/api/media_upload/00000000-0000-4000-8000-00000000000${n}`,
  name: `عرض ${n}.pdf`,
  mime,
  size: 2048 * n,
  attached: true
})

const render = (props: Partial<AttachmentChipsProps> & Pick<AttachmentChipsProps, "mode">) => {
  const locale = props.locale ?? "en"
  return renderToStaticMarkup(
    createElement(AttachmentChips, {
      files: [],
      locale,
      messages: messagesOf(locale, "files").attachments,
      ...props
    })
  )
}

const count = (html: string, pattern: RegExp) => html.match(pattern)?.length ?? 0

describe("AttachmentChips", () => {
  it("shows three chips and '+N Show More' for the rest, in view mode opening each in a new tab", () => {
    const html = render({ mode: "view", files: [1, 2, 3, 4, 5].map((n) => file(n)) })
    expect(count(html, /class="attachment-chip"/g)).toBe(3)
    expect(html).toContain("+2 Show More")
    expect(html).toContain(`href="${file(1).fileURL}" target="_blank" rel="noopener"`)
    expect(html).toContain('aria-label="Open \u2068عرض 1.pdf\u2069"')
    expect(html).toContain("<bdi")
    expect(html).not.toContain('type="file"')
    expect(html).not.toContain('type="hidden"')
  })

  it("downloads in download mode, and says when there is nothing", () => {
    const html = render({ mode: "download", files: [file(1, "image/png")] })
    expect(html).toContain(`href="${file(1).fileURL}?download=1" download="عرض 1.pdf"`)
    expect(html).toContain("2.0 KB")
    expect(render({ mode: "view" })).toContain("No Attachments found")
    expect(render({ mode: "view", locale: "ar" })).toContain("لا توجد مرفقات")
  })

  it("in edit mode offers removal, a picker for the kind, and sends every file's id with the form", () => {
    const html = render({
      mode: "edit",
      kind: "PDF",
      entity: "bill",
      name: "invoiceAttachments",
      files: [1, 2, 3, 4].map((n) => file(n))
    })
    expect(count(html, /class="attachment-chip__remove"/g)).toBe(3)
    expect(count(html, /type="hidden" name="invoiceAttachments"/g)).toBe(4)
    expect(html).toContain('accept=".pdf"')
    expect(html).toContain("PDF files, up to 10 MB each")
    expect(html).toContain('aria-label="Remove \u2068عرض 1.pdf\u2069"')
    expect(html).not.toContain("No Attachments found")
  })

  it("speaks Arabic with the Arabic catalogue", () => {
    const html = render({ mode: "edit", locale: "ar", files: [1, 2, 3, 4, 5, 6].map((n) => file(n)) })
    expect(html).toContain("+3 عرض المزيد")
    expect(html).toContain("إضافة ملفات")
    expect(html).toContain("ك.ب")
  })
})
