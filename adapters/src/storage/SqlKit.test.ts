import { assert, describe, it, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import { SqlClient } from "effect/sql"
import { VersionConflict } from "@tawreed/core/shared"
import * as TestDatabase from "../testing/TestDatabase.ts"
import { pageWithTotal, returnedAtVersion, thenFind, updateAtVersion, uuidArray } from "./SqlKit.ts"

const orgId = crypto.randomUUID()

for (const engine of TestDatabase.engines()) {
  layer(TestDatabase.layer(engine), { timeout: 120_000 })(`SqlKit on ${engine}`, (test) => {
    test.effect("updates a row at the version read, answers a conflict once it moved, and nothing for no row", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE kit_notes (id uuid PRIMARY KEY, org_id uuid NOT NULL, body text NOT NULL,
                                           version integer NOT NULL DEFAULT 1)`
        const id = crypto.randomUUID()
        yield* sql`INSERT INTO kit_notes (id, org_id, body) VALUES (${id}, ${orgId}, 'first')`
        const note = (version: number | null, rowId: string = id) =>
          ({ table: "kit_notes", entity: "note", orgId, id: rowId, version }) as const

        const applied = yield* updateAtVersion<{ body: string; version: number }>(
          note(1),
          sql`body = ${"second"}`,
          sql`body, version`
        )
        assert.deepStrictEqual(applied, Option.some({ body: "second", version: 2 }))

        const stale = yield* Effect.flip(updateAtVersion(note(1), sql`body = ${"lost"}`))
        assert.instanceOf(stale, VersionConflict)
        assert.deepStrictEqual([stale.entity, stale.id], ["note", id])

        // Another organisation's row is no row of this one, and neither is an id that cannot be a uuid.
        const elsewhere = { ...note(2), orgId: crypto.randomUUID() }
        assert.isTrue(Option.isNone(yield* updateAtVersion(elsewhere, sql`body = ${"lost"}`)))
        assert.isTrue(Option.isNone(yield* updateAtVersion(note(2, crypto.randomUUID()), sql`body = ${"lost"}`)))
        assert.isTrue(Option.isNone(yield* updateAtVersion(note(2, "1 OR 1=1"), sql`body = ${"lost"}`)))

        // Without a version the write applies whatever the version is; the document is read again after it.
        const read = sql<{ body: string }>`SELECT body FROM kit_notes WHERE id = ${id}`.pipe(
          Effect.map((rows) => Option.fromNullishOr(rows[0]))
        )
        const unversioned = yield* updateAtVersion(note(null), sql`body = ${"third"}`).pipe(thenFind(read))
        assert.deepStrictEqual(unversioned, Option.some({ body: "third" }))
        const [row] = yield* sql<{ version: number }>`SELECT version FROM kit_notes WHERE id = ${id}`
        assert.strictEqual(row?.version, 3)
        yield* sql`DROP TABLE kit_notes`
      }).pipe(Effect.orDie)
    )

    test.effect("reads a page with the list's total in one statement, and counts again only past the end", () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE kit_lines (n integer PRIMARY KEY)`
        yield* sql`INSERT INTO kit_lines SELECT generate_series(1, 12)`
        let counted = 0
        const page = (offset: number, where = sql`true`) =>
          pageWithTotal(
            sql<{ n: number; total: number | string }>`
              SELECT n, count(*) OVER () AS total FROM kit_lines WHERE ${where} ORDER BY n LIMIT 5 OFFSET ${offset}`,
            offset,
            () => {
              counted++
              return sql<{ n: number | string }>`SELECT count(*) AS n FROM kit_lines WHERE ${where}`
            }
          ).pipe(Effect.map(({ rows, totalCount }) => [rows.map((r) => r.n), totalCount]))
        assert.deepStrictEqual(yield* page(0), [[1, 2, 3, 4, 5], 12])
        assert.deepStrictEqual(yield* page(10), [[11, 12], 12])
        assert.strictEqual(counted, 0)
        assert.deepStrictEqual(yield* page(20), [[], 12])
        assert.strictEqual(counted, 1)
        assert.deepStrictEqual(yield* page(0, sql`n > 100`), [[], 0])
        assert.strictEqual(counted, 1)
        yield* sql`DROP TABLE kit_lines`
      }).pipe(Effect.orDie)
    )
  })
}

describe("SqlKit's pure parts", () => {
  it.effect("keeps only uuids in a uuid array, and answers a conflict for an upsert that returned no row", () =>
    Effect.gen(function* () {
      const id = crypto.randomUUID()
      assert.strictEqual(uuidArray([id, "x', 1) --", ""]), `{${id}}`)
      assert.deepStrictEqual(yield* returnedAtVersion("workflow", "w-1")([{ id: "w-1" }]), { id: "w-1" })
      const conflict = yield* Effect.flip(returnedAtVersion("workflow", "w-1")([]))
      assert.deepStrictEqual([conflict._tag, conflict.entity], ["VersionConflict", "workflow"])
    })
  )
})
