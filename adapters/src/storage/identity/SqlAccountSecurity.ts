import { Duration, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  AccountSecurity,
  Invitation,
  type InvitationView,
  lockDuration,
  SecurityCode,
  type SecurityCodePurpose,
  type UserId
} from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { beforeTenant, enterTenant, inTenant } from "../Tenancy.ts"

interface CodeRow {
  readonly id: string
  readonly org_id: string
  readonly user_id: string
  readonly purpose: SecurityCodePurpose
  readonly platform: "web" | "mobile"
  readonly code_hash: string | null
  readonly attempts: number
  readonly sends: number
  readonly verified_at: Date | null
  readonly sent_at: Date | null
  readonly expires_at: Date
}

const toCode = (row: CodeRow) =>
  new SecurityCode({
    id: row.id,
    orgId: row.org_id as OrgId,
    userId: row.user_id as UserId,
    purpose: row.purpose,
    platform: row.platform,
    codeHash: row.code_hash,
    attempts: Number(row.attempts),
    sends: Number(row.sends),
    verifiedAt: row.verified_at === null ? null : new Date(row.verified_at),
    sentAt: row.sent_at === null ? null : new Date(row.sent_at),
    expiresAt: new Date(row.expires_at)
  })

/** Account security state in PostgreSQL, inside each account's organisation. */
export const SqlAccountSecurity = Layer.effect(
  AccountSecurity,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const tenant = <A>(orgId: string, work: Effect.Effect<A, unknown, never>) =>
      inTenant(orgId)(Effect.orDie(work)).pipe(Effect.provideService(SqlClient.SqlClient, sql))

    return AccountSecurity.of({
      claimSignInAttempt: (orgId, userId, at) =>
        tenant(
          orgId,
          Effect.gen(function* () {
            // The update locks the row until commit: a concurrent claim waits, then re-reads the lock set here.
            const [row] = yield* sql<{ failed_logins: number }>`
              UPDATE users SET failed_logins = failed_logins + 1
              WHERE org_id = ${orgId} AND id = ${userId} AND (locked_until IS NULL OR locked_until <= ${at})
              RETURNING failed_logins`
            if (row === undefined) return false
            const lock = Duration.toMillis(lockDuration(Number(row.failed_logins)))
            if (lock > 0) {
              yield* sql`UPDATE users SET locked_until = ${new Date(at.getTime() + lock)}
                         WHERE org_id = ${orgId} AND id = ${userId}`
            }
            return true
          })
        ),
      recordSignIn: (orgId, userId) =>
        tenant(
          orgId,
          Effect.asVoid(
            sql`UPDATE users SET failed_logins = 0, locked_until = NULL
                WHERE org_id = ${orgId} AND id = ${userId} AND (failed_logins <> 0 OR locked_until IS NOT NULL)`
          )
        ),
      setPassword: (orgId, userId, passwordHash, now) =>
        tenant(
          orgId,
          Effect.asVoid(
            sql`UPDATE users SET password_hash = ${passwordHash}, password_changed_at = ${now}, failed_logins = 0,
                  locked_until = NULL, version = version + 1
                WHERE org_id = ${orgId} AND id = ${userId}`
          )
        ),
      saveCode: (code) =>
        tenant(
          code.orgId,
          Effect.gen(function* () {
            yield* sql`UPDATE security_codes SET used_at = now()
                       WHERE org_id = ${code.orgId} AND user_id = ${code.userId} AND purpose = ${code.purpose}
                         AND used_at IS NULL`
            yield* sql`INSERT INTO security_codes
                         (id, org_id, user_id, purpose, platform, code_hash, attempts, sends, verified_at, sent_at, expires_at)
                       VALUES (${code.id}, ${code.orgId}, ${code.userId}, ${code.purpose}, ${code.platform},
                               ${code.codeHash}, ${code.attempts}, ${code.sends}, ${code.verifiedAt}, ${code.sentAt},
                               ${code.expiresAt})`
          })
        ),
      openCode: (orgId, userId, purpose) =>
        tenant(
          orgId,
          Effect.map(
            sql<CodeRow>`
              SELECT id, org_id, user_id, purpose, platform, code_hash, attempts, sends, verified_at, sent_at, expires_at
              FROM security_codes
              WHERE org_id = ${orgId} AND user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL
              ORDER BY created_at DESC LIMIT 1`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), toCode)
          )
        ),
      claimCodeSend: (orgId, id, send) =>
        tenant(
          orgId,
          Effect.map(
            sql<{ id: string }>`
              UPDATE security_codes SET code_hash = ${send.codeHash}, attempts = 0, sends = sends + 1,
                     sent_at = ${send.at}, expires_at = ${send.expiresAt}
              WHERE org_id = ${orgId} AND id = ${id} AND used_at IS NULL AND sends < ${send.maxSends}
                AND (sent_at IS NULL OR sent_at < ${send.sentBefore})
              RETURNING id`,
            (rows) => rows.length > 0
          )
        ),
      claimCodeAttempt: (orgId, id, maxAttempts) =>
        tenant(
          orgId,
          Effect.map(
            sql<{ attempts: number }>`
              UPDATE security_codes SET attempts = attempts + 1
              WHERE org_id = ${orgId} AND id = ${id} AND used_at IS NULL AND attempts < ${maxAttempts}
              RETURNING attempts`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), (row) => Number(row.attempts))
          )
        ),
      markCodeVerified: (orgId, id, at) =>
        tenant(
          orgId,
          Effect.asVoid(sql`UPDATE security_codes SET verified_at = ${at} WHERE org_id = ${orgId} AND id = ${id}`)
        ),
      closeCode: (orgId, id) =>
        tenant(
          orgId,
          Effect.map(
            sql<{ id: string }>`UPDATE security_codes SET used_at = now()
                                WHERE org_id = ${orgId} AND id = ${id} AND used_at IS NULL RETURNING id`,
            (rows) => rows.length > 0
          )
        ),
      createInvitation: (invitation, tokenHash) =>
        tenant(
          invitation.orgId,
          Effect.asVoid(
            sql`INSERT INTO invitations (id, org_id, user_id, token_hash, expires_at)
                VALUES (${invitation.id}, ${invitation.orgId}, ${invitation.userId}, ${tokenHash}, ${invitation.expiresAt})`
          )
        ),
      findInvitation: (tokenHash) =>
        beforeTenant(
          "app.invitation_token_hash",
          tokenHash
        )(
          Effect.gen(function* () {
            const [row] = yield* sql<{
              id: string
              org_id: string
              user_id: string
              expires_at: Date
              used_at: Date | null
            }>`
              SELECT id, org_id, user_id, expires_at, used_at FROM invitations WHERE token_hash = ${tokenHash}`
            if (row === undefined) return Option.none<InvitationView>()
            yield* enterTenant(row.org_id)
            const [who] = yield* sql<{ email: string; org_name: string }>`
              SELECT u.email, o.name AS org_name FROM users u JOIN organisations o ON o.id = u.org_id
              WHERE u.org_id = ${row.org_id} AND u.id = ${row.user_id}`
            return Option.some<InvitationView>({
              invitation: new Invitation({
                id: row.id,
                orgId: row.org_id as OrgId,
                userId: row.user_id as UserId,
                expiresAt: new Date(row.expires_at),
                usedAt: row.used_at === null ? null : new Date(row.used_at)
              }),
              orgName: who?.org_name ?? "",
              email: who?.email ?? ""
            })
          }).pipe(Effect.orDie)
        ).pipe(Effect.provideService(SqlClient.SqlClient, sql)),
      useInvitation: (orgId, id, now) =>
        tenant(
          orgId,
          Effect.map(
            sql<{ id: string }>`UPDATE invitations SET used_at = ${now}
                                WHERE org_id = ${orgId} AND id = ${id} AND used_at IS NULL RETURNING id`,
            (rows) => rows.length > 0
          )
        )
    })
  })
)
