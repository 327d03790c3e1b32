import { Schema } from "effect"
import { FileKind } from "./StoredFile.ts"

/**
 * No such file for the actor: none in their organisation, removed, someone else's upload not yet attached, or
 * attached to a document they may not read. One answer for all, so that ids do not leak.
 */
export class FileNotFound extends Schema.TaggedError<FileNotFound>()("FileNotFound", {
  id: Schema.String
}) {}

/** A file past the size limit (`maxFileBytes`), refused before it is kept. */
export class FileTooLarge extends Schema.TaggedError<FileTooLarge>()("FileTooLarge", {
  megabytes: Schema.Number
}) {}

/**
 * A file whose bytes are not of a type its kind accepts, whatever its name says. `detected` is the type the bytes
 * showed, `unknown` when they showed none; `acceptedEn` and `acceptedAr` say what the kind takes.
 */
export class FileTypeNotAllowed extends Schema.TaggedError<FileTypeNotAllowed>()("FileTypeNotAllowed", {
  kind: FileKind,
  detected: Schema.String,
  acceptedEn: Schema.String,
  acceptedAr: Schema.String
}) {}

/** The user already holds `maxPendingUploads` uploads that no document has taken. */
export class PendingUploadsExceeded extends Schema.TaggedError<PendingUploadsExceeded>()("PendingUploadsExceeded", {
  max: Schema.Number
}) {}

/**
 * A file a document cannot take: uploaded for another kind of document, or already attached to another document.
 */
export class FileNotAttachable extends Schema.TaggedError<FileNotAttachable>()("FileNotAttachable", {
  id: Schema.String,
  name: Schema.String
}) {}

/** A file attached to a document the actor may read but not change (now), so not theirs to remove. */
export class FileNotRemovable extends Schema.TaggedError<FileNotRemovable>()("FileNotRemovable", {
  id: Schema.String,
  name: Schema.String
}) {}

/** The file store did not answer (a disk or object store failure): nothing was kept, and trying again may work. */
export class FileStorageUnavailable extends Schema.TaggedError<FileStorageUnavailable>()("FileStorageUnavailable", {
  operation: Schema.String
}) {}

/** A signed upload URL that names no grant: never issued, lapsed, or used already. */
export class UploadGrantInvalid extends Schema.TaggedError<UploadGrantInvalid>()("UploadGrantInvalid", {}) {}
