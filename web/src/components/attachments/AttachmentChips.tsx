import { useEffect, useId, useRef, useState } from "react"
import "../../styles/attachments.layer.css"
import {
  formatFileSize,
  maxFileBytes,
  pickerAccept,
  type AttachmentOwnerKind,
  type FileKind
} from "@tawreed/core/files/FileRules"
import type { Locale } from "@tawreed/core/shared/Locale"
import { followFailure } from "../../client/failures.ts"
import { format } from "../../i18n/format.ts"
import type messages from "../../i18n/en/files.json"
import { finishUpload, showToast, startUpload } from "../../stores/shell.ts"
import {
  type AttachmentFile,
  type AttachmentMode,
  hrefOf,
  iconOf,
  iconPaths,
  removePath,
  shownChips,
  uploadPath,
  visibleChips,
  withoutFile
} from "./attachments.ts"

export type { AttachmentFile, AttachmentMode } from "./attachments.ts"

/** The widget's texts: `messagesOf(locale, "files").attachments`. */
export type AttachmentMessages = (typeof messages)["attachments"]

/**
 * The attachment chips of SPEC.md §2. In a page: `<AttachmentChips client:load mode="edit" kind="ANY"
 * entity="request" files={request.attachments} locale={locale} messages={messagesOf(locale, "files").attachments} />`.
 */
export interface AttachmentChipsProps {
  /** `view` opens each file in a new tab, `download` downloads it, `edit` also adds and removes files. */
  readonly mode: AttachmentMode
  /** The files shown first: the document's attachments (`Files.attachments`), or none for a new document. */
  readonly files: ReadonlyArray<AttachmentFile>
  readonly locale: Locale
  readonly messages: AttachmentMessages
  /** Edit mode: what new files may be (SPEC.md §3 file kinds); ANY by default. */
  readonly kind?: FileKind | undefined
  /** Edit mode: the kind of document the files are for (`request`, `product`, …); the upload route names it. */
  readonly entity?: AttachmentOwnerKind | undefined
  /**
   * Edit mode: the name of the hidden inputs that carry the files' ids with the surrounding form, one input per
   * file (`attachments` by default). The form's handler passes them to `Files.setAttachments`.
   */
  readonly name?: string | undefined
  /** A heading above the chips; the catalogue's "Attachments" by default. */
  readonly label?: string | undefined
  /** Edit mode: told the files after every upload and removal, for an island that keeps the form's state itself. */
  readonly onChange?: ((files: ReadonlyArray<AttachmentFile>) => void) | undefined
}

/** A file the API answered for an upload, as a chip shows it. */
const fileOf = (body: AttachmentFile): AttachmentFile => ({
  id: body.id,
  fileURL: body.fileURL,
  name: body.name,
  mime: body.mime,
  size: body.size,
  attached: body.attached
})

/**
 * Attachment chips (SPEC.md §2): three shown, then '+N Show More' / 'Show less', in a box at most 16rem high that
 * scrolls. In edit mode it uploads each picked file at once (the page is blocked with 'Please wait for the upload to
 * finish' meanwhile) and removes files: one uploaded in this form is deleted on the server at once; one the
 * document already holds is only left out, and goes when the form is saved.
 */
export const AttachmentChips = ({
  mode,
  files: initial,
  locale,
  messages: m,
  kind = "ANY",
  entity = "request",
  name = "attachments",
  label,
  onChange
}: AttachmentChipsProps) => {
  const [files, setFiles] = useState<ReadonlyArray<AttachmentFile>>(initial)
  const [expanded, setExpanded] = useState(false)
  const picker = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const hintId = useId()
  const { shown, hidden } = shownChips(files, expanded)
  const editing = mode === "edit"

  const change = (next: ReadonlyArray<AttachmentFile>) => {
    setFiles(next)
    onChange?.(next)
  }

  const send = (path: string, init: RequestInit) =>
    fetch(path, {
      ...init,
      credentials: "same-origin",
      headers: { Language: locale, Accept: "application/json" }
    })
      .then(async (response) => ({ status: response.status, body: await response.json().catch(() => undefined) }))
      .catch(() => ({ status: 0, body: undefined }))

  const upload = async (picked: ReadonlyArray<File>) => {
    let current = files
    for (const file of picked) {
      if (file.size > maxFileBytes) {
        showToast("error", format(m.tooLarge, { name: file.name }))
        continue
      }
      const form = new FormData()
      form.append("file", file, file.name)
      startUpload()
      const answer = await send(uploadPath(kind, entity), { method: "POST", body: form }).finally(finishUpload)
      if (answer.status !== 200) {
        followFailure(answer.status, answer.body)
        if (answer.status === 0 || answer.status >= 500) break
        continue
      }
      current = [...current, fileOf(answer.body as AttachmentFile)]
      change(current)
    }
  }

  // Files picked before the island took over the server's HTML (a slow phone, a script) stay on the picker with
  // no change handler to hear them: they are uploaded as it takes over, as if picked now.
  useEffect(() => {
    const input = picker.current
    const waiting = [...(input?.files ?? [])]
    if (input === null || waiting.length === 0) return
    input.value = ""
    void upload(waiting)
  }, [])

  const remove = async (file: AttachmentFile) => {
    if (!file.attached) {
      const answer = await send(removePath(file), { method: "DELETE" })
      // Already gone is as good as removed.
      if (answer.status !== 204 && answer.status !== 404) {
        followFailure(answer.status, answer.body)
        return
      }
    }
    change(withoutFile(files, file.id))
  }

  return (
    <section className="attachments" aria-labelledby={headingId} data-mode={mode}>
      {/* The chips sit in a form's fields, right under the page's title: their heading is the next level down. */}
      <h2 className="attachments__label" id={headingId}>
        {label ?? m.label}
      </h2>
      {files.length === 0 && !editing ? <p className="attachments__empty">{m.empty}</p> : null}
      {files.length > 0 ? (
        <ul className="attachments__chips">
          {shown.map((file) => (
            <li key={file.id} className="attachment-chip">
              <a
                className="attachment-chip__link"
                href={hrefOf(file, mode)}
                {...(mode === "download" ? { download: file.name } : { target: "_blank", rel: "noopener" })}
                aria-label={format(mode === "download" ? m.download : m.open, { name: file.name })}
              >
                <svg className="attachment-chip__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d={iconPaths[iconOf(file.mime)]} />
                </svg>
                <bdi className="attachment-chip__name">{file.name}</bdi>
              </a>
              {/* Beside the link rather than in it, so that the link's name holds all the text it shows. */}
              <span className="attachment-chip__size">{formatFileSize(file.size, locale)}</span>
              {editing ? (
                <button
                  type="button"
                  className="attachment-chip__remove"
                  aria-label={format(m.remove, { name: file.name })}
                  onClick={() => void remove(file)}
                >
                  <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                    <path d="M6 6l12 12M18 6L6 18" />
                  </svg>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {/* Every file goes with the form, shown or behind 'Show More'. */}
      {editing ? files.map((file) => <input key={file.id} type="hidden" name={name} value={file.id} />) : null}
      {files.length > visibleChips ? (
        <button
          type="button"
          className="button button--quiet attachments__more"
          aria-expanded={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? m.showLess : format(m.showMore, { count: hidden })}
        </button>
      ) : null}
      {editing ? (
        <div className="attachments__add">
          <button type="button" className="button" aria-describedby={hintId} onClick={() => picker.current?.click()}>
            <svg className="attachment-chip__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M12 5v14M5 12h14" />
            </svg>
            {m.add}
          </button>
          <p className="attachments__hint" id={hintId}>
            {m.hint[kind]}
          </p>
          <input
            ref={picker}
            className="attachments__picker"
            type="file"
            multiple
            accept={pickerAccept[kind] || undefined}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const picked = [...(event.currentTarget.files ?? [])]
              event.currentTarget.value = ""
              void upload(picked)
            }}
          />
        </div>
      ) : null}
    </section>
  )
}
