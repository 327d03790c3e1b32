import { assert, describe, it } from "@effect/vitest"
import { BigDecimal, Effect, Exit, Option } from "effect"
import { TestClock } from "effect/testing"
import fc from "fast-check"
import { BudgetRepository, decimal } from "../budgets/Budget.ts"
import type { Actor } from "../identity/Actor.ts"
import {
  addOrganisationApprover,
  layerMemoryRequestsWorld,
  requestsWorldActor as actorWith,
  requestsWorldBudget as activeBudget,
  requestsWorldWorkspace as workspaceOf
} from "../testing/index.ts"
import {
  NewRequestInput,
  type Request,
  RequestApproval,
  RequestBudgetLine,
  RequestClose,
  RequestItemInput,
  RequestReview,
  RequestUpdateInput
} from "./Request.ts"
import { commandOutcomes, holdsBudget, type RequestCommand } from "./RequestCommands.ts"
import { RequestRepository } from "./RequestRepository.ts"
import { Requests } from "./Requests.ts"

type Who = "requester" | "manager" | "approver" | "admin"
const who = fc.constantFrom<Who>("requester", "manager", "approver", "admin")
const target = fc.nat({ max: 3 })
const cents = fc.integer({ min: 100, max: 60_000 })

/** What people do to requests, mostly raising, submitting and deciding them. */
type Step =
  | { readonly kind: "create"; readonly by: Who; readonly cents: number }
  | { readonly kind: "update"; readonly target: number; readonly by: Who; readonly cents: number }
  | {
      readonly kind: "submit" | "returnToDraft" | "archive" | "delete" | "copy" | "assign"
      readonly target: number
      readonly by: Who
    }
  | {
      readonly kind: "approve" | "skip" | "reject" | "return" | "close"
      readonly target: number
      readonly by: Who
      readonly super: boolean
    }

/** Mostly the people who would take an action, sometimes anyone: so refusals and successes both come often. */
const mostly = (...natural: ReadonlyArray<Who>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...natural) }, { weight: 1, arbitrary: who })

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("create" as const), by: mostly("requester", "admin"), cents })
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("update" as const), target, by: mostly("requester", "admin"), cents })
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant("submit" as const), target, by: mostly("requester", "admin") })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom("returnToDraft" as const, "archive" as const, "delete" as const),
      target,
      by: mostly("requester", "admin")
    })
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("copy" as const, "assign" as const),
      target,
      by: mostly("manager", "admin")
    })
  },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constantFrom("approve" as const, "skip" as const, "reject" as const, "return" as const),
      target,
      by: who,
      super: fc.boolean()
    })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("close" as const),
      target,
      by: who,
      super: fc.boolean()
    })
  }
)

const amountOf = (c: number) => BigDecimal.format(BigDecimal.make(BigInt(c), 2))

/** The decisions on a request's approval (and the super close over it), which segregation of duties governs. */
const approvalActs: ReadonlyArray<Step["kind"]> = ["approve", "skip", "reject", "return"]

describe("requests under any sequence of actions", () => {
  it("stay in the statuses their command table allows, keep each budget line's requested amount the sum of its live requests, and keep super acts and duties apart", async () => {
    const seen = { succeeded: 0, refused: 0, held: 0 }
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 40 }), async (steps) => {
        await Effect.runPromise(
          Effect.gen(function* () {
            yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
            const admin = yield* actorWith(["org_super_user"])
            const requester = yield* actorWith(["org_basic_user"], admin)
            const manager = yield* actorWith(["org_basic_user"], admin)
            const approver = yield* actorWith(["org_basic_user"], admin)
            const office = yield* workspaceOf(admin, "Head Office", [
              [requester, "workspaces_viewer"],
              [manager, "workspaces_manager"]
            ])
            yield* addOrganisationApprover(admin, approver.userId, "request", "Manager")
            const budget = yield* activeBudget(admin, office.id, [["6100", "1000"]])
            const actors: Readonly<Record<Who, Actor>> = { requester, manager, approver, admin }
            const requests = yield* Requests
            const repository = yield* RequestRepository
            const budgets = yield* BudgetRepository
            const ids: Array<string> = []
            const charged = new RequestBudgetLine({ budgetId: budget.id, line: "6100" })
            const lineOf = (c: number) =>
              new RequestItemInput({ name: { en: "Item" }, quantity: "1", price: { basePrice: amountOf(c) } })

            const find = (id: string) => Effect.map(repository.find(admin.orgId, id), Option.getOrUndefined)
            const requested = Effect.map(budgets.find(admin.orgId, budget.id), (b) =>
              decimal(Option.getOrThrow(b).lines[0]!.requested)
            )

            for (const s of steps) {
              const id = s.kind === "create" || ids.length === 0 ? undefined : ids[s.target % ids.length]
              if (s.kind !== "create" && id === undefined) continue
              const before = id === undefined ? undefined : yield* find(id)
              const line = yield* requested
              const actor = actors[s.by]
              const superAct = "super" in s && s.super
              const run: Effect.Effect<Request | void, unknown> =
                s.kind === "create"
                  ? requests.create(
                      actor,
                      new NewRequestInput({
                        requestType: "product",
                        workspaceId: office.id,
                        title: "Supplies",
                        items: [lineOf(s.cents)],
                        budget: charged
                      })
                    )
                  : s.kind === "update"
                    ? requests.update(
                        actor,
                        new RequestUpdateInput({ id: id!, version: before?.version ?? 0, items: [lineOf(s.cents)] })
                      )
                    : s.kind === "submit"
                      ? requests.submit(actor, id!)
                      : s.kind === "returnToDraft"
                        ? requests.returnToDraft(actor, id!)
                        : s.kind === "archive"
                          ? requests.archive(actor, id!)
                          : s.kind === "delete"
                            ? requests.remove(actor, id!)
                            : s.kind === "copy"
                              ? requests.copy(actor, id!)
                              : s.kind === "assign"
                                ? requests.assign(actor, id!, manager.userId)
                                : s.kind === "approve"
                                  ? requests.approve(actor, id!, new RequestApproval({ isSuperApproval: superAct }))
                                  : s.kind === "skip"
                                    ? requests.skip(actor, id!, new RequestReview({ isSuperApproval: superAct }))
                                    : s.kind === "reject"
                                      ? requests.reject(actor, id!, new RequestReview({ isSuperApproval: superAct }))
                                      : s.kind === "return"
                                        ? requests.returnToRequester(
                                            actor,
                                            id!,
                                            new RequestReview({ isSuperApproval: superAct })
                                          )
                                        : requests.close(actor, id!, new RequestClose({ isSuperApproval: superAct }))
              const exit = yield* Effect.exit(run)
              const after = id === undefined ? undefined : yield* find(id)

              if (Exit.isFailure(exit)) {
                seen.refused++
                // A refused action leaves the request and its budget line as they were.
                assert.deepStrictEqual(after, before, `${s.kind} refused`)
                assert.isTrue(BigDecimal.equals(yield* requested, line), `${s.kind} refused`)
              } else {
                seen.succeeded++
                const made = exit.value
                if ((s.kind === "create" || s.kind === "copy") && made !== undefined) {
                  ids.push(made.id)
                  assert.strictEqual(made.status, "REQUEST_DRAFTED")
                }
                if (before !== undefined && s.kind !== "create" && s.kind !== "copy") {
                  const command: RequestCommand =
                    s.kind === "delete"
                      ? "delete"
                      : s.kind === "close" && superAct
                        ? "superClose"
                        : s.kind === "update"
                          ? "update"
                          : s.kind
                  const outcomes = commandOutcomes(command, before.status)
                  if (s.kind === "delete") assert.isUndefined(after)
                  else assert.include(outcomes, after!.status, `${command} from ${before.status}`)
                  // Nobody decides their own request's approval, nor closes it over its approval.
                  const decides =
                    (approvalActs.includes(s.kind) && before.status === "REQUEST_UNAPPROVED") ||
                    (s.kind === "close" && superAct)
                  if (decides) {
                    assert.notInclude([before.requesterId, before.createdBy], actor.userId, `${s.kind} by its own`)
                  }
                  // Skipping and deciding over the levels are a super approver's only.
                  if (s.kind === "skip" || (superAct && (approvalActs.includes(s.kind) || s.kind === "close"))) {
                    assert.strictEqual(s.by, "admin", `${s.kind} (super ${superAct}) by ${s.by}`)
                  }
                  if (decides && !superAct && s.kind !== "skip") {
                    assert.strictEqual(s.by, "approver", `${s.kind} by ${s.by}`)
                  }
                }
              }

              // The line's requested amount is the sum of the live requests charged to it.
              const live = (yield* Effect.forEach(ids, find)).filter(
                (r): r is Request => r !== undefined && holdsBudget(r.status) && r.budget?.budgetId === budget.id
              )
              if (live.length > 0) seen.held++
              assert.isTrue(
                BigDecimal.equals(yield* requested, BigDecimal.sumAll(live.map((r) => decimal(r.valueInOrgCurrency)))),
                `after ${s.kind}`
              )
            }
          }).pipe(Effect.provide(layerMemoryRequestsWorld), Effect.provide(TestClock.layer()))
        )
      }),
      { numRuns: 200 }
    )
    // The generator reaches both outcomes and budgets that hold money.
    assert.isAbove(seen.succeeded, 200)
    assert.isAbove(seen.refused, 300)
    assert.isAbove(seen.held, 100)
  })

  it("never let super approvers decide, skip or close over the approval of their own request, whatever its status", async () => {
    type Move = "submit" | "approve" | "return" | "buyerReturn" | "edit" | "toDraft"
    // Every status a request reaches by these moves, each often, and then any wandering among them.
    const canonical: ReadonlyArray<ReadonlyArray<Move>> = [
      [],
      ["submit"],
      ["submit", "approve"],
      ["submit", "return"],
      ["submit", "return", "edit"],
      ["submit", "approve", "buyerReturn"],
      ["submit", "approve", "toDraft"],
      ["submit", "return", "edit", "submit"]
    ]
    const route = fc.oneof(
      fc.constantFrom(...canonical),
      fc.array(fc.constantFrom<Move>("submit", "approve", "return", "buyerReturn", "edit", "toDraft"), {
        maxLength: 8
      })
    )
    const act = fc.constantFrom("approve", "skip", "reject", "return", "close")
    let decided = 0
    await fc.assert(
      fc.asyncProperty(route, act, fc.boolean(), async (path, last, superAct) => {
        await Effect.runPromise(
          Effect.gen(function* () {
            yield* TestClock.setTime(Date.parse("2026-03-01T09:00:00Z"))
            const admin = yield* actorWith(["org_super_user"])
            const manager = yield* actorWith(["org_basic_user"], admin)
            const approver = yield* actorWith(["org_basic_user"], admin)
            const office = yield* workspaceOf(admin, "Head Office", [[manager, "workspaces_manager"]])
            yield* addOrganisationApprover(admin, approver.userId, "request", "Manager")
            const requests = yield* Requests
            const line = new RequestItemInput({ name: { en: "Item" }, quantity: "1", price: { basePrice: "10" } })
            const own = yield* requests.create(
              admin,
              new NewRequestInput({ requestType: "product", workspaceId: office.id, title: "Own", items: [line] })
            )
            for (const move of path) {
              yield* Effect.exit<unknown, unknown, never>(
                move === "submit"
                  ? requests.submit(admin, own.id)
                  : move === "approve"
                    ? requests.approve(approver, own.id, new RequestApproval({}))
                    : move === "return"
                      ? requests.returnToRequester(approver, own.id, new RequestReview({}))
                      : move === "buyerReturn"
                        ? requests.returnToRequester(manager, own.id, new RequestReview({}))
                        : move === "toDraft"
                          ? requests.returnToDraft(admin, own.id)
                          : Effect.flatMap(requests.get(admin, own.id), (r) =>
                              requests.update(admin, new RequestUpdateInput({ id: own.id, version: r.version }))
                            )
              )
            }
            const before = yield* requests.get(admin, own.id)
            const review = { isSuperApproval: superAct }
            const exit = yield* Effect.exit(
              last === "approve"
                ? requests.approve(admin, own.id, new RequestApproval(review))
                : last === "skip"
                  ? requests.skip(admin, own.id, new RequestReview(review))
                  : last === "reject"
                    ? requests.reject(admin, own.id, new RequestReview(review))
                    : last === "return"
                      ? requests.returnToRequester(admin, own.id, new RequestReview(review))
                      : requests.close(admin, own.id, new RequestClose(review))
            )
            // Closing one's own request plainly, and sending back an approved one as its buyer, are no decisions.
            const decision = superAct || last === "skip" || (last !== "close" && before.status === "REQUEST_UNAPPROVED")
            if (decision) {
              decided++
              assert.isTrue(Exit.isFailure(exit), `${last} (super ${superAct}) of its own ${before.status}`)
            }
          }).pipe(Effect.provide(layerMemoryRequestsWorld), Effect.provide(TestClock.layer()))
        )
      }),
      { numRuns: 150 }
    )
    assert.isAbove(decided, 80)
  })
})
