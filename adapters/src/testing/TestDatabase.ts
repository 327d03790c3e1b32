import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import { PgClient } from "@effect/sql-pg"
import { Effect, Layer, Redacted } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "../storage/Database.ts"

/** The environment variable naming the migrated PGlite snapshot the global test setup wrote. */
export const snapshotVariable = "TAWREED_PGLITE_SNAPSHOT"

/** The engines a storage test runs on: PGlite always, the PostgreSQL server when TEST_DATABASE_URL is set. */
export const engines = (): ReadonlyArray<"pglite" | "postgresql"> =>
  process.env["TEST_DATABASE_URL"] ? ["pglite", "postgresql"] : ["pglite"]

/** A fresh database on the server for one test file, dropped when the layer closes. */
const scratchDatabase = (serverUrl: string) =>
  Effect.acquireRelease(
    Effect.gen(function* () {
      const name = `tawreed_test_${randomUUID().replaceAll("-", "")}`
      yield* adminQuery(serverUrl, `CREATE DATABASE ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return { name, url: url.toString() }
    }),
    ({ name }) => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).pipe(Effect.ignore)
  )

const adminQuery = (serverUrl: string, statement: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(statement)
  }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(serverUrl), maxConnections: 1 })), Effect.orDie)

/** Creates the database a URL names on its server unless it is there already (for a benchmark that keeps its data). */
export const ensureDatabase = (url: string): Promise<void> => {
  const server = new URL(url)
  const name = server.pathname.slice(1)
  server.pathname = "/postgres"
  return Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const found = yield* sql<{ n: number }>`SELECT 1 AS n FROM pg_database WHERE datname = ${name}`
      if (found.length === 0) yield* sql.unsafe(`CREATE DATABASE "${name.replaceAll('"', "")}"`)
    }).pipe(Effect.provide(PgClient.layer({ url: Redacted.make(server.toString()), maxConnections: 1 })), Effect.orDie)
  )
}

/** Creates a fresh database on a PostgreSQL server, for a test that runs the whole app on it. */
export const createDatabase = (
  serverUrl: string
): Promise<{ readonly url: string; readonly drop: () => Promise<void> }> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const name = `tawreed_test_${randomUUID().replaceAll("-", "")}`
      yield* adminQuery(serverUrl, `CREATE DATABASE ${name}`)
      const url = new URL(serverUrl)
      url.pathname = `/${name}`
      return {
        url: url.toString(),
        drop: () =>
          Effect.runPromise(adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).pipe(Effect.ignore))
      }
    })
  )

/** The migrated PGlite snapshot of this test run, when the global setup wrote one. */
export const snapshot = (): Blob | undefined => {
  const path = process.env[snapshotVariable]
  return path ? new Blob([readFileSync(path)]) : undefined
}

/**
 * A migrated database for one test file: a copy of the migrated PGlite snapshot (no initdb per file), or a new
 * database on the PostgreSQL server.
 */
export const layer = (engine: "pglite" | "postgresql") => {
  if (engine === "pglite") {
    const blob = snapshot()
    return Database.layer(blob ? { engine: "pglite", snapshot: blob } : { engine: "pglite" })
  }
  return Layer.unwrap(
    Effect.map(scratchDatabase(process.env["TEST_DATABASE_URL"]!), ({ url }) =>
      Database.layer({ engine: "postgresql", url, maxConnections: 4 })
    )
  )
}
