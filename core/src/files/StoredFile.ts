import { Schema } from "effect"
import { UserId } from "../identity/User.ts"
import { OrgId } from "../organisations/Organisation.ts"
import { attachmentOwnerKinds, filePath, fileKinds } from "./FileRules.ts"

/** A stored file's id. */
export const FileId = Schema.String.check(Schema.isGUID()).pipe(Schema.brand("FileId"))
export type FileId = typeof FileId.Type

/** SPEC.md §3 file kinds. */
export const FileKind = Schema.Literals(fileKinds)
export type FileKind = typeof FileKind.Type

/** The kinds of document a file can be attached to. */
export const AttachmentOwnerKind = Schema.Literals(attachmentOwnerKinds)
export type AttachmentOwnerKind = typeof AttachmentOwnerKind.Type

/** One document of one kind: what a file is attached to. */
export class DocumentRef extends Schema.Class<DocumentRef>("DocumentRef")({
  kind: AttachmentOwnerKind,
  id: Schema.String
}) {}

/**
 * A file the product keeps: its bytes sit in the file store under `storageKey`; this is what it knows of them. A
 * file is pending from its upload until a document takes it, then attached to that document; a pending file
 * nobody attaches, and a file removed from its document, is swept away with its bytes.
 */
export class StoredFile extends Schema.Class<StoredFile>("StoredFile")({
  id: FileId,
  orgId: OrgId,
  uploaderId: UserId,
  kind: FileKind,
  /** The kind of document it was uploaded for; only such a document takes it. */
  entity: AttachmentOwnerKind,
  name: Schema.String,
  /** The type its bytes showed, never the one its name or the client claimed. */
  mime: Schema.String,
  size: Schema.Int,
  sha256: Schema.String,
  storageKey: Schema.String,
  document: Schema.NullOr(DocumentRef),
  /** When it was taken from its document or deleted; such a file is gone for everyone. */
  removedAt: Schema.NullOr(Schema.String),
  createdAt: Schema.String
}) {}

/** What the API and the site show of a file: the chips widget's data. */
export class FileView extends Schema.Class<FileView>("FileView")({
  id: FileId,
  /** Where it is downloaded (SPEC.md §7's blob GET), and how `DELETE media_upload/?fileURL=` names it. */
  fileURL: Schema.String,
  name: Schema.String,
  kind: FileKind,
  entity: AttachmentOwnerKind,
  mime: Schema.String,
  size: Schema.Int,
  sha256: Schema.String,
  /** Whether a document holds it; a file not attached in time is removed. */
  attached: Schema.Boolean,
  createdAt: Schema.String
}) {}

/** The view of a stored file. */
export const viewOf = (file: StoredFile): FileView =>
  new FileView({
    id: file.id,
    fileURL: filePath(file.id),
    name: file.name,
    kind: file.kind,
    entity: file.entity,
    mime: file.mime,
    size: file.size,
    sha256: file.sha256,
    attached: file.document !== null,
    createdAt: file.createdAt
  })

/** Where a file's bytes are kept in the store: under its organisation, by its id. */
export const storageKeyOf = (orgId: string, id: string): string => `${orgId}/${id}`

/** Whether a file is pending: uploaded, not attached, not removed. */
export const isPending = (file: StoredFile): boolean => file.document === null && file.removedAt === null
