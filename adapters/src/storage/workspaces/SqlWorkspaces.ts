import { randomUUID } from "node:crypto"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { ApproverDirectory } from "@tawreed/core/approvals"
import type { OrgId } from "@tawreed/core/organisations"
import {
  Address,
  ClassificationCount,
  ContactInfo,
  Location,
  type LocationStatus,
  type LocationType,
  type Membership,
  type WorkspaceMember,
  Workspace,
  WorkspaceConfig,
  type WorkspaceFields,
  WorkspaceMembership,
  WorkspaceNameTaken,
  type WorkspaceQuery,
  WorkspaceRepository,
  type WorkspaceRole,
  WorkspaceStatus,
  WorkspaceStatusCount,
  WorkspaceUser
} from "@tawreed/core/workspaces"
import { textArray } from "../SqlArrays.ts"
import { violates } from "../organisations/SqlOrganisationRepository.ts"
import {
  insertNumbered,
  isUuid,
  json,
  pageWithTotal,
  tenantScope,
  thenFind,
  updateAtVersion,
  uuidArray
} from "../SqlKit.ts"

interface WorkspaceRow {
  readonly id: string
  readonly number: string
  readonly name: string
  readonly code: string | null
  readonly description: string
  readonly remarks: string
  readonly classification: string | null
  readonly start_date: string | null
  readonly end_date: string | null
  readonly currency: string
  readonly status: WorkspaceStatus
  readonly config: unknown
  readonly created_by: string
  readonly requester_id: string
  readonly version: number
  readonly created_at: Date
  readonly updated_at: Date
  /** The workspace's locations (`LocationRow`s) as JSON, or its text. */
  readonly locations: unknown
  /** The workspace's users (`UserRow`s) as JSON, or its text. */
  readonly users: unknown
}

interface LocationRow {
  readonly id: string
  readonly workspace_id: string
  readonly name: string
  readonly status: LocationStatus
  readonly description: string
  readonly address_type: LocationType
  readonly address: unknown
  readonly contact_info: unknown
}

interface UserRow {
  readonly workspace_id: string
  readonly user_id: string
  readonly role: WorkspaceRole
}

/**
 * A workspace's columns over alias `w`, with its locations and users as JSON arrays in their order: a list's page
 * and its workspaces' parts are one statement.
 */
const columns = `w.id, w.number, w.name, w.code, w.description, w.remarks, w.classification,
  to_char(w.start_date, 'YYYY-MM-DD') AS start_date, to_char(w.end_date, 'YYYY-MM-DD') AS end_date, w.currency,
  w.status, w.config, w.created_by, w.requester_id, w.version, w.created_at, w.updated_at,
  (SELECT coalesce(json_agg(json_build_object('id', l.id, 'workspace_id', l.workspace_id, 'name', l.name,
            'status', l.status, 'description', l.description, 'address_type', l.address_type, 'address', l.address,
            'contact_info', l.contact_info) ORDER BY l.position), '[]'::json)
     FROM locations l WHERE l.workspace_id = w.id) AS locations,
  (SELECT coalesce(json_agg(json_build_object('workspace_id', u.workspace_id, 'user_id', u.user_id, 'role', u.role)
            ORDER BY u.position), '[]'::json)
     FROM workspace_users u WHERE u.workspace_id = w.id) AS users`

const decodeConfig = Schema.decodeUnknownSync(WorkspaceConfig)
const decodeAddress = Schema.decodeUnknownSync(Address)
const decodeContact = Schema.decodeUnknownSync(ContactInfo)
const encodeAddress = Schema.encodeSync(Address)
const encodeContact = Schema.encodeSync(ContactInfo)
const encodeConfig = Schema.encodeSync(WorkspaceConfig)

const nameKey = "workspaces_org_name_key"

/**
 * Workspaces, their locations and users, and each user's preferences, in PostgreSQL; each call inside the
 * organisation, joining the caller's transaction as a savepoint when there is one. The same storage answers
 * whose workspaces a user belongs to (the `_w` guard) and who holds a role in one (the approval engine).
 */
export const SqlWorkspaces = Layer.effectContext(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cols = sql.literal(columns)
    const tenant = tenantScope(sql)
    /** A workspace's row, at the version its writer read. */
    const versioned = (orgId: OrgId, id: string, version: number) =>
      ({ table: "workspaces", entity: "workspace", orgId, id, version }) as const

    /** The workspaces of these rows, each with its locations and users, in the rows' order. */
    const assemble = (rows: ReadonlyArray<WorkspaceRow>) =>
      Effect.sync(() =>
        rows.map(
          (row) =>
            new Workspace({
              id: row.id,
              number: row.number,
              name: row.name,
              code: row.code,
              description: row.description,
              remarks: row.remarks,
              classification: row.classification,
              startDate: row.start_date,
              endDate: row.end_date,
              currency: row.currency,
              status: row.status,
              isDefault: false,
              config: decodeConfig(json(row.config)),
              locations: (json(row.locations) as ReadonlyArray<LocationRow>).map(
                (l) =>
                  new Location({
                    id: l.id,
                    name: l.name,
                    status: l.status,
                    description: l.description,
                    workspaceId: l.workspace_id,
                    addressType: l.address_type,
                    address: decodeAddress(json(l.address)),
                    contactInfo: decodeContact(json(l.contact_info))
                  })
              ),
              users: (json(row.users) as ReadonlyArray<UserRow>).map(
                (u) => new WorkspaceUser({ userId: u.user_id, role: u.role })
              ),
              createdBy: row.created_by,
              requesterId: row.requester_id,
              version: Number(row.version),
              createdAt: new Date(row.created_at).toISOString(),
              updatedAt: new Date(row.updated_at).toISOString()
            })
        )
      )

    const findIn = (orgId: OrgId, id: string) =>
      Effect.gen(function* () {
        if (!isUuid(id)) return Option.none<Workspace>()
        const rows =
          yield* sql<WorkspaceRow>`SELECT ${cols} FROM workspaces w WHERE w.org_id = ${orgId} AND w.id = ${id}`
        const [found] = yield* assemble(rows)
        return Option.fromNullishOr(found)
      })

    /** Replaces a workspace's locations and users with the given ones, keeping the ids of locations named. */
    const writeChildren = (orgId: OrgId, workspaceId: string, fields: WorkspaceFields) =>
      Effect.gen(function* () {
        const kept = fields.locations.flatMap((l) => (l.id !== undefined && isUuid(l.id) ? [l.id] : []))
        yield* sql`DELETE FROM locations
                   WHERE org_id = ${orgId} AND workspace_id = ${workspaceId}
                     AND NOT (id = ANY(${uuidArray(kept)}::uuid[]))`
        yield* Effect.forEach(
          fields.locations,
          (l, position) => {
            const id = l.id !== undefined && isUuid(l.id) ? l.id : randomUUID()
            const address = JSON.stringify(encodeAddress(l.address))
            const contact = JSON.stringify(encodeContact(l.contactInfo))
            return sql`
              INSERT INTO locations (id, org_id, workspace_id, position, name, status, description, address_type,
                                     address, contact_info)
              VALUES (${id}, ${orgId}, ${workspaceId}, ${position}, ${l.name}, ${l.status}, ${l.description},
                      ${l.addressType}, ${address}::jsonb, ${contact}::jsonb)
              ON CONFLICT (id) DO UPDATE SET position = excluded.position, name = excluded.name,
                status = excluded.status, description = excluded.description,
                address_type = excluded.address_type, address = excluded.address,
                contact_info = excluded.contact_info
              WHERE locations.workspace_id = excluded.workspace_id`
          },
          { discard: true }
        )
        yield* sql`DELETE FROM workspace_users WHERE org_id = ${orgId} AND workspace_id = ${workspaceId}`
        yield* Effect.forEach(
          fields.users,
          (u, position) =>
            sql`INSERT INTO workspace_users (org_id, workspace_id, user_id, role, position)
                VALUES (${orgId}, ${workspaceId}, ${u.userId}, ${u.role}, ${position})`,
          { discard: true }
        )
      })

    const create = Effect.fn("SqlWorkspaces.create")(function* (
      orgId: OrgId,
      fields: WorkspaceFields,
      status: WorkspaceStatus,
      createdBy: string
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          // In a savepoint: a taken name refuses the workspace (and gives its number back) without ending the caller's
          // transaction.
          const id = yield* sql
            .withTransaction(
              insertNumbered(
                orgId,
                "workspace",
                ({ id, number }) =>
                  sql`
                INSERT INTO workspaces (id, org_id, number, name, code, description, remarks, classification,
                                        start_date, end_date, currency, status, config, created_by, requester_id)
                VALUES (${id}, ${orgId}, ${number}, ${fields.name}, ${fields.code}, ${fields.description},
                        ${fields.remarks}, ${fields.classification}, ${fields.startDate}::date, ${fields.endDate}::date,
                        ${fields.currency}, ${status}, ${JSON.stringify(encodeConfig(fields.config))}::jsonb,
                        ${createdBy}, ${fields.requesterId})`
              )
            )
            .pipe(Effect.catchIf(violates(nameKey), () => Effect.fail(new WorkspaceNameTaken({ name: fields.name }))))
          yield* writeChildren(orgId, id, { ...fields, locations: fields.locations.map(({ id: _id, ...l }) => l) })
          return Option.getOrThrow(yield* findIn(orgId, id))
        })
      )
    })

    const update = Effect.fn("SqlWorkspaces.update")(function* (
      orgId: OrgId,
      id: string,
      fields: WorkspaceFields,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const updated = yield* sql
            .withTransaction(
              updateAtVersion(
                versioned(orgId, id, expectedVersion),
                sql`name = ${fields.name}, code = ${fields.code}, description = ${fields.description},
                remarks = ${fields.remarks}, classification = ${fields.classification},
                start_date = ${fields.startDate}::date, end_date = ${fields.endDate}::date,
                currency = ${fields.currency}, config = ${JSON.stringify(encodeConfig(fields.config))}::jsonb,
                requester_id = ${fields.requesterId}, updated_at = now()`
              )
            )
            .pipe(Effect.catchIf(violates(nameKey), () => Effect.fail(new WorkspaceNameTaken({ name: fields.name }))))
          if (Option.isNone(updated)) return Option.none<Workspace>()
          yield* writeChildren(orgId, id, fields)
          return yield* findIn(orgId, id)
        })
      )
    })

    const setStatus = Effect.fn("SqlWorkspaces.setStatus")(function* (
      orgId: OrgId,
      id: string,
      status: WorkspaceStatus,
      expectedVersion: number
    ) {
      return yield* tenant(orgId)(
        updateAtVersion(versioned(orgId, id, expectedVersion), sql`status = ${status}, updated_at = now()`).pipe(
          thenFind(findIn(orgId, id))
        )
      )
    })

    const remove = Effect.fn("SqlWorkspaces.remove")(function* (orgId: OrgId, id: string) {
      if (!isUuid(id)) return false
      const rows = yield* tenant(orgId)(sql`DELETE FROM workspaces WHERE org_id = ${orgId} AND id = ${id} RETURNING id`)
      return rows.length > 0
    })

    const find = Effect.fn("SqlWorkspaces.find")(function* (orgId: OrgId, id: string) {
      return yield* tenant(orgId)(findIn(orgId, id))
    })

    const nameExists = Effect.fn("SqlWorkspaces.nameExists")(function* (orgId: OrgId, name: string) {
      const rows = yield* tenant(orgId)(
        sql`SELECT 1 FROM workspaces WHERE org_id = ${orgId} AND lower(name) = lower(${name.trim()})`
      )
      return rows.length > 0
    })

    /** The query's filters, leaving out the one a count is taken over. */
    const where = (orgId: OrgId, query: WorkspaceQuery, ignore: "statuses" | "classifications" | null) => {
      const clauses = [sql`w.org_id = ${orgId}`]
      if (query.search !== undefined) {
        clauses.push(
          sql`strpos(lower(w.name || ' ' || coalesce(w.code, '') || ' ' || w.description), lower(${query.search})) > 0`
        )
      }
      if (ignore !== "statuses" && query.statuses !== undefined) {
        clauses.push(sql`w.status = ANY(${textArray(query.statuses)}::text[])`)
      }
      if (ignore !== "classifications" && query.classifications !== undefined) {
        const named = query.classifications.filter((c): c is string => c !== null)
        const unclassified = query.classifications.includes(null)
        clauses.push(
          sql`(w.classification = ANY(${textArray(named)}::text[]) OR (${unclassified} AND w.classification IS NULL))`
        )
      }
      if (query.memberId !== undefined) {
        clauses.push(
          isUuid(query.memberId)
            ? sql`EXISTS (SELECT 1 FROM workspace_users wu WHERE wu.workspace_id = w.id AND wu.user_id = ${query.memberId})`
            : sql`false`
        )
      }
      return sql.and(clauses)
    }

    const list = Effect.fn("SqlWorkspaces.list")(function* (orgId: OrgId, query: WorkspaceQuery) {
      return yield* tenant(orgId)(
        Effect.gen(function* () {
          const { rows, totalCount } = yield* pageWithTotal(
            sql<WorkspaceRow & { total: number | string }>`
              SELECT ${cols}, count(*) OVER () AS total FROM workspaces w WHERE ${where(orgId, query, null)}
              ORDER BY lower(w.name) COLLATE "C", w.id LIMIT ${query.limit} OFFSET ${query.offset}`,
            query.offset,
            () => sql<{ n: number | string }>`SELECT count(*) AS n FROM workspaces w WHERE ${where(orgId, query, null)}`
          )
          return { workspaces: yield* assemble(rows), totalCount }
        })
      )
    })

    const statusCounts = Effect.fn("SqlWorkspaces.statusCounts")(function* (orgId: OrgId, query: WorkspaceQuery) {
      const rows = yield* tenant(orgId)(
        sql<{ status: WorkspaceStatus; n: number | string }>`
          SELECT w.status, count(*) AS n FROM workspaces w WHERE ${where(orgId, query, "statuses")}
          GROUP BY w.status`
      )
      return WorkspaceStatus.literals.map(
        (status) => new WorkspaceStatusCount({ status, count: Number(rows.find((r) => r.status === status)?.n ?? 0) })
      )
    })

    /** Both filters' counts in one statement, each facet under the query's other filters. */
    const filterCounts = Effect.fn("SqlWorkspaces.filterCounts")(function* (orgId: OrgId, query: WorkspaceQuery) {
      const rows = yield* tenant(orgId)(
        sql<{ facet: "status" | "classification"; value: string | null; n: number | string }>`
          SELECT facet, value, n FROM (
            SELECT 'status' AS facet, w.status::text AS value, count(*) AS n
            FROM workspaces w WHERE ${where(orgId, query, "statuses")} GROUP BY w.status
            UNION ALL
            SELECT 'classification', w.classification, count(*)
            FROM workspaces w WHERE ${where(orgId, query, "classifications")} GROUP BY w.classification
          ) f ORDER BY facet, value COLLATE "C" NULLS LAST`
      )
      const statuses = rows.filter((r) => r.facet === "status")
      return {
        statusList: WorkspaceStatus.literals.map(
          (status) =>
            new WorkspaceStatusCount({ status, count: Number(statuses.find((r) => r.value === status)?.n ?? 0) })
        ),
        classificationsList: rows
          .filter((r) => r.facet === "classification")
          .map((r) => new ClassificationCount({ classification: r.value, count: Number(r.n) }))
      }
    })

    /**
     * Counts under a transaction-scoped advisory lock named after the organisation: a second create waits here
     * until the first commits, then counts what it made.
     */
    const countForCreate = Effect.fn("SqlWorkspaces.countForCreate")(function* (orgId: OrgId) {
      const rows = yield* tenant(orgId)(
        Effect.andThen(
          sql`SELECT pg_advisory_xact_lock(hashtextextended(${`workspaces:${orgId}`}, 0))`,
          sql<{ n: number | string }>`SELECT count(*) AS n FROM workspaces WHERE org_id = ${orgId}`
        )
      )
      return Number(rows[0]?.n ?? 0)
    })

    const membershipsOf = Effect.fn("SqlWorkspaces.membershipsOf")(function* (orgId: OrgId, userId: string) {
      if (!isUuid(userId)) return []
      const rows = yield* tenant(orgId)(
        sql<UserRow>`SELECT workspace_id, user_id, role FROM workspace_users
                     WHERE org_id = ${orgId} AND user_id = ${userId} ORDER BY workspace_id`
      )
      return rows.map((r): Membership => ({ workspaceId: r.workspace_id, role: r.role }))
    })

    const members = Effect.fn("SqlWorkspaces.members")(function* (orgId: OrgId, workspaceId: string) {
      if (!isUuid(workspaceId)) return []
      const rows = yield* tenant(orgId)(
        sql<{ user_id: string; role: WorkspaceRole; first_name: string; last_name: string; email: string }>`
          SELECT wu.user_id, wu.role, u.first_name, u.last_name, u.email
          FROM workspace_users wu JOIN users u ON u.id = wu.user_id AND u.org_id = wu.org_id
          WHERE wu.org_id = ${orgId} AND wu.workspace_id = ${workspaceId}
          ORDER BY lower(u.first_name) COLLATE "C", lower(u.last_name) COLLATE "C", lower(u.email) COLLATE "C", wu.user_id`
      )
      return rows.map((r): WorkspaceMember => ({
        userId: r.user_id,
        role: r.role,
        firstName: r.first_name,
        lastName: r.last_name,
        email: r.email
      }))
    })

    const defaultOf = Effect.fn("SqlWorkspaces.defaultOf")(function* (orgId: OrgId, userId: string) {
      if (!isUuid(userId)) return Option.none<string>()
      const rows = yield* tenant(orgId)(
        sql<{ default_workspace_id: string | null }>`
          SELECT default_workspace_id FROM workspace_preferences WHERE org_id = ${orgId} AND user_id = ${userId}`
      )
      return Option.fromNullishOr(rows[0]?.default_workspace_id)
    })

    const setDefault = Effect.fn("SqlWorkspaces.setDefault")(function* (
      orgId: OrgId,
      userId: string,
      workspaceId: string
    ) {
      if (!isUuid(userId) || !isUuid(workspaceId)) return
      yield* tenant(orgId)(
        sql`INSERT INTO workspace_preferences (org_id, user_id, default_workspace_id)
            SELECT ${orgId}, ${userId}, id FROM workspaces WHERE org_id = ${orgId} AND id = ${workspaceId}
            ON CONFLICT (org_id, user_id) DO UPDATE SET default_workspace_id = excluded.default_workspace_id`
      )
    })

    const preferencesOf = Effect.fn("SqlWorkspaces.preferencesOf")(function* (orgId: OrgId, userId: string) {
      if (!isUuid(userId)) return { defaultId: Option.none<string>(), columns: [] }
      const rows = yield* tenant(orgId)(
        sql<{ default_workspace_id: string | null; columns: ReadonlyArray<string> | null }>`
          SELECT default_workspace_id, columns FROM workspace_preferences
          WHERE org_id = ${orgId} AND user_id = ${userId}`
      )
      return { defaultId: Option.fromNullishOr(rows[0]?.default_workspace_id), columns: [...(rows[0]?.columns ?? [])] }
    })

    const saveColumns = Effect.fn("SqlWorkspaces.saveColumns")(function* (
      orgId: OrgId,
      userId: string,
      saved: ReadonlyArray<string>
    ) {
      if (!isUuid(userId)) return
      yield* tenant(orgId)(
        sql`INSERT INTO workspace_preferences (org_id, user_id, columns)
            VALUES (${orgId}, ${userId}, ${textArray(saved)}::text[])
            ON CONFLICT (org_id, user_id) DO UPDATE SET columns = excluded.columns`
      )
    })

    const workspacesOf = Effect.fn("SqlWorkspaces.workspacesOf")(function* (orgId: OrgId, userId: string) {
      return (yield* membershipsOf(orgId, userId)).map((m) => m.workspaceId)
    })

    const exists = Effect.fn("SqlWorkspaces.exists")(function* (orgId: OrgId, workspaceId: string) {
      if (!isUuid(workspaceId)) return false
      const rows = yield* tenant(orgId)(sql`SELECT 1 FROM workspaces WHERE org_id = ${orgId} AND id = ${workspaceId}`)
      return rows.length > 0
    })

    const usersWithRole = Effect.fn("SqlWorkspaces.usersWithRole")(function* (
      orgId: OrgId,
      workspaceId: string | null,
      roleCode: string
    ) {
      if (workspaceId !== null && !isUuid(workspaceId)) return []
      const rows = yield* tenant(orgId)(
        workspaceId === null
          ? sql<{ id: string }>`
              SELECT id FROM users
              WHERE org_id = ${orgId} AND status = 'ACTIVE' AND ${roleCode} = ANY(roles) ORDER BY id`
          : sql<{ id: string }>`
              SELECT u.id FROM workspace_users wu JOIN users u ON u.id = wu.user_id AND u.org_id = wu.org_id
              WHERE wu.org_id = ${orgId} AND wu.workspace_id = ${workspaceId} AND u.status = 'ACTIVE'
                AND (wu.role = ${roleCode} OR ${roleCode} = ANY(u.roles))
              ORDER BY u.id`
      )
      return rows.map((r) => r.id)
    })

    const activeUsers = Effect.fn("SqlWorkspaces.activeUsers")(function* (
      orgId: OrgId,
      userIds: ReadonlyArray<string>
    ) {
      const ids = userIds.filter(isUuid)
      if (ids.length === 0) return []
      const rows = yield* tenant(orgId)(
        sql<{ id: string }>`
          SELECT id FROM users
          WHERE org_id = ${orgId} AND status = 'ACTIVE' AND id = ANY(${uuidArray(ids)}::uuid[])`
      )
      const active = new Set(rows.map((r) => r.id))
      return userIds.filter((id) => active.has(id))
    })

    return Context.make(
      WorkspaceRepository,
      WorkspaceRepository.of({
        create,
        update,
        setStatus,
        remove,
        find,
        nameExists,
        list,
        statusCounts,
        filterCounts,
        countForCreate,
        membershipsOf,
        members,
        defaultOf,
        setDefault,
        preferencesOf,
        saveColumns
      })
    ).pipe(
      Context.add(WorkspaceMembership, WorkspaceMembership.of({ workspacesOf, exists })),
      Context.add(ApproverDirectory, ApproverDirectory.of({ usersWithRole, activeUsers }))
    )
  })
)
