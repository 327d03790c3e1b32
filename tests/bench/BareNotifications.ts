// The floor for `GET /api/notification`: a bare node:http handler that runs the SQL the route needs (the session's
// lookup and the list with its total, as the repositories send them) with the same driver and pool, in one
// transaction as the app role inside the organisation, and answers the page as JSON. No framework, no use case, no
// schema: what is left of a request once everything but its SQL is gone.
import { createHash } from "node:crypto"
import { createServer, type Server } from "node:http"
import { Effect, ManagedRuntime } from "effect"
import { SqlClient } from "effect/sql"
import * as Database from "@tawreed/adapters/storage/Database"
import { countPromise, describeCount } from "@tawreed/adapters/storage/StatementCount"

const columns = "id, module, type, document_id, title_en, title_ar, body, url, status, created_at"

/** Serves the floor on 127.0.0.1 over a database the site has left (PGlite's files open in one process only). */
export const serveBareNotifications = async (
  config: Database.DatabaseConfig
): Promise<{
  readonly origin: string
  /** What one request asks of the database, counted as the site counts its own (the floor counts when it is on). */
  readonly countOf: (token: string) => Promise<string>
  readonly stop: () => Promise<void>
}> => {
  const runtime = ManagedRuntime.make(Database.layer(config))
  await runtime.runPromise(Effect.void)
  const page = (token: string, limit: number, offset: number) =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const hash = createHash("sha256").update(token).digest("hex")
      return yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`SELECT set_config('role', 'tawreed_app', true), set_config('app.session_token_hash', ${hash}, true)`
          const [session] = yield* sql<{ org_id: string; user_id: string }>`
            SELECT s.org_id, s.user_id, u.status, o.active
            FROM sessions s
            JOIN users u ON u.id = s.user_id AND u.org_id = s.org_id
            JOIN organisations o ON o.id = s.org_id
            WHERE s.token_hash = ${hash} AND s.revoked_at IS NULL AND s.expires_at > ${new Date()}`
          if (session === undefined) return undefined
          yield* sql`SELECT set_config('app.org_id', ${session.org_id}, true)`
          const mine = sql`org_id = ${session.org_id} AND user_id = ${session.user_id}`
          const rows = yield* sql<{ total: string }>`
            SELECT t.total, n.* FROM (SELECT count(*) AS total FROM notifications WHERE ${mine}) t
            LEFT JOIN LATERAL (
              SELECT ${sql.literal(columns)} FROM notifications WHERE ${mine}
              ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}
            ) n ON true
            ORDER BY n.id DESC`
          return {
            notifications: rows.filter((r) => "id" in r && r.id !== null),
            totalCount: Number(rows[0]?.total ?? 0)
          }
        })
      )
    }).pipe(Effect.orDie)
  const server: Server = createServer((req, res) => {
    const token = (req.headers.authorization ?? "").replace(/^Bearer /, "")
    const url = new URL(req.url ?? "/", "http://floor")
    const limit = Number(url.searchParams.get("limit") ?? 10)
    const offset = Number(url.searchParams.get("page") ?? 0) * limit
    runtime.runPromise(page(token, limit, offset)).then(
      (body) => {
        res.writeHead(body === undefined ? 401 : 200, { "content-type": "application/json" })
        res.end(JSON.stringify(body ?? { error: { code: "E1001" } }, (_, v) => (typeof v === "bigint" ? String(v) : v)))
      },
      () => {
        res.writeHead(500).end()
      }
    )
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  return {
    origin: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    countOf: async (token) => describeCount((await countPromise(() => runtime.runPromise(page(token, 10, 0)))).count),
    stop: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await runtime.dispose()
    }
  }
}

// Run as a script, it serves the floor in a process of its own, as the site runs in its own: the database
// configuration comes as JSON in BENCH_FLOOR_CONFIG, and it prints its origin, then one request's count for the
// token in BENCH_FLOOR_TOKEN, each on a line of stdout; it stops on SIGTERM.
if (import.meta.main) {
  const floor = await serveBareNotifications(JSON.parse(process.env["BENCH_FLOOR_CONFIG"] ?? "{}"))
  process.stdout.write(`${floor.origin}\n${await floor.countOf(process.env["BENCH_FLOOR_TOKEN"] ?? "")}\n`)
  process.once("SIGTERM", () => void floor.stop().then(() => process.exit(0)))
}
