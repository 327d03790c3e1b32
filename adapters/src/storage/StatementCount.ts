import { AsyncLocalStorage } from "node:async_hooks"
import { connect, type Socket } from "node:net"
import type { Duplex } from "node:stream"

/**
 * What one unit of work (an HTTP request) asked of the database, read off the wire: `statements` run (transaction
 * control aside), `roundTrips` (writes the client then waited on: the driver pipelines statements sent in the same
 * tick into one), `transactions` begun, `savepoints` taken inside them, and `policySettings` (statements that set
 * the role and the settings row-level security reads, with `set_config`).
 */
export interface StatementCount {
  statements: number
  roundTrips: number
  transactions: number
  savepoints: number
  policySettings: number
  /** The statements' text, in order (transaction control included), when the count was asked to keep them. */
  readonly texts?: Array<string>
}

// One store per process, even when a bundle (the site's server build) holds its own copy of this module.
const key = Symbol.for("@tawreed/adapters/storage/StatementCount")
const registry = globalThis as typeof globalThis & { [key]?: AsyncLocalStorage<StatementCount> }
const current = (registry[key] ??= new AsyncLocalStorage<StatementCount>())

/**
 * Whether the database connections count what they send (`TAWREED_SQL_COUNT=on`, or `texts` to log each
 * statement's text too): for benchmarks and tests.
 */
export const countingFromEnv = (env: Record<string, string | undefined> = process.env): boolean =>
  env["TAWREED_SQL_COUNT"] === "on" || env["TAWREED_SQL_COUNT"] === "texts"

const emptyCount = (keepTexts: boolean): StatementCount => ({
  statements: 0,
  roundTrips: 0,
  transactions: 0,
  savepoints: 0,
  policySettings: 0,
  ...(keepTexts ? { texts: [] } : {})
})

/**
 * Runs work with a count of its own: whatever the work sends on a counting connection, in its async context, is
 * added to the count it answers. Work run beside other work can lend or borrow statements in the driver's shared
 * writes, so a count is exact for work run alone.
 */
export const counting = <A>(
  work: () => A,
  keepTexts = false
): { readonly count: StatementCount; readonly result: A } => {
  const count = emptyCount(keepTexts)
  return { count, result: current.run(count, work) }
}

/** Counts a promise's work; the count is complete once the promise settles. */
export const countPromise = async <A>(
  work: () => Promise<A>,
  keepTexts = false
): Promise<{ readonly count: StatementCount; readonly result: A }> => {
  const { count, result } = counting(work, keepTexts)
  return { count, result: await result }
}

/** One line for a log: `12 statements, 13 round trips, 1 transaction, 0 savepoints, 1 policy setting`. */
export const describeCount = (count: StatementCount): string => {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  return [
    plural(count.statements, "statement", "statements"),
    plural(count.roundTrips, "round trip", "round trips"),
    plural(count.transactions, "transaction", "transactions"),
    plural(count.savepoints, "savepoint", "savepoints"),
    plural(count.policySettings, "policy setting", "policy settings")
  ].join(", ")
}

const control = /^\s*(BEGIN|START\s+TRANSACTION|COMMIT|END|ROLLBACK|SAVEPOINT|RELEASE)\b/i

const tally = (count: StatementCount, text: string) => {
  count.texts?.push(text)
  if (/^\s*(BEGIN|START\s+TRANSACTION)\b/i.test(text)) count.transactions++
  else if (/^\s*SAVEPOINT\b/i.test(text)) count.savepoints++
  if (!control.test(text)) count.statements++
  if (/\bset_config\(/i.test(text)) count.policySettings++
}

const cString = (buffer: Buffer, at: number): readonly [string, number] => {
  const end = buffer.indexOf(0, at)
  return end < 0 ? ["", buffer.length] : [buffer.toString("utf8", at, end), end + 1]
}

/**
 * Reads the frontend messages of one write: Parse names a statement's text, Bind picks the statement the next
 * Execute runs, a simple Query runs its text; a write ending in Sync or a Query is one round trip. Prepared
 * statements are remembered per connection, since a statement prepared for one request is run again by others.
 */
const reader = () => {
  const prepared = new Map<string, string>()
  let bound = ""
  return (chunk: Buffer, count: StatementCount | undefined) => {
    let at = 0
    let waits = false
    // Before the startup message is answered, writes carry no type byte (their first byte is a length's zero).
    while (at + 5 <= chunk.length && chunk[at] !== 0) {
      const type = String.fromCharCode(chunk[at]!)
      const length = chunk.readInt32BE(at + 1)
      const body = at + 5
      if (type === "P") {
        const [name, next] = cString(chunk, body)
        const [text] = cString(chunk, next)
        prepared.set(name, text)
      } else if (type === "B") {
        const [, next] = cString(chunk, body)
        const [name] = cString(chunk, next)
        bound = prepared.get(name) ?? ""
      } else if (type === "E") {
        if (count) tally(count, bound)
      } else if (type === "Q") {
        if (count) tally(count, cString(chunk, body)[0])
        waits = true
      } else if (type === "S") {
        waits = true
      }
      at += 1 + length
    }
    if (waits && count) count.roundTrips++
  }
}

/** Where a counting connection connects: a server's host and port, or a Unix socket's path. */
export type CountingTarget = { readonly path: string } | { readonly host: string; readonly port: number }

/** The server's address in a `postgres://` URL, for a counting connection (undefined when it needs TLS). */
export const targetOfUrl = (url: string): CountingTarget | undefined => {
  const parsed = new URL(url)
  const ssl = parsed.searchParams.get("sslmode")
  if (ssl !== null && ssl !== "disable" && ssl !== "prefer") return undefined
  const host = decodeURIComponent(parsed.hostname || "localhost")
  const port = Number(parsed.port || 5432)
  return host.startsWith("/") ? { path: `${host}/.s.PGSQL.${port}` } : { host, port }
}

/**
 * A connection for the driver's `stream` option that counts, for the work whose async context writes to it, the
 * statements, round trips and transactions it sends.
 */
export const countingStream =
  (target: CountingTarget): (() => Duplex) =>
  () => {
    const socket: Socket = "path" in target ? connect({ path: target.path }) : connect({ ...target, noDelay: true })
    const read = reader()
    const write = socket.write.bind(socket) as (...args: Array<unknown>) => boolean
    socket.write = ((chunk: unknown, ...rest: Array<unknown>) => {
      if (Buffer.isBuffer(chunk) || chunk instanceof Uint8Array) {
        read(
          Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length),
          current.getStore()
        )
      }
      return write(chunk, ...rest)
    }) as Socket["write"]
    return socket
  }
