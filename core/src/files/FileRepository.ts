import { Context, type Effect, type Option } from "effect"
import type { UserId } from "../identity/User.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { AttachmentOwnerKind, FileKind } from "./FileRules.ts"
import type { DocumentRef, FileId, StoredFile } from "./StoredFile.ts"

/** What an upload records before its bytes are written. */
export interface NewFile {
  readonly uploaderId: UserId
  readonly kind: FileKind
  readonly entity: AttachmentOwnerKind
  readonly name: string
  readonly mime: string
  readonly size: number
  readonly sha256: string
}

/** A file the sweep takes away: where it was and where its bytes are. */
export interface SweptFile {
  readonly orgId: OrgId
  readonly id: FileId
  readonly storageKey: string
}

/**
 * What the product knows of stored files (the `stored_files` table): who uploaded what, of which type, and which
 * document holds it. Every call but the sweep's is scoped to one organisation.
 */
export interface FileRepositoryShape {
  /**
   * Records a pending upload with a new id and its storage key, unless its uploader already holds `maxPending`
   * pending uploads: the count and the insert are one step, so concurrent uploads never pass the limit.
   */
  readonly insertPending: (orgId: OrgId, file: NewFile, maxPending: number) => Effect.Effect<Option.Option<StoredFile>>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<StoredFile>>
  /** The files a document holds, oldest first. */
  readonly attachedTo: (orgId: OrgId, document: DocumentRef) => Effect.Effect<ReadonlyArray<StoredFile>>
  /**
   * Attaches a pending file to a document, only if it is still pending, was uploaded by `uploaderId` for the
   * document's kind; answers the file as it now is, or none when any of that no longer holds (the row is locked,
   * so a concurrent sweep or attach either ran before or waits).
   */
  readonly attach: (
    orgId: OrgId,
    id: FileId,
    uploaderId: UserId,
    document: DocumentRef
  ) => Effect.Effect<Option.Option<StoredFile>>
  /** Marks a file removed (taken from its document, or deleted while pending); none when it already was. */
  readonly markRemoved: (orgId: OrgId, id: FileId) => Effect.Effect<Option.Option<StoredFile>>
  /**
   * Up to `limit` files of any organisation that the sweep should take: removed ones, and pending ones uploaded
   * before `pendingBefore`.
   */
  readonly sweepable: (pendingBefore: Date, limit: number) => Effect.Effect<ReadonlyArray<SweptFile>>
  /**
   * Marks one such file removed if it is still sweepable (a pending one may have been attached since it was
   * listed); answers whether it now is.
   */
  readonly claimForSweep: (orgId: OrgId, id: FileId, pendingBefore: Date) => Effect.Effect<boolean>
  /** Forgets a removed file's record, once its bytes are gone. */
  readonly forget: (orgId: OrgId, id: FileId) => Effect.Effect<void>
}

/** Port: the records of stored files. */
export class FileRepository extends Context.Service<FileRepository, FileRepositoryShape>()(
  "@tawreed/core/files/FileRepository"
) {}
