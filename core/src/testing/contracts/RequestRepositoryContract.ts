import { assert, layer } from "@effect/vitest"
import { Effect, Exit, type Layer, Option } from "effect"
import { BudgetWarning } from "../../budgets/Budget.ts"
import { Recipient } from "../../notifications/Recipient.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import {
  ExpenseDetails,
  ExpenseVendor,
  ItemPrice,
  ItemTax,
  ItemVendor,
  LineAmounts,
  ProductRef,
  type Request,
  RequestBudgetLine,
  RequestItem,
  RequestTotals,
  RequestWatcher,
  RfpConfig,
  WatcherNotification
} from "../../requests/Request.ts"
import {
  type RequestQuery,
  type RequestRecord,
  RequestRepository,
  type RequestSort,
  type RequestSortColumn,
  sortValue
} from "../../requests/RequestRepository.ts"
import { RequestStatus } from "../../requests/RequestStatus.ts"
import { blankWorkspaceFields, WorkspaceRepository } from "../../workspaces/Workspace.ts"
import { Fixtures } from "../Fixtures.ts"

const errorOf = <A, E>(exit: Exit.Exit<A, E>): Record<string, unknown> => {
  if (Exit.isSuccess(exit)) return { _tag: "success" }
  const error = (exit.cause.reasons[0] as { error?: Record<string, unknown> } | undefined)?.error
  return error ?? { _tag: "defect" }
}

const line = (id: string, seq: number, name: { en: string; ar: string }, total: string) =>
  new RequestItem({
    id,
    lineSeqId: seq,
    product: null,
    manualProduct: true,
    name,
    description: "",
    category: null,
    expenseAccount: null,
    quantity: "1",
    unit: "",
    allowDifferentBrand: false,
    allowAlternateProduct: false,
    price: new ItemPrice({ basePrice: total, currency: "SAR", taxes: [] }),
    amounts: new LineAmounts({ net: total, tax: "0.00", total }),
    vendors: []
  })

/** A request's record as a use case would store it, with the given fields over plain defaults. */
export const requestRecordFor = (
  workspaceId: string,
  requesterId: string,
  extra: Partial<RequestRecord> = {}
): RequestRecord => ({
  title: "Printer paper",
  requestType: "product",
  status: "REQUEST_DRAFTED",
  sourcingStatus: "NO_SOURCING",
  workspaceId,
  locationId: null,
  requesterId,
  createdBy: requesterId,
  assigneeId: null,
  classification: null,
  approvalClassification: null,
  currency: "SAR",
  requestedDate: "2026-03-01T09:00:00.000Z",
  expectedDate: "2026-03-20T23:59:59.999Z",
  enquiryLastDate: null,
  expiryDate: null,
  acceptToRespondLastDate: null,
  items: [line("item-1", 1, { en: "Line", ar: "بند" }, "100.00")],
  expenseItems: [],
  expense: null,
  rfp: null,
  attachments: [],
  remarks: "",
  watchers: [],
  budget: null,
  budgetWarning: null,
  totals: new RequestTotals({ subTotal: "100.00", tax: "0.00", total: "100.00" }),
  orgCurrency: "SAR",
  valueInOrgCurrency: "100.00",
  categories: [],
  copiedFrom: null,
  submittedAt: null,
  ...extra
})

const byPage = (offset: number, limit = 100) => ({ kind: "offset", offset, limit }) as const

const queryOf = (extra: Partial<RequestQuery> = {}): RequestQuery => ({
  sort: { column: "createdAt", direction: "desc" },
  window: byPage(0),
  ...extra
})

/** Code-point order, as the port says the title and id tie-breaks compare. */
const codePoints = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!)
  const y = [...b].map((c) => c.codePointAt(0)!)
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!
  return x.length - y.length
}

/** The order the port promises, worked out here from the rows themselves. */
const expectedOrder = (requests: ReadonlyArray<Request>, sort: RequestSort): ReadonlyArray<string> =>
  [...requests]
    .sort((a, b) => {
      const [va, vb] = [sortValue(a, sort.column), sortValue(b, sort.column)]
      const byValue = sort.column === "total" ? Number(va) - Number(vb) : codePoints(va, vb)
      const ascending = byValue || codePoints(a.id, b.id)
      return sort.direction === "asc" ? ascending : -ascending
    })
    .map((r) => r.id)

/** The behaviour every RequestRepository must show (memory, PGlite, PostgreSQL). */
export const suite = (
  name: string,
  storage: Layer.Layer<RequestRepository | WorkspaceRepository | Fixtures, unknown>
) =>
  layer(storage, { timeout: 120_000 })(`RequestRepository contract: ${name}`, (it) => {
    /** An organisation with its first user, a way to add colleagues, and two workspaces. */
    const newOrg = Effect.gen(function* () {
      const fixtures = yield* Fixtures
      const admin = yield* fixtures.newUser({ roles: ["org_super_user"] })
      const orgId = admin.orgId as OrgId
      const workspace = (wsName: string, classification: string | null = null) =>
        Effect.map(
          Effect.flatMap(WorkspaceRepository, (w) =>
            w.create(orgId, { ...blankWorkspaceFields(wsName, "SAR", admin.id), classification }, "ACTIVE", admin.id)
          ),
          (w) => w.id
        ).pipe(Effect.orDie)
      const colleague = () =>
        Effect.map(
          fixtures.newUser({
            roles: ["org_basic_user"],
            colleagueOf: new Recipient({ orgId: admin.orgId, userId: admin.id })
          }),
          (u) => u.id as string
        )
      return {
        orgId,
        adminId: admin.id as string,
        colleague,
        north: yield* workspace("North", "capex"),
        south: yield* workspace("South")
      }
    })

    it.effect("numbers each organisation's requests in order and keeps every field as given, for it alone", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const rich = requestRecordFor(org.north, org.adminId, {
          title: "Laptops for the new team",
          requestType: "expense",
          status: "REQUEST_UNAPPROVED",
          sourcingStatus: "SOURCING_PENDING",
          locationId: "loc-1",
          assigneeId: org.adminId,
          classification: "IT",
          approvalClassification: "capex",
          currency: "KWD",
          expectedDate: null,
          enquiryLastDate: "2026-03-05T10:00:00.000Z",
          expiryDate: "2026-03-10T23:59:59.999Z",
          acceptToRespondLastDate: "2026-03-03T23:59:59.999Z",
          items: [],
          expenseItems: [
            new RequestItem({
              id: "exp-1",
              lineSeqId: 1,
              product: new ProductRef({ productId: "p-9", sku: "SKU-9", catalogId: "c-1", categoryId: "cat-7" }),
              manualProduct: false,
              name: { en: "Hotel", ar: "فندق" },
              description: "Two nights",
              category: "cat-7",
              expenseAccount: "6100",
              quantity: "2.5",
              unit: "night",
              allowDifferentBrand: true,
              allowAlternateProduct: true,
              price: new ItemPrice({
                basePrice: "12.345678",
                currency: "KWD",
                taxes: [new ItemTax({ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" })]
              }),
              amounts: new LineAmounts({ net: "30.864", tax: "4.630", total: "35.494" }),
              vendors: [new ItemVendor({ connectionId: "v-1", price: "12.000" })]
            })
          ],
          expense: new ExpenseDetails({
            invoiceDate: "2026-02-27",
            paymentDueDate: "2026-03-27",
            vendor: new ExpenseVendor({ id: null, name: "Sahara Supplies" }),
            invoiceAttachments: ["file-1", "file-2"],
            requestPriority: "HIGH"
          }),
          rfp: new RfpConfig({
            technical: { minThreshold: 80, haveMinThreshold: true, weightage: 60 },
            commercial: { weightage: 40 }
          }),
          attachments: ["file-3"],
          remarks: "Urgent",
          watchers: [
            new RequestWatcher({
              userId: org.adminId,
              notificationStatusMap: { ORDER_SUBMISSION: new WatcherNotification({ enabled: true, notified: false }) }
            })
          ],
          budget: new RequestBudgetLine({ budgetId: "budget-1", line: "6100" }),
          budgetWarning: new BudgetWarning({
            line: "Travel (6100)",
            limit: "10.000",
            excess: "25.494",
            currency: "KWD"
          }),
          totals: new RequestTotals({ subTotal: "30.864", tax: "4.630", total: "35.494" }),
          orgCurrency: "SAR",
          valueInOrgCurrency: "432.10",
          categories: ["cat-7"],
          copiedFrom: "another-request",
          submittedAt: "2026-03-01T10:00:00.000Z"
        })
        const first = yield* repository.insert(org.orgId, rich)
        const second = yield* repository.insert(org.orgId, requestRecordFor(org.south, org.adminId))
        const elsewhere = yield* repository.insert(other.orgId, requestRecordFor(other.north, other.adminId))
        assert.deepStrictEqual(
          [first.number, second.number, elsewhere.number],
          ["REQ-000001", "REQ-000002", "REQ-000001"]
        )
        assert.strictEqual(first.version, 1)
        assert.strictEqual(first.createdAt, first.updatedAt)
        const { id: _id, number: _n, version: _v, createdAt: _c, updatedAt: _u, ...kept } = first
        assert.deepStrictEqual(kept, rich)
        assert.deepStrictEqual(Option.getOrThrow(yield* repository.find(org.orgId, first.id)), first)
        assert.isTrue(Option.isNone(yield* repository.find(other.orgId, first.id)))
        assert.isTrue(Option.isNone(yield* repository.find(org.orgId, crypto.randomUUID())))
      })
    )

    it.effect("updates at the version read, moving the version and the update time, and refuses a stale one", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const made = yield* repository.insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const changed = requestRecordFor(org.north, org.adminId, { title: "More paper", status: "REQUEST_SUBMITTED" })
        const saved = Option.getOrThrow(yield* repository.update(org.orgId, made.id, changed, 1))
        assert.deepStrictEqual(
          [saved.title, saved.status, saved.version, saved.number, saved.createdAt],
          ["More paper", "REQUEST_SUBMITTED", 2, made.number, made.createdAt]
        )
        assert.isTrue(saved.updatedAt >= made.updatedAt)
        const stale = errorOf(yield* Effect.exit(repository.update(org.orgId, made.id, changed, 1)))
        assert.deepStrictEqual([stale["_tag"], stale["entity"], stale["id"]], ["VersionConflict", "request", made.id])
        assert.isTrue(Option.isNone(yield* repository.update(other.orgId, made.id, changed, 2)))
        assert.isTrue(Option.isNone(yield* repository.update(org.orgId, crypto.randomUUID(), changed, 1)))
        assert.strictEqual(Option.getOrThrow(yield* repository.find(org.orgId, made.id)).title, "More paper")
      })
    )

    it.effect("removes at the version read, and only in its organisation", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const other = yield* newOrg
        const made = yield* repository.insert(org.orgId, requestRecordFor(org.north, org.adminId))
        assert.isFalse(yield* repository.remove(other.orgId, made.id, 1))
        const stale = errorOf(yield* Effect.exit(repository.remove(org.orgId, made.id, 7)))
        assert.strictEqual(stale["_tag"], "VersionConflict")
        assert.isTrue(yield* repository.remove(org.orgId, made.id, 1))
        assert.isTrue(Option.isNone(yield* repository.find(org.orgId, made.id)))
        assert.isFalse(yield* repository.remove(org.orgId, made.id, 1))
      })
    )

    it.effect(
      "filters by status, workspace, classification, kind, requester and search, and by the reader's scope",
      () =>
        Effect.gen(function* () {
          const repository = yield* RequestRepository
          const org = yield* newOrg
          const buyer = yield* org.colleague()
          const watcher = yield* org.colleague()
          const add = (extra: Partial<RequestRecord>, workspace = org.north, requester = org.adminId) =>
            repository.insert(org.orgId, requestRecordFor(workspace, requester, extra))
          const paper = yield* add({ title: "Paper 100% recycled", classification: "office" })
          const chairs = yield* add({
            title: "Chairs",
            status: "REQUEST_SUBMITTED",
            items: [line("c", 1, { en: "Office chair", ar: "كرسي مكتب" }, "50.00")]
          })
          const travel = yield* add({ title: "Travel", requestType: "expense", status: "REQUEST_SUBMITTED" }, org.south)
          const mine = yield* add({ title: "Desk_lamp", assigneeId: null, classification: "office" }, org.south, buyer)
          const assigned = yield* add({ title: "Toner", assigneeId: buyer }, org.south)
          const watched = yield* add(
            {
              title: "Monitors",
              watchers: [
                new RequestWatcher({
                  userId: watcher,
                  notificationStatusMap: {
                    ORDER_SUBMISSION: new WatcherNotification({ enabled: true, notified: false })
                  }
                })
              ]
            },
            org.south
          )
          const ids = (query: Partial<RequestQuery>) =>
            Effect.map(repository.list(org.orgId, queryOf(query)), (page) => page.requests.map((r) => r.id).sort())
          const sorted = (...requests: ReadonlyArray<Request>) => requests.map((r) => r.id).sort()

          assert.deepStrictEqual(yield* ids({}), sorted(paper, chairs, travel, mine, assigned, watched))
          assert.deepStrictEqual(yield* ids({ statuses: ["REQUEST_SUBMITTED"] }), sorted(chairs, travel))
          assert.deepStrictEqual(yield* ids({ workspaceIds: [org.north] }), sorted(paper, chairs))
          assert.deepStrictEqual(yield* ids({ classifications: ["office"] }), sorted(paper, mine))
          assert.deepStrictEqual(yield* ids({ classifications: [null] }), sorted(chairs, travel, assigned, watched))
          assert.deepStrictEqual(yield* ids({ requestTypes: ["expense"] }), sorted(travel))
          assert.deepStrictEqual(yield* ids({ requesterId: buyer }), sorted(mine))
          assert.deepStrictEqual(yield* ids({ search: "PAPER" }), sorted(paper))
          assert.deepStrictEqual(yield* ids({ search: "كرسي" }), sorted(chairs), "an Arabic line name")
          assert.deepStrictEqual(yield* ids({ search: "office ch" }), sorted(chairs), "an English line name")
          assert.deepStrictEqual(yield* ids({ search: chairs.number.toLowerCase() }), sorted(chairs))
          assert.deepStrictEqual(yield* ids({ search: "100%" }), sorted(paper), "% is taken literally")
          assert.deepStrictEqual(yield* ids({ search: "_" }), sorted(mine), "_ is taken literally")
          assert.deepStrictEqual(yield* ids({ search: "%" }), sorted(paper))
          assert.deepStrictEqual(yield* ids({ search: "nothing like it" }), [])

          assert.deepStrictEqual(
            yield* ids({ scope: { workspaceIds: [org.north], userId: buyer } }),
            sorted(paper, chairs, mine, assigned),
            "the workspace's, the buyer's own and those assigned to them"
          )
          assert.deepStrictEqual(yield* ids({ scope: { workspaceIds: [], userId: watcher } }), sorted(watched))
          assert.deepStrictEqual(
            yield* ids({
              scope: { workspaceIds: [], userId: buyer },
              statuses: ["REQUEST_DRAFTED"],
              requesterId: buyer
            }),
            sorted(mine),
            "the scope and the filters together"
          )
          const other = yield* newOrg
          assert.deepStrictEqual((yield* repository.list(other.orgId, queryOf())).requests, [])
        })
    )

    it.effect("sorts by each column both ways, ties broken by id, amounts as numbers", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const rows: Array<Partial<RequestRecord>> = [
          { title: "beta", status: "REQUEST_SUBMITTED", valueInOrgCurrency: "9.50" },
          { title: "Alpha", status: "REQUEST_DRAFTED", valueInOrgCurrency: "10.00" },
          { title: "alpha", status: "REQUEST_DRAFTED", valueInOrgCurrency: "100.00" },
          { title: "Gamma", status: "REQUEST_ARCHIVED", valueInOrgCurrency: "10.00" },
          { title: "ألف", status: "REQUEST_SUBMITTED", valueInOrgCurrency: "0.00" }
        ]
        for (const row of rows) yield* repository.insert(org.orgId, requestRecordFor(org.north, org.adminId, row))
        const all = (yield* repository.list(org.orgId, queryOf())).requests
        const columns: ReadonlyArray<RequestSortColumn> = ["createdAt", "updatedAt", "title", "status", "total"]
        for (const column of columns) {
          for (const direction of ["asc", "desc"] as const) {
            const sort = { column, direction }
            const page = yield* repository.list(org.orgId, queryOf({ sort }))
            assert.deepStrictEqual(
              page.requests.map((r) => r.id),
              expectedOrder(all, sort),
              `${direction} ${column}`
            )
          }
        }
        const byTotal = yield* repository.list(org.orgId, queryOf({ sort: { column: "total", direction: "asc" } }))
        assert.deepStrictEqual(
          byTotal.requests.map((r) => r.valueInOrgCurrency),
          ["0.00", "9.50", "10.00", "10.00", "100.00"]
        )
      })
    )

    it.effect("pages by number and by cursor, both ways, to the same rows in the same order", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        for (let i = 0; i < 23; i++) {
          yield* repository.insert(
            org.orgId,
            requestRecordFor(i % 3 === 0 ? org.south : org.north, org.adminId, {
              title: `Request ${String(i % 7)}`,
              valueInOrgCurrency: `${(i * 37) % 11}.00`
            })
          )
        }
        for (const sort of [
          { column: "createdAt", direction: "desc" },
          { column: "title", direction: "asc" },
          { column: "total", direction: "desc" }
        ] as const) {
          const filter = { workspaceIds: [org.north] }
          const whole = (yield* repository.list(org.orgId, queryOf({ ...filter, sort }))).requests.map((r) => r.id)
          assert.strictEqual(whole.length, 15)

          const byNumber: Array<string> = []
          for (let page = 0; page < 4; page++) {
            const found = yield* repository.list(org.orgId, queryOf({ ...filter, sort, window: byPage(page * 4, 4) }))
            byNumber.push(...found.requests.map((r) => r.id))
          }
          assert.deepStrictEqual(byNumber, whole)

          const first = yield* repository.list(org.orgId, queryOf({ ...filter, sort, window: byPage(0, 4) }))
          assert.isNull(first.previousCursor)
          const forward = first.requests.map((r) => r.id)
          let cursor = first.nextCursor
          const pages = [first]
          while (cursor !== null) {
            const next = yield* repository.list(
              org.orgId,
              queryOf({ ...filter, sort, window: { kind: "after", cursor, limit: 4 } })
            )
            assert.isNotNull(next.previousCursor)
            forward.push(...next.requests.map((r) => r.id))
            pages.push(next)
            cursor = next.nextCursor
          }
          assert.deepStrictEqual(forward, whole, `forward ${sort.column}`)
          assert.strictEqual(pages.length, 4)

          const backward: Array<string> = pages.at(-1)!.requests.map((r) => r.id)
          let back = pages.at(-1)!.previousCursor
          while (back !== null) {
            const previous = yield* repository.list(
              org.orgId,
              queryOf({ ...filter, sort, window: { kind: "before", cursor: back, limit: 4 } })
            )
            assert.isNotNull(previous.nextCursor)
            backward.unshift(...previous.requests.map((r) => r.id))
            back = previous.previousCursor
          }
          assert.deepStrictEqual(backward, whole, `backward ${sort.column}`)

          const middle = yield* repository.list(org.orgId, queryOf({ ...filter, sort, window: byPage(4, 4) }))
          assert.deepStrictEqual(
            middle.requests.map((r) => r.id),
            whole.slice(4, 8)
          )
          assert.isNotNull(middle.previousCursor)
          assert.isNotNull(middle.nextCursor)
          const past = yield* repository.list(org.orgId, queryOf({ ...filter, sort, window: byPage(40, 4) }))
          assert.deepStrictEqual([past.requests.length, past.nextCursor], [0, null])
        }
      })
    )

    it.effect("counts statuses, workspaces and classifications, each ignoring its own filter but not the others", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const buyer = yield* org.colleague()
        const add = (extra: Partial<RequestRecord>, workspace: string) =>
          repository.insert(org.orgId, requestRecordFor(workspace, org.adminId, extra))
        yield* add({ status: "REQUEST_SUBMITTED", classification: "office" }, org.north)
        yield* add({ status: "REQUEST_SUBMITTED" }, org.north)
        yield* add({ status: "REQUEST_DRAFTED", classification: "office" }, org.south)
        yield* add({ status: "REQUEST_DRAFTED", classification: "IT", requestType: "expense" }, org.south)
        yield* repository.insert(org.orgId, requestRecordFor(org.south, buyer, { classification: "IT" }))

        const counts = yield* repository.counts(org.orgId, {
          statuses: ["REQUEST_SUBMITTED"],
          workspaceIds: [org.north],
          requestTypes: ["product"]
        })
        assert.deepStrictEqual(
          counts.statuses.map((s) => s.status),
          [...RequestStatus.literals]
        )
        const count = (status: RequestStatus) => counts.statuses.find((s) => s.status === status)!.count
        assert.deepStrictEqual(
          [count("REQUEST_SUBMITTED"), count("REQUEST_DRAFTED"), count("REQUEST_ARCHIVED")],
          [2, 0, 0]
        )
        assert.deepStrictEqual(counts.workspaces, [{ workspaceId: org.north, count: 2 }])
        assert.deepStrictEqual(counts.classifications, [
          { classification: "office", count: 1 },
          { classification: null, count: 1 }
        ])

        const everything = yield* repository.counts(org.orgId, {})
        assert.deepStrictEqual(
          [...everything.workspaces].sort((a, b) => codePoints(a.workspaceId, b.workspaceId)),
          [
            { workspaceId: org.north, count: 2 },
            { workspaceId: org.south, count: 3 }
          ].sort((a, b) => codePoints(a.workspaceId, b.workspaceId))
        )
        assert.deepStrictEqual(everything.classifications, [
          { classification: "IT", count: 2 },
          { classification: "office", count: 2 },
          { classification: null, count: 1 }
        ])
        const scoped = yield* repository.counts(org.orgId, { scope: { workspaceIds: [], userId: buyer } })
        assert.deepStrictEqual(
          [scoped.workspaces, scoped.statuses.reduce((n, s) => n + s.count, 0)],
          [[{ workspaceId: org.south, count: 1 }], 1]
        )
      })
    )

    it.effect("finds a user's latest request, of the kinds asked", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const buyer = yield* org.colleague()
        assert.isTrue(Option.isNone(yield* repository.latest(org.orgId, buyer)))
        const made: Array<Request> = []
        for (const requestType of ["product", "expense", "product"] as const) {
          made.push(yield* repository.insert(org.orgId, requestRecordFor(org.north, buyer, { requestType })))
        }
        yield* repository.insert(org.orgId, requestRecordFor(org.north, org.adminId))
        const newest = (requests: ReadonlyArray<Request>) =>
          expectedOrder(requests, { column: "createdAt", direction: "desc" })[0]
        assert.strictEqual(Option.getOrThrow(yield* repository.latest(org.orgId, buyer)).id, newest(made))
        assert.strictEqual(Option.getOrThrow(yield* repository.latest(org.orgId, buyer, ["expense"])).id, made[1]!.id)
        const other = yield* newOrg
        assert.isTrue(Option.isNone(yield* repository.latest(other.orgId, buyer)))
      })
    )

    it.effect("keeps each user's columns per list", () =>
      Effect.gen(function* () {
        const repository = yield* RequestRepository
        const org = yield* newOrg
        const buyer = yield* org.colleague()
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, buyer, "requests"), [])
        yield* repository.saveColumns(org.orgId, buyer, "requests", ["number", "title", "status"])
        yield* repository.saveColumns(org.orgId, buyer, "expense_requests", ["vendor"])
        yield* repository.saveColumns(org.orgId, buyer, "requests", ["title", "number"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, buyer, "requests"), ["title", "number"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, buyer, "expense_requests"), ["vendor"])
        assert.deepStrictEqual(yield* repository.columnsOf(org.orgId, org.adminId, "requests"), [])
      })
    )
  })
