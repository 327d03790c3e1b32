import { randomUUID } from "node:crypto"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type AttachmentOwnerKind,
  DocumentRef,
  type FileId,
  type FileKind,
  FileRepository,
  StoredFile,
  storageKeyOf,
  type SweptFile
} from "@tawreed/core/files"
import type { UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { beforeTenant, inTenant, isSqlError } from "../Tenancy.ts"

/** A row of `stored_files` as `fileColumns` select it. */
export interface FileRow {
  readonly id: string
  readonly org_id: string
  readonly uploader_id: string
  readonly kind: FileKind
  readonly entity: AttachmentOwnerKind
  readonly name: string
  readonly mime: string
  readonly size: string | number
  readonly sha256: string
  readonly storage_key: string
  readonly document_kind: AttachmentOwnerKind | null
  readonly document_id: string | null
  readonly created_at: Date
  readonly removed_at: Date | null
}

/** The columns a stored file is read from. */
export const fileColumns = `id, org_id, uploader_id, kind, entity, name, mime, size, sha256, storage_key, document_kind,
  document_id, created_at, removed_at`

/** Ids are UUIDs here; anything else names nothing (and must not reach a uuid cast). */
const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

/** A stored file from its row. */
export const fileOf = (row: FileRow): StoredFile =>
  new StoredFile({
    id: row.id as FileId,
    orgId: row.org_id as OrgId,
    uploaderId: row.uploader_id as UserId,
    kind: row.kind,
    entity: row.entity,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    sha256: row.sha256,
    storageKey: row.storage_key,
    document:
      row.document_kind === null || row.document_id === null
        ? null
        : new DocumentRef({ kind: row.document_kind, id: row.document_id }),
    removedAt: row.removed_at === null ? null : new Date(row.removed_at).toISOString(),
    createdAt: new Date(row.created_at).toISOString()
  })

const first = (rows: ReadonlyArray<FileRow>) => Option.map(Option.fromNullishOr(rows[0]), fileOf)

/**
 * Stored files' records in PostgreSQL (`stored_files`, migration 0016), each call inside its organisation and
 * joining the caller's transaction when there is one. A pending upload takes a transaction-scoped advisory lock on
 * its uploader before it counts their pending files, so concurrent uploads of one user take turns at the limit.
 */
export const SqlFileRepository = Layer.effect(
  FileRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    const cols = sql.literal(fileColumns)
    const tenant =
      (orgId: OrgId) =>
      <A, E>(work: Effect.Effect<A, E, SqlClient.SqlClient>) =>
        inTenant(orgId)(work).pipe(provide, Effect.catchIf(isSqlError<E>, Effect.die))

    return FileRepository.of({
      insertPending: Effect.fn("SqlFileRepository.insertPending")(function* (orgId, file, maxPending) {
        const id = randomUUID()
        return yield* tenant(orgId)(
          Effect.gen(function* () {
            yield* sql`SELECT pg_advisory_xact_lock(hashtextextended(${`stored_files:${orgId}:${file.uploaderId}`}, 0))`
            const rows = yield* sql<FileRow>`
              INSERT INTO stored_files (id, org_id, uploader_id, kind, entity, name, mime, size, sha256, storage_key)
              SELECT ${id}, ${orgId}, ${file.uploaderId}, ${file.kind}, ${file.entity}, ${file.name}, ${file.mime},
                     ${file.size}, ${file.sha256}, ${storageKeyOf(orgId, id)}
              WHERE (SELECT count(*) FROM stored_files
                     WHERE org_id = ${orgId} AND uploader_id = ${file.uploaderId}
                       AND document_id IS NULL AND removed_at IS NULL) < ${maxPending}
              RETURNING ${cols}`
            return first(rows)
          })
        )
      }),
      find: Effect.fn("SqlFileRepository.find")(function* (orgId, id) {
        if (!isUuid(id)) return Option.none()
        return yield* tenant(orgId)(
          Effect.map(
            sql<FileRow>`SELECT ${cols} FROM stored_files WHERE org_id = ${orgId} AND id = ${id.toLowerCase()}`,
            first
          )
        )
      }),
      attachedTo: Effect.fn("SqlFileRepository.attachedTo")(function* (orgId, document) {
        return yield* tenant(orgId)(
          Effect.map(
            sql<FileRow>`
              SELECT ${cols} FROM stored_files
              WHERE org_id = ${orgId} AND document_kind = ${document.kind} AND document_id = ${document.id}
              ORDER BY created_at, id`,
            (rows) => rows.map(fileOf)
          )
        )
      }),
      attach: Effect.fn("SqlFileRepository.attach")(function* (orgId, id, uploaderId, document) {
        if (!isUuid(id)) return Option.none()
        return yield* tenant(orgId)(
          Effect.map(
            sql<FileRow>`
              UPDATE stored_files SET document_kind = ${document.kind}, document_id = ${document.id}
              WHERE org_id = ${orgId} AND id = ${id} AND document_id IS NULL AND removed_at IS NULL
                AND uploader_id = ${uploaderId} AND entity = ${document.kind}
              RETURNING ${cols}`,
            first
          )
        )
      }),
      markRemoved: Effect.fn("SqlFileRepository.markRemoved")(function* (orgId, id) {
        if (!isUuid(id)) return Option.none()
        return yield* tenant(orgId)(
          Effect.map(
            sql<FileRow>`
              UPDATE stored_files SET removed_at = clock_timestamp(), document_kind = NULL, document_id = NULL
              WHERE org_id = ${orgId} AND id = ${id} AND removed_at IS NULL
              RETURNING ${cols}`,
            first
          )
        )
      }),
      sweepable: Effect.fn("SqlFileRepository.sweepable")(function* (pendingBefore, limit) {
        const before = pendingBefore.toISOString()
        const rows = yield* beforeTenant(
          "app.files_sweep_before",
          before
        )(
          sql<{ org_id: string; id: string; storage_key: string }>`
            SELECT org_id, id, storage_key FROM stored_files
            WHERE document_id IS NULL AND (removed_at IS NOT NULL OR created_at < ${before}::timestamptz)
            ORDER BY created_at
            LIMIT ${limit}`
        ).pipe(provide, Effect.catchIf(isSqlError, Effect.die))
        return rows.map((row): SweptFile => ({
          orgId: row.org_id as OrgId,
          id: row.id as FileId,
          storageKey: row.storage_key
        }))
      }),
      claimForSweep: Effect.fn("SqlFileRepository.claimForSweep")(function* (orgId, id, pendingBefore) {
        if (!isUuid(id)) return false
        const rows = yield* tenant(orgId)(
          sql<{ id: string }>`
            UPDATE stored_files SET removed_at = coalesce(removed_at, clock_timestamp())
            WHERE org_id = ${orgId} AND id = ${id} AND document_id IS NULL
              AND (removed_at IS NOT NULL OR created_at < ${pendingBefore.toISOString()}::timestamptz)
            RETURNING id`
        )
        return rows.length > 0
      }),
      forget: Effect.fn("SqlFileRepository.forget")(function* (orgId, id) {
        if (!isUuid(id)) return
        yield* tenant(orgId)(
          sql`DELETE FROM stored_files WHERE org_id = ${orgId} AND id = ${id} AND removed_at IS NOT NULL`
        )
      })
    })
  })
)
