import { Effect, Layer, ManagedRuntime, Ref } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { InsufficientPrivileges } from "@tawreed/core/access"
import { BudgetNotFound } from "@tawreed/core/budgets"
import { Actor, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { NewNotification, Notifications, Recipient } from "@tawreed/core/notifications"
import { type AuditEvent, AuditLog, EventBus, messageFor, Transactions } from "@tawreed/core/shared"
import { MemoryIdempotencyKeys, MemoryNotificationRepository } from "@tawreed/core/testing"
import { translator } from "../i18n/index.ts"
import { goTo, type PageAstro, type PageSpec, runPage } from "./page.ts"

const actor = new Actor({
  sessionId: "s-1",
  userId: "5a1e0000-0000-4000-8000-000000000001" as UserId,
  orgId: "0b0b0000-0000-4000-8000-000000000001" as OrgId,
  email: "buyer@buyer.tawreed.test",
  displayName: "Omar",
  roles: ["org_basic_user"],
  privileges: []
})
const audited: Array<AuditEvent> = []
const runtime = ManagedRuntime.make(
  Layer.mergeAll(
    MemoryIdempotencyKeys,
    Transactions.layerPassThrough,
    // The shell's unread count, read in the page's transaction.
    Notifications.layer.pipe(Layer.provide(Layer.merge(MemoryNotificationRepository, EventBus.layerInProcess))),
    Layer.succeed(AuditLog, AuditLog.of({ record: (event) => Effect.sync(() => void audited.push(event)) }))
  )
)
afterAll(() => runtime.dispose())

/** A page request as Astro hands it to a page: a post of `fields`, or a read. */
const visit = (fields?: Record<string, string>) => {
  const url = new URL("http://site.test/en/budgets/create")
  const body = new FormData()
  for (const [name, value] of Object.entries(fields ?? {})) body.set(name, value)
  const cookies = new Map<string, string>()
  const astro = {
    locals: {
      actor,
      runtime,
      locale: "en",
      t: translator("en"),
      client: { address: "203.0.113.7", https: false }
    },
    request: new Request(url, fields === undefined ? {} : { method: "POST", body }),
    url,
    cookies: {
      set: (name: string, value: string) => void cookies.set(name, value),
      get: (name: string) => (cookies.has(name) ? { value: cookies.get(name)! } : undefined),
      delete: (name: string) => void cookies.delete(name)
    },
    response: { status: 200 },
    redirect: (to: string, status?: number) => new Response(null, { status: status ?? 302, headers: { location: to } }),
    rewrite: (to: Request) => Promise.resolve(new Response(`rewritten to ${new URL(to.url).pathname}`, { status: 404 }))
  }
  return { astro, cookies, run: <A>(spec: PageSpec<A>) => runPage(astro as unknown as PageAstro, spec) }
}

describe("runPage", () => {
  it("runs a keyed post's write once, and sends every retry of it where the first went, with its toast", async () => {
    const writes = Ref.makeUnsafe(0)
    const spec: PageSpec<undefined> = {
      form: (data) =>
        Effect.map(
          Ref.updateAndGet(writes, (n) => n + 1),
          (n) => goTo(`/en/budgets/${n}`, `Made ${data.get("name")}`)
        )
    }
    const key = crypto.randomUUID()
    const answers = await Promise.all(
      [1, 2, 3].map(async () => {
        const { run, cookies } = visit({ name: "Travel", idempotencyKey: key })
        const answer = await run(spec)
        return [answer instanceof Response ? answer.headers.get("location") : "rendered", cookies.get("tawreed-toast")]
      })
    )
    expect(answers).toEqual(
      [1, 2, 3].map(() => ["/en/budgets/1", JSON.stringify({ kind: "success", message: "Made Travel" })])
    )
    expect(Ref.getUnsafe(writes)).toBe(1)
    // A form rendered again carries a new key: its post is a write of its own.
    await visit({ name: "Travel", idempotencyKey: crypto.randomUUID() }).run(spec)
    expect(Ref.getUnsafe(writes)).toBe(2)
  })

  it("audits a refused write as the API does, answers its status and message, and keeps the form as posted", async () => {
    const { run, astro } = visit({ name: "Travel" })
    const page = await run({
      form: () => Effect.fail(new InsufficientPrivileges({ required: ["bdg_c_o"] })),
      load: () => Effect.succeed("the page's data")
    })
    if (page instanceof Response) throw new Error("a refused post shows the page again")
    expect([astro.response.status, page.failure, page.data, page.posted?.get("name")]).toEqual([
      403,
      messageFor("E3002", "en"),
      "the page's data",
      "Travel"
    ])
    expect(audited.at(-1)).toMatchObject({
      orgId: actor.orgId,
      actorId: actor.userId,
      event: "access.refused",
      address: "203.0.113.7",
      detail: { method: "POST", path: "/en/budgets/create", reason: "InsufficientPrivileges" }
    })
  })

  it("shows page-not-found for a record that does not exist, and a read's other failure with its status", async () => {
    const missing = await visit().run({ load: () => Effect.fail(new BudgetNotFound({ id: "b-1" })) })
    expect(missing instanceof Response && [missing.status, await missing.text()]).toEqual([
      404,
      "rewritten to /en/page-not-found"
    ])
    const before = audited.length
    const { run, astro } = visit()
    const refused = await run({ load: () => Effect.fail(new InsufficientPrivileges({ required: ["bdg_r_o"] })) })
    if (refused instanceof Response) throw new Error("a refused read shows the page with its message")
    expect([astro.response.status, refused.refused, refused.data]).toEqual([403, messageFor("E3002", "en"), undefined])
    expect(audited.slice(before).map((e) => e.detail["method"])).toEqual(["GET"])
  })

  it("shows the form again, as posted, for a post that only changes the form", async () => {
    const page = await visit({ intent: "add-line", name: "Travel" }).run({ form: () => undefined })
    if (page instanceof Response) throw new Error("a change of the form itself writes nothing")
    expect([page.failure, page.posted?.get("intent")]).toEqual([undefined, "add-line"])
  })

  it("reads the shell's unread count with the page's data, for the shell to show", async () => {
    await runtime.runPromise(
      Effect.flatMap(Effect.service(Notifications), (notifications) =>
        notifications.notify(
          new Recipient({ orgId: actor.orgId, userId: actor.userId }),
          new NewNotification({
            module: "budgets",
            type: "BUDGET_WAITING_FOR_APPROVAL",
            documentId: "b-1",
            title: { en: "A budget waits for you", ar: "ميزانية بانتظارك" },
            notificationBody: "",
            url: "/budgets/details/b-1"
          })
        )
      )
    )
    const { run, astro } = visit()
    const page = await run({ load: () => Effect.succeed("read") })
    if (page instanceof Response) throw new Error("a read shows the page")
    expect([page.data, (astro.locals as { unread?: number }).unread]).toEqual(["read", 1])
  })
})
