import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import {
  ManagedUser,
  StatusCount,
  UserDirectory,
  type UserId,
  type UserQuery,
  UserStatus
} from "@tawreed/core/identity"
import { EmailTaken, type OrgId } from "@tawreed/core/organisations"
import { textArray } from "../SqlArrays.ts"
import { violates } from "../organisations/SqlOrganisationRepository.ts"
import { pageWithTotal, tenantScope, updateAtVersion } from "../SqlKit.ts"

interface Row {
  readonly id: string
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly phone: string | null
  readonly position: string
  readonly image: string | null
  readonly roles: ReadonlyArray<string>
  readonly status: UserStatus
  readonly email_alerts: boolean
  readonly receive_notifications: boolean
  readonly version: number
  readonly created_at: Date
}

const columns = `id, email, first_name, last_name, phone, position, image, roles, status, email_alerts,
  receive_notifications, version, created_at`

const toUser = (row: Row): ManagedUser =>
  new ManagedUser({
    id: row.id as UserId,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    position: row.position,
    image: row.image,
    roles: [...row.roles],
    status: row.status,
    blocked: row.status === "BLOCKED",
    emailAlerts: row.email_alerts,
    receiveNotifications: row.receive_notifications,
    version: Number(row.version),
    createdAt: new Date(row.created_at).toISOString()
  })

/** The organisation's users in PostgreSQL, each query inside the organisation. */
export const SqlUserDirectory = Layer.effect(
  UserDirectory,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(columns)
    const tenant = tenantScope(sql)
    /** A user's row, at the version its writer read (any version where none is named). */
    const versioned = (orgId: OrgId, id: UserId, version: number | undefined) =>
      ({ table: "users", entity: "user", orgId, id, version: version ?? null }) as const

    const where = (orgId: OrgId, query: UserQuery) => {
      const clauses = [sql`org_id = ${orgId}`]
      if (query.search !== undefined) {
        clauses.push(sql`strpos(lower(first_name || ' ' || last_name || ' ' || email), lower(${query.search})) > 0`)
      }
      if (query.status !== undefined) clauses.push(sql`status = ${query.status}`)
      if (query.roles !== undefined) clauses.push(sql`roles && ${textArray(query.roles)}::text[]`)
      return sql.and(clauses)
    }

    const list = Effect.fn("SqlUserDirectory.list")(function* (orgId: OrgId, query: UserQuery) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const { rows, totalCount } = yield* pageWithTotal(
            sql<Row & { total: number | string }>`
              SELECT ${cols}, count(*) OVER () AS total FROM users WHERE ${where(orgId, query)}
              ORDER BY lower(first_name), lower(last_name), id LIMIT ${query.limit} OFFSET ${query.offset}`,
            query.offset,
            () => sql<{ n: number | string }>`SELECT count(*) AS n FROM users WHERE ${where(orgId, query)}`
          )
          return { users: rows.map(toUser), totalCount }
        })
      )
    })

    const statusCounts = Effect.fn("SqlUserDirectory.statusCounts")(function* (orgId: OrgId, query: UserQuery) {
      const rows = yield* tenant(orgId)(
        sql<{ status: UserStatus; n: number | string }>`
          SELECT status, count(*) AS n FROM users WHERE ${where(orgId, { ...query, status: undefined })}
          GROUP BY status`
      )
      return UserStatus.literals.map(
        (status) => new StatusCount({ status, count: Number(rows.find((r) => r.status === status)?.n ?? 0) })
      )
    })

    const find = Effect.fn("SqlUserDirectory.find")(function* (orgId: OrgId, id: UserId) {
      const rows = yield* tenant(orgId)(sql<Row>`SELECT ${cols} FROM users WHERE org_id = ${orgId} AND id = ${id}`)
      return Option.map(Option.fromNullishOr(rows[0]), toUser)
    })

    const create = Effect.fn("SqlUserDirectory.create")(function* (
      orgId: OrgId,
      users: ReadonlyArray<ManagedUser>,
      passwordHash: string
    ) {
      return yield* tenant(orgId)(
        // Each insert in a savepoint: a taken email refuses its user and leaves the caller's transaction usable.
        Effect.forEach(users, (u) =>
          sql
            .withTransaction(
              sql<Row>`
            INSERT INTO users (id, org_id, email, first_name, last_name, phone, position, image, roles, status,
                               email_alerts, receive_notifications, password_hash)
            VALUES (${u.id}, ${orgId}, ${u.email}, ${u.firstName}, ${u.lastName}, ${u.phone}, ${u.position},
                    ${u.image}, ${textArray(u.roles)}::text[], ${u.status}, ${u.emailAlerts},
                    ${u.receiveNotifications}, ${passwordHash})
            RETURNING ${cols}`
            )
            .pipe(
              Effect.map((rows) => toUser(rows[0]!)),
              Effect.catchIf(violates("users_email_key"), () => Effect.fail(new EmailTaken())),
              Effect.catchIf(violates("users_phone_key"), () => Effect.fail(new EmailTaken()))
            )
        )
      )
    })

    const update = Effect.fn("SqlUserDirectory.update")(function* (
      orgId: OrgId,
      u: ManagedUser,
      expectedVersion: number
    ) {
      const updated = yield* tenant(orgId)(
        sql
          .withTransaction(
            updateAtVersion<Row>(
              versioned(orgId, u.id, expectedVersion),
              sql`email = ${u.email}, first_name = ${u.firstName}, last_name = ${u.lastName}, phone = ${u.phone},
              position = ${u.position}, image = ${u.image}, roles = ${textArray(u.roles)}::text[],
              email_alerts = ${u.emailAlerts}, receive_notifications = ${u.receiveNotifications}`,
              cols
            )
          )
          .pipe(
            Effect.catchIf(violates("users_email_key"), () => Effect.fail(new EmailTaken())),
            Effect.catchIf(violates("users_phone_key"), () => Effect.fail(new EmailTaken()))
          )
      )
      return Option.map(updated, toUser)
    })

    const setStatus = Effect.fn("SqlUserDirectory.setStatus")(function* (
      orgId: OrgId,
      id: UserId,
      status: UserStatus,
      expectedVersion?: number
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const updated = yield* updateAtVersion<Row>(
            versioned(orgId, id, expectedVersion),
            sql`status = ${status},
                failed_logins = CASE WHEN ${status} = 'ACTIVE' THEN 0 ELSE failed_logins END,
                locked_until = CASE WHEN ${status} = 'ACTIVE' THEN NULL ELSE locked_until END`,
            cols
          )
          if (Option.isSome(updated) && status !== "ACTIVE") {
            yield* sql`UPDATE sessions SET revoked_at = now()
                       WHERE org_id = ${orgId} AND user_id = ${id} AND revoked_at IS NULL`
          }
          return Option.map(updated, toUser)
        })
      )
    })

    const remove = Effect.fn("SqlUserDirectory.remove")(function* (orgId: OrgId, id: UserId) {
      const rows = yield* tenant(orgId)(sql`DELETE FROM users WHERE org_id = ${orgId} AND id = ${id} RETURNING id`)
      return rows.length > 0
    })

    return UserDirectory.of({ list, statusCounts, find, create, update, setStatus, remove })
  })
)
