import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PGlite } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { PGLiteSocketServer } from "@electric-sql/pglite-socket"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Redacted } from "effect"
import type { SqlClient } from "effect/sql"
import { migrate } from "./Migrations.ts"
import { countingFromEnv, countingStream, targetOfUrl } from "./StatementCount.ts"

/** Which engine the app runs on, for `/api/health` and for the parts that differ (the event bus). */
export interface DatabaseInfoShape {
  readonly engine: "pglite" | "postgresql"
}

/** The engine behind the SQL client. */
export class DatabaseInfo extends Context.Service<DatabaseInfo, DatabaseInfoShape>()(
  "@tawreed/adapters/storage/DatabaseInfo"
) {}

/** The embedded engine itself, for taking a snapshot of a migrated database. */
export class EmbeddedDatabase extends Context.Service<EmbeddedDatabase, { readonly dump: Effect.Effect<Blob> }>()(
  "@tawreed/adapters/storage/EmbeddedDatabase"
) {}

/** Where the data lives: a PostgreSQL server, or PGlite embedded in the process. */
export type DatabaseConfig =
  | { readonly engine: "postgresql"; readonly url: string; readonly maxConnections?: number }
  | {
      readonly engine: "pglite"
      /** A folder to keep the database in; none keeps it in memory. */
      readonly dataDir?: string
      /** A `dumpDataDir` snapshot to start from instead of running initdb. */
      readonly snapshot?: Blob
    }

/** Starts PGlite and serves it on a private Unix socket, so the one PostgreSQL driver can talk to it. */
const pgliteSocket = (options: { readonly dataDir?: string; readonly snapshot?: Blob }) =>
  Effect.gen(function* () {
    const db = yield* Effect.acquireRelease(
      Effect.promise(() =>
        PGlite.create(options.dataDir ?? "memory://", {
          ...(options.snapshot ? { loadDataDir: options.snapshot } : {}),
          // The catalog search's trigram index (migration 0023).
          extensions: { pg_trgm }
        })
      ),
      (db) => Effect.promise(() => db.close()).pipe(Effect.ignore)
    )
    const folder = yield* Effect.acquireRelease(
      Effect.sync(() => mkdtempSync(join(tmpdir(), "tawreed-pglite-"))),
      (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true }))
    )
    const path = join(folder, ".s.PGSQL.5432")
    // The pool holds one connection (PGlite runs one session). The server admits a few, so that the connection that
    // replaces a dropped one (a request cut short mid-query) is not refused while the dropped one is still closing.
    const server = new PGLiteSocketServer({ db, path, maxConnections: 4 })
    yield* Effect.acquireRelease(
      Effect.promise(() => server.start()),
      () => Effect.promise(() => server.stop()).pipe(Effect.ignore)
    )
    return { db, path }
  })

/** With `TAWREED_SQL_COUNT=on`, connections to a server that count what each request sends (StatementCount.ts). */
const serverStream = (url: string) => {
  const target = countingFromEnv() ? targetOfUrl(url) : undefined
  return target === undefined ? {} : { stream: countingStream(target) }
}

/** The SQL client for a configuration, with migrations applied. */
export const layer = (
  config: DatabaseConfig
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient | DatabaseInfo | EmbeddedDatabase, unknown> => {
  const client: Layer.Layer<PgClient.PgClient | SqlClient.SqlClient | EmbeddedDatabase, unknown> =
    config.engine === "postgresql"
      ? Layer.merge(
          PgClient.layer({
            url: Redacted.make(config.url),
            maxConnections: config.maxConnections ?? 10,
            ...serverStream(config.url)
          }),
          Layer.succeed(EmbeddedDatabase, { dump: Effect.die("a PostgreSQL server is not embedded") })
        )
      : Layer.unwrap(
          Effect.map(pgliteSocket(config), ({ db, path }) =>
            Layer.merge(
              // PGlite serves one connection at a time, so the pool holds exactly one.
              PgClient.layer({
                path,
                username: "postgres",
                database: "postgres",
                maxConnections: 1,
                minConnections: 1,
                ...(countingFromEnv() ? { stream: countingStream({ path }) } : {})
              }),
              Layer.succeed(EmbeddedDatabase, { dump: Effect.promise(() => db.dumpDataDir("none")) })
            )
          )
        )
  const migrated = Layer.effectDiscard(migrate).pipe(Layer.provideMerge(client))
  return Layer.merge(migrated, Layer.succeed(DatabaseInfo, { engine: config.engine }))
}

/** Reads the configuration from the environment: `DATABASE_URL` for a server, else PGlite under `DATA_DIR`. */
export const configFromEnv = (env: Record<string, string | undefined> = process.env): DatabaseConfig => {
  const url = env["DATABASE_URL"]
  if (url !== undefined && url.length > 0) return { engine: "postgresql", url }
  return { engine: "pglite", dataDir: env["DATA_DIR"] ?? "./data" }
}
