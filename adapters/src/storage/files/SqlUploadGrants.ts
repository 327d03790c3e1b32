import { createHash, randomBytes } from "node:crypto"
import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { type AttachmentOwnerKind, type FileKind, UploadGrants } from "@tawreed/core/files"
import type { UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { beforeTenant, enterTenant, inTenant, isSqlError } from "../Tenancy.ts"

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex")

/**
 * Upload grants in PostgreSQL (`upload_grants`, migration 0016): the token is 32 random bytes in hexadecimal, kept
 * only as its SHA-256. Taking one finds it by that hash, enters its organisation and deletes it in one transaction,
 * so two PUTs with one token keep one file. Lapsed grants of the organisation go whenever a new one is issued.
 */
export const SqlUploadGrants = Layer.effect(
  UploadGrants,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    return UploadGrants.of({
      issue: Effect.fn("SqlUploadGrants.issue")(function* (grant, expiresAt) {
        const token = randomBytes(32).toString("hex")
        yield* inTenant(grant.orgId)(
          Effect.gen(function* () {
            yield* sql`DELETE FROM upload_grants WHERE org_id = ${grant.orgId} AND expires_at < now()`
            yield* sql`
              INSERT INTO upload_grants (token_hash, org_id, user_id, kind, entity, name, expires_at)
              VALUES (${hashOf(token)}, ${grant.orgId}, ${grant.userId}, ${grant.kind}, ${grant.entity},
                      ${grant.name}, ${expiresAt.toISOString()}::timestamptz)`
          })
        ).pipe(provide, Effect.catchIf(isSqlError, Effect.die))
        return token
      }),
      take: Effect.fn("SqlUploadGrants.take")(function* (token) {
        if (!/^[0-9a-f]{64}$/.test(token)) return Option.none()
        const hash = hashOf(token)
        const rows = yield* beforeTenant(
          "app.upload_grant_hash",
          hash
        )(
          Effect.gen(function* () {
            const [found] = yield* sql<{ org_id: string }>`SELECT org_id FROM upload_grants WHERE token_hash = ${hash}`
            if (found === undefined) return []
            yield* enterTenant(found.org_id)
            return yield* sql<{
              org_id: string
              user_id: string
              kind: FileKind
              entity: AttachmentOwnerKind
              name: string
            }>`
              DELETE FROM upload_grants WHERE token_hash = ${hash} AND org_id = ${found.org_id} AND expires_at > now()
              RETURNING org_id, user_id, kind, entity, name`
          })
        ).pipe(provide, Effect.catchIf(isSqlError, Effect.die))
        return Option.map(Option.fromNullishOr(rows[0]), (row) => ({
          orgId: row.org_id as OrgId,
          userId: row.user_id as UserId,
          kind: row.kind,
          entity: row.entity,
          name: row.name
        }))
      })
    })
  })
)
