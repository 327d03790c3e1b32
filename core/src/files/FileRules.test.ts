import { describe, expect, it } from "vitest"
import fc from "fast-check"
import {
  acceptsType,
  cleanFileName,
  fileIdOfUrl,
  filePath,
  formatFileSize,
  looksLikePlainText,
  maxFileBytes,
  maxFileNameLength,
  parseFileKind,
  parseOwnerKind,
  maxFilesPerForm,
  maxFormBytes
} from "./FileRules.ts"

describe("file rules", () => {
  it("states the size limit as 10 MiB", () => {
    expect(maxFileBytes).toBe(10_485_760)
  })

  it("lets the site read a form of five files at the file limit, and no more", () => {
    expect(maxFormBytes).toBe(5 * maxFileBytes + 1_048_576)
    expect(maxFormBytes).toBeGreaterThan(maxFilesPerForm * maxFileBytes)
    expect(maxFormBytes).toBeLessThan((maxFilesPerForm + 1) * maxFileBytes)
  })

  it("reads kinds and document kinds in any case, and nothing else", () => {
    expect(["image", "DOC", " Pdf ", "any"].map(parseFileKind)).toEqual(["IMAGE", "DOC", "PDF", "ANY"])
    expect(parseFileKind("video")).toBeUndefined()
    expect(parseOwnerKind("Request")).toBe("request")
    expect(parseOwnerKind("users")).toBeUndefined()
  })

  it("lets each kind take only its types, and no kind an executable or SVG", () => {
    expect(acceptsType("PDF", "application/pdf")).toBe(true)
    expect(acceptsType("PDF", "image/png")).toBe(false)
    expect(acceptsType("IMAGE", "image/png")).toBe(true)
    expect(acceptsType("DOC", "image/png")).toBe(false)
    expect(acceptsType("DOC", "text/plain")).toBe(true)
    expect(acceptsType("ANY", "application/zip")).toBe(true)
    for (const kind of ["IMAGE", "DOC", "PDF", "ANY"] as const) {
      for (const mime of ["application/x-msdownload", "image/svg+xml", "application/x-cfb", "text/html"]) {
        expect(acceptsType(kind, mime), `${kind} ${mime}`).toBe(false)
      }
    }
  })

  it("finds the file id in every form of its URL and in nothing else", () => {
    fc.assert(
      fc.property(fc.uuid(), fc.constantFrom("", "http://localhost:4321", "https://tawreed.example"), (id, origin) => {
        expect(fileIdOfUrl(`${origin}${filePath(id)}`)).toBe(id.toLowerCase())
      })
    )
    expect(fileIdOfUrl("/api/media_upload/not-a-uuid")).toBeUndefined()
    expect(fileIdOfUrl("/api/other/3f1c1d7e-8a7b-4a5e-9c1d-2b3c4d5e6f70")).toBeUndefined()
    expect(fileIdOfUrl("javascript:alert(1)")).toBeUndefined()
  })

  it("keeps file names short, without paths, controls or direction overrides, and never empty", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (raw) => {
        const name = cleanFileName(raw)
        expect(name.length).toBeGreaterThan(0)
        expect(name.length).toBeLessThanOrEqual(maxFileNameLength)
        expect(name).not.toMatch(/[\\/]/)
        const hidden = [...name].map((c) => c.codePointAt(0)!).filter((c) => c < 0x20 || (c >= 0x202a && c <= 0x202e))
        expect(hidden).toEqual([])
        expect(name.isWellFormed()).toBe(true)
      })
    )
    expect(cleanFileName("C:\\fakepath\\عرض سعر.pdf")).toBe("عرض سعر.pdf")
    expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe")
    expect(cleanFileName("../../etc/passwd")).toBe("passwd")
    expect(cleanFileName("...")).toBe("file")
    const long = cleanFileName(`${"a".repeat(300)}.xlsx`)
    expect([long.length, long.endsWith(".xlsx")]).toEqual([200, true])
  })

  it("tells plain text from binary", () => {
    expect(looksLikePlainText(new TextEncoder().encode("item,qty\r\nورق,5\n"))).toBe(true)
    expect(looksLikePlainText(Uint8Array.from([0x4d, 0x5a, 0x90, 0x00]))).toBe(false)
    expect(looksLikePlainText(Uint8Array.from([0xc3, 0x28]))).toBe(false)
    expect(looksLikePlainText(new Uint8Array(0))).toBe(false)
  })

  it("writes sizes in the reader's units", () => {
    expect(formatFileSize(512, "en")).toBe("512 B")
    expect(formatFileSize(2048, "en")).toBe("2.0 KB")
    expect(formatFileSize(maxFileBytes, "en")).toBe("10.0 MB")
    expect(formatFileSize(maxFileBytes, "ar")).toBe("10.0 م.ب")
  })
})
