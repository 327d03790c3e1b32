import { randomUUID } from "node:crypto"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import type { SqlError } from "effect/sql/SqlError"
import type { Fragment } from "effect/sql/Statement"
import { type NumberedKind, VersionConflict } from "@tawreed/core/shared"
import { takeDocumentNumber } from "./SqlDocumentNumbers.ts"
import { inTenant, isSqlError } from "./Tenancy.ts"

/**
 * What every repository of a document does the same way in SQL (ARCHITECTURE.md, the document kit): run inside the
 * organisation, refuse an id that cannot name a row before it reaches a uuid cast, write at the version read, and
 * insert with the organisation's next document number.
 */

/** Ids are UUIDs here; anything else names nothing (and must not reach a uuid cast). */
export const isUuid = (value: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)

/** A PostgreSQL uuid-array literal of the ids that can be uuids, for a `${...}::uuid[]` parameter. */
export const uuidArray = (ids: ReadonlyArray<string>): string => `{${ids.filter(isUuid).join(",")}}`

/** Reads a jsonb value whichever way the driver hands it over: parsed, or as its text. */
export const json = (value: unknown): unknown => (typeof value === "string" ? JSON.parse(value) : value)

/**
 * A page of a list and the list's total in one statement: the page's query selects `count(*) OVER () AS total`
 * beside its columns, and only a page past the end (no rows at an offset) counts again, by `count` (a statement
 * selecting `count(*) AS n`).
 */
export const pageWithTotal = <Row extends { readonly total: number | string }, E, R>(
  rows: Effect.Effect<ReadonlyArray<Row>, E, R>,
  offset: number,
  count: () => Effect.Effect<ReadonlyArray<{ readonly n: number | string }>, E, R>
): Effect.Effect<{ readonly rows: ReadonlyArray<Row>; readonly totalCount: number }, E, R> =>
  Effect.gen(function* () {
    const page = yield* rows
    if (page[0] !== undefined) return { rows: page, totalCount: Number(page[0].total) }
    if (offset === 0) return { rows: page, totalCount: 0 }
    return { rows: page, totalCount: Number((yield* count())[0]?.n ?? 0) }
  })

/**
 * The tenant scope of a repository: `inOrg(orgId)(work)` runs the work inside the organisation (row-level security
 * shows and accepts only its rows), as a savepoint of the caller's transaction when there is one, with this
 * client; a failure of the database itself becomes a defect, so callers see only their domain's errors.
 */
export const tenantScope =
  (sql: SqlClient.SqlClient) =>
  (orgId: string) =>
  <A, E>(work: Effect.Effect<A, E, SqlClient.SqlClient>) =>
    inTenant(orgId)(work).pipe(
      Effect.provideService(SqlClient.SqlClient, sql),
      Effect.catchIf(isSqlError<E>, Effect.die)
    )

/** The row a versioned write names: its table, the entity's name for a conflict, its organisation and id. */
export interface VersionedRow {
  readonly table: string
  /** How a VersionConflict names the entity (`workspace`, `budget change`). */
  readonly entity: string
  readonly orgId: string
  readonly id: string
  /** The version the writer read; null writes whatever the version is. */
  readonly version: number | null
}

/**
 * Updates one row at the version its writer read (ARCHITECTURE.md, concurrency): `SET` is the columns to change,
 * and the version moves on by one. Some(the `returning` columns, its id by default) when it applied; None when no
 * row has that id (or the id cannot be one); VersionConflict when the row exists at another version.
 */
export const updateAtVersion = <Row extends object = { readonly id: string }>(
  row: VersionedRow,
  set: Fragment,
  returning?: Fragment
): Effect.Effect<Option.Option<Row>, VersionConflict | SqlError, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    if (!isUuid(row.id)) return Option.none<Row>()
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql<Row>`
      UPDATE ${sql(row.table)} SET ${set}, version = version + 1
      WHERE org_id = ${row.orgId} AND id = ${row.id}
        AND (${row.version}::integer IS NULL OR version = ${row.version}::integer)
      RETURNING ${returning ?? sql`id`}`
    if (rows[0] !== undefined) return Option.some(rows[0])
    const exists = yield* sql`SELECT 1 FROM ${sql(row.table)} WHERE org_id = ${row.orgId} AND id = ${row.id}`
    if (exists.length > 0) return yield* new VersionConflict({ entity: row.entity, id: row.id })
    return Option.none<Row>()
  })

/** Reads the document again once its update applied (to assemble it with its children); None stays None. */
export const thenFind =
  <A, E, R>(find: Effect.Effect<Option.Option<A>, E, R>) =>
  <B, E2, R2>(updated: Effect.Effect<Option.Option<B>, E2, R2>): Effect.Effect<Option.Option<A>, E | E2, R | R2> =>
    Effect.flatMap(updated, (row) => (Option.isNone(row) ? Effect.succeed(Option.none<A>()) : find))

/**
 * The row a write keyed by something other than its id came back with (an upsert, an insert that must be the
 * first), or VersionConflict when none did because another writer got there first.
 */
export const returnedAtVersion =
  (entity: string, id: string) =>
  <Row>(rows: ReadonlyArray<Row>): Effect.Effect<Row, VersionConflict> =>
    rows[0] === undefined ? Effect.fail(new VersionConflict({ entity, id })) : Effect.succeed(rows[0])

/**
 * Inserts a numbered document: a new id and the organisation's next number of its kind (`WS-000012`), taken in
 * the caller's transaction so that a rolled-back insert gives its number back. Answers the new id.
 */
export const insertNumbered = <E, R>(
  orgId: string,
  kind: NumberedKind,
  insert: (document: { readonly id: string; readonly number: string }) => Effect.Effect<unknown, E, R>
): Effect.Effect<string, E | SqlError, R | SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const id = randomUUID()
    yield* insert({ id, number: yield* takeDocumentNumber(orgId, kind) })
    return id
  })

/** A column of a document's row as its record fills it: the column, the value and the SQL type it is cast to. */
export type RecordField = readonly [column: string, value: unknown, type: string]

/** What `documentRows` needs of a document's table. */
export interface DocumentTable<Org extends string, Rec, Doc> {
  readonly table: string
  /** The entity a version conflict names. */
  readonly entity: string
  /** The kind whose next number a new row takes. */
  readonly kind: NumberedKind
  /** Every column the record fills (not id, org_id or number), given the document's number. */
  readonly fields: (record: Rec, number: string) => ReadonlyArray<RecordField>
  /** The document as the repository assembles it, inside the organisation. */
  readonly findIn: (orgId: Org, id: string) => Effect.Effect<Option.Option<Doc>, SqlError, SqlClient.SqlClient>
  /** The rows of other tables the record holds (lines, watchers), written after its own row. */
  readonly writeChildren?: (
    orgId: Org,
    id: string,
    record: Rec
  ) => Effect.Effect<unknown, SqlError, SqlClient.SqlClient>
}

/**
 * The writes every numbered document's table shares (requests, orders, vendors): a new row with the organisation's
 * next number, and a change of every column at the version the caller read; each then writes the record's children
 * and reads the document back. Run inside the organisation (`tenantScope`).
 */
export const documentRows = <Org extends string, Rec, Doc>(
  sql: SqlClient.SqlClient,
  table: DocumentTable<Org, Rec, Doc>
) => {
  const cast = (value: unknown, type: string) => sql`${value}::${sql.literal(type)}`
  const children = (orgId: Org, id: string, record: Rec) =>
    table.writeChildren === undefined ? Effect.void : Effect.asVoid(table.writeChildren(orgId, id, record))
  return {
    insert: (orgId: Org, record: Rec) =>
      Effect.gen(function* () {
        const id = yield* insertNumbered(orgId, table.kind, ({ id, number }) => {
          const fields = table.fields(record, number)
          return sql`
            INSERT INTO ${sql(table.table)} (id, org_id, number, ${sql.csv(fields.map(([column]) => sql.literal(column)))})
            VALUES (${id}, ${orgId}, ${number}, ${sql.csv(fields.map(([, value, type]) => cast(value, type)))})`
        })
        yield* children(orgId, id, record)
        return Option.getOrThrow(yield* table.findIn(orgId, id))
      }),
    update: (orgId: Org, id: string, record: Rec, expectedVersion: number) =>
      Effect.gen(function* () {
        const [found] = isUuid(id)
          ? yield* sql<{ number: string }>`
              SELECT number FROM ${sql(table.table)} WHERE org_id = ${orgId} AND id = ${id}`
          : []
        if (found === undefined) return Option.none<Doc>()
        const set = sql.csv(
          table
            .fields(record, found.number)
            .map(([column, value, type]) => sql`${sql.literal(column)} = ${cast(value, type)}`)
        )
        return yield* updateAtVersion(
          { table: table.table, entity: table.entity, orgId, id, version: expectedVersion },
          sql`${set}, updated_at = date_trunc('milliseconds', now())`
        ).pipe(
          Effect.tap((updated) => (Option.isSome(updated) ? children(orgId, id, record) : Effect.void)),
          thenFind(table.findIn(orgId, id))
        )
      })
  }
}
