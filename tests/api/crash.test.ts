import { type ChildProcess, spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createInterface } from "node:readline"
import { Effect, type Layer } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Database from "@tawreed/adapters/storage/Database"
import * as DemoData from "@tawreed/adapters/storage/DemoData"
import * as App from "@tawreed/adapters/App"
import type { DatabaseConfig } from "@tawreed/adapters/storage/Database"
import * as TestDatabase from "@tawreed/adapters/testing/TestDatabase"
import { accounts, engines, signIn } from "../support/TestServer.ts"
import { idempotentDocuments, sendTogether } from "../support/IdempotentDocuments.ts"

/** Requests per document and per kill: enough that some are inside their transaction when the process dies. */
const perDocument = 24
/** Kills, each after this share of its burst has been answered. */
const kills = [0.25, 0.5, 0.75]

interface Sent {
  readonly document: string
  readonly tag: string
  readonly key: string
  readonly method: string
  readonly path: string
  readonly body: unknown
  /** The answer that reached the client before the kill, if one did. */
  answer?: { readonly status: number; readonly body: unknown }
}

const documents = idempotentDocuments(DemoData.demoBudget.id)

const serverScript = new URL("../support/ServerProcess.ts", import.meta.url).pathname

/** Starts the app as a child process on the database the environment names, and waits until it serves. */
const startProcess = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; url: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [serverScript], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"]
    })
    child.once("exit", (code) => reject(new Error(`the app process ended with ${code} before it served`)))
    createInterface({ input: child.stdout! }).on("line", (line) => {
      if (line.startsWith("listening ")) resolve({ child, url: line.slice("listening ".length) })
    })
  })

const ended = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())
  )

/** How many answers of each status (and catalogue code) there were. */
const answers = (all: ReadonlyArray<{ readonly status: number; readonly body: unknown }>) =>
  Object.fromEntries(
    Array.from(
      Map.groupBy(all, ({ status, body }) =>
        [status, (body as { error?: { code?: string } } | undefined)?.error?.code].filter(Boolean).join(" ")
      ),
      ([answer, those]) => [answer, those.length]
    )
  )

const send = async (url: string, token: string, sent: Sent) => {
  const response = await fetch(`${url}${sent.path}`, {
    method: sent.method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": sent.key },
    body: JSON.stringify(sent.body)
  })
  const text = await response.text()
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) }
}

for (const engine of engines()) {
  describe(`idempotent writes survive the server's death on ${engine}`, () => {
    let env: Record<string, string>
    let storage: Layer.Layer<SqlClient.SqlClient, unknown>
    let cleanUp: () => Promise<void>

    beforeAll(async () => {
      let config: DatabaseConfig
      if (engine === "pglite") {
        const dataDir = mkdtempSync(join(tmpdir(), "tawreed-crash-"))
        config = { engine, dataDir }
        env = { DATA_DIR: dataDir, DATABASE_URL: "" }
        cleanUp = async () => rmSync(dataDir, { recursive: true, force: true })
      } else {
        const created = await TestDatabase.createDatabase(process.env["TEST_DATABASE_URL"]!)
        config = { engine, url: created.url, maxConnections: 2 }
        env = { DATABASE_URL: created.url }
        cleanUp = created.drop
      }
      storage = Database.layer(config)
      // The demo data, readied for bursts, before the app's own process opens the database.
      const app = App.start(config, {}, {})
      await app.runtime.runPromise(
        Effect.gen(function* () {
          yield* DemoData.load
          const sql = yield* SqlClient.SqlClient
          for (const document of documents) yield* document.prepare?.(sql) ?? Effect.void
        }).pipe(Effect.orDie)
      )
      await app.dispose()
    })

    afterAll(async () => {
      await cleanUp()
    })

    it("answers every retried key with its write's one committed answer, after kills in the middle of bursts", async () => {
      const sent: Array<Sent> = []
      let running = await startProcess(env)
      const token = await signIn(running.url, accounts.admin)
      for (const [round, share] of kills.entries()) {
        // A server quick enough to answer the whole burst before the kill lands is killed earlier in a new burst,
        // so that every round ends with writes cut off in the middle.
        let interrupted = false
        for (let attempt = 0; attempt < 4 && !interrupted; attempt++) {
          const burst = documents.flatMap((document) =>
            Array.from({ length: perDocument }, (_, index): Sent => {
              const tag = `crash-${round}-${attempt}-${index}-${crypto.randomUUID().slice(0, 8)}`
              return { document: document.name, tag, key: crypto.randomUUID(), ...document.request(tag) }
            })
          )
          sent.push(...burst)
          const { child, url } = running
          let answered = 0
          const killAt = Math.max(1, Math.floor((burst.length * share) / 2 ** attempt))
          await sendTogether(burst, (request) =>
            send(url, token, request).then((answer) => {
              request.answer = answer
              if (++answered === killAt) child.kill("SIGKILL")
            })
          )
          await ended(child)
          interrupted = answered < burst.length
          running = await startProcess(env)
        }
        expect(interrupted).toBe(true)
      }

      const retried = new Map<Sent, { readonly status: number; readonly body: unknown }>()
      await sendTogether(sent, async (request) => {
        retried.set(request, await send(running.url, token, request))
      })
      const retries = sent.map((request) => retried.get(request) ?? { status: 0, body: undefined })
      running.child.kill("SIGTERM")
      await ended(running.child)

      const counts = await Effect.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          return yield* Effect.forEach(sent, (request) => {
            const document = documents.find((d) => d.name === request.document)!
            return Effect.orDie(document.count(sql, request.tag))
          })
        }).pipe(Effect.provide(storage), Effect.scoped)
      )

      const figures = documents.map((document) => {
        const mine = sent.flatMap((request, index) =>
          request.document === document.name ? [{ request, retry: retries[index]!, count: counts[index]! }] : []
        )
        return {
          document: document.name,
          sent: mine.length,
          answeredBeforeKill: answers(
            mine.flatMap(({ request }) => (request.answer === undefined ? [] : [request.answer]))
          ),
          retries: answers(mine.map(({ retry }) => retry)),
          retriesDifferentFromFirstAnswer: mine.filter(
            ({ request, retry }) =>
              request.answer?.status === 200 && JSON.stringify(retry.body) !== JSON.stringify(request.answer.body)
          ).length,
          writesMissing: mine.filter(({ count }) => count === 0).length,
          writesDuplicated: mine.filter(({ count }) => count > 1).length
        }
      })
      console.info(`crash and retry on ${engine}:`, JSON.stringify(figures))

      sent.forEach((request, index) => {
        const retry = retries[index]!
        const what = `${request.document} ${request.tag}`
        expect([what, retry.status]).toEqual([what, 200])
        if (request.answer?.status === 200) expect([what, retry.body]).toEqual([what, request.answer.body])
        expect([what, counts[index]]).toEqual([what, 1])
      })
    }, 600_000)
  })
}
