import { Clock, Effect, Layer, Option, Stream } from "effect"
import { type Inspection, FileInspector } from "../../files/FileInspector.ts"
import { FileRepository, type NewFile, type SweptFile } from "../../files/FileRepository.ts"
import { FileStore } from "../../files/FileStore.ts"
import { DocumentRef, type FileId, StoredFile, storageKeyOf } from "../../files/StoredFile.ts"
import { type UploadGrant, UploadGrants } from "../../files/UploadGrants.ts"
import type { OrgId } from "../../organisations/Organisation.ts"

const sameDocument = (a: DocumentRef | null, b: DocumentRef) => a !== null && a.kind === b.kind && a.id === b.id

/** Stored files' records in memory, for the core's tests and the contract suite's reference run. */
export const layerMemoryFileRepository = Layer.sync(FileRepository, () => {
  const files = new Map<string, StoredFile>()
  let sequence = 0
  const inOrg = (orgId: OrgId, id: string) => {
    const file = files.get(id.toLowerCase())
    return file !== undefined && file.orgId === orgId ? file : undefined
  }
  const replace = (file: StoredFile, changes: Partial<StoredFile>) => {
    const next = new StoredFile({ ...file, ...changes })
    files.set(next.id, next)
    return next
  }
  return FileRepository.of({
    insertPending: (orgId, file: NewFile, maxPending) =>
      Effect.gen(function* () {
        const pending = [...files.values()].filter(
          (f) => f.orgId === orgId && f.uploaderId === file.uploaderId && f.document === null && f.removedAt === null
        ).length
        if (pending >= maxPending) return Option.none()
        const id = crypto.randomUUID() as FileId
        // Later uploads sort after earlier ones even within one millisecond.
        const createdAt = new Date((yield* Clock.currentTimeMillis) + sequence++ / 1000).toISOString()
        const stored = new StoredFile({
          ...file,
          id,
          orgId,
          storageKey: storageKeyOf(orgId, id),
          document: null,
          removedAt: null,
          createdAt
        })
        files.set(id, stored)
        return Option.some(stored)
      }),
    find: (orgId, id) => Effect.sync(() => Option.fromNullishOr(inOrg(orgId, id))),
    attachedTo: (orgId, document) =>
      Effect.sync(() =>
        [...files.values()]
          .filter((f) => f.orgId === orgId && f.removedAt === null && sameDocument(f.document, document))
          .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      ),
    attach: (orgId, id, uploaderId, document) =>
      Effect.sync(() => {
        const file = inOrg(orgId, id)
        if (
          file === undefined ||
          file.document !== null ||
          file.removedAt !== null ||
          file.uploaderId !== uploaderId ||
          file.entity !== document.kind
        ) {
          return Option.none()
        }
        return Option.some(replace(file, { document: new DocumentRef({ kind: document.kind, id: document.id }) }))
      }),
    markRemoved: (orgId, id) =>
      Effect.gen(function* () {
        const file = inOrg(orgId, id)
        if (file === undefined || file.removedAt !== null) return Option.none()
        const removedAt = new Date(yield* Clock.currentTimeMillis).toISOString()
        return Option.some(replace(file, { document: null, removedAt }))
      }),
    sweepable: (pendingBefore, limit) =>
      Effect.sync(() =>
        [...files.values()]
          .filter(
            (f) =>
              f.removedAt !== null || (f.document === null && new Date(f.createdAt).getTime() < pendingBefore.getTime())
          )
          .slice(0, limit)
          .map((f): SweptFile => ({ orgId: f.orgId, id: f.id, storageKey: f.storageKey }))
      ),
    claimForSweep: (orgId, id, pendingBefore) =>
      Effect.gen(function* () {
        const file = inOrg(orgId, id)
        if (file === undefined) return false
        if (file.removedAt !== null) return true
        if (file.document !== null || new Date(file.createdAt).getTime() >= pendingBefore.getTime()) return false
        replace(file, { removedAt: new Date(yield* Clock.currentTimeMillis).toISOString() })
        return true
      }),
    forget: (orgId, id) =>
      Effect.sync(() => {
        const file = inOrg(orgId, id)
        if (file !== undefined && file.removedAt !== null) files.delete(file.id)
      })
  })
})

/** Files' bytes in memory. */
export const layerMemoryFileStore = Layer.sync(FileStore, () => {
  const objects = new Map<string, Uint8Array>()
  return FileStore.of({
    write: (key, bytes) => Effect.sync(() => void objects.set(key, Uint8Array.from(bytes))),
    read: (key) =>
      Effect.sync(() => {
        const bytes = objects.get(key)
        return bytes === undefined ? Option.none() : Option.some(Stream.make(Uint8Array.from(bytes)))
      }),
    remove: (key) => Effect.sync(() => void objects.delete(key))
  })
})

const signatures: ReadonlyArray<{
  readonly bytes: ReadonlyArray<number>
  readonly mime: string
  readonly ext: string
}> = [
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], mime: "application/pdf", ext: "pdf" },
  { bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], mime: "image/png", ext: "png" },
  { bytes: [0xff, 0xd8, 0xff], mime: "image/jpeg", ext: "jpg" },
  { bytes: [0x50, 0x4b, 0x03, 0x04], mime: "application/zip", ext: "zip" },
  { bytes: [0x4d, 0x5a], mime: "application/x-msdownload", ext: "exe" }
]

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((byte) => byte.toString(16).padStart(2, "0")).join("")

/**
 * A small inspector for the core's tests: the signatures of PDF, PNG, JPEG, zip and Windows executables, and a
 * real SHA-256. The adapters' inspector knows every type the `file-type` library does.
 */
export const layerSignatureInspector = Layer.succeed(
  FileInspector,
  FileInspector.of({
    inspect: (bytes) =>
      Effect.promise(async (): Promise<Inspection> => ({
        sniffed: Option.fromNullishOr(
          signatures
            .filter((s) => s.bytes.every((byte, i) => bytes[i] === byte))
            .map((s) => ({ mime: s.mime, extension: s.ext }))[0]
        ),
        sha256: hex(await crypto.subtle.digest("SHA-256", Uint8Array.from(bytes)))
      }))
  })
)

/** Upload grants in memory: each token taken once, until its time. */
export const layerMemoryUploadGrants = Layer.sync(UploadGrants, () => {
  const grants = new Map<string, { readonly grant: UploadGrant; readonly expiresAt: number }>()
  return UploadGrants.of({
    issue: (grant, expiresAt) =>
      Effect.sync(() => {
        const token = `${crypto.randomUUID()}${crypto.randomUUID()}`.replaceAll("-", "")
        grants.set(token, { grant, expiresAt: expiresAt.getTime() })
        return token
      }),
    take: (token) =>
      Effect.gen(function* () {
        const found = grants.get(token)
        grants.delete(token)
        if (found === undefined || found.expiresAt <= (yield* Clock.currentTimeMillis)) return Option.none()
        return Option.some(found.grant)
      })
  })
})
