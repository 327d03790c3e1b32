import { Clock, Context, Effect, Layer, Option, type Stream } from "effect"
import type { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { actorEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, type TransactionConflict } from "../shared/Errors.ts"
import { maxItems } from "../shared/Limits.ts"
import { Transactions } from "../shared/Transactions.ts"
import { DocumentReaders } from "./DocumentReaders.ts"
import {
  FileNotAttachable,
  FileNotFound,
  FileNotRemovable,
  type FileStorageUnavailable,
  FileTooLarge,
  FileTypeNotAllowed,
  PendingUploadsExceeded,
  UploadGrantInvalid
} from "./FileErrors.ts"
import { FileInspector } from "./FileInspector.ts"
import { FileRepository } from "./FileRepository.ts"
import {
  acceptsType,
  cleanFileName,
  fileIdOfUrl,
  type FileKind,
  looksLikePlainText,
  maxFileBytes,
  maxFileMegabytes,
  maxPendingUploads,
  parseFileKind,
  parseOwnerKind,
  signedUploadPath,
  unattachedLifetimeMs,
  uploadGrantLifetimeMs
} from "./FileRules.ts"
import { FileStore } from "./FileStore.ts"
import { UploadGrants } from "./UploadGrants.ts"
import { type DocumentRef, type FileId, type FileView, isPending, type StoredFile, viewOf } from "./StoredFile.ts"

const noOrigin = new RequestOrigin({ address: null })

/** What each kind accepts, in words, for the refusal's message. */
const acceptedWords: Readonly<Record<FileKind, { readonly en: string; readonly ar: string }>> = {
  IMAGE: {
    en: "images (PNG, JPEG, GIF, WebP, AVIF, BMP or TIFF)",
    ar: "الصور (PNG أو JPEG أو GIF أو WebP أو AVIF أو BMP أو TIFF)"
  },
  PDF: { en: "PDF files", ar: "ملفات PDF" },
  DOC: {
    en: "documents (PDF, Word, Excel, PowerPoint, OpenDocument, RTF or plain text)",
    ar: "المستندات (PDF أو Word أو Excel أو PowerPoint أو OpenDocument أو RTF أو نص عادي)"
  },
  ANY: { en: "images, documents and zip archives", ar: "الصور والمستندات وملفات zip المضغوطة" }
}

/** An upload as the API received it: the kind and document kind named in its path, and the file. */
export interface UploadInput {
  /** `image`, `doc`, `pdf` or `any` (SPEC.md §3 file kinds, in any case). */
  readonly kind: string
  /** The kind of document the file is for (`request`, `product`, …). */
  readonly entity: string
  /** The name the browser gave the file; kept for showing and downloading, never to judge its type. */
  readonly name: string
  readonly bytes: Uint8Array
}

/** `POST media_upload/initial-singedurl`: what the signed URL will take. */
export interface SignedUploadInput {
  /** `image`, `doc`, `pdf` or `any`. */
  readonly type: string
  /** The kind of document the file is for. */
  readonly entity: string
  /** The file's name, kept for showing and downloading. */
  readonly fileName: string
}

/** A signed upload URL: a `PUT` of the file's bytes to `signedUrl` before `expiresAt` keeps it, once. */
export interface SignedUpload {
  readonly signedUrl: string
  readonly expiresAt: string
}

/** Who uploads a file: a signed-in user, or the user a signed URL was issued to. */
interface Uploader {
  readonly orgId: OrgId
  readonly userId: UserId
}

type UploadFailure =
  | InvalidField
  | FileTooLarge
  | FileTypeNotAllowed
  | PendingUploadsExceeded
  | FileStorageUnavailable
  | TransactionConflict

/** A file being downloaded: its record and its bytes. */
export interface OpenedFile {
  readonly file: StoredFile
  readonly content: Stream.Stream<Uint8Array, FileStorageUnavailable>
}

/** Files for documents (SPEC.md §7 media routes): upload, attach, download, remove, and the sweep of leftovers. */
export interface FilesShape {
  /**
   * Keeps an upload, pending until a document of its kind takes it: its type judged from its bytes against the
   * kind, at most `maxFileBytes`, and at most `maxPendingUploads` pending per user.
   */
  readonly upload: (actor: Actor, input: UploadInput, origin?: RequestOrigin) => Effect.Effect<FileView, UploadFailure>
  /**
   * A signed upload URL for one file (SPEC.md §7 `POST media_upload/initial-singedurl`): good for
   * `uploadGrantLifetimeMs`, once, for the actor alone; its kind and document kind are checked now, its bytes when
   * they come.
   */
  readonly signUpload: (actor: Actor, input: SignedUploadInput) => Effect.Effect<SignedUpload, InvalidField>
  /** The `PUT` to a signed upload URL: the bytes kept as `upload` keeps them, for the user the URL was issued to. */
  readonly uploadSigned: (
    token: string,
    bytes: Uint8Array,
    origin?: RequestOrigin
  ) => Effect.Effect<FileView, UploadFailure | UploadGrantInvalid>
  /**
   * A file and its bytes, for its download: to its uploader while pending, to whoever may read its document once
   * attached (the document's module decides, through `DocumentReaders`); FileNotFound to anyone else.
   */
  readonly open: (actor: Actor, id: string) => Effect.Effect<OpenedFile, FileNotFound | FileStorageUnavailable>
  /**
   * `DELETE media_upload/?fileURL=`: removes a pending upload of the actor's, or takes a file off a document the
   * actor may change now. Its bytes go at once, or with the next sweep.
   */
  readonly remove: (
    actor: Actor,
    fileUrl: string,
    origin?: RequestOrigin
  ) => Effect.Effect<void, InvalidField | FileNotFound | FileNotRemovable | TransactionConflict>
  /**
   * Makes a document's attachments exactly these files, for the module that saves the document (which has checked
   * that the actor may change it). New ones must be the actor's own pending uploads for the document's kind; files
   * left out are taken off and swept. Joins the caller's transaction.
   */
  readonly setAttachments: (
    actor: Actor,
    document: DocumentRef,
    fileIds: ReadonlyArray<FileId>
  ) => Effect.Effect<ReadonlyArray<FileView>, InvalidField | FileNotFound | FileNotAttachable | TransactionConflict>
  /**
   * Takes every file off a document that is going away, for the module that removes it (which has checked that the
   * actor may): their bytes go with the next sweep. Joins the caller's transaction, so the files stay if the removal
   * is undone. Answers how many were taken off.
   */
  readonly release: (actor: Actor, document: DocumentRef) => Effect.Effect<number, TransactionConflict>
  /** A document's attachments, oldest first, for the module that shows the document (after its own read check). */
  readonly attachments: (actor: Actor, document: DocumentRef) => Effect.Effect<ReadonlyArray<FileView>>
  /**
   * Removes, across organisations, the uploads no document took within `unattachedLifetimeMs` and the files taken
   * off their documents, bytes first kept until their record is marked. Answers how many went. Safe to run from
   * several processes at once.
   */
  readonly sweep: (at?: Date) => Effect.Effect<number>
}

/** How many files one sweep takes at most; the next sweep takes the rest. */
const sweepBatch = 500

/** Use cases: files for documents. */
export class Files extends Context.Service<Files, FilesShape>()("@tawreed/core/files/Files") {
  static readonly layer = Layer.effect(
    Files,
    Effect.gen(function* () {
      const repository = yield* FileRepository
      const store = yield* FileStore
      const inspector = yield* FileInspector
      const readers = yield* DocumentReaders
      const grants = yield* UploadGrants
      const transactions = yield* Transactions
      const audit = yield* AuditLog

      /** Takes a removed file's bytes and then its record; a failure leaves both to the next sweep. */
      const purge = (file: { readonly orgId: StoredFile["orgId"]; readonly id: FileId; readonly storageKey: string }) =>
        store.remove(file.storageKey).pipe(
          Effect.andThen(transactions.inOrg(file.orgId, repository.forget(file.orgId, file.id))),
          Effect.as(true),
          Effect.catch(() => Effect.succeed(false))
        )

      /** The type the bytes show: their signature's, else plain text when they read as such, else none. */
      const typeOf = Effect.fn("Files.typeOf")(function* (bytes: Uint8Array) {
        const inspection = yield* inspector.inspect(bytes)
        const mime = Option.match(inspection.sniffed, {
          onNone: () => (looksLikePlainText(bytes) ? "text/plain" : undefined),
          onSome: (sniffed) => sniffed.mime
        })
        return { mime, sha256: inspection.sha256 }
      })

      /** The kind and document kind an upload names, checked. */
      const target = Effect.fn("Files.target")(function* (kindText: string, entityText: string) {
        const kind = parseFileKind(kindText)
        if (kind === undefined) return yield* new InvalidField({ field: "type", problem: "notOneOf" })
        const entity = parseOwnerKind(entityText)
        if (entity === undefined) return yield* new InvalidField({ field: "entity", problem: "notOneOf" })
        return { kind, entity }
      })

      /** Keeps an upload for an uploader: its bytes judged, its record first, then its bytes. */
      const keep = Effect.fn("Files.keep")(function* (uploader: Uploader, input: UploadInput, origin: RequestOrigin) {
        const { kind, entity } = yield* target(input.kind, input.entity)
        if (input.bytes.length === 0) return yield* new InvalidField({ field: "file", problem: "required" })
        if (input.bytes.length > maxFileBytes) return yield* new FileTooLarge({ megabytes: maxFileMegabytes })
        const { mime, sha256 } = yield* typeOf(input.bytes)
        if (mime === undefined || !acceptsType(kind, mime)) {
          return yield* new FileTypeNotAllowed({
            kind,
            detected: mime ?? "unknown",
            acceptedEn: acceptedWords[kind].en,
            acceptedAr: acceptedWords[kind].ar
          })
        }
        const inserted = yield* transactions.inOrg(
          uploader.orgId,
          repository.insertPending(
            uploader.orgId,
            {
              uploaderId: uploader.userId,
              kind,
              entity,
              name: cleanFileName(input.name),
              mime,
              size: input.bytes.length,
              sha256
            },
            maxPendingUploads
          )
        )
        if (Option.isNone(inserted)) return yield* new PendingUploadsExceeded({ max: maxPendingUploads })
        const file = inserted.value
        // The record comes first, so that bytes are never kept without one; if they cannot be written, the record
        // is marked removed and the sweep clears it.
        yield* store
          .write(file.storageKey, input.bytes, mime)
          .pipe(
            Effect.tapError(() =>
              transactions.inOrg(uploader.orgId, repository.markRemoved(uploader.orgId, file.id)).pipe(Effect.ignore)
            )
          )
        yield* audit.record(
          actorEvent(uploader, "file.uploaded", origin, {
            id: file.id,
            kind,
            entity,
            mime,
            size: String(file.size)
          })
        )
        return viewOf(file)
      })

      const upload = (actor: Actor, input: UploadInput, origin: RequestOrigin = noOrigin) => keep(actor, input, origin)

      const signUpload = Effect.fn("Files.signUpload")(function* (actor: Actor, input: SignedUploadInput) {
        const { kind, entity } = yield* target(input.type, input.entity)
        const expiresAt = new Date((yield* Clock.currentTimeMillis) + uploadGrantLifetimeMs)
        const token = yield* grants.issue(
          { orgId: actor.orgId, userId: actor.userId, kind, entity, name: cleanFileName(input.fileName) },
          expiresAt
        )
        return { signedUrl: signedUploadPath(token), expiresAt: expiresAt.toISOString() }
      })

      const uploadSigned = Effect.fn("Files.uploadSigned")(function* (
        token: string,
        bytes: Uint8Array,
        origin: RequestOrigin = noOrigin
      ) {
        const grant = yield* grants.take(token)
        if (Option.isNone(grant)) return yield* new UploadGrantInvalid()
        const { orgId, userId, kind, entity, name } = grant.value
        return yield* keep({ orgId, userId }, { kind, entity, name, bytes }, origin)
      })

      /** A file the actor may see, with the reader of its document when it has one. */
      const reachable = Effect.fn("Files.reachable")(function* (actor: Actor, id: string) {
        const missing = new FileNotFound({ id })
        const found = yield* repository.find(actor.orgId, id)
        if (Option.isNone(found) || found.value.removedAt !== null) return yield* missing
        const file = found.value
        if (file.document === null) {
          if (file.uploaderId !== actor.userId) return yield* missing
          return { file, reader: Option.none() }
        }
        const reader = yield* readers.find(file.document.kind)
        if (Option.isNone(reader) || !(yield* reader.value.mayRead(actor, file.document.id))) return yield* missing
        return { file, reader }
      })

      const open = Effect.fn("Files.open")(function* (actor: Actor, id: string) {
        const { file } = yield* reachable(actor, id)
        const content = yield* store.read(file.storageKey)
        if (Option.isNone(content)) return yield* new FileNotFound({ id })
        return { file, content: content.value }
      })

      const remove = Effect.fn("Files.remove")(function* (
        actor: Actor,
        fileUrl: string,
        origin: RequestOrigin = noOrigin
      ) {
        const id = fileIdOfUrl(fileUrl)
        if (id === undefined) return yield* new InvalidField({ field: "fileURL", problem: "format" })
        const { file, reader } = yield* reachable(actor, id)
        if (file.document !== null && Option.isSome(reader)) {
          if (!(yield* reader.value.mayChange(actor, file.document.id))) {
            return yield* new FileNotRemovable({ id: file.id, name: file.name })
          }
        }
        const removed = yield* transactions.inOrg(actor.orgId, repository.markRemoved(actor.orgId, file.id))
        if (Option.isNone(removed)) return yield* new FileNotFound({ id })
        yield* audit.record(
          actorEvent(actor, "file.removed", origin, {
            id: file.id,
            ...(file.document === null ? {} : { document: `${file.document.kind}/${file.document.id}` })
          })
        )
        yield* purge(removed.value)
      })

      const setAttachments = Effect.fn("Files.setAttachments")(function* (
        actor: Actor,
        document: DocumentRef,
        fileIds: ReadonlyArray<FileId>
      ) {
        const wanted = [...new Set(fileIds.map((id) => id.toLowerCase() as FileId))]
        if (wanted.length > maxItems.attachments) {
          return yield* new InvalidField({ field: "attachments", problem: "tooMany" })
        }
        return yield* transactions.inOrg(
          actor.orgId,
          Effect.gen(function* () {
            const current = yield* repository.attachedTo(actor.orgId, document)
            const held = new Set<string>(current.map((f) => f.id))
            for (const id of wanted) {
              if (held.has(id)) continue
              const found = yield* repository.find(actor.orgId, id)
              const file = Option.getOrUndefined(found)
              if (file === undefined || file.removedAt !== null) return yield* new FileNotFound({ id })
              if (isPending(file) && file.uploaderId !== actor.userId) return yield* new FileNotFound({ id })
              if (!isPending(file) || file.entity !== document.kind) {
                return yield* new FileNotAttachable({ id, name: file.name })
              }
              const attached = yield* repository.attach(actor.orgId, file.id, actor.userId, document)
              if (Option.isNone(attached)) return yield* new FileNotFound({ id })
            }
            const keep = new Set<string>(wanted)
            for (const file of current) {
              if (!keep.has(file.id)) yield* repository.markRemoved(actor.orgId, file.id)
            }
            const now = yield* repository.attachedTo(actor.orgId, document)
            return now.map(viewOf)
          })
        )
      })

      const release = Effect.fn("Files.release")(function* (actor: Actor, document: DocumentRef) {
        return yield* transactions.inOrg(
          actor.orgId,
          Effect.gen(function* () {
            const held = yield* repository.attachedTo(actor.orgId, document)
            let released = 0
            for (const file of held) {
              if (Option.isSome(yield* repository.markRemoved(actor.orgId, file.id))) released++
            }
            return released
          })
        )
      })

      const attachments = Effect.fn("Files.attachments")(function* (actor: Actor, document: DocumentRef) {
        const files = yield* repository.attachedTo(actor.orgId, document)
        return files.map(viewOf)
      })

      const sweep = Effect.fn("Files.sweep")(function* (at?: Date) {
        const now = at ?? new Date(yield* Clock.currentTimeMillis)
        const pendingBefore = new Date(now.getTime() - unattachedLifetimeMs)
        const candidates = yield* repository.sweepable(pendingBefore, sweepBatch)
        let removed = 0
        for (const file of candidates) {
          const claimed = yield* transactions
            .inOrg(file.orgId, repository.claimForSweep(file.orgId, file.id, pendingBefore))
            .pipe(Effect.catch(() => Effect.succeed(false)))
          if (claimed && (yield* purge(file))) removed++
        }
        return removed
      })

      return Files.of({ upload, signUpload, uploadSigned, open, remove, setAttachments, release, attachments, sweep })
    })
  )
}
