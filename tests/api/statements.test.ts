import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"
import { accounts, engines } from "../support/TestServer.ts"

/**
 * What one request of each benchmarked route asks of the database, counted on the wire by the site itself
 * (TAWREED_SQL_COUNT=on): a ceiling per route, once the session, settings and memberships are read (the cache
 * keeps them for the whole suite here, so nothing depends on time). A change that adds a transaction, a savepoint
 * or a statement to a route fails here, with the route's count in the message.
 */
const root = new URL("../..", import.meta.url).pathname
const budgetPath = "/en/budgets/details/0b0e0000-0000-4000-8004-000000000001"

interface Count {
  readonly statements: number
  readonly transactions: number
  readonly savepoints: number
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0))
    })
  })

const ceilings: ReadonlyArray<readonly [string, string, "bearer" | "cookie" | "admin", Count]> = [
  [
    "the notification list",
    "/api/notification?page=0&limit=10",
    "bearer",
    { statements: 2, transactions: 1, savepoints: 0 }
  ],
  [
    "the workspaces list (JSON)",
    "/api/workspaces?page=0&limit=10",
    "bearer",
    { statements: 4, transactions: 1, savepoints: 0 }
  ],
  // A signed-in page is one transaction: its reads and the shell's unread count (server/page.ts).
  ["the signed-in shell alone (help)", "/en/help", "cookie", { statements: 2, transactions: 1, savepoints: 0 }],
  ["the action board", "/en/actionboard", "cookie", { statements: 4, transactions: 1, savepoints: 0 }],
  ["the workspaces list", "/en/workspaces", "cookie", { statements: 5, transactions: 1, savepoints: 0 }],
  ["a budget's page", budgetPath, "admin", { statements: 7, transactions: 1, savepoints: 0 }],
  ["the requests list", "/en/requests/requests", "cookie", { statements: 6, transactions: 1, savepoints: 0 }],
  ["the users list", "/en/settings/users", "admin", { statements: 5, transactions: 1, savepoints: 0 }],
  ["the vendors list", "/en/vendors", "admin", { statements: 4, transactions: 1, savepoints: 0 }],
  // The catalogs page: the own, public and member catalogs with their counts, the carts and the pending invitations.
  ["the catalogs", "/en/catalogs", "cookie", { statements: 7, transactions: 1, savepoints: 0 }],
  ["a product search", "/en/products?searchString=paper", "cookie", { statements: 7, transactions: 1, savepoints: 0 }],
  ["the products admin", "/en/products-admin", "admin", { statements: 4, transactions: 1, savepoints: 0 }],
  ["the roles", "/en/settings/roles", "admin", { statements: 3, transactions: 1, savepoints: 0 }],
  ["the outbox", "/en/settings/outbox", "admin", { statements: 4, transactions: 1, savepoints: 0 }],
  // A document's page reads its document, approval and workspace once, whatever asks (PageReads.ts); {request} and
  // {order} are the first the buyer's lists show, {catalog} the first of the catalogs.
  ["a request's page", "/en/requests/{request}", "cookie", { statements: 14, transactions: 1, savepoints: 0 }],
  ["an order's page", "/en/orders/{order}", "cookie", { statements: 15, transactions: 1, savepoints: 0 }],
  ["a catalog's page", "/en/catalogs/{catalog}", "cookie", { statements: 8, transactions: 1, savepoints: 0 }],
  ["the catalogs admin", "/en/catalogs-admin", "admin", { statements: 9, transactions: 1, savepoints: 0 }]
]

for (const engine of engines()) {
  describe(`statements per request on ${engine}`, () => {
    let child: ChildProcess
    let origin = ""
    let dataDir: string | undefined
    let drop: () => Promise<void> = async () => undefined
    const counted: Array<string> = []

    beforeAll(async () => {
      if (!existsSync(join(root, "web/dist/server/entry.mjs"))) {
        const built = spawnSync(join(root, "web/node_modules/.bin/astro"), ["build"], { cwd: join(root, "web") })
        if (built.status !== 0) throw new Error("the site did not build")
      }
      const env: Record<string, string> = {}
      if (engine === "pglite") {
        dataDir = mkdtempSync(join(tmpdir(), "tawreed-statements-"))
        env["DATA_DIR"] = dataDir
        env["DATABASE_URL"] = ""
      } else {
        const created = await TestDatabase.createDatabase(process.env["TEST_DATABASE_URL"]!)
        drop = created.drop
        Object.assign(env, { DATABASE_URL: created.url, DEMO_DATA: "load" })
      }
      const port = await freePort()
      origin = `http://127.0.0.1:${port}`
      child = spawn(process.execPath, [join(root, "web/server.mjs")], {
        env: {
          ...process.env,
          ...env,
          PORT: String(port),
          HOST: "127.0.0.1",
          TAWREED_SQL_COUNT: "on",
          TAWREED_ACCESS_CACHE_MS: "600000"
        },
        stdio: ["ignore", "ignore", "pipe"]
      })
      let partial = ""
      child.stderr?.setEncoding("utf8")
      child.stderr?.on("data", (chunk: string) => {
        const lines = (partial + chunk).split("\n")
        partial = lines.pop() ?? ""
        counted.push(...lines.filter((line) => line.startsWith("[sql] ")))
      })
      for (let i = 0; i < 600; i++) {
        if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`)
        const up = await fetch(`${origin}/api/health`).then(
          (r) => r.ok,
          () => false
        )
        if (up) return
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      throw new Error("the site did not answer")
    })
    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve))
        child.kill("SIGTERM")
        await exited
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true })
      await drop()
    })

    const signIn = async (email: string) => {
      const response = await fetch(`${origin}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: accounts.password, platform: "web" })
      })
      return ((await response.json()) as { accessToken: string }).accessToken
    }

    /** The count of the last of three requests sent one at a time, once its line is logged. */
    const countOf = async (path: string, headers: Record<string, string>): Promise<Count & { line: string }> => {
      const before = counted.length
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${origin}${path}`, { headers, redirect: "manual" })
        await response.text()
        expect(response.status, path).toBe(200)
      }
      while (counted.length < before + 3) await new Promise((resolve) => setTimeout(resolve, 10))
      const line = counted[before + 2] ?? ""
      const figure = (what: string) => Number(new RegExp(`(\\d+) ${what}`).exec(line)?.[1] ?? Number.NaN)
      return {
        line,
        statements: figure("statements?"),
        transactions: figure("transactions?"),
        savepoints: figure("savepoints?")
      }
    }

    it("keeps each benchmarked route within its statements, transactions and savepoints", async () => {
      const buyer = await signIn(accounts.buyer)
      const admin = await signIn(accounts.admin)
      const headers = {
        bearer: { authorization: `Bearer ${buyer}` },
        cookie: { cookie: `tawreed_session=${buyer}` },
        admin: { cookie: `tawreed_session=${admin}` }
      }
      const firstOf = async (list: string, pattern: RegExp) => {
        const page = await (await fetch(`${origin}${list}`, { headers: headers.cookie })).text()
        const id = pattern.exec(page)?.[1]
        expect(id, list).toBeDefined()
        return id ?? ""
      }
      const ids: Record<string, string> = {
        request: await firstOf("/en/requests/requests", /href="\/en\/requests\/([0-9a-f-]{36})"/),
        order: await firstOf("/en/orders/orders", /href="\/en\/orders\/([0-9a-f-]{36})"/),
        catalog: await firstOf("/en/catalogs", /href="\/en\/catalogs\/([0-9a-f-]{36})"/)
      }
      for (const [name, template, who, ceiling] of ceilings) {
        const path = template.replace(/\{(\w+)\}/g, (_, key: string) => ids[key] ?? key)
        const { line, ...count } = await countOf(path, headers[who])
        expect(count.statements, `${name}: ${line}`).toBeLessThanOrEqual(ceiling.statements)
        expect(count.transactions, `${name}: ${line}`).toBeLessThanOrEqual(ceiling.transactions)
        expect(count.savepoints, `${name}: ${line}`).toBeLessThanOrEqual(ceiling.savepoints)
      }
    })
  })
}
