// Throughput and p95 latency at 25 concurrent connections, on the embedded engine and on a PostgreSQL server, of
// `GET /api/notification?page=0&limit=10` and of the server-rendered action board, workspaces list and budget page,
// each beside its comparator in the same run: for the JSON route, a bare node:http handler that runs the same SQL with
// the same driver (BareNotifications.ts, the floor); for the pages, a page of the same site that renders the signed-in
// shell and reads no data of its own (the help page: the session, settings and privileges as every page has them,
// and the bell's unread count), and beside it the public network-error page, which renders no shell; and a node:http
// hello world for scale. Each route's line also says what one request of
// it asked of the database (statements, round trips, transactions), counted on the wire by the site itself
// (TAWREED_SQL_COUNT=on, StatementCount.ts) over requests sent one at a time. Then the requests list
// (`GET /api/request`), its first page and page 5,000, once the buyer organisation holds 100,000 requests (copied in
// one SQL statement, RequestSeed.ts). It prints figures; it asserts nothing.
//
//   npm run bench                     (PostgreSQL from BENCH_DATABASE_URL, else the machine's server if it answers)
//   BENCH_SECONDS=20 npm run bench    (longer runs)
//   BENCH_REQUESTS=0 node tests/bench/notifications.ts    (without the 100,000 requests)
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Pool } from "undici"
import type { DatabaseConfig } from "@tawreed/adapters/storage/Database"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"
import { seedRequests } from "./RequestSeed.ts"

const root = new URL("../..", import.meta.url).pathname
const seconds = Number(process.env["BENCH_SECONDS"] ?? 10)
const connections = 25
const requestCount = Number(process.env["BENCH_REQUESTS"] ?? 100_000)
const buyerOrg = "0b0e0000-0000-4000-8000-000000000001"
const serverUrl =
  process.env["BENCH_DATABASE_URL"] ?? process.env["TEST_DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/test"

interface Figures {
  readonly requests: number
  readonly perSecond: number
  readonly p50: number
  readonly p95: number
  readonly errors: number
}

/** Keeps `connections` requests in flight for `seconds`, and measures each. */
const load = async (origin: string, path: string, headers: Record<string, string>): Promise<Figures> => {
  const pool = new Pool(origin, { connections, pipelining: 1 })
  const latencies: Array<number> = []
  let errors = 0
  let until = 0
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now()
      try {
        const response = await pool.request({ method: "GET", path, headers })
        await response.body.dump()
        if (response.statusCode !== 200) errors++
      } catch {
        errors++
      }
      latencies.push(performance.now() - started)
    }
  }
  // Warm up, then measure.
  await Promise.all(
    Array.from({ length: connections }, () => pool.request({ method: "GET", path, headers }).then((r) => r.body.dump()))
  )
  // The window opens once the warm-up is over, however long a slow route took to warm.
  const started = performance.now()
  until = started + seconds * 1000
  await Promise.all(Array.from({ length: connections }, worker))
  const elapsed = (performance.now() - started) / 1000
  await pool.close()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { requests: latencies.length, perSecond: latencies.length / elapsed, p50: at(0.5), p95: at(0.95), errors }
}

const waitFor = async (url: string, child: ChildProcess) => {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${url} did not answer`)
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

const startSite = async (env: Record<string, string>) => {
  const port = await freePort()
  const child = spawn(process.execPath, [join(root, "web/server.mjs")], {
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", TAWREED_SQL_COUNT: "on" },
    stdio: ["ignore", "ignore", "pipe"]
  })
  // The site's per-request database counts (`[sql] GET /path 200: …`) are kept for `countOf`; the rest passes on.
  const counted: Array<string> = []
  let partial = ""
  child.stderr?.setEncoding("utf8")
  child.stderr?.on("data", (chunk: string) => {
    const lines = (partial + chunk).split("\n")
    partial = lines.pop() ?? ""
    for (const line of lines) {
      if (line.startsWith("[sql] ")) {
        if (counting) counted.push(line)
      } else process.stderr.write(`${line}\n`)
    }
  })
  let counting = false
  const origin = `http://127.0.0.1:${port}`
  await waitFor(`${origin}/api/health`, child)
  // Stopping waits for the process to end, so that the embedded engine's files are free to open again.
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  return {
    origin,
    /** What one request of a route asks of the database, once warm: the last of three sent one at a time. */
    countOf: async (path: string, headers: Record<string, string>): Promise<string> => {
      counting = true
      counted.length = 0
      for (let i = 0; i < 3; i++) await (await fetch(`${origin}${path}`, { headers, redirect: "manual" })).text()
      for (let i = 0; i < 100 && counted.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 10))
      counting = false
      const line = counted.at(-1) ?? ""
      return line.slice(line.indexOf(": ") + 2)
    },
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    }
  }
}

/** The bare handler (BareNotifications.ts) in a process of its own, on the database the site has let go. */
const startFloor = async (config: DatabaseConfig, token: string) => {
  const child = spawn(process.execPath, [join(root, "tests/bench/BareNotifications.ts")], {
    env: { ...process.env, BENCH_FLOOR_CONFIG: JSON.stringify(config), BENCH_FLOOR_TOKEN: token },
    stdio: ["ignore", "pipe", "inherit"]
  })
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  const lines: Array<string> = []
  child.stdout?.setEncoding("utf8")
  await new Promise<void>((resolve, reject) => {
    let text = ""
    child.stdout?.on("data", (chunk: string) => {
      text += chunk
      lines.splice(0, lines.length, ...text.split("\n").filter((l) => l !== ""))
      if (lines.length >= 2) resolve()
    })
    child.once("exit", (code) => reject(new Error(`the bare handler exited with ${code}`)))
  })
  return {
    origin: lines[0] ?? "",
    statements: lines[1] ?? "",
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    }
  }
}

const signIn = async (origin: string, email = "buyer@buyer.tawreed.test") => {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Tawreed@2026", platform: "web" })
  })
  return ((await response.json()) as { accessToken: string }).accessToken
}

const serverReachable = async () => {
  const probe = spawnSync("pg_isready", ["-q", "-d", serverUrl])
  return probe.status === 0
}

const helloWorld = async () => {
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "text/plain" })
    res.end("hello world")
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.address()
  const origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`
  const figures = await load(origin, "/", {})
  server.close()
  return figures
}

const row = (name: string, f: Figures, baseline: Figures, statements?: string) =>
  `${name.padEnd(44)} ${f.perSecond.toFixed(0).padStart(8)} req/s  p50 ${f.p50.toFixed(1).padStart(7)} ms  p95 ${f.p95
    .toFixed(1)
    .padStart(7)} ms  ${(f.perSecond / baseline.perSecond).toFixed(3).padStart(6)}× throughput  ${(f.p95 / baseline.p95)
    .toFixed(1)
    .padStart(
      6
    )}× p95  errors ${f.errors}${statements === undefined ? "" : `\n${"".padEnd(46)}per request: ${statements}`}`

if (!existsSync(join(root, "web/dist/server/entry.mjs"))) {
  const build = spawnSync("pnpm", ["--filter", "@tawreed/web", "run", "build"], { cwd: root, stdio: "inherit" })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

// The floor counts its statements as the site does (StatementCount.ts).
process.env["TAWREED_SQL_COUNT"] = "on"
console.log(`Tawreed benchmark: ${connections} connections, ${seconds} s per figure, Node ${process.version}`)
const baseline = await helloWorld()
console.log(row("node:http hello world", baseline, baseline))

interface EngineRun {
  readonly env: Record<string, string>
  /** The same database, for the benchmark's own SQL while the site is stopped. */
  readonly config: DatabaseConfig
  readonly done: () => Promise<void>
}

const engines: Array<{ name: string; env: () => Promise<EngineRun> }> = [
  {
    name: "pglite",
    env: async () => {
      const dir = mkdtempSync(join(tmpdir(), "tawreed-bench-"))
      return {
        env: { DATA_DIR: dir },
        config: { engine: "pglite", dataDir: dir },
        done: async () => rmSync(dir, { recursive: true, force: true })
      }
    }
  }
]
if (await serverReachable()) {
  engines.push({
    name: "postgresql",
    env: async () => {
      const db = await TestDatabase.createDatabase(serverUrl)
      return {
        env: { DATABASE_URL: db.url, DEMO_DATA: "load" },
        config: { engine: "postgresql", url: db.url, maxConnections: 2 },
        done: db.drop
      }
    }
  })
} else {
  console.log(`(no PostgreSQL server answers at ${serverUrl}: the server engine is left out)`)
}

/** Checks once that a list page answers what it should before it is measured: a bench of refusals measures nothing. */
const expectPage = async (origin: string, path: string, headers: Record<string, string>, total: number) => {
  const response = await fetch(`${origin}${path}`, { headers })
  const body = (await response.json()) as { requests?: Array<unknown>; totalCount?: number }
  if (response.status !== 200 || body.requests?.length !== 10 || (body.totalCount ?? 0) < total) {
    throw new Error(`${path} answered ${response.status} with ${body.requests?.length ?? 0} of ${body.totalCount} rows`)
  }
}

/** A route's share of its comparator's throughput, and its p95, for the goals of the closing table. */
const versus = (name: string, f: Figures, comparator: Figures, comparatorName: string) =>
  `  ${name.padEnd(42)} ${((f.perSecond / comparator.perSecond) * 100).toFixed(0).padStart(4)} % of ${comparatorName}'s throughput, p95 ${f.p95.toFixed(1)} ms`

const budgetPath = "/en/budgets/details/0b0e0000-0000-4000-8004-000000000001"

for (const engine of engines) {
  const { env, config, done } = await engine.env()
  let site = await startSite(env)
  try {
    const token = await signIn(site.origin)
    const adminToken = await signIn(site.origin, "admin@buyer.tawreed.test")
    const bearer = { authorization: `Bearer ${token}` }
    const cookie = { cookie: `tawreed_session=${token}` }
    const adminCookie = { cookie: `tawreed_session=${adminToken}` }
    const routes: ReadonlyArray<readonly [string, string, Record<string, string>]> = [
      ["GET /api/notification", "/api/notification?page=0&limit=10", bearer],
      ["GET /en/network-error (Astro, no data)", "/en/network-error", {}],
      ["GET /en/help (signed-in shell, no data)", "/en/help", cookie],
      ["GET /en/actionboard (SSR)", "/en/actionboard", cookie],
      ["GET /en/workspaces (SSR)", "/en/workspaces", cookie],
      ["GET /en/budgets/details/… (SSR)", budgetPath, adminCookie]
    ]
    const statements = new Map<string, string>()
    for (const [name, path, headers] of routes) statements.set(name, await site.countOf(path, headers))
    const figures = new Map<string, Figures>()
    for (const [name, path, headers] of routes) {
      const f = await load(site.origin, path, headers)
      figures.set(name, f)
      console.log(row(`${engine.name}: ${name}`, f, baseline, statements.get(name)))
    }
    // The floor runs on the same database once the site has let it go (the embedded engine's files are its own).
    await site.stop()
    const floorServer = await startFloor(config, token)
    const floor = await load(floorServer.origin, "/api/notification?page=0&limit=10", bearer)
    const floorStatements = floorServer.statements
    await floorServer.stop()
    console.log(row(`${engine.name}: bare node:http, same SQL and driver`, floor, baseline, floorStatements))
    const empty = figures.get("GET /en/network-error (Astro, no data)")!
    const shell = figures.get("GET /en/help (signed-in shell, no data)")!
    console.log(`${engine.name}: against the comparators`)
    console.log(versus("GET /api/notification", figures.get("GET /api/notification")!, floor, "the bare handler"))
    for (const name of ["GET /en/actionboard (SSR)", "GET /en/workspaces (SSR)", "GET /en/budgets/details/… (SSR)"]) {
      console.log(versus(name, figures.get(name)!, shell, "the signed-in shell"))
      console.log(versus("", figures.get(name)!, empty, "the public page"))
    }
    if (requestCount === 0) continue

    // The requests list of an organisation with 100,000 requests; the embedded engine's files are the site's own,
    // so it is stopped while they are filled.
    const started = performance.now()
    const held = await seedRequests(config, buyerOrg, requestCount)
    console.log(
      `${engine.name}: ${held.toLocaleString("en")} requests in the buyer organisation (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`
    )
    site = await startSite(env)
    const deepPage = Math.floor(requestCount / 20)
    for (const [who, email] of [
      ["admin", "admin@buyer.tawreed.test"],
      ["buyer", "buyer@buyer.tawreed.test"]
    ] as const) {
      const headers = { authorization: `Bearer ${await signIn(site.origin, email)}` }
      for (const page of [0, deepPage]) {
        const path = `/api/request?page=${page}&limit=10`
        await expectPage(site.origin, path, headers, requestCount)
        const perRequest = await site.countOf(path, headers)
        console.log(
          row(`${engine.name}: ${path} (${who})`, await load(site.origin, path, headers), baseline, perRequest)
        )
      }
    }
  } finally {
    await site.stop()
    await done()
  }
}
