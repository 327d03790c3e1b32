import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import type { UserId } from "@tawreed/core/identity"
import { NewNotification, Notifications, Recipient } from "@tawreed/core/notifications"
import type { OrgId } from "@tawreed/core/organisations"
import { unreadCounts } from "../support/EventStream.ts"
import { accounts, database, serve, signIn } from "../support/TestServer.ts"

const subscribe = async (url: string, token: string, signal: AbortSignal) =>
  unreadCounts(await fetch(`${url}/api/notification/stream`, { headers: { authorization: `Bearer ${token}` }, signal }))

describe.runIf(process.env["TEST_DATABASE_URL"])("events across app processes on one PostgreSQL server", () => {
  let first: Awaited<ReturnType<typeof serve>>
  let second: Awaited<ReturnType<typeof serve>>
  let drop: () => Promise<void>

  beforeAll(async () => {
    const db = await database("postgresql")
    drop = db.drop
    first = await serve(db.config)
    second = await serve(db.config, false)
  })
  afterAll(async () => {
    for (const s of [first, second]) {
      s?.server.closeAllConnections()
      s?.server.close()
      await s?.app.dispose()
    }
    await drop?.()
  })

  it("pushes a change made through one process to a user connected to another", async () => {
    // The admin starts with the demo's notices unread (a vendor invitation waiting for her review, a contract ending).
    const token = await signIn(second.url, accounts.admin)
    const controller = new AbortController()
    const next = await subscribe(second.url, token, controller.signal)
    const before = await next()
    expect(before).toBeGreaterThan(0)
    await first.app.runtime.runPromise(
      Effect.gen(function* () {
        const notifications = yield* Notifications
        yield* notifications.notify(
          new Recipient({ orgId: demoOrganisations.buyer.id as OrgId, userId: demoUsers[0].id as UserId }),
          new NewNotification({
            module: "requests",
            type: "REQUEST_WAITING_FOR_APPROVAL",
            documentId: "2001",
            title: { en: "Request 2001 waits for you", ar: "الطلب 2001 بانتظارك" },
            notificationBody: "",
            url: "/requests/2001"
          })
        )
      })
    )
    expect(await next()).toBe(before + 1)
    controller.abort()
  })
})
