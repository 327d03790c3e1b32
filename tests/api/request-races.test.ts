import { Effect, Exit, Option } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AppServices } from "@tawreed/adapters/App"
import { demoOrganisations, demoUsers } from "@tawreed/adapters/storage/DemoData"
import { inTenant } from "@tawreed/adapters/storage/Tenancy"
import { privilegesOfRoles } from "@tawreed/core/access"
import { BudgetRepository } from "@tawreed/core/budgets"
import { Actor, type UserId } from "@tawreed/core/identity"
import type { OrgId } from "@tawreed/core/organisations"
import { NewRequestInput, type Request, RequestItemInput, Requests } from "@tawreed/core/requests"
import { defaultWorkspaceConfig, WorkspaceRepository } from "@tawreed/core/workspaces"
import { start, type TestServer } from "../support/TestServer.ts"

/**
 * Submissions that race for one budget line, on the PostgreSQL server (PGlite runs one transaction at a time, so
 * only the server can show a race): `size` different requests submitted at once against a line under a Stop policy
 * never take more than its limit, and the line's requested bucket stays the sum of what the submitted requests
 * hold; `size` submits of one request submit it once. The bursts call the requests use cases on the app's own
 * runtime, as the HTTP handlers do, each in its own transaction of the organisation.
 */
const serverUrl = process.env["TEST_DATABASE_URL"]
const reason = serverUrl ? "" : " (skipped: TEST_DATABASE_URL is unset, and PGlite runs one transaction at a time)"
if (!serverUrl) console.info(`request-races.test.ts${reason}`)

/** How many submissions each burst fires at once. */
const size = 64

const orgId = demoOrganisations.buyer.id as OrgId
const buyer = demoUsers[1]
const admin = demoUsers[0]

/** The limit of the line the burst races for, and what each request asks of it: room for 33 of the 64. */
const limit = "1000.00"
const each = "30.00"
const room = Math.floor(Number(limit) / Number(each))

const actorOf = (user: (typeof demoUsers)[number]) =>
  new Actor({
    sessionId: "request-races",
    userId: user.id as UserId,
    orgId,
    email: user.email,
    displayName: `${user.firstName} ${user.lastName}`,
    roles: [...user.roles],
    privileges: privilegesOfRoles(user.roles)
  })

const tagOf = <A, E>(exit: Exit.Exit<A, E>): string =>
  Exit.isSuccess(exit)
    ? "submitted"
    : ((exit.cause.reasons[0] as { error?: { _tag?: string } } | undefined)?.error?._tag ?? "defect")

const tally = (tags: ReadonlyArray<string>) => {
  const counts: Record<string, number> = {}
  for (const tag of tags) counts[tag] = (counts[tag] ?? 0) + 1
  return counts
}

const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10)

describe.skipIf(!serverUrl)(`requests submitted in bursts of ${size} on PostgreSQL${reason}`, () => {
  let server: TestServer
  const run = <A, E>(effect: Effect.Effect<A, E, AppServices>): Promise<A> => server.app.runtime.runPromise(effect)
  const query = <A extends object>(text: string, ...params: Array<unknown>) =>
    run(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        return yield* inTenant(orgId)(sql.unsafe<A>(text, params as Array<any>))
      }).pipe(Effect.orDie)
    )

  /** A workspace the buyer manages, with a budget in force today under Stop, of one line limited to `limit`. */
  const stopLine = async (name: string) =>
    run(
      Effect.gen(function* () {
        const workspace = yield* (yield* WorkspaceRepository).create(
          orgId,
          {
            name,
            code: null,
            description: "",
            remarks: "",
            classification: null,
            startDate: null,
            endDate: null,
            currency: "SAR",
            config: defaultWorkspaceConfig,
            locations: [],
            users: [{ userId: buyer.id, role: "workspaces_manager" }],
            requesterId: admin.id
          },
          "ACTIVE",
          admin.id
        )
        const budget = yield* (yield* BudgetRepository).create(
          orgId,
          {
            workspaceId: workspace.id,
            name,
            startDate: isoDay(-30),
            endDate: isoDay(90),
            currency: "SAR",
            policy: "STOP",
            lines: [{ key: "6100", label: "Travel", limit }]
          },
          "ACTIVE",
          admin.id
        )
        return { workspaceId: workspace.id, budgetId: budget.id }
      }).pipe(Effect.orDie)
    )

  /** A draft of the buyer's in the workspace, one line worth `each`, charged to the line. */
  const draft = (line: { readonly workspaceId: string; readonly budgetId: string }, i: number) =>
    run(
      Effect.flatMap(Effect.service(Requests), (requests) =>
        requests.create(
          actorOf(buyer),
          new NewRequestInput({
            requestType: "product",
            workspaceId: line.workspaceId,
            title: `Travel ${i}`,
            items: [new RequestItemInput({ name: { en: `Ticket ${i}` }, quantity: "1", price: { basePrice: each } })],
            budget: { budgetId: line.budgetId, line: "6100" }
          })
        )
      ).pipe(Effect.orDie)
    )

  const submitAll = (ids: ReadonlyArray<string>) =>
    run(
      Effect.flatMap(Effect.service(Requests), (requests) =>
        Effect.forEach(ids, (id) => Effect.exit(requests.submit(actorOf(buyer), id)), { concurrency: "unbounded" })
      )
    )

  /** The line's buckets, and the sum of what the ledger's entries hold on it. */
  const lineOf = async (budgetId: string) => {
    const [line] = await query<{ requested: string; entries: string; holders: string }>(
      `SELECT l.requested::text AS requested, coalesce(sum(e.requested), 0)::text AS entries,
              count(e.document_id)::text AS holders
       FROM budget_lines l LEFT JOIN budget_entries e ON e.budget_id = l.budget_id AND e.line_key = l.key
       WHERE l.budget_id = $1 GROUP BY l.requested`,
      budgetId
    )
    return { requested: Number(line!.requested), entries: Number(line!.entries), holders: Number(line!.holders) }
  }

  const statusesOf = async (ids: ReadonlyArray<string>) =>
    tally(
      (
        await query<{ status: string }>(`SELECT status FROM requests WHERE id = ANY($1::uuid[])`, `{${ids.join(",")}}`)
      ).map((r) => r.status)
    )

  beforeAll(async () => {
    server = await start("postgresql")
  }, 120_000)
  afterAll(() => server?.close())

  it(`different requests against one Stop line take it only up to its limit (${room} of ${size})`, async () => {
    const line = await stopLine("Burst of requests")
    const drafts: Array<Request> = []
    for (let i = 0; i < size; i++) drafts.push(await draft(line, i))
    const started = performance.now()
    const exits = await submitAll(drafts.map((r) => r.id))
    const took = performance.now() - started
    const tags = exits.map(tagOf)
    console.info(`  ${size} submits in ${took.toFixed(0)} ms: ${JSON.stringify(tally(tags))}`)

    expect(tags.filter((t) => t !== "submitted" && t !== "BudgetExceeded")).toEqual([])
    expect(tags.filter((t) => t === "submitted")).toHaveLength(room)
    const after = await lineOf(line.budgetId)
    expect(after.requested).toBeLessThanOrEqual(Number(limit))
    expect(after).toEqual({ requested: room * Number(each), entries: room * Number(each), holders: room })
    // The refused stay drafts, holding nothing; the others left the draft in the same transaction as their hold.
    const statuses = await statusesOf(drafts.map((r) => r.id))
    expect(statuses["REQUEST_DRAFTED"]).toBe(size - room)
    expect((statuses["REQUEST_SUBMITTED"] ?? 0) + (statuses["REQUEST_UNAPPROVED"] ?? 0)).toBe(room)
    const refused = drafts.filter((_, i) => tags[i] !== "submitted").map((r) => r.id)
    const held = await query<{ document_id: string }>(
      `SELECT document_id FROM budget_entries WHERE document_kind = 'request' AND document_id = ANY($1::text[])`,
      `{${refused.join(",")}}`
    )
    expect(held).toEqual([])
  }, 180_000)

  it(`one request submitted ${size} times at once is submitted once and held once`, async () => {
    const line = await stopLine("Burst of one request")
    const request = await draft(line, 0)
    const exits = await submitAll(Array.from({ length: size }, () => request.id))
    const tags = exits.map(tagOf)
    console.info(`  ${size} submits of one request: ${JSON.stringify(tally(tags))}`)
    expect(tags.filter((t) => t === "submitted")).toHaveLength(1)
    expect(
      tags.filter(
        (t) => !["submitted", "VersionConflict", "RequestActionNotAllowed", "TransactionConflict"].includes(t)
      )
    ).toEqual([])
    expect(await lineOf(line.budgetId)).toEqual({ requested: Number(each), entries: Number(each), holders: 1 })
    const saved = await run(
      Effect.flatMap(Effect.service(Requests), (requests) => requests.get(actorOf(buyer), request.id)).pipe(
        Effect.orDie
      )
    )
    expect(saved.version).toBe(request.version + 1)
    expect(Option.isSome(Option.fromNullishOr(saved.submittedAt))).toBe(true)
  }, 180_000)
})
