import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  Actor,
  type Session,
  SessionRepository,
  User,
  type UserCredentials,
  UserRepository
} from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { beforeTenant, enterTenant, inTenant } from "./Tenancy.ts"

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

    const findCredentials = Effect.fn("SqlUserRepository.findCredentials")(function* (email: string) {
      return yield* beforeTenant(
        "app.sign_in_email",
        email
      )(
        Effect.gen(function* () {
          const [row] = yield* sql<UserRow & { password_hash: string }>`
            SELECT ${sql.literal(userColumns)}, password_hash FROM users WHERE lower(email) = ${email}`
          if (row === undefined) return Option.none<UserCredentials>()
          yield* enterTenant(row.org_id)
          const [org] = yield* sql<{ active: boolean }>`SELECT active FROM organisations WHERE id = ${row.org_id}`
          return Option.some<UserCredentials>({
            user: toUser(row),
            passwordHash: row.password_hash,
            orgActive: org?.active === true
          })
        }).pipe(Effect.orDie)
      ).pipe(provide)
    })

    const findById = Effect.fn("SqlUserRepository.findById")(function* (orgId: OrgId, id: string) {
      const rows = yield* inTenant(orgId)(
        sql<UserRow>`SELECT ${sql.literal(userColumns)} FROM users WHERE org_id = ${orgId} AND id = ${id}`.pipe(
          Effect.orDie
        )
      ).pipe(provide)
      return Option.map(Option.fromNullishOr(rows[0]), toUser)
    })

    return UserRepository.of({ findCredentials, findById })
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
      return yield* beforeTenant(
        "app.session_token_hash",
        tokenHash
      )(
        Effect.gen(function* () {
          const [session] = yield* sql<{ id: string; org_id: string; user_id: string }>`
            SELECT id, org_id, user_id FROM sessions
            WHERE token_hash = ${tokenHash} AND revoked_at IS NULL AND expires_at > ${now}`
          if (session === undefined) return Option.none<Actor>()
          yield* enterTenant(session.org_id)
          const [row] = yield* sql<UserRow & { org_active: boolean }>`
            SELECT u.id, u.org_id, u.email, u.first_name, u.last_name, u.status, u.roles, o.active AS org_active
            FROM users u JOIN organisations o ON o.id = u.org_id
            WHERE u.org_id = ${session.org_id} AND u.id = ${session.user_id}`
          if (row === undefined || row.status !== "ACTIVE" || !row.org_active) return Option.none<Actor>()
          const user = toUser(row)
          return Option.some(
            new Actor({
              sessionId: session.id,
              userId: user.id,
              orgId: user.orgId,
              email: user.email,
              displayName: user.displayName,
              roles: user.roles,
              privileges: []
            })
          )
        }).pipe(Effect.orDie)
      ).pipe(provide)
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
