import { assert, describe, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { Actor } from "../identity/Actor.ts"
import type { UserId } from "../identity/User.ts"
import { privilegesOfRoles } from "../access/DefaultRoles.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import {
  applicableLevels,
  decide,
  type Entry,
  isSuperApprover,
  levelApplies,
  replay,
  start,
  waitingOn,
  withdraw
} from "./Engine.ts"
import { ApprovalCriteria, ApprovalState, ApprovalSubject, Decision, WorkflowLevel } from "./Workflow.ts"

/** The requester and creator of every document, its possible approvers, and a super approver who approves nothing. */
const approvers = ["u1", "u2", "u3", "u4", "u5"] as const
const people = ["requester", "creator", ...approvers, "boss"] as const
/** u5 approves levels and is a super approver as well. */
const superApprovers: ReadonlyArray<string> = ["boss", "u5"]
const actorOf = (userId: string) => ({ userId, displayName: `Name of ${userId}` })
const at = new Date(0)

const subject = (value = "0", extra: Partial<ConstructorParameters<typeof ApprovalSubject>[0]> = {}) =>
  new ApprovalSubject({
    kind: "workspace",
    documentId: "doc",
    workspaceId: null,
    title: "Doc",
    requesterId: "requester",
    createdBy: "creator",
    value,
    categories: [],
    ...extra
  })

interface LevelShape {
  readonly approvers: ReadonlyArray<string>
  readonly mode: "ONE" | "ALL"
}

/** Levels resolved to user ids; the requester and creator may be among them, and must never act. */
const workflowArb: fc.Arbitrary<ReadonlyArray<LevelShape>> = fc.array(
  fc.record({
    approvers: fc.uniqueArray(fc.constantFrom("requester", "creator", ...approvers), { minLength: 1, maxLength: 4 }),
    mode: fc.constantFrom("ONE" as const, "ALL" as const)
  }),
  { minLength: 1, maxLength: 4 }
)

const levelsOf = (shape: ReadonlyArray<LevelShape>) =>
  shape.map(
    (l, i) =>
      new WorkflowLevel({
        level: i + 1,
        name: `L${i + 1}`,
        approvers: l.approvers.map((userId) => ({ type: "USER" as const, userId })),
        mode: l.mode,
        criteria: new ApprovalCriteria({})
      })
  )

/** A document's approval as a use case holds it: its state, every timeline entry, and where the round began. */
class ApprovalDocument {
  state: ApprovalState
  roundStart: ApprovalState
  readonly entries: Array<Entry> = []
  readonly shape: ReadonlyArray<LevelShape>
  constructor(shape: ReadonlyArray<LevelShape>) {
    this.shape = shape
    const begun = start(
      subject(),
      levelsOf(shape),
      shape.map((l) => l.approvers),
      actorOf("requester"),
      0,
      "",
      at
    )
    this.state = begun.state
    this.roundStart = begun.state
    this.entries.push(...begun.entries)
  }
  act(actor: string, decision: Decision): string {
    const outcome = decide(this.state, actorOf(actor), decision, superApprovers.includes(actor), at)
    if (Result.isFailure(outcome)) return outcome.failure._tag
    this.state = outcome.success.state
    this.entries.push(...outcome.success.entries)
    return "ok"
  }
  resubmit(): void {
    const begun = start(
      subject(),
      levelsOf(this.shape),
      this.shape.map((l) => l.approvers),
      actorOf("requester"),
      this.state.version,
      "again",
      at
    )
    this.state = begun.state
    this.roundStart = begun.state
    this.entries.push(...begun.entries)
  }
}

/** What the rules say, kept apart from the engine: per level, who may act and who approved. */
interface Model {
  status: ApprovalState["status"]
  current: number | null
  approverIds: Array<Array<string>>
  approvals: Array<Array<string>>
  superAction: boolean
  readonly modes: ReadonlyArray<"ONE" | "ALL">
}

const freshModel = (shape: ReadonlyArray<LevelShape>): Model => ({
  status: "PENDING_APPROVAL",
  current: 0,
  approverIds: shape.map((l) => [...l.approvers]),
  approvals: shape.map(() => []),
  superAction: false,
  modes: shape.map((l) => l.mode)
})

const own = (id: string) => id === "requester" || id === "creator"
/** Who may not approve level `i`: the document's own people and whoever approved another level. */
const barredFrom = (m: Model, i: number) => new Set(m.approvals.flatMap((ids, j) => (j === i ? [] : ids)))

const refusal = (m: Model, actor: string, needsSuper: boolean): string | undefined => {
  if (m.status !== "PENDING_APPROVAL") return "ApprovalNotPending"
  if (own(actor)) return "SelfApprovalRefused"
  if (needsSuper && !superApprovers.includes(actor)) return "SuperApproverRequired"
  return undefined
}

const close = (m: Model, status: Model["status"], superAction: boolean) => {
  m.status = status
  m.current = null
  m.superAction = superAction
}

const advance = (m: Model) => {
  if (m.current! + 1 >= m.modes.length) close(m, "APPROVED", m.superAction)
  else m.current = m.current! + 1
}

class ApproveCommand implements fc.Command<Model, ApprovalDocument> {
  readonly actor: string
  readonly assignees: ReadonlyArray<string>
  constructor(actor: string, assignees: ReadonlyArray<string>) {
    this.actor = actor
    this.assignees = assignees
  }
  check = () => true
  run(m: Model, real: ApprovalDocument): void {
    const expected = ((): string => {
      const refused = refusal(m, this.actor, false)
      if (refused !== undefined) return refused
      const i = m.current!
      if (!m.approverIds[i]!.includes(this.actor)) return "NotAnApprover"
      if (m.approvals.some((ids) => ids.includes(this.actor))) return "AlreadyApprovedLevel"
      m.approvals[i]!.push(this.actor)
      const barred = barredFrom(m, i)
      const eligible = m.approverIds[i]!.filter((id) => !own(id) && !barred.has(id))
      if (m.modes[i] === "ONE" || eligible.every((id) => m.approvals[i]!.includes(id))) {
        const next = i + 1
        if (next < m.modes.length) {
          const barredNext = barredFrom(m, next)
          const named = m.approverIds[next]!.filter(
            (id) => this.assignees.includes(id) && !own(id) && !barredNext.has(id)
          )
          if (named.length > 0) m.approverIds[next] = named
        }
        advance(m)
      }
      return "ok"
    })()
    const decision = new Decision({ action: "APPROVE", remark: "fine", nextLevelAssignees: this.assignees })
    assert.strictEqual(real.act(this.actor, decision), expected)
  }
  toString = () => `approve(${this.actor}, [${this.assignees.join(",")}])`
}

class EndCommand implements fc.Command<Model, ApprovalDocument> {
  readonly actor: string
  readonly action: "REJECT" | "RETURN"
  constructor(actor: string, action: "REJECT" | "RETURN") {
    this.actor = actor
    this.action = action
  }
  check = () => true
  run(m: Model, real: ApprovalDocument): void {
    const expected = ((): string => {
      const refused = refusal(m, this.actor, false)
      if (refused !== undefined) return refused
      if (!m.approverIds[m.current!]!.includes(this.actor)) return "NotAnApprover"
      if (m.approvals.some((ids) => ids.includes(this.actor))) return "AlreadyApprovedLevel"
      close(m, this.action === "REJECT" ? "REJECTED" : "RETURNED", m.superAction)
      return "ok"
    })()
    assert.strictEqual(real.act(this.actor, new Decision({ action: this.action, remark: "no" })), expected)
  }
  toString = () => `${this.action.toLowerCase()}(${this.actor})`
}

class SkipCommand implements fc.Command<Model, ApprovalDocument> {
  readonly actor: string
  constructor(actor: string) {
    this.actor = actor
  }
  check = () => true
  run(m: Model, real: ApprovalDocument): void {
    const expected = ((): string => {
      const refused = refusal(m, this.actor, true)
      if (refused !== undefined) return refused
      m.superAction = true
      advance(m)
      return "ok"
    })()
    assert.strictEqual(real.act(this.actor, new Decision({ action: "SKIP", remark: "urgent" })), expected)
  }
  toString = () => `skip(${this.actor})`
}

class SuperCommand implements fc.Command<Model, ApprovalDocument> {
  readonly actor: string
  readonly action: "APPROVE" | "REJECT" | "RETURN"
  constructor(actor: string, action: "APPROVE" | "REJECT" | "RETURN") {
    this.actor = actor
    this.action = action
  }
  check = () => true
  run(m: Model, real: ApprovalDocument): void {
    const expected = ((): string => {
      const refused = refusal(m, this.actor, true)
      if (refused !== undefined) return refused
      close(m, this.action === "APPROVE" ? "APPROVED" : this.action === "REJECT" ? "REJECTED" : "RETURNED", true)
      return "ok"
    })()
    const decision = new Decision({ action: this.action, remark: "overruled", isSuperApproval: true })
    assert.strictEqual(real.act(this.actor, decision), expected)
  }
  toString = () => `super_${this.action.toLowerCase()}(${this.actor})`
}

/** The requester submits a returned document again: a new round from the first level. */
class ResubmitCommand implements fc.Command<Model, ApprovalDocument> {
  check = (m: Readonly<Model>) => m.status === "RETURNED"
  run(m: Model, real: ApprovalDocument): void {
    real.resubmit()
    Object.assign(m, freshModel(real.shape))
  }
  toString = () => "resubmit"
}

/** What must hold of every approval, whatever happened to it. */
const laws = (m: Model, real: ApprovalDocument) => {
  const { state } = real
  assert.deepStrictEqual(
    [state.status, state.current, state.approvedBy, state.approverIds, state.superAction],
    [m.status, m.current, m.approvals, m.approverIds, m.superAction]
  )
  const everyone = state.approvedBy.flat()
  assert.notInclude(everyone, "requester")
  assert.notInclude(everyone, "creator")
  assert.strictEqual(new Set(everyone).size, everyone.length, "nobody approves two levels, nor one level twice")
  if (state.status === "APPROVED" && !state.superAction) {
    state.levels.forEach((level, i) => {
      const approved = state.approvedBy[i]!
      assert.isAtLeast(approved.length, 1, `level ${level.level} passed without an approval`)
      if (level.mode === "ALL") {
        const others = new Set(everyone.filter((id) => !approved.includes(id)))
        for (const id of state.approverIds[i]!) {
          if (!own(id) && !others.has(id)) assert.include(approved, id, `level ${level.level} waited for ${id}`)
        }
      }
    })
  }
  if (state.status === "PENDING_APPROVAL") {
    for (const id of waitingOn(state)) {
      assert.isFalse(own(id) || everyone.includes(id), `${id} is shown a level they may not approve`)
    }
  } else assert.deepStrictEqual(waitingOn(state), [])
  const after = real.entries.slice(real.entries.map((e) => e.action).lastIndexOf("SUBMIT") + 1)
  for (const e of after) {
    assert.isFalse(own(e.actorId), "the requester and creator act only by submitting")
    if (e.action === "SKIP" || e.action.startsWith("SUPER_")) assert.include(superApprovers, e.actorId)
  }
  const replayed = replay(real.roundStart, real.entries)
  assert.deepStrictEqual(
    [replayed.status, replayed.current, replayed.approvedBy, replayed.approverIds, replayed.superAction],
    [state.status, state.current, state.approvedBy, state.approverIds, state.superAction],
    "the timeline replays to the state"
  )
}

const withLaws = <C extends fc.Command<Model, ApprovalDocument>>(command: C): fc.Command<Model, ApprovalDocument> => ({
  check: (m) => command.check(m),
  run: (m, real) => {
    command.run(m, real)
    laws(m, real)
  },
  toString: () => command.toString()
})

const personArb = fc.constantFrom(...people)
const commandsArb = fc.commands(
  [
    fc
      .tuple(personArb, fc.subarray([...approvers], { maxLength: 2 }))
      .map(([actor, assignees]) => withLaws(new ApproveCommand(actor, assignees))),
    fc
      .tuple(personArb, fc.constantFrom("REJECT" as const, "RETURN" as const))
      .map(([actor, action]) => withLaws(new EndCommand(actor, action))),
    personArb.map((actor) => withLaws(new SkipCommand(actor))),
    fc
      .tuple(personArb, fc.constantFrom("APPROVE" as const, "REJECT" as const, "RETURN" as const))
      .map(([actor, action]) => withLaws(new SuperCommand(actor, action))),
    fc.constant(withLaws(new ResubmitCommand()))
  ],
  { maxCommands: 40 }
)

describe("the approval engine (model-based)", () => {
  it("approves a document only when every level has its approvals, never by its requester or creator, one level per person, and its timeline replays to its state", () =>
    fc.assert(
      fc.property(workflowArb, commandsArb, (shape, commands) => {
        fc.modelRun(() => ({ model: freshModel(shape), real: new ApprovalDocument(shape) }), commands)
      }),
      { numRuns: 500 }
    ))

  it("reaches APPROVED when every level's approvers approve in turn, one or all of them", () =>
    fc.assert(
      fc.property(workflowArb, (shape) => {
        // Levels whose approvers are disjoint and not the document's own, so each can pass.
        const used = new Set<string>()
        const disjoint: Array<LevelShape> = []
        for (const l of shape) {
          const fresh = l.approvers.filter((id) => !own(id) && !used.has(id))
          fresh.forEach((id) => used.add(id))
          if (fresh.length > 0) disjoint.push({ ...l, approvers: fresh })
        }
        fc.pre(disjoint.length > 0)
        const document = new ApprovalDocument(disjoint)
        disjoint.forEach((level, i) => {
          assert.strictEqual(document.state.current, i)
          const acting = level.mode === "ONE" ? level.approvers.slice(0, 1) : level.approvers
          for (const id of acting) {
            assert.strictEqual(document.act(id, new Decision({ action: "APPROVE", remark: "" })), "ok")
          }
        })
        assert.deepStrictEqual([document.state.status, document.state.superAction], ["APPROVED", false])
        assert.deepStrictEqual(
          document.entries.map((e) => e.action),
          ["SUBMIT", ...disjoint.flatMap((l) => (l.mode === "ONE" ? ["APPROVE"] : l.approvers.map(() => "APPROVE")))]
        )
      })
    ))
})

describe("the approval engine", () => {
  const one = (approverIds: ReadonlyArray<ReadonlyArray<string>>, mode: "ONE" | "ALL" = "ONE") =>
    start(
      subject(),
      approverIds.map(
        (ids, i) =>
          new WorkflowLevel({
            level: i + 1,
            name: `L${i + 1}`,
            approvers: ids.map((userId) => ({ type: "USER" as const, userId })),
            mode,
            criteria: new ApprovalCriteria({})
          })
      ),
      approverIds,
      actorOf("requester"),
      0,
      "",
      at
    ).state
  const tagOf = (outcome: ReturnType<typeof decide>) =>
    Result.isFailure(outcome) ? outcome.failure._tag : outcome.success.state.status

  it("lets only a super approver skip a level or decide over all levels, and records what they did", () => {
    const state = one([["u1"], ["u2"]])
    const skip = new Decision({ action: "SKIP", remark: "" })
    assert.strictEqual(tagOf(decide(state, actorOf("u1"), skip, false, at)), "SuperApproverRequired")
    const skipped = decide(state, actorOf("boss"), skip, true, at)
    assert.isTrue(Result.isSuccess(skipped))
    if (Result.isSuccess(skipped)) {
      assert.deepStrictEqual(
        [skipped.success.state.current, skipped.success.entries.map((e) => [e.action, e.level, e.actorName])],
        [1, [["SKIP", 1, "Name of boss"]]]
      )
    }
    for (const [action, status, recorded] of [
      ["APPROVE", "APPROVED", "SUPER_APPROVE"],
      ["REJECT", "REJECTED", "SUPER_REJECT"],
      ["RETURN", "RETURNED", "SUPER_RETURN"]
    ] as const) {
      const decided = decide(
        state,
        actorOf("boss"),
        new Decision({ action, remark: "r", isSuperApproval: true }),
        true,
        at
      )
      assert.isTrue(Result.isSuccess(decided))
      if (Result.isSuccess(decided)) {
        assert.deepStrictEqual(
          [decided.success.state.status, decided.success.state.superAction, decided.success.entries[0]!.action],
          [status, true, recorded]
        )
      }
    }
    const byRequester = decide(
      state,
      actorOf("requester"),
      new Decision({ action: "APPROVE", remark: "", isSuperApproval: true }),
      true,
      at
    )
    assert.strictEqual(tagOf(byRequester), "SelfApprovalRefused")
    assert.strictEqual(
      tagOf(decide(state, actorOf("u2"), new Decision({ action: "APPROVE", remark: "" }), false, at)),
      "NotAnApprover"
    )
  })

  it("does not wait, at a level of ALL, on someone who approved an earlier level, and refuses a second approval", () => {
    const state = one(
      [
        ["u1", "u2"],
        ["u1", "u3"]
      ],
      "ALL"
    )
    const approve = new Decision({ action: "APPROVE", remark: "" })
    const steps = [
      ["u1", "PENDING_APPROVAL"],
      ["u1", "AlreadyApprovedLevel"],
      ["u2", "PENDING_APPROVAL"],
      ["u1", "AlreadyApprovedLevel"],
      ["u3", "APPROVED"]
    ] as const
    let current = state
    for (const [who, expected] of steps) {
      const outcome = decide(current, actorOf(who), approve, false, at)
      assert.strictEqual(tagOf(outcome), expected, who)
      if (Result.isSuccess(outcome)) current = outcome.success.state
      if (who === "u2") assert.deepStrictEqual(waitingOn(current), ["u3"])
    }
  })

  it("narrows the next level to the assignees named among its approvers", () => {
    const state = one([["u1"], ["u2", "u3", "u4"]])
    const named = decide(
      state,
      actorOf("u1"),
      new Decision({ action: "APPROVE", remark: "", nextLevelAssignees: ["u3", "outsider", "requester"] }),
      false,
      at
    )
    assert.isTrue(Result.isSuccess(named))
    if (Result.isSuccess(named)) {
      assert.deepStrictEqual(waitingOn(named.success.state), ["u3"])
      assert.deepStrictEqual(named.success.entries[0]!.assignees, ["u3", "outsider", "requester"])
    }
    const nobody = decide(
      state,
      actorOf("u1"),
      new Decision({ action: "APPROVE", remark: "", nextLevelAssignees: ["outsider"] }),
      false,
      at
    )
    assert.isTrue(Result.isSuccess(nobody) && waitingOn(nobody.success.state).length === 3)
  })

  it("withdraws a pending approval: the round ends as RETURNED, nobody waits on it, the timeline says so and replays to it", () => {
    const state = one([["u1"], ["u2"]])
    const first = decide(state, actorOf("u1"), new Decision({ action: "APPROVE", remark: "" }), false, at)
    assert.isTrue(Result.isSuccess(first))
    if (!Result.isSuccess(first)) return
    const pulled = withdraw(first.success.state, actorOf("requester"), "fix the IBAN", at)
    assert.isTrue(Result.isSuccess(pulled))
    if (!Result.isSuccess(pulled)) return
    const after = pulled.success.state
    assert.deepStrictEqual([after.status, after.current, waitingOn(after)], ["RETURNED", null, []])
    assert.deepStrictEqual(
      pulled.success.entries.map((e) => [e.action, e.level, e.remark, e.actorName]),
      [["WITHDRAW", 2, "fix the IBAN", "Name of requester"]]
    )
    const entries: ReadonlyArray<Entry> = [
      { ...pulled.success.entries[0]!, action: "SUBMIT", level: null },
      ...first.success.entries,
      ...pulled.success.entries
    ]
    assert.strictEqual(replay(state, entries).status, "RETURNED")
    assert.strictEqual(
      tagOf(decide(after, actorOf("u2"), new Decision({ action: "APPROVE", remark: "" }), false, at)),
      "ApprovalNotPending",
      "nobody decides a withdrawn round"
    )
    const again = withdraw(after, actorOf("requester"), "", at)
    assert.isTrue(Result.isFailure(again) && again.failure._tag === "ApprovalNotPending")
  })

  it("approves at once when no level applies", () => {
    const begun = start(subject(), [], [], actorOf("requester"), 0, "", at)
    assert.deepStrictEqual([begun.state.status, begun.state.current], ["APPROVED", null])
    assert.deepStrictEqual(
      begun.entries.map((e) => e.action),
      ["SUBMIT", "AUTO_APPROVE"],
      "the timeline says it was approved, and why"
    )
    assert.deepStrictEqual(replay(begun.state, begun.entries).status, "APPROVED")
    assert.strictEqual(
      tagOf(decide(begun.state, actorOf("u1"), new Decision({ action: "APPROVE", remark: "" }), false, at)),
      "ApprovalNotPending"
    )
  })

  it("counts as super approvers the super user roles and a role carrying every super user privilege", () => {
    const actor = (roles: ReadonlyArray<string>, extra: ReadonlyArray<string> = []) =>
      new Actor({
        sessionId: "s",
        userId: "u" as UserId,
        orgId: "o" as OrgId,
        email: "u@tawreed.test",
        displayName: "U",
        roles,
        privileges: [...privilegesOfRoles(roles), ...extra]
      })
    assert.isTrue(isSuperApprover(actor(["org_super_user"])))
    assert.isTrue(isSuperApprover(actor(["tawreed_super_admin"])))
    assert.isTrue(isSuperApprover(actor(["chief"], privilegesOfRoles(["org_super_user"]))))
    assert.isFalse(isSuperApprover(actor(["workspaces_admin", "request_approver"])))
    assert.isFalse(isSuperApprover(actor(["_super_admin"])))
  })
})

describe("which levels apply", () => {
  const level = (n: number, criteria: ConstructorParameters<typeof ApprovalCriteria>[0]) =>
    new WorkflowLevel({ level: n, name: `L${n}`, approvers: [], mode: "ONE", criteria: new ApprovalCriteria(criteria) })

  it("picks levels by value range, categories, classifications and payment term", () => {
    const levels = [
      level(5, { requestClassifications: ["capex"] }),
      level(1, {}),
      level(2, { minValue: "10000" }),
      level(3, { minValue: "0", maxValue: "10000" }),
      level(4, { categories: ["IT"] }),
      level(6, { approvalClassifications: ["urgent"], paymentTerms: ["NET30"] })
    ]
    const numbers = (value: string, extra: Partial<ConstructorParameters<typeof ApprovalSubject>[0]> = {}) =>
      applicableLevels(levels, subject(value, extra)).map((l) => l.level)
    assert.deepStrictEqual(numbers("9999.99"), [1, 3])
    assert.deepStrictEqual(numbers("10000"), [1, 2])
    assert.deepStrictEqual(numbers("10000.000"), [1, 2])
    assert.deepStrictEqual(numbers("5", { categories: ["IT", "Office"] }), [1, 3, 4])
    assert.deepStrictEqual(numbers("5", { requestClassification: "capex" }), [1, 3, 5])
    assert.deepStrictEqual(numbers("5", { approvalClassification: "urgent", paymentTerm: "NET30" }), [1, 3, 6])
    assert.deepStrictEqual(numbers("5", { approvalClassification: "urgent", paymentTerm: "NET60" }), [1, 3])
    assert.deepStrictEqual(numbers("not a number"), [1, 2, 3], "an unreadable value meets every range")
    assert.deepStrictEqual(
      applicableLevels({ levels }, subject("1")).map((l) => l.level),
      [1, 3]
    )
  })

  it("applies a value range exactly when min <= value < max, compared as decimals", () => {
    const cents = fc.bigInt({ min: 0n, max: 10_000_000n })
    const text = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, "0")}`
    fc.assert(
      fc.property(fc.option(cents, { nil: undefined }), fc.option(cents, { nil: undefined }), cents, (min, max, v) => {
        const criteria = {
          ...(min === undefined ? {} : { minValue: text(min) }),
          ...(max === undefined ? {} : { maxValue: text(max) })
        }
        const expected = (min === undefined || v >= min) && (max === undefined || v < max)
        assert.strictEqual(levelApplies(level(1, criteria), subject(text(v))), expected)
      }),
      { numRuns: 500 }
    )
  })
})
