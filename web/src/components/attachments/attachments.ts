// The attachment chips' rules (SPEC.md §2 "Attachment chips", §9), apart from React so that they are tested alone.
import { filePath, type FileKind } from "@tawreed/core/files/FileRules"

/** How many chips show before '+N Show More' (SPEC.md §9). */
export const visibleChips = 3

/**
 * How the chips act (SPEC.md §2): `view` opens each file in a new tab, `download` downloads it, `edit` also adds
 * files and removes them.
 */
export type AttachmentMode = "view" | "download" | "edit"

/** A file as a chip shows it: what `POST /api/media_upload/...` answers (a FileView), or a document lists. */
export interface AttachmentFile {
  readonly id: string
  readonly fileURL: string
  readonly name: string
  readonly mime: string
  readonly size: number
  /** Whether a document holds it already; a file uploaded in the open form is not attached until the form is saved. */
  readonly attached: boolean
}

/** The chips shown and how many are hidden behind '+N Show More'. */
export const shownChips = <A>(files: ReadonlyArray<A>, expanded: boolean) => ({
  shown: expanded ? files : files.slice(0, visibleChips),
  hidden: expanded ? 0 : Math.max(0, files.length - visibleChips)
})

/** Where a chip leads: the file itself to view, or with `download` set to download it. */
export const hrefOf = (file: Pick<AttachmentFile, "id" | "fileURL">, mode: AttachmentMode): string => {
  const url = file.fileURL || filePath(file.id)
  return mode === "download" ? `${url}?download=1` : url
}

/** The icon a chip carries, by the type the server found in the file's bytes. */
export const iconOf = (mime: string): "image" | "pdf" | "sheet" | "document" | "archive" =>
  mime.startsWith("image/")
    ? "image"
    : mime === "application/pdf"
      ? "pdf"
      : /spreadsheet|csv/.test(mime)
        ? "sheet"
        : mime === "application/zip"
          ? "archive"
          : "document"

/** Each icon's drawing (a 24 × 24 path). */
export const iconPaths: Readonly<Record<ReturnType<typeof iconOf>, string>> = {
  image: "M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5",
  pdf: "M6 3h8l4 4v14H6zM14 3v4h4M9 13h6M9 17h4",
  sheet: "M5 4h14v16H5zM5 10h14M5 15h14M11 4v16",
  document: "M6 3h8l4 4v14H6zM14 3v4h4M9 12h6M9 16h6",
  archive: "M5 4h14v16H5zM12 4v2M12 8v2M12 12v2M10 16h4v2h-4z"
}

/** The upload route for a kind and a document kind (SPEC.md §7 `POST media_upload/{type}/{entity}`). */
export const uploadPath = (kind: FileKind, entity: string): string =>
  `/api/media_upload/${kind.toLowerCase()}/${encodeURIComponent(entity)}`

/** The delete route for a file (SPEC.md §7 `DELETE media_upload/?fileURL=`). */
export const removePath = (file: Pick<AttachmentFile, "fileURL">): string =>
  `/api/media_upload/?fileURL=${encodeURIComponent(file.fileURL)}`

/** The files after one is taken off, by id. */
export const withoutFile = <A extends { readonly id: string }>(files: ReadonlyArray<A>, id: string) =>
  files.filter((file) => file.id !== id)
