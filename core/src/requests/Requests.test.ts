import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import { Approvals } from "../approvals/Approvals.ts"
import type { Actor } from "../identity/Actor.ts"
import { User } from "../identity/User.ts"
import { NotificationRepository } from "../notifications/NotificationRepository.ts"
import { Recipient } from "../notifications/Recipient.ts"
import { moduleConfig, OrgSettings } from "../organisations/OrgSettings.ts"
import { describeError } from "../shared/ErrorCatalogue.ts"
import { PageRequest } from "../shared/Paging.ts"
import { BudgetRepository } from "../budgets/Budget.ts"
import { Files } from "../files/Files.ts"
import {
  addOrganisationApprover,
  layerMemoryRequestsWorld,
  MemoryIdentityStore,
  requestsWorldActor as actorWith,
  requestsWorldBudget as activeBudget,
  requestsWorldSettings as changeSettings,
  requestsWorldWorkspace as workspaceOf
} from "../testing/index.ts"
import {
  ExpenseInput,
  ExpenseVendor,
  ItemTax,
  NewRequestInput,
  placeholderItemId,
  RequestApproval,
  RequestBudgetLine,
  RequestClose,
  RequestCommandInput,
  RequestItemInput,
  RequestReview,
  RequestUpdateInput,
  RequestWatchersInput
} from "./Request.ts"
import { Requests } from "./Requests.ts"

const errorOf = <A, E>(exit: Exit.Exit<A, E>): Record<string, unknown> => {
  if (Exit.isSuccess(exit)) return { _tag: "success" }
  const error = (exit.cause.reasons[0] as { error?: Record<string, unknown> } | undefined)?.error
  return error ?? { _tag: "defect" }
}
const tagOf = <A, E>(exit: Exit.Exit<A, E>) => String(errorOf(exit)["_tag"])
const refusal = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(Effect.exit(effect), errorOf)
const tag = <A, E>(effect: Effect.Effect<A, E>) => Effect.map(Effect.exit(effect), tagOf)

const march = Date.parse("2026-03-01T09:00:00Z")

/** A manual line: a name, a quantity and a unit price, optionally taxed. */
const line = (name: string, quantity: string, basePrice: string, taxes: ReadonlyArray<ItemTax> = []) =>
  new RequestItemInput({ name: { en: name }, quantity, unit: "box", price: { basePrice, taxes } })

const vat = new ItemTax({ name: "VAT", mode: "EXCLUSIVE", type: "PERCENT", value: "15" })

/**
 * An organisation with its super user, a head office where the requester raises requests (a viewer there, so
 * `req_c_u` as a member), a manager of it (`req_*_w`), an approver of the organisation's request workflow, and an
 * outsider of the same organisation.
 */
const world = Effect.gen(function* () {
  yield* TestClock.setTime(march)
  const admin = yield* actorWith(["org_super_user"])
  const requester = yield* actorWith(["org_basic_user"], admin)
  const manager = yield* actorWith(["org_basic_user"], admin)
  const approver = yield* actorWith(["org_basic_user"], admin)
  const outsider = yield* actorWith(["org_basic_user"], admin)
  const office = yield* workspaceOf(admin, "Head Office", [
    [requester, "workspaces_viewer"],
    [manager, "workspaces_manager"]
  ])
  return { admin, requester, manager, approver, outsider, office, requests: yield* Requests }
})

const withApprover = (admin: Actor, approver: Actor) =>
  addOrganisationApprover(admin, approver.userId, "request", "Manager")

const productRequest = (workspaceId: string, extra: Partial<NewRequestInput> = {}) =>
  new NewRequestInput({
    requestType: "product",
    workspaceId,
    title: "Printer paper",
    items: [line("A4 paper", "10", "25", [vat]), line("Staples", "2.5", "4")],
    ...extra
  })

const inbox = (actor: Actor) =>
  Effect.gen(function* () {
    const repository = yield* NotificationRepository
    const page = yield* repository.list(
      new Recipient({ orgId: actor.orgId, userId: actor.userId }),
      new PageRequest({ page: 0, limit: 50 })
    )
    return page.notifications.map((n) => [n.type, n.title.en, n.url] as const)
  })

const lineOf = (admin: Actor, budgetId: string, key: string) =>
  Effect.map(
    Effect.flatMap(BudgetRepository, (r) => r.find(admin.orgId, budgetId)),
    (b) => {
      const found = Option.getOrThrow(b).lines.find((l) => l.key === key)!
      return [found.requested, found.available]
    }
  )

describe("Requests", () => {
  it.effect("drafts a request in its workspace, numbered, priced, due one unit ahead, and audits it", () =>
    Effect.gen(function* () {
      const { requester, office, requests } = yield* world
      const made = yield* requests.create(requester, productRequest(office.id, { locationId: office.locations[0]!.id }))
      assert.deepStrictEqual(
        [made.number, made.status, made.sourcingStatus, made.requestType, made.currency, made.version],
        ["REQ-000001", "REQUEST_DRAFTED", "NO_SOURCING", "product", "SAR", 1]
      )
      assert.deepStrictEqual(
        [made.requesterId, made.createdBy, made.workspaceId, made.locationId],
        [requester.userId, requester.userId, office.id, office.locations[0]!.id]
      )
      assert.deepStrictEqual(
        made.items.map((i) => [i.lineSeqId, i.name.en, i.quantity, i.manualProduct, i.amounts.net, i.amounts.tax]),
        [
          [1, "A4 paper", "10", true, "250.00", "37.50"],
          [2, "Staples", "2.5", true, "10.00", "0.00"]
        ]
      )
      assert.deepStrictEqual(
        [made.totals.subTotal, made.totals.tax, made.totals.total, made.valueInOrgCurrency],
        ["260.00", "37.50", "297.50", "297.50"]
      )
      assert.deepStrictEqual(
        [made.requestedDate, made.expectedDate],
        ["2026-03-01T09:00:00.000Z", "2026-03-11T23:59:59.999Z"]
      )
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "request.created")
      assert.deepStrictEqual(
        audit.map((e) => [e.detail["requestId"], e.detail["number"]]),
        [[made.id, "REQ-000001"]]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("refuses bad lines, dates, places and kinds with the catalogue's codes", () =>
    Effect.gen(function* () {
      const { admin, requester, office, outsider, requests } = yield* world
      const create = (extra: Partial<NewRequestInput>, actor = requester) =>
        refusal(requests.create(actor, productRequest(office.id, extra)))
      const problem = (e: Record<string, unknown>) => [e["_tag"], e["field"], e["problem"]]

      assert.deepStrictEqual(problem(yield* create({ items: [line("Paper", "0.001", "1")] })), [
        "InvalidQuantity",
        undefined,
        undefined
      ])
      assert.deepStrictEqual(
        problem(yield* create({ items: [new RequestItemInput({ name: { en: " ", ar: "" }, quantity: "1" })] })),
        ["InvalidField", "name", "nameInOneLanguage"]
      )
      assert.deepStrictEqual(
        problem(
          yield* create({
            items: [
              new RequestItemInput({ name: { ar: "ورق" }, quantity: "1", price: { basePrice: "1", currency: "USD" } })
            ]
          })
        ),
        ["InvalidField", "currency", "notRequestCurrency"]
      )
      const overTaxed = new ItemTax({ name: "Fee", mode: "INCLUSIVE", type: "ABSOLUTE", value: "50" })
      assert.deepStrictEqual(problem(yield* create({ items: [line("Pen", "1", "10", [overTaxed])] })), [
        "InvalidField",
        "taxes",
        "taxesExceedPrice"
      ])
      assert.deepStrictEqual(problem(yield* create({ title: "  " })), ["InvalidField", "title", "required"])
      assert.deepStrictEqual(problem(yield* create({ items: [line("Gold", "99999999", "99999999")] })), [
        "InvalidField",
        "amount",
        "outOfRange"
      ])
      const nearLimit = line("Gold", "1", "600000000000000")
      assert.deepStrictEqual(problem(yield* create({ items: [nearLimit, nearLimit] })), [
        "InvalidField",
        "items",
        "outOfRange"
      ])
      const soon = yield* create({ expectedDate: "2026-03-05" })
      assert.deepStrictEqual([soon["_tag"], soon["earliest"]], ["DueDateTooSoon", "2026-03-08"])
      assert.deepStrictEqual(problem(yield* create({ expectedDate: "tomorrow" })), [
        "InvalidField",
        "expectedDate",
        "format"
      ])
      const elsewhere = yield* workspaceOf(admin, "Warehouse", [[requester, "workspaces_viewer"]])
      assert.strictEqual(
        (yield* create({ locationId: elsewhere.locations[0]!.id }))["_tag"],
        "LocationNotFound",
        "a location of another workspace"
      )
      assert.strictEqual((yield* create({}, outsider))["_tag"], "WorkspaceNotFound", "not a workspace of theirs")
      const draft = yield* workspaceOf(admin, "Planned", [[requester, "workspaces_viewer"]], "DRAFT")
      assert.strictEqual(yield* tag(requests.create(requester, productRequest(draft.id))), "RequestWorkspaceNotActive")
      const expense = yield* refusal(
        requests.create(
          requester,
          new NewRequestInput({ requestType: "expense", workspaceId: office.id, title: "Taxi" })
        )
      )
      assert.deepStrictEqual(
        [expense["_tag"], describeError(expense, "en").message, describeError(expense, "ar").message],
        [
          "RequestTypeNotAllowed",
          "Your organisation does not raise \u2068expense\u2069 requests.",
          "لا تتيح منظمتك رفع طلبات \u2068المصروفات\u2069."
        ]
      )
      assert.strictEqual(describeError(expense, "en").code, "E6101")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("starts proposals with the Total line, and raises expense requests where the settings allow them", () =>
    Effect.gen(function* () {
      const { admin, requester, office, requests } = yield* world
      yield* changeSettings(
        admin,
        (s) =>
          new OrgSettings({
            ...s,
            orgConfig: {
              adminConfig: { ...s.orgConfig.adminConfig, enableRfp: true },
              generalConfig: { ...s.orgConfig.generalConfig, expensesAllowed: true }
            }
          })
      )
      const proposal = yield* requests.create(
        admin,
        new NewRequestInput({ requestType: "proposal", workspaceId: office.id, title: "Office fit-out" })
      )
      assert.deepStrictEqual(
        proposal.items.map((i) => [i.id, i.name.en, i.description, i.quantity, i.amounts.total]),
        [[placeholderItemId, "Total", "Please enter the total value of your quote", "1", "0.00"]]
      )
      assert.deepStrictEqual(
        [proposal.rfp?.technical.weightage, proposal.rfp?.commercial.weightage, proposal.rfp?.technical.minThreshold],
        [50, 50, 80]
      )
      assert.deepStrictEqual(
        [proposal.expiryDate, proposal.expectedDate],
        ["2026-03-08T23:59:59.999Z", "2026-03-11T23:59:59.999Z"]
      )
      assert.strictEqual(
        yield* tag(
          requests.create(
            requester,
            new NewRequestInput({ requestType: "proposal", workspaceId: office.id, title: "x" })
          )
        ),
        "InsufficientPrivileges",
        "proposals are sourcing's: rfq_c_o or rfq_c_w"
      )
      assert.strictEqual(
        yield* tag(
          requests.create(admin, new NewRequestInput({ requestType: "contract", workspaceId: office.id, title: "x" }))
        ),
        "RequestTypeNotAllowed"
      )

      const invoice = yield* (yield* Files).upload(requester, {
        kind: "pdf",
        entity: "request",
        name: "invoice.pdf",
        bytes: new TextEncoder().encode("%PDF-1.7\n%%EOF")
      })
      const expense = yield* requests.create(
        requester,
        new NewRequestInput({
          requestType: "expense",
          workspaceId: office.id,
          title: "Client dinner",
          expenseItems: [
            new RequestItemInput({
              name: { en: "Dinner" },
              quantity: "1",
              expenseAccount: "6300",
              price: {
                basePrice: "230",
                taxes: [new ItemTax({ name: "VAT", mode: "INCLUSIVE", type: "PERCENT", value: "15" })]
              }
            })
          ],
          expense: new ExpenseInput({
            invoiceDate: "2026-02-28",
            paymentDueDate: "2026-03-30",
            vendor: new ExpenseVendor({ id: null, name: "Najd Restaurant" }),
            invoiceAttachments: [invoice.id, invoice.fileURL, " "],
            requestPriority: "HIGH"
          })
        })
      )
      assert.deepStrictEqual(
        [expense.expectedDate, expense.items.length, expense.expenseItems[0]?.expenseAccount, expense.totals.tax],
        [null, 0, "6300", "30.00"]
      )
      assert.deepStrictEqual(
        [expense.expense?.vendor?.name, expense.expense?.invoiceAttachments, expense.expense?.requestPriority],
        ["Najd Restaurant", [invoice.id], "HIGH"]
      )
      assert.strictEqual(
        yield* tag(
          requests.create(
            requester,
            new NewRequestInput({ requestType: "reimbursement", workspaceId: office.id, title: "Taxi" })
          )
        ),
        "RequestTypeNotAllowed",
        "reimbursements need the admin configuration too"
      )
      const future = yield* refusal(
        requests.update(
          requester,
          new RequestUpdateInput({
            id: expense.id,
            version: 1,
            expense: new ExpenseInput({ invoiceDate: "2026-03-02" })
          })
        )
      )
      assert.deepStrictEqual([future["field"], future["problem"]], ["invoiceDate", "notAfterToday"])
      assert.strictEqual(
        (yield* refusal(
          requests.create(
            requester,
            productRequest(office.id, { expense: new ExpenseInput({ requestPriority: "LOW" }) })
          )
        ))["problem"],
        "notForThisType"
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("edits a draft at the version read, only for those who may, and never once submitted", () =>
    Effect.gen(function* () {
      const { requester, manager, outsider, office, requests } = yield* world
      const made = yield* requests.create(requester, productRequest(office.id))
      const edited = yield* requests.update(
        requester,
        new RequestUpdateInput({ id: made.id, version: 1, title: "Paper and pens", items: [line("Pens", "3", "2")] })
      )
      assert.deepStrictEqual(
        [edited.title, edited.version, edited.totals.total, edited.items[0]?.lineSeqId],
        ["Paper and pens", 2, "6.00", 1]
      )
      assert.strictEqual(
        yield* tag(requests.update(requester, new RequestUpdateInput({ id: made.id, version: 1, title: "x" }))),
        "VersionConflict"
      )
      assert.strictEqual(
        yield* tag(requests.update(outsider, new RequestUpdateInput({ id: made.id, version: 2, title: "x" }))),
        "RequestNotFound",
        "someone who may not see it is not told it exists"
      )
      const byManager = yield* requests.update(
        manager,
        new RequestUpdateInput({ id: made.id, version: 2, remarks: "ok" })
      )
      assert.strictEqual(byManager.remarks, "ok")
      const submitted = yield* requests.submit(requester, made.id)
      assert.strictEqual(submitted.status, "REQUEST_SUBMITTED", "no workflow: submitted at once")
      const refused = yield* refusal(
        requests.update(requester, new RequestUpdateInput({ id: made.id, version: submitted.version, title: "x" }))
      )
      assert.deepStrictEqual(
        [refused["_tag"], refused["action"], refused["status"]],
        ["RequestActionNotAllowed", "update", "REQUEST_SUBMITTED"]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("runs a submission through the approval workflow, telling the approver and then the requester", () =>
    Effect.gen(function* () {
      const { admin, requester, approver, office, requests } = yield* world
      yield* withApprover(admin, approver)
      const made = yield* requests.create(requester, productRequest(office.id, { classification: "stationery" }))
      const waiting = yield* requests.submit(requester, made.id, new RequestCommandInput({ version: 1 }))
      assert.deepStrictEqual([waiting.status, waiting.submittedAt], ["REQUEST_UNAPPROVED", "2026-03-01T09:00:00.000Z"])
      assert.deepStrictEqual(yield* inbox(approver), [
        [
          "REQUEST_WAITING_FOR_APPROVAL",
          "Request \u2068Printer paper\u2069 is waiting for your approval",
          `/requests/${made.id}`
        ]
      ])
      const approval = yield* (yield* Approvals).state(admin, "request", made.id)
      assert.deepStrictEqual(
        [approval.documentNumber, approval.title, approval.approverIds],
        [made.number, "Printer paper", [[approver.userId]]]
      )
      assert.strictEqual(
        yield* tag(requests.approve(requester, made.id, new RequestApproval({}))),
        "SelfApprovalRefused"
      )
      assert.strictEqual(yield* tag(requests.skip(approver, made.id, new RequestReview({}))), "SuperApproverRequired")
      const approved = yield* requests.approve(
        approver,
        made.id,
        new RequestApproval({ remark: "fine", approvalClassification: "opex" })
      )
      assert.deepStrictEqual([approved.status, approved.approvalClassification], ["REQUEST_SUBMITTED", "opex"])
      assert.deepStrictEqual(
        (yield* inbox(requester)).map((n) => n[1]),
        ["Request \u2068Printer paper\u2069 was approved"]
      )
      const timeline = yield* requests.timeline(requester, made.id)
      assert.deepStrictEqual(
        timeline.map((e) => [e.action, e.remark]),
        [
          ["SUBMIT", ""],
          ["APPROVE", "fine"]
        ]
      )
      assert.strictEqual(
        yield* tag(requests.approve(approver, made.id, new RequestApproval({}))),
        "RequestActionNotAllowed"
      )
      const audit = (yield* MemoryIdentityStore).audit.filter((e) => e.event === "request.status_changed")
      assert.deepStrictEqual(
        audit.map((e) => [e.detail["action"], e.detail["from"], e.detail["to"]]),
        [
          ["submit", "REQUEST_DRAFTED", "REQUEST_UNAPPROVED"],
          ["approve", "REQUEST_UNAPPROVED", "REQUEST_SUBMITTED"]
        ]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("sends a request back for changes and runs a fresh round after the edit, by approvers and by buyers", () =>
    Effect.gen(function* () {
      const { admin, requester, manager, approver, office, requests } = yield* world
      yield* withApprover(admin, approver)
      const made = yield* requests.create(requester, productRequest(office.id))
      yield* requests.submit(requester, made.id)
      const returned = yield* requests.returnToRequester(
        approver,
        made.id,
        new RequestReview({ remark: "quantities?" })
      )
      assert.strictEqual(returned.status, "REQUEST_APPROVAL_RETURNED")
      const editing = yield* requests.update(
        requester,
        new RequestUpdateInput({ id: made.id, version: returned.version, items: [line("A4 paper", "5", "25")] })
      )
      assert.strictEqual(editing.status, "REQUEST_EDIT")
      assert.strictEqual((yield* requests.submit(requester, made.id)).status, "REQUEST_UNAPPROVED")
      const approved = yield* requests.approve(approver, made.id, new RequestApproval({}))
      assert.strictEqual(approved.status, "REQUEST_SUBMITTED")

      assert.strictEqual(
        yield* tag(requests.returnToRequester(requester, made.id, new RequestReview({}))),
        "InsufficientPrivileges",
        "once approved, only the workspace's buyers send it back"
      )
      const sentBack = yield* requests.returnToRequester(manager, made.id, new RequestReview({ remark: "split it" }))
      assert.strictEqual(sentBack.status, "REQUEST_RETURNED")
      yield* requests.update(
        requester,
        new RequestUpdateInput({ id: made.id, version: sentBack.version, title: "Paper" })
      )
      const again = yield* requests.submit(requester, made.id)
      assert.strictEqual(again.status, "REQUEST_UNAPPROVED", "an edited request is approved again")
      assert.deepStrictEqual(
        (yield* requests.timeline(requester, made.id)).map((e) => e.action),
        ["SUBMIT", "RETURN", "SUBMIT", "APPROVE", "SUBMIT"]
      )

      const drafted = yield* requests.returnToRequester(approver, made.id, new RequestReview({}))
      const draft = yield* requests.returnToDraft(
        requester,
        made.id,
        new RequestCommandInput({ version: drafted.version })
      )
      assert.strictEqual(draft.status, "REQUEST_RETURNED_TO_DRAFT")
      assert.strictEqual((yield* requests.archive(requester, made.id)).status, "REQUEST_ARCHIVED")
      assert.strictEqual(yield* tag(requests.submit(requester, made.id)), "RequestActionNotAllowed")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("charges the workspace's budget line on submission and gives it back when the request ends", () =>
    Effect.gen(function* () {
      const { admin, requester, approver, office, requests } = yield* world
      yield* withApprover(admin, approver)
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const made = yield* requests.create(requester, productRequest(office.id))
      const required = yield* refusal(requests.submit(requester, made.id))
      assert.deepStrictEqual([required["_tag"], describeError(required, "en").code], ["RequestBudgetRequired", "E6102"])
      const charged = yield* requests.update(
        requester,
        new RequestUpdateInput({
          id: made.id,
          version: 1,
          budget: new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
        })
      )
      yield* requests.submit(requester, charged.id)
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["297.50", "702.50"])

      const big = yield* requests.create(
        requester,
        productRequest(office.id, {
          items: [line("Laptops", "4", "200", [vat])],
          budget: new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
        })
      )
      const exceeded = yield* refusal(requests.submit(requester, big.id))
      assert.deepStrictEqual(
        [exceeded["_tag"], exceeded["line"], exceeded["limit"], exceeded["excess"]],
        ["BudgetExceeded", "6100", "1000.00", "217.50"]
      )
      assert.strictEqual(
        describeError(exceeded, "en").message,
        "This exceeds the budget for \u20686100\u2069: the limit is \u20681000.00\u2069 \u2068SAR\u2069 and it would be exceeded by \u2068217.50\u2069 \u2068SAR\u2069."
      )
      assert.strictEqual(
        Option.getOrThrow(yield* (yield* Requests).get(requester, big.id).pipe(Effect.option)).status,
        "REQUEST_DRAFTED"
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["297.50", "702.50"], "nothing held")

      yield* requests.reject(approver, made.id, new RequestReview({ remark: "not now" }))
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "1000.00"])
      const rejected = yield* requests.get(requester, made.id)
      assert.deepStrictEqual([rejected.status, rejected.sourcingStatus], ["REQUEST_REJECTED", "REQUEST_REJECTED"])

      const other = yield* workspaceOf(admin, "Branch", [[requester, "workspaces_viewer"]])
      const foreign = yield* refusal(
        requests.update(
          requester,
          new RequestUpdateInput({
            id: big.id,
            version: big.version,
            budget: new RequestBudgetLine({ budgetId: budget.id, line: "9999" })
          })
        )
      )
      assert.deepStrictEqual([foreign["_tag"], foreign["line"]], ["BudgetLineNotFound", "9999"])
      const branchRequest = yield* requests.create(requester, productRequest(other.id))
      assert.strictEqual(
        yield* tag(
          requests.update(
            requester,
            new RequestUpdateInput({
              id: branchRequest.id,
              version: 1,
              budget: new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
            })
          )
        ),
        "RequestBudgetNotInForce"
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("gives the budget back when the approval cannot start, leaving the request a draft", () =>
    Effect.gen(function* () {
      const { admin, requester, approver, office, requests } = yield* world
      yield* withApprover(admin, approver)
      const store = yield* MemoryIdentityStore
      const row = store.users.get(approver.userId)!
      store.users.set(approver.userId, { ...row, user: new User({ ...row.user, status: "INACTIVE" }) })
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      const made = yield* requests.create(
        requester,
        productRequest(office.id, { budget: new RequestBudgetLine({ budgetId: budget.id, line: "6100" }) })
      )
      const refused = yield* refusal(requests.submit(requester, made.id))
      assert.deepStrictEqual([refused["_tag"], refused["name"]], ["LevelWithoutApprover", "Manager"])
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "1000.00"])
      assert.strictEqual((yield* requests.get(requester, made.id)).status, "REQUEST_DRAFTED")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("lets a Warn budget through with the warning recorded on the request", () =>
    Effect.gen(function* () {
      const { admin, requester, office, requests } = yield* world
      const budget = yield* activeBudget(admin, office.id, [["6200", "100"]], "WARN")
      const made = yield* requests.create(
        requester,
        productRequest(office.id, { budget: new RequestBudgetLine({ budgetId: budget.id, line: "6200" }) })
      )
      const submitted = yield* requests.submit(requester, made.id)
      assert.deepStrictEqual(
        [
          submitted.status,
          submitted.budgetWarning?.line,
          submitted.budgetWarning?.limit,
          submitted.budgetWarning?.excess
        ],
        ["REQUEST_SUBMITTED", "6200", "100.00", "197.50"]
      )
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6200"), ["297.50", "-197.50"])
      const closed = yield* requests.close(requester, made.id, new RequestClose({ remark: "bought elsewhere" }))
      assert.strictEqual(closed.status, "REQUEST_CLOSED")
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6200"), ["0.00", "100.00"])
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("keeps super acts to super approvers and away from their own requests", () =>
    Effect.gen(function* () {
      const { admin, requester, manager, approver, office, requests } = yield* world
      yield* withApprover(admin, approver)
      const pending = yield* requests.create(requester, productRequest(office.id))
      yield* requests.submit(requester, pending.id)
      assert.strictEqual(
        yield* tag(requests.close(requester, pending.id, new RequestClose({}))),
        "RequestActionNotAllowed",
        "a request waiting for approval is withdrawn only over its approval"
      )
      assert.strictEqual(
        yield* tag(requests.close(approver, pending.id, new RequestClose({ isSuperApproval: true }))),
        "SuperApproverRequired"
      )
      const closed = yield* requests.close(
        admin,
        pending.id,
        new RequestClose({ isSuperApproval: true, remark: "dup" })
      )
      assert.strictEqual(closed.status, "REQUEST_SUPER_CLOSED")
      assert.deepStrictEqual(
        (yield* (yield* Approvals).pending(approver)).map((s) => s.documentId),
        []
      )

      const own = yield* requests.create(admin, productRequest(office.id))
      yield* requests.submit(admin, own.id)
      assert.strictEqual(
        yield* tag(requests.close(admin, own.id, new RequestClose({ isSuperApproval: true }))),
        "SelfApprovalRefused"
      )
      assert.strictEqual(
        yield* tag(requests.approve(admin, own.id, new RequestApproval({ isSuperApproval: true }))),
        "SelfApprovalRefused"
      )
      yield* requests.approve(approver, own.id, new RequestApproval({}))
      assert.strictEqual(
        yield* tag(requests.close(admin, own.id, new RequestClose({ isSuperApproval: true }))),
        "SelfApprovalRefused",
        "nor once it is approved"
      )
      assert.strictEqual(
        yield* tag(requests.returnToRequester(manager, own.id, new RequestReview({ isSuperApproval: true }))),
        "SuperApproverRequired",
        "a buyer's return is no super act"
      )
      const superApproved = yield* requests.create(requester, productRequest(office.id))
      yield* requests.submit(requester, superApproved.id)
      const skipped = yield* requests.skip(admin, superApproved.id, new RequestReview({ remark: "urgent" }))
      assert.strictEqual(skipped.status, "REQUEST_SUBMITTED")
      assert.deepStrictEqual(
        (yield* requests.timeline(requester, superApproved.id)).map((e) => e.action),
        ["SUBMIT", "SKIP"]
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("deletes only what never went out, assigns open requests to buyers, and keeps watchers", () =>
    Effect.gen(function* () {
      const { admin, requester, manager, outsider, office, requests } = yield* world
      const draft = yield* requests.create(requester, productRequest(office.id))
      yield* requests.remove(requester, draft.id)
      assert.strictEqual(yield* tag(requests.get(requester, draft.id)), "RequestNotFound")

      const made = yield* requests.create(requester, productRequest(office.id))
      yield* requests.submit(requester, made.id)
      assert.strictEqual(yield* tag(requests.remove(requester, made.id)), "RequestActionNotAllowed")
      assert.strictEqual(
        yield* tag(requests.assign(requester, made.id, manager.userId)),
        "InsufficientPrivileges",
        "the requester does not pick the buyer"
      )
      const assigned = yield* requests.assign(manager, made.id, outsider.userId)
      assert.strictEqual(assigned.assigneeId, outsider.userId)
      assert.strictEqual((yield* requests.get(outsider, made.id)).id, made.id, "the assignee reads it")
      assert.strictEqual(
        (yield* refusal(requests.assign(manager, made.id, crypto.randomUUID())))["problem"],
        "notActiveUser"
      )

      const candidates = yield* requests.watcherCandidates(requester, made.id)
      assert.deepStrictEqual(
        candidates.map((c) => c.userId),
        [manager.userId]
      )
      const watched = yield* requests.updateWatchers(
        requester,
        made.id,
        new RequestWatchersInput({
          watchers: [{ userId: admin.userId }, { userId: manager.userId, orderSubmission: false }]
        })
      )
      assert.deepStrictEqual(
        watched.watchers.map((w) => [w.userId, w.notificationStatusMap.ORDER_SUBMISSION.enabled]),
        [
          [admin.userId, true],
          [manager.userId, false]
        ]
      )
      assert.strictEqual(
        (yield* refusal(
          requests.updateWatchers(
            requester,
            made.id,
            new RequestWatchersInput({ watchers: [{ userId: admin.userId }, { userId: admin.userId }] })
          )
        ))["problem"],
        "duplicate"
      )
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("copies a request into a fresh draft of the copier's, with new lines and new dates", () =>
    Effect.gen(function* () {
      const { requester, manager, office, requests } = yield* world
      const made = yield* requests.create(requester, productRequest(office.id, { expectedDate: "2026-04-30" }))
      yield* requests.submit(requester, made.id)
      yield* TestClock.adjust("2 days")
      const copied = yield* requests.copy(manager, made.id)
      assert.deepStrictEqual(
        [copied.status, copied.requesterId, copied.copiedFrom, copied.title, copied.totals.total, copied.number],
        ["REQUEST_DRAFTED", manager.userId, made.id, made.title, made.totals.total, "REQ-000002"]
      )
      assert.strictEqual(copied.expectedDate, "2026-03-13T23:59:59.999Z")
      assert.isTrue(copied.items.every((i, n) => i.id !== made.items[n]!.id && i.name.en === made.items[n]!.name.en))
      assert.deepStrictEqual((yield* MemoryIdentityStore).audit.filter((e) => e.event === "request.copied").length, 1)
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("lists what each reader may see, with counts, filters, sorts, pages both ways and saved columns", () =>
    Effect.gen(function* () {
      const { admin, requester, manager, outsider, office, requests } = yield* world
      const branch = yield* workspaceOf(admin, "Branch", [[outsider, "workspaces_viewer"]])
      const made = []
      for (let i = 0; i < 12; i++) {
        yield* TestClock.adjust("1 second")
        made.push(
          yield* requests.create(
            requester,
            productRequest(office.id, { title: `Office ${i}`, classification: i % 2 === 0 ? "even" : null })
          )
        )
      }
      const elsewhere = yield* requests.create(outsider, productRequest(branch.id, { title: "Branch chairs" }))
      yield* requests.submit(requester, made[0]!.id)

      const ofAdmin = yield* requests.list(admin, {})
      assert.deepStrictEqual([ofAdmin.totalCount, ofAdmin.requests.length], [13, 10])
      assert.deepStrictEqual(ofAdmin.workspaceList.map((w) => [w.name, w.count]).sort(), [
        ["Branch", 1],
        ["Head Office", 12]
      ])
      assert.deepStrictEqual(
        ofAdmin.statusList.filter((s) => s.count > 0).map((s) => [s.status, s.count]),
        [
          ["REQUEST_DRAFTED", 12],
          ["REQUEST_SUBMITTED", 1]
        ]
      )
      assert.deepStrictEqual(
        ofAdmin.classificationsList.map((c) => [c.classification, c.count]),
        [
          ["even", 6],
          [null, 7]
        ]
      )
      assert.deepStrictEqual(
        ofAdmin.workspaceClassificationList.map((c) => [c.classification, c.count]),
        [[null, 13]]
      )
      assert.strictEqual((yield* requests.list(outsider, {})).totalCount, 1, "their own, and their workspace's")
      assert.strictEqual((yield* requests.list(manager, {})).totalCount, 12, "the workspace they manage")
      const approverOnly = yield* actorWith(["request_approver"], admin)
      assert.strictEqual(
        (yield* requests.list(approverOnly, {})).totalCount,
        0,
        "no workspace of theirs, none of their own"
      )
      const orgsManager = yield* actorWith(["orgs_manager"], admin)
      assert.strictEqual(yield* tag(requests.list(orgsManager, {})), "InsufficientPrivileges")
      assert.strictEqual(yield* tag(requests.get(outsider, made[1]!.id)), "RequestNotFound")
      assert.strictEqual((yield* requests.get(outsider, elsewhere.id)).id, elsewhere.id)

      const filtered = yield* requests.list(admin, {
        statuses: ["REQUEST_DRAFTED"],
        classifications: ["none"],
        search: "office",
        sort: "title",
        limit: 25
      })
      assert.deepStrictEqual(
        filtered.requests.map((r) => r.title),
        ["Office 1", "Office 11", "Office 3", "Office 5", "Office 7", "Office 9"]
      )
      assert.strictEqual((yield* refusal(requests.list(admin, { sort: "price" })))["field"], "sort")
      assert.strictEqual(yield* tag(requests.list(admin, { statuses: ["LOST"] })), "InvalidField")
      assert.strictEqual(yield* tag(requests.list(admin, { limit: 7 })), "InvalidPageSize")
      assert.strictEqual(yield* tag(requests.list(admin, { after: "junk" })), "RequestCursorInvalid")

      const first = yield* requests.list(admin, { sort: "-createdAt" })
      const second = yield* requests.list(admin, { sort: "-createdAt", after: first.nextCursor! })
      assert.deepStrictEqual(
        second.requests.map((r) => r.id),
        (yield* requests.list(admin, { sort: "-createdAt", page: 1 })).requests.map((r) => r.id)
      )
      assert.isNull(second.nextCursor)
      const back = yield* requests.list(admin, { sort: "-createdAt", before: second.previousCursor! })
      assert.deepStrictEqual(
        back.requests.map((r) => r.id),
        first.requests.map((r) => r.id)
      )
      assert.strictEqual(
        yield* tag(requests.list(admin, { sort: "title", after: first.nextCursor! })),
        "RequestCursorInvalid",
        "a cursor of another order"
      )

      assert.deepStrictEqual(yield* requests.saveColumns(requester, "requests", [" number", "title", "number"]), [
        "number",
        "title"
      ])
      assert.deepStrictEqual((yield* requests.list(requester, {})).columns, ["number", "title"])
      assert.deepStrictEqual((yield* requests.listExpense(requester, {})).columns, [])
      assert.strictEqual((yield* requests.listExpense(admin, {})).totalCount, 0)
      assert.strictEqual(yield* tag(requests.listExpense(admin, { requestTypes: ["product"] })), "InvalidField")
      assert.strictEqual((yield* requests.latest(requester))?.id, made.at(-1)!.id)
      assert.isNull(yield* requests.latest(manager))
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )

  it.effect("offers the form the budgets in force of the actor's workspaces", () =>
    Effect.gen(function* () {
      const { admin, requester, outsider, office, requests } = yield* world
      const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
      assert.deepStrictEqual(
        (yield* requests.activeBudgets(requester, office.id)).map((b) => b.id),
        [budget.id]
      )
      assert.deepStrictEqual(yield* requests.activeBudgets(outsider, office.id), [])
      yield* changeSettings(
        admin,
        (s) =>
          new OrgSettings({
            ...s,
            modules: s.modules.map((m) => (m.code === "budgets" ? moduleConfig("budgets", false) : m))
          })
      )
      assert.deepStrictEqual(yield* requests.activeBudgets(requester, office.id), [])
      const made = yield* requests.create(requester, productRequest(office.id))
      assert.strictEqual(
        (yield* requests.submit(requester, made.id)).status,
        "REQUEST_SUBMITTED",
        "with budgets off, no line is asked for"
      )
      const named = yield* requests.create(
        requester,
        productRequest(office.id, { budget: new RequestBudgetLine({ budgetId: budget.id, line: "6100" }) })
      )
      yield* requests.submit(requester, named.id)
      assert.deepStrictEqual(yield* lineOf(admin, budget.id, "6100"), ["0.00", "1000.00"], "nor charged")
    }).pipe(Effect.provide(layerMemoryRequestsWorld))
  )
})
