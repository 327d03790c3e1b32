import type { Server } from "node:http"
import { assert, describe, it } from "@effect/vitest"
import { afterAll, beforeAll } from "vitest"
import { Effect } from "effect"
import * as App from "../App.ts"
import { listen } from "../http/NodeListener.ts"
import * as DemoData from "../storage/DemoData.ts"
import * as TestDatabase from "../testing/TestDatabase.ts"
import {
  ApiFailure,
  ApiUnreachable,
  make,
  TawreedClient,
  type TawreedClientError,
  type TawreedClientOptions
} from "./TawreedClient.ts"

const buyer = "buyer@buyer.tawreed.test"

let app: App.App
let server: Server
let baseUrl: string

beforeAll(async () => {
  const snapshot = TestDatabase.snapshot()
  app = App.start(snapshot ? { engine: "pglite", snapshot } : { engine: "pglite" })
  await app.runtime.runPromise(DemoData.load)
  ;({ server, url: baseUrl } = await listen(app.handleApi))
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await app.dispose()
})

const client = (options: Partial<TawreedClientOptions> = {}) => make({ baseUrl, ...options })

const signIn = Effect.gen(function* () {
  const anonymous = yield* client()
  const { accessToken } = yield* anonymous.login({ email: buyer, password: DemoData.demoPassword, platform: "mobile" })
  return yield* client({ token: accessToken })
})

/** The API's answer to a call that must fail; a call that never reached the API fails the test. */
const refusal = <A>(effect: Effect.Effect<A, TawreedClientError>) =>
  Effect.flatMap(Effect.flip(effect), (error) =>
    error._tag === "ApiFailure" ? Effect.succeed(error) : Effect.die(error)
  )

/** A fetch that answers every request with the same response, to stand in for servers that are not Tawreed. */
const answering =
  (body: string | null, init: ResponseInit): typeof globalThis.fetch =>
  async () =>
    new Response(body, init)

describe("TawreedClient", () => {
  it.effect("signs in and works through the buyer's notifications", () =>
    Effect.gen(function* () {
      const api = yield* signIn
      assert.strictEqual(yield* api.notifications.countUnread(), 7)

      const first = yield* api.notifications.list({ page: 0, limit: 10 })
      assert.strictEqual(first.count, 12)
      assert.strictEqual(first.notifications.length, 10)
      const second = yield* api.notifications.list({ page: 1, limit: 10 })
      assert.strictEqual(second.notifications.length, 2)

      const unread = first.notifications.find((n) => n.status === "UNREAD")!
      yield* api.notifications.read(unread.id)
      assert.strictEqual((yield* api.notifications.get(unread.id)).status, "READ")
      assert.strictEqual(yield* api.notifications.countUnread(), 6)

      yield* api.notifications.readAll()
      assert.strictEqual(yield* api.notifications.countUnread(), 0)

      yield* api.logout()
      const after = yield* refusal(api.notifications.countUnread())
      assert.instanceOf(after, ApiFailure)
      assert.strictEqual(after._tag, "ApiFailure")
      assert.deepStrictEqual({ status: after.status, code: after.code }, { status: 401, code: "E3001" })
    })
  )

  it.effect("decodes a refused sign-in into the catalogue's code and message, in the asked language", () =>
    Effect.gen(function* () {
      const english = yield* refusal((yield* client()).login({ email: buyer, password: "wrong" }))
      assert.deepStrictEqual(
        { status: english.status, code: english.code, message: english.message },
        { status: 401, code: "E1001", message: "Please check the username and password and try again." }
      )
      const arabic = yield* refusal((yield* client({ language: "ar" })).login({ email: buyer, password: "wrong" }))
      assert.strictEqual(arabic.message, "يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى.")
    })
  )

  it.effect("passes the API's validation failures through: a page size outside the list and a missing token", () =>
    Effect.gen(function* () {
      const api = yield* signIn
      const pageSize = yield* refusal(api.notifications.list({ page: 0, limit: 7 }))
      assert.deepStrictEqual({ status: pageSize.status, code: pageSize.code }, { status: 400, code: "E2003" })
      assert.include(pageSize.message, "10, 25, 50, 100, 500")

      const missing = yield* refusal(api.notifications.get(999_999))
      assert.deepStrictEqual({ status: missing.status, code: missing.code }, { status: 404, code: "E4002" })

      const anonymous = yield* refusal((yield* client()).notifications.countUnread())
      assert.deepStrictEqual({ status: anonymous.status, code: anonymous.code }, { status: 401, code: "E3001" })
    })
  )

  it.effect("sends every request through the fetch it was given", () =>
    Effect.gen(function* () {
      const seen: Array<string> = []
      const counting: typeof globalThis.fetch = (input, init) => {
        seen.push(`${init?.method ?? "GET"} ${String(input)}`)
        return globalThis.fetch(input, init)
      }
      const health = yield* (yield* client({ fetch: counting })).health()
      assert.strictEqual(health.engine, "pglite")
      assert.deepStrictEqual(seen, [`GET ${baseUrl}/api/health`])
    })
  )

  it.effect("reports a server that does not answer as unreachable, apart from failures the API answers", () =>
    Effect.gen(function* () {
      const closed = yield* Effect.promise(() => listen(async () => new Response(null)))
      yield* Effect.promise(() => new Promise((resolve) => closed.server.close(resolve)))
      const error = yield* Effect.flip((yield* make({ baseUrl: closed.url })).health())
      assert.instanceOf(error, ApiUnreachable)
      assert.strictEqual(error.url, closed.url)
      assert.match(error.detail, /ECONNREFUSED/)
    })
  )

  it.live("gives up after the timeout as unreachable", () =>
    Effect.gen(function* () {
      const hanging: typeof globalThis.fetch = (_input, init) =>
        new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))))
      const error = yield* Effect.flip((yield* client({ fetch: hanging, timeout: "50 millis" })).health())
      assert.instanceOf(error, ApiUnreachable)
    })
  )

  it.effect("answers the unexpected-error code when a reply is not Tawreed's", () =>
    Effect.gen(function* () {
      const html = yield* refusal(
        (yield* client({
          fetch: answering("<html>", { status: 200, headers: { "content-type": "text/html" } })
        })).health()
      )
      assert.deepStrictEqual({ _tag: html._tag, code: html.code }, { _tag: "ApiFailure", code: "E9001" })

      const crashed = yield* refusal(
        (yield* client({ fetch: answering("oops", { status: 500 }), language: "ar" })).notifications.countUnread()
      )
      assert.deepStrictEqual(
        { _tag: crashed._tag, status: crashed.status, code: crashed.code, message: crashed.message },
        {
          _tag: "ApiFailure",
          status: 500,
          code: "E9001",
          message: "حدث خطأ غير متوقع. يرجى المحاولة مرة أخرى لاحقًا."
        }
      )
    })
  )

  it.effect("is provided as a layer", () =>
    Effect.gen(function* () {
      const api = yield* TawreedClient
      assert.strictEqual(api.baseUrl, baseUrl)
      assert.strictEqual((yield* api.health()).status, "ok")
    }).pipe(Effect.provide(TawreedClient.layer({ baseUrl: `${baseUrl}/` })))
  )
})
