import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import { latestMigration } from "@tawreed/adapters/storage/Migrations"
import type { UserId } from "@tawreed/core/identity"
import { NewNotification, Notifications, Recipient } from "@tawreed/core/notifications"
import type { OrgId } from "@tawreed/core/organisations"
import { withoutIsolates } from "@tawreed/core/shared"
import { unreadCounts } from "../support/EventStream.ts"
import { accounts, engines, signIn, start, type TestServer } from "../support/TestServer.ts"

interface Answer {
  readonly status: number
  readonly body: any
  readonly text: string
}

const call = async (
  server: TestServer,
  method: string,
  path: string,
  options: { token?: string; language?: string; body?: string; headers?: Record<string, string> } = {}
): Promise<Answer> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token) headers["authorization"] = `Bearer ${options.token}`
  if (options.language) headers["language"] = options.language
  if (options.body !== undefined) headers["content-type"] = "application/json"
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: options.body } : {})
  })
  const text = await response.text()
  let body: unknown = undefined
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined
  } catch {
    body = undefined
  }
  return { status: response.status, body, text }
}

const expectError = (answer: Answer, status: number, code: string, message?: string) => {
  expect(answer.status).toBe(status)
  expect(answer.body?.error?.code).toBe(code)
  expect(typeof answer.body?.error?.message).toBe("string")
  // What a reader sees: the isolates around the message's values are invisible.
  if (message !== undefined) expect(withoutIsolates(answer.body.error.message)).toBe(message)
}

for (const engine of engines()) {
  describe(`notifications API on ${engine}`, () => {
    let server: TestServer
    let buyer: string
    let approver: string
    let vendor: string

    beforeAll(async () => {
      server = await start(engine)
      buyer = await signIn(server.url, accounts.buyer)
      approver = await signIn(server.url, accounts.approver)
      vendor = await signIn(server.url, accounts.vendor)
    })
    afterAll(() => server?.close())

    it("reports health with the engine and the migration version", async () => {
      const answer = await call(server, "GET", "/api/health")
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ status: "ok", engine, migration: latestMigration })
    })

    it("signs in with the login response of the spec", async () => {
      const answer = await call(server, "POST", "/api/auth/login", {
        body: JSON.stringify({
          email: ` ${accounts.buyer.toUpperCase()} `,
          password: accounts.password,
          platform: "mobile"
        })
      })
      expect(answer.status).toBe(200)
      expect(Object.keys(answer.body).sort()).toEqual([
        "accessToken",
        "accountSecurityMessage",
        "dashboardToken",
        "mfa"
      ])
      expect(answer.body.mfa).toBe(false)
      expect(answer.body.accessToken).not.toBe(answer.body.dashboardToken)
      expect(answer.body.accessToken.length).toBeGreaterThanOrEqual(43)
    })

    it("answers wrong credentials with E1001, the same whether or not the email exists, in the asked language", async () => {
      const wrongPassword = await call(server, "POST", "/api/auth/login", {
        body: JSON.stringify({ email: accounts.buyer, password: "Wrong@2026" })
      })
      const unknownEmail = await call(server, "POST", "/api/auth/login", {
        body: JSON.stringify({ email: "nobody@nowhere.test", password: "Wrong@2026" })
      })
      expectError(wrongPassword, 401, "E1001", "Please check the username and password and try again.")
      expect(unknownEmail.text).toBe(wrongPassword.text)
      const arabic = await call(server, "POST", "/api/auth/login", {
        language: "ar",
        body: JSON.stringify({ email: accounts.buyer, password: "Wrong@2026" })
      })
      expectError(arabic, 401, "E1001", "يرجى التحقق من اسم المستخدم وكلمة المرور والمحاولة مرة أخرى.")
    })

    it("refuses malformed JSON and missing fields with a 400 and a code, never a 500", async () => {
      expectError(await call(server, "POST", "/api/auth/login", { body: "{not json" }), 400, "E2002")
      expectError(
        await call(server, "POST", "/api/auth/login", { body: JSON.stringify({ email: "a@b.test" }) }),
        400,
        "E2006"
      )
      expectError(
        await call(server, "POST", "/api/auth/login", { body: JSON.stringify({ email: "a@b.test", password: 5 }) }),
        400,
        "E2006"
      )
    })

    it("lists a page of notifications, newest first, with the total count", async () => {
      const first = await call(server, "GET", "/api/notification?page=0&limit=10", { token: buyer })
      expect(first.status).toBe(200)
      expect(first.body.count).toBe(12)
      expect(first.body.notifications).toHaveLength(10)
      const ids = first.body.notifications.map((n: { id: number }) => n.id)
      expect([...ids].sort((a, b) => b - a)).toEqual(ids)
      const sample = first.body.notifications[0]
      expect(Object.keys(sample).sort()).toEqual(
        ["createdAt", "documentId", "id", "module", "notificationBody", "status", "title", "type", "url"].sort()
      )
      expect(sample.title.en.length).toBeGreaterThan(0)
      expect(sample.title.ar.length).toBeGreaterThan(0)
      const second = await call(server, "GET", "/api/notification?page=1&limit=10", { token: buyer })
      expect(second.body.notifications).toHaveLength(2)
      const defaults = await call(server, "GET", "/api/notification", { token: buyer })
      expect(defaults.body.notifications).toHaveLength(10)
      for (const limit of [25, 50, 100, 500]) {
        const all = await call(server, "GET", `/api/notification?page=0&limit=${limit}`, { token: buyer })
        expect(all.body.notifications).toHaveLength(12)
      }
    })

    it("refuses a limit outside 10, 25, 50, 100, 500 and a bad page, with catalogue codes", async () => {
      expectError(
        await call(server, "GET", "/api/notification?page=0&limit=7", { token: buyer }),
        400,
        "E2003",
        "Page size must be one of 10, 25, 50, 100, 500."
      )
      expectError(await call(server, "GET", "/api/notification?page=-1", { token: buyer }), 400, "E2004")
      expectError(await call(server, "GET", "/api/notification?page=abc", { token: buyer }), 400, "E2004")
      expectError(await call(server, "GET", "/api/notification?page=1.5", { token: buyer }), 400, "E2004")
      expectError(await call(server, "GET", "/api/notification?limit=ten", { token: buyer }), 400, "E2003")
    })

    it("reads one notification and refuses non-numeric and unknown ids", async () => {
      const list = await call(server, "GET", "/api/notification", { token: buyer })
      const first = list.body.notifications[0]
      const one = await call(server, "GET", `/api/notification/${first.id}`, { token: buyer })
      expect(one.status).toBe(200)
      expect(one.body).toEqual(first)
      expectError(await call(server, "GET", "/api/notification/abc", { token: buyer }), 400, "E2006")
      expectError(await call(server, "GET", "/api/notification/1.5", { token: buyer }), 400, "E2006")
      expectError(await call(server, "GET", "/api/notification/0", { token: buyer }), 400, "E2006")
      expectError(await call(server, "PUT", "/api/notification/read/abc", { token: buyer }), 400, "E2006")
      expectError(
        await call(server, "GET", "/api/notification/987654", { token: buyer, language: "ar" }),
        404,
        "E4002",
        "الإشعار غير موجود."
      )
    })

    it("never shows or changes another user's notification: the same organisation or another answers 404", async () => {
      const list = await call(server, "GET", "/api/notification", { token: buyer })
      const target = list.body.notifications.find((n: { status: string }) => n.status === "UNREAD")
      for (const other of [approver, vendor]) {
        expectError(await call(server, "GET", `/api/notification/${target.id}`, { token: other }), 404, "E4002")
        expectError(await call(server, "PUT", `/api/notification/read/${target.id}`, { token: other }), 404, "E4002")
        expectError(await call(server, "DELETE", `/api/notification/${target.id}`, { token: other }), 404, "E4002")
        const theirs = await call(server, "GET", "/api/notification?limit=500", { token: other })
        expect(theirs.body.notifications.map((n: { id: number }) => n.id)).not.toContain(target.id)
        expect((await call(server, "PUT", "/api/notification/readall", { token: other })).status).toBe(204)
        expect((await call(server, "DELETE", "/api/notification/deleteall", { token: other })).status).toBe(204)
      }
      const still = await call(server, "GET", `/api/notification/${target.id}`, { token: buyer })
      expect(still.body.status).toBe("UNREAD")
      expect((await call(server, "GET", "/api/notification", { token: buyer })).body.count).toBe(12)
    })

    it("refuses a missing or unknown token with 401 E3001", async () => {
      expectError(await call(server, "GET", "/api/notification"), 401, "E3001", "Please sign in to continue.")
      expectError(await call(server, "GET", "/api/notification/countUnRead", { token: "forged" }), 401, "E3001")
      expectError(
        await call(server, "PUT", "/api/notification/readall", { token: "forged", language: "ar" }),
        401,
        "E3001"
      )
    })

    it("answers an unknown API path with 404 E4001", async () => {
      expectError(await call(server, "GET", "/api/no-such-thing", { token: buyer }), 404, "E4001")
    })

    it("counts unread, marks one read, then all read", async () => {
      const count = await call(server, "GET", "/api/notification/countUnRead", { token: buyer })
      expect(count.status).toBe(200)
      expect(count.text).toBe("7")
      const list = await call(server, "GET", "/api/notification", { token: buyer })
      const unread = list.body.notifications.find((n: { status: string }) => n.status === "UNREAD")
      const read = await call(server, "PUT", `/api/notification/read/${unread.id}`, { token: buyer })
      expect(read.status).toBe(204)
      expect((await call(server, "GET", "/api/notification/countUnRead", { token: buyer })).text).toBe("6")
      expect((await call(server, "GET", `/api/notification/${unread.id}`, { token: buyer })).body.status).toBe("READ")
      expect((await call(server, "PUT", `/api/notification/read/${unread.id}`, { token: buyer })).status).toBe(204)
      expect((await call(server, "GET", "/api/notification/countUnRead", { token: buyer })).text).toBe("6")
      expect((await call(server, "PUT", "/api/notification/readall", { token: buyer })).status).toBe(204)
      expect((await call(server, "GET", "/api/notification/countUnRead", { token: buyer })).text).toBe("0")
    })

    it("pushes the unread count over server-sent events when it changes", async () => {
      const admin = await signIn(server.url, accounts.admin)
      const controller = new AbortController()
      const response = await fetch(`${server.url}/api/notification/stream`, {
        headers: { authorization: `Bearer ${admin}` },
        signal: controller.signal
      })
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toContain("text/event-stream")
      const nextCount = unreadCounts(response)
      // The demo leaves the admin two unread notices: the vendor invitation waiting for review, and the demo
      // contract's expiry alert.
      const waiting = await nextCount()
      expect(waiting).toBe(2)
      const notify = Effect.gen(function* () {
        const notifications = yield* Notifications
        return yield* notifications.notify(
          new Recipient({ orgId: demoOrganisations.buyer.id as OrgId, userId: demoUsers[0].id as UserId }),
          new NewNotification({
            module: "orders",
            type: "ORDER_WAITING_FOR_APPROVAL",
            documentId: "9001",
            title: { en: "Order 9001 waits", ar: "الأمر 9001 بانتظارك" },
            notificationBody: "",
            url: "/orders/9001"
          })
        )
      })
      const saved = await server.app.runtime.runPromise(notify)
      expect(await nextCount()).toBe(waiting + 1)
      await call(server, "PUT", `/api/notification/read/${saved.id}`, { token: admin })
      expect(await nextCount()).toBe(waiting)
      controller.abort()
    })

    it("accepts the site's cookie, and refuses a cookie-borne change from another origin", async () => {
      const cookie = { cookie: `tawreed_session=${buyer}` }
      expect((await call(server, "GET", "/api/notification/countUnRead", { headers: cookie })).status).toBe(200)
      expectError(
        await call(server, "PUT", "/api/notification/readall", {
          headers: { ...cookie, origin: "https://evil.example" }
        }),
        403,
        "E3004"
      )
      const host = new URL(server.url).host
      expect(
        (await call(server, "PUT", "/api/notification/readall", { headers: { ...cookie, origin: `http://${host}` } }))
          .status
      ).toBe(204)
    })

    it("deletes one and all of a user's notifications", async () => {
      const list = await call(server, "GET", "/api/notification", { token: buyer })
      const id = list.body.notifications[0].id
      expect((await call(server, "DELETE", `/api/notification/${id}`, { token: buyer })).status).toBe(204)
      expectError(await call(server, "GET", `/api/notification/${id}`, { token: buyer }), 404, "E4002")
      expectError(await call(server, "DELETE", `/api/notification/${id}`, { token: buyer }), 404, "E4002")
      expectError(await call(server, "DELETE", "/api/notification/abc", { token: buyer }), 400, "E2006")
      expect((await call(server, "DELETE", "/api/notification/deleteall", { token: buyer })).status).toBe(204)
      expect((await call(server, "GET", "/api/notification", { token: buyer })).body.count).toBe(0)
    })

    it("ends the session on logout: the old token answers 401", async () => {
      const token = await signIn(server.url, accounts.buyer)
      expect((await call(server, "GET", "/api/notification/countUnRead", { token })).status).toBe(200)
      const out = await call(server, "POST", "/api/auth/logout", {
        token,
        body: JSON.stringify({ platform: "web", fcmToken: null })
      })
      expect(out.status).toBe(204)
      expectError(await call(server, "GET", "/api/notification/countUnRead", { token }), 401, "E3001")
      expectError(await call(server, "POST", "/api/auth/logout", { token }), 401, "E3001")
    })
  })
}
