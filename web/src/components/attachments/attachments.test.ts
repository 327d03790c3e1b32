import { describe, expect, it } from "vitest"
import { hrefOf, iconOf, removePath, shownChips, uploadPath, withoutFile } from "./attachments.ts"

const file = (n: number) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  fileURL: `/api/media_upload/00000000-0000-4000-8000-00000000000${n}`,
  name: `f${n}.pdf`,
  mime: "application/pdf",
  size: 10,
  attached: true
})

describe("attachment chips", () => {
  it("show three chips and count the rest behind '+N Show More', all of them once expanded", () => {
    const five = [1, 2, 3, 4, 5].map(file)
    expect(shownChips(five, false).shown.map((f) => f.name)).toEqual(["f1.pdf", "f2.pdf", "f3.pdf"])
    expect(shownChips(five, false).hidden).toBe(2)
    expect(shownChips(five, true)).toEqual({ shown: five, hidden: 0 })
    expect(shownChips(five.slice(0, 3), false).hidden).toBe(0)
    expect(shownChips([], false)).toEqual({ shown: [], hidden: 0 })
  })

  it("open a file to view, or ask for its download", () => {
    expect(hrefOf(file(1), "view")).toBe(file(1).fileURL)
    expect(hrefOf(file(1), "download")).toBe(`${file(1).fileURL}?download=1`)
    expect(hrefOf({ id: file(2).id, fileURL: "" }, "edit")).toBe(file(2).fileURL)
  })

  it("name the media routes of SPEC.md §7", () => {
    expect(uploadPath("IMAGE", "product")).toBe("/api/media_upload/image/product")
    expect(uploadPath("ANY", "request")).toBe("/api/media_upload/any/request")
    expect(removePath(file(1))).toBe(`/api/media_upload/?fileURL=${encodeURIComponent(file(1).fileURL)}`)
  })

  it("pick an icon by type and take one file off", () => {
    expect(["image/png", "application/pdf", "text/plain", "application/zip"].map(iconOf)).toEqual([
      "image",
      "pdf",
      "document",
      "archive"
    ])
    expect(iconOf("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe("sheet")
    expect(withoutFile([file(1), file(2)], file(1).id)).toEqual([file(2)])
  })
})
