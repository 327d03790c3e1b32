import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  type Actor,
  actorOf,
  type Session,
  SessionRepository,
  User,
  type UserCredentials,
  UserRepository
} from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { beforeTenant, enterTenant, inTenant } from "../Tenancy.ts"

interface UserRow {
  readonly id: string
  readonly org_id: string
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly status: string
  readonly roles: ReadonlyArray<string>
}

const toUser = (row: UserRow): User =>
  new User({
    id: row.id as User["id"],
    orgId: row.org_id as OrgId,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status as User["status"],
    roles: [...row.roles]
  })

const userColumns = "id, org_id, email, first_name, last_name, status, roles"

/** Users in PostgreSQL; sign-in finds one by email through the narrow sign-in lookup policy. */
export const SqlUserRepository = Layer.effect(
  UserRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)

    type CredentialsRow = UserRow & {
      password_hash: string
      org_active: boolean
      org_expires_at: Date | null
      password_max_age_days: number | null
      password_changed_at: Date
      mfa_enabled: boolean
      failed_logins: number
      locked_until: Date | null
    }
    const toCredentials = (row: CredentialsRow): UserCredentials => ({
      user: toUser(row),
      passwordHash: row.password_hash,
      orgActive: row.org_active,
      orgExpiresAt: row.org_expires_at === null ? null : new Date(row.org_expires_at),
      passwordMaxAgeDays: row.password_max_age_days === null ? null : Number(row.password_max_age_days),
      passwordChangedAt: new Date(row.password_changed_at),
      mfaEnabled: row.mfa_enabled,
      failedLogins: Number(row.failed_logins),
      lockedUntil: row.locked_until === null ? null : new Date(row.locked_until)
    })
    const credentialColumns = sql.literal(`u.id, u.org_id, u.email, u.first_name, u.last_name, u.status, u.roles,
      u.password_hash, u.password_changed_at, u.mfa_enabled, u.failed_logins, u.locked_until,
      o.active AS org_active, o.expires_at AS org_expires_at, o.password_max_age_days`)

    const findCredentials = Effect.fn("SqlUserRepository.findCredentials")(function* (email: string) {
      const rows = yield* beforeTenant(
        "app.sign_in_email",
        email
      )(
        sql<CredentialsRow>`
          SELECT ${credentialColumns} FROM users u JOIN organisations o ON o.id = u.org_id
          WHERE lower(u.email) = ${email}`.pipe(Effect.orDie)
      ).pipe(provide)
      return Option.map(Option.fromNullishOr(rows[0]), toCredentials)
    })

    const findCredentialsByPhone = Effect.fn("SqlUserRepository.findCredentialsByPhone")(function* (phone: string) {
      const rows = yield* beforeTenant(
        "app.sign_in_phone",
        phone
      )(
        sql<CredentialsRow>`
          SELECT ${credentialColumns} FROM users u JOIN organisations o ON o.id = u.org_id
          WHERE u.phone = ${phone} AND o.phone_login`.pipe(Effect.orDie)
      ).pipe(provide)
      return Option.map(Option.fromNullishOr(rows[0]), toCredentials)
    })

    const findById = Effect.fn("SqlUserRepository.findById")(function* (orgId: OrgId, id: string) {
      const rows = yield* inTenant(orgId)(
        sql<UserRow>`SELECT ${sql.literal(userColumns)} FROM users WHERE org_id = ${orgId} AND id = ${id}`.pipe(
          Effect.orDie
        )
      ).pipe(provide)
      return Option.map(Option.fromNullishOr(rows[0]), toUser)
    })

    return UserRepository.of({ findCredentials, findCredentialsByPhone, findById })
  })
)

/** Sessions in PostgreSQL; a token's session is found through the narrow session lookup policy. */
export const SqlSessionRepository = Layer.effect(
  SessionRepository,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)

    const create = Effect.fn("SqlSessionRepository.create")(function* (s: Session) {
      yield* inTenant(s.orgId)(
        sql`INSERT INTO sessions (id, org_id, user_id, platform, token_hash, dashboard_token_hash, created_at, expires_at)
            VALUES (${s.id}, ${s.orgId}, ${s.userId}, ${s.platform}, ${s.tokenHash}, ${s.dashboardTokenHash},
                    ${s.createdAt}, ${s.expiresAt})`.pipe(Effect.orDie)
      ).pipe(provide)
    })

    const findActor = Effect.fn("SqlSessionRepository.findActor")(function* (tokenHash: string, now: Date) {
      const rows = yield* beforeTenant(
        "app.session_token_hash",
        tokenHash
      )(
        sql<UserRow & { session_id: string; org_active: boolean; expires_at: Date; custom_roles: unknown }>`
          SELECT s.id AS session_id, s.expires_at, u.id, u.org_id, u.email, u.first_name, u.last_name, u.status, u.roles,
                 o.active AS org_active,
                 (SELECT coalesce(json_agg(json_build_object('code', r.code, 'privileges', r.privileges)), '[]')
                  FROM roles r WHERE r.org_id = s.org_id AND r.code = ANY (u.roles)) AS custom_roles
          FROM sessions s
          JOIN users u ON u.id = s.user_id AND u.org_id = s.org_id
          JOIN organisations o ON o.id = s.org_id
          WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > ${now}`.pipe(Effect.orDie)
      ).pipe(provide)
      const row = rows[0]
      if (row === undefined || row.status !== "ACTIVE" || !row.org_active) return Option.none<Actor>()
      const custom = (typeof row.custom_roles === "string" ? JSON.parse(row.custom_roles) : row.custom_roles) as Array<{
        code: string
        privileges: Array<string>
      }>
      return Option.some(actorOf(toUser(row), row.session_id, new Date(row.expires_at), custom))
    })

    const revoke = Effect.fn("SqlSessionRepository.revoke")(function* (tokenHash: string) {
      yield* beforeTenant(
        "app.session_token_hash",
        tokenHash
      )(
        Effect.gen(function* () {
          const [session] = yield* sql<{ org_id: string }>`SELECT org_id FROM sessions WHERE token_hash = ${tokenHash}`
          if (session === undefined) return
          yield* enterTenant(session.org_id)
          yield* sql`UPDATE sessions SET revoked_at = now() WHERE org_id = ${session.org_id} AND token_hash = ${tokenHash}`
        }).pipe(Effect.orDie)
      ).pipe(provide)
    })

    return SessionRepository.of({ create, findActor, revoke })
  })
)
