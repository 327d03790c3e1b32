import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoBudget } from "@tawreed/adapters/storage/DemoData"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"
import { idempotentDocuments } from "../support/IdempotentDocuments.ts"

/** As many requests with one key as a client's retries and a double-clicking user could send together. */
const together = 64

for (const engine of engines()) {
  describe(`idempotent writes on ${engine}`, () => {
    let server: TestServer
    let token: string
    const documents = idempotentDocuments(demoBudget.id)

    const send = async (request: { method: string; path: string; body: unknown }, key: string) => {
      const response = await fetch(`${server.url}${request.path}`, {
        method: request.method,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "idempotency-key": key },
        body: JSON.stringify(request.body)
      })
      return { status: response.status, body: (await response.json()) as { error?: { code?: string } } }
    }
    const count = (document: (typeof documents)[number], tag: string) =>
      server.app.runtime.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) => document.count(sql, tag)).pipe(Effect.orDie)
      )

    beforeAll(async () => {
      server = await start(engine)
      token = await signIn(server.url, accounts.admin)
      await server.app.runtime.runPromise(
        Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          for (const document of documents) yield* document.prepare?.(sql) ?? Effect.void
        }).pipe(Effect.orDie)
      )
    })

    afterAll(async () => {
      await server.close()
    })

    for (const document of documents) {
      it(`makes one ${document.name} of ${together} concurrent requests with one key, all answered alike`, async () => {
        const tag = `together-${crypto.randomUUID().slice(0, 8)}`
        const key = crypto.randomUUID()
        const answers = await Promise.all(Array.from({ length: together }, () => send(document.request(tag), key)))
        expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
        expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1)
        expect(await count(document, tag)).toBe(1)
      })

      it(`refuses a ${document.name}'s key for another payload or another route`, async () => {
        const key = crypto.randomUUID()
        const tag = `first-${crypto.randomUUID().slice(0, 8)}`
        expect((await send(document.request(tag), key)).status).toBe(200)
        const other = await send(document.request(`other-${crypto.randomUUID().slice(0, 8)}`), key)
        expect([other.status, other.body.error?.code]).toEqual([422, "E6062"])
        const elsewhere = documents.find((d) => d.request(tag).path !== document.request(tag).path)!
        const moved = await send(elsewhere.request(tag), key)
        expect([moved.status, moved.body.error?.code]).toEqual([422, "E6062"])
        expect(await count(document, tag)).toBe(1)
      })
    }
  })
}
