// Kept free of effect so that the site's islands can check a file before they send it, without the schema library.

/** SPEC.md §3 file kinds: what an upload is for, and so which types it may hold. */
export const fileKinds = ["IMAGE", "DOC", "PDF", "ANY"] as const
export type FileKind = (typeof fileKinds)[number]

/**
 * The documents files are attached to, by their kind as each module names it (the `{entity}` of
 * `POST media_upload/{type}/{entity}`). An upload names the kind it is for, and is attached only to a document of
 * that kind.
 */
export const attachmentOwnerKinds = [
  "request",
  "rfq",
  "offer",
  "order",
  "contract",
  "grn",
  "gdn",
  "bill",
  "invoice",
  "payment",
  "product",
  "catalog",
  "vendor",
  "vendor_invite",
  "workspace"
] as const
export type AttachmentOwnerKind = (typeof attachmentOwnerKinds)[number]

/** The largest file the product keeps: 10 MiB (10,485,760 bytes). */
export const maxFileBytes = 10 * 1024 * 1024

/** The same limit in whole megabytes, as messages state it. */
export const maxFileMegabytes = maxFileBytes / (1024 * 1024)

/** The most files at the file limit one form post of the site carries (an onboarding questionnaire's uploads). */
export const maxFilesPerForm = 5

/**
 * The largest request body the site reads (its pages' form posts, and the API behind it): `maxFilesPerForm` files
 * at the file limit and 1 MiB for the rest of the form, so a file core would keep is never cut off by the site and
 * no post past what core keeps is read whole into memory.
 */
export const maxFormBytes = maxFileBytes * maxFilesPerForm + 1024 * 1024

/** The same limit in whole megabytes, as messages state it. */
export const maxFormMegabytes = Math.floor(maxFormBytes / (1024 * 1024))

/**
 * How long an upload may wait to be attached to a document before it is removed: 24 hours, long enough for a
 * form left open over a working day.
 */
export const unattachedLifetimeMs = 24 * 60 * 60 * 1000

/** How long a signed upload URL stays good: 15 minutes. */
export const uploadGrantLifetimeMs = 15 * 60 * 1000

/** Where a signed upload URL sends its file (`PUT`), by the grant's token. */
export const signedUploadPath = (token: string): string => `/api/media_upload/signed/${token}`

/** How many uploads one user may hold that are not yet attached to any document. */
export const maxPendingUploads = 50

/** Images a browser shows by itself. SVG is left out: it can carry script. */
const imageTypes = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/bmp", "image/tiff"]

const pdfTypes = ["application/pdf"]

/**
 * Office documents in their open formats, rich text and plain text (CSV included). The Office 97–2003 formats are
 * left out: their container is the one Windows installers use, which the bytes cannot tell apart.
 */
const documentTypes = [
  ...pdfTypes,
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.presentation",
  "application/rtf",
  "text/plain"
]

/** The types each kind accepts, judged from the file's bytes. ANY is every image and document, and zip archives. */
export const acceptedTypes: Readonly<Record<FileKind, ReadonlyArray<string>>> = {
  IMAGE: imageTypes,
  PDF: pdfTypes,
  DOC: documentTypes,
  ANY: [...imageTypes, ...documentTypes, "application/zip"]
}

/** Whether a kind accepts a type detected from the bytes. */
export const acceptsType = (kind: FileKind, mime: string): boolean => acceptedTypes[kind].includes(mime)

/**
 * What a file picker offers for a kind (the `accept` attribute). Only a hint for the browser: the server judges the
 * bytes.
 */
export const pickerAccept: Readonly<Record<FileKind, string>> = {
  IMAGE: ".png,.jpg,.jpeg,.gif,.webp,.avif,.bmp,.tif,.tiff",
  PDF: ".pdf",
  DOC: ".pdf,.docx,.xlsx,.pptx,.odt,.ods,.odp,.rtf,.txt,.csv",
  ANY: ""
}

/** A kind named in a path or a form (`image`, `DOC`), or undefined when it names none. */
export const parseFileKind = (text: string): FileKind | undefined => {
  const upper = text.trim().toUpperCase()
  return (fileKinds as ReadonlyArray<string>).includes(upper) ? (upper as FileKind) : undefined
}

/** A document kind named in a path (`request`, `Product`), or undefined when it names none. */
export const parseOwnerKind = (text: string): AttachmentOwnerKind | undefined => {
  const lower = text.trim().toLowerCase()
  return (attachmentOwnerKinds as ReadonlyArray<string>).includes(lower) ? (lower as AttachmentOwnerKind) : undefined
}

/** Where a file is downloaded: its `fileURL`, under the API. */
export const filePath = (id: string): string => `/api/media_upload/${id}`

const uuidPattern = "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}"
const fileUrlPattern = new RegExp(`^(?:https?://[^/?#]+)?/api/media_upload/(${uuidPattern})/?(?:[?#].*)?$`)

/**
 * The file id a `fileURL` names: the URL an upload answered (with or without the site's origin), or the bare id.
 * Undefined for anything else.
 */
export const fileIdOfUrl = (url: string): string | undefined => {
  const text = url.trim()
  if (new RegExp(`^${uuidPattern}$`).test(text)) return text.toLowerCase()
  return fileUrlPattern.exec(text)?.[1]?.toLowerCase()
}

/** The longest file name kept; longer names keep their start and their extension. */
export const maxFileNameLength = 200

/**
 * C0 and C1 controls, and the bidirectional marks, embeddings, overrides and isolates that can disguise an
 * extension (`invoice\u202Efdp.exe` reads as `invoiceexe.pdf`).
 */
const isHidden = (code: number): boolean =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069)

/** Tab, line feed, form feed and carriage return: the controls plain text holds. */
const textControls = new Set([0x09, 0x0a, 0x0c, 0x0d])

/**
 * A file name as the product keeps and shows it: the last segment of whatever path the browser sent, without
 * control or direction-override characters, at most 200 characters with its extension kept, and `file` when
 * nothing is left.
 */
export const cleanFileName = (raw: string): string => {
  const last = raw.split(/[\\/]/).pop() ?? ""
  const cleaned = [...last.toWellFormed()]
    .filter((char) => !isHidden(char.codePointAt(0) ?? 0))
    .join("")
    .trim()
    .replace(/^\.+/, "")
  if (cleaned === "") return "file"
  if (cleaned.length <= maxFileNameLength) return cleaned
  const dot = cleaned.lastIndexOf(".")
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : ""
  return `${cleaned.slice(0, maxFileNameLength - extension.length).trimEnd()}${extension}`
}

const decoder = new TextDecoder("utf-8", { fatal: true })

/**
 * Whether bytes are plain text: valid UTF-8 with no control character but tab, line feed, form feed and carriage
 * return. Text has no signature to detect, so this is how a CSV or a note is told from an unknown binary.
 */
export const looksLikePlainText = (bytes: Uint8Array): boolean => {
  if (bytes.length === 0) return false
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    return false
  }
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0
    if ((code < 0x20 && !textControls.has(code)) || code === 0x7f) return false
  }
  return true
}

/**
 * `Content-Disposition` of a file sent to a browser: its name in ASCII for old clients and in full as RFC 6266 says;
 * `attachment` saves it, `inline` lets the browser show it (images and PDF only, by the caller's choice).
 */
export const contentDisposition = (name: string, type: "attachment" | "inline" = "attachment"): string => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, "_")
  const full = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${type}; filename="${ascii}"; filename*=UTF-8''${full}`
}

/** A size in the reader's units (B, KB, MB, one decimal), with Latin digits as the site writes figures. */
export const formatFileSize = (bytes: number, locale: "en" | "ar"): string => {
  const units = locale === "ar" ? ["بايت", "ك.ب", "م.ب"] : ["B", "KB", "MB"]
  if (bytes < 1024) return `${bytes} ${units[0]}`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} ${units[1]}`
  return `${(bytes / (1024 * 1024)).toFixed(1)} ${units[2]}`
}
