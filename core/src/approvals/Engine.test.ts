import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { applicableLevels, decide, type Entry, replay, start } from "./Engine.ts"
import { ApprovalCriteria, ApprovalSubject, Decision, WorkflowLevel } from "./Workflow.ts"

const people = ["requester", "u1", "u2", "u3", "u4", "u5"] as const
const actorOf = (userId: string) => ({ userId, displayName: userId })
const subject = (value = "0", categories: ReadonlyArray<string> = []) =>
  new ApprovalSubject({
    kind: "workspace",
    documentId: "doc",
    workspaceId: null,
    title: "Doc",
    requesterId: "requester",
    createdBy: "requester",
    value,
    categories
  })

const levelArb = fc.record({
  approvers: fc.uniqueArray(fc.constantFrom("u1", "u2", "u3", "u4", "u5"), { minLength: 1, maxLength: 3 }),
  mode: fc.constantFrom("ONE" as const, "ALL" as const)
})
const workflowArb = fc.array(levelArb, { minLength: 1, maxLength: 3 })
const stepArb = fc.record({
  actor: fc.constantFrom(...people),
  action: fc.constantFrom(
    "APPROVE" as const,
    "APPROVE" as const,
    "APPROVE" as const,
    "REJECT" as const,
    "RETURN" as const
  )
})

describe("the approval engine", () => {
  it("approves a document only when every level has its approvals, never by its requester, one level per person, and its timeline replays to its state", () =>
    fc.assert(
      fc.property(workflowArb, fc.array(stepArb, { maxLength: 25 }), (shape, steps) => {
        const levels = shape.map(
          (l, i) =>
            new WorkflowLevel({
              level: i + 1,
              name: `L${i + 1}`,
              approvers: l.approvers.map((userId) => ({ type: "USER" as const, userId })),
              mode: l.mode,
              criteria: new ApprovalCriteria({})
            })
        )
        const approverIds = shape.map((l) => l.approvers)
        const begun = start(subject(), levels, approverIds, actorOf("requester"), 0, "", new Date(0))
        let state = begun.state
        const entries: Array<Entry> = [...begun.entries]
        for (const step of steps) {
          const outcome = decide(
            state,
            actorOf(step.actor),
            new Decision({ action: step.action, remark: "" }),
            false,
            new Date(0)
          )
          if (Result.isSuccess(outcome)) {
            state = outcome.success.state
            entries.push(...outcome.success.entries)
          } else if (step.actor === "requester") {
            expect(
              outcome.failure._tag === "SelfApprovalRefused" || outcome.failure._tag === "ApprovalNotPending"
            ).toBe(true)
          }
        }
        const everyone = state.approvedBy.flat()
        expect(everyone).not.toContain("requester")
        expect(new Set(everyone).size).toBe(everyone.length)
        if (state.status === "APPROVED") {
          state.levels.forEach((level, i) => {
            const approved = state.approvedBy[i]!
            if (level.mode === "ONE") expect(approved.length).toBeGreaterThanOrEqual(1)
            else expect([...approverIds[i]!].sort()).toEqual([...approved].sort())
          })
        }
        const replayed = replay(begun.state, entries)
        expect([replayed.status, replayed.current, replayed.approvedBy]).toEqual([
          state.status,
          state.current,
          state.approvedBy
        ])
      })
    ))

  it("lets only a super approver skip a level or decide over all levels", () => {
    const level = new WorkflowLevel({
      level: 1,
      name: "Managers",
      approvers: [{ type: "USER", userId: "u1" }],
      mode: "ONE",
      criteria: new ApprovalCriteria({})
    })
    const { state } = start(subject(), [level], [["u1"]], actorOf("requester"), 0, "", new Date(0))
    const skip = new Decision({ action: "SKIP", remark: "" })
    const refused = decide(state, actorOf("u2"), skip, false, new Date(0))
    expect(Result.isFailure(refused) && refused.failure._tag).toBe("SuperApproverRequired")
    const skipped = decide(state, actorOf("boss"), skip, true, new Date(0))
    expect(Result.isSuccess(skipped) && [skipped.success.state.status, skipped.success.entries[0]!.action]).toEqual([
      "APPROVED",
      "SKIP"
    ])
    const superReject = decide(
      state,
      actorOf("boss"),
      new Decision({ action: "REJECT", remark: "no", isSuperApproval: true }),
      true,
      new Date(0)
    )
    expect(
      Result.isSuccess(superReject) && [superReject.success.state.status, superReject.success.state.superAction]
    ).toEqual(["REJECTED", true])
    const notApprover = decide(
      state,
      actorOf("u2"),
      new Decision({ action: "APPROVE", remark: "" }),
      false,
      new Date(0)
    )
    expect(Result.isFailure(notApprover) && notApprover.failure._tag).toBe("NotAnApprover")
  })

  it("picks levels by value range, categories and classifications", () => {
    const level = (n: number, criteria: ConstructorParameters<typeof ApprovalCriteria>[0]) =>
      new WorkflowLevel({
        level: n,
        name: `L${n}`,
        approvers: [],
        mode: "ONE",
        criteria: new ApprovalCriteria(criteria)
      })
    const levels = [
      level(1, {}),
      level(2, { minValue: "10000" }),
      level(3, { minValue: "0", maxValue: "10000" }),
      level(4, { categories: ["IT"] }),
      level(5, { requestClassifications: ["capex"] })
    ]
    expect(applicableLevels(levels, subject("9999.99")).map((l) => l.level)).toEqual([1, 3])
    expect(applicableLevels(levels, subject("10000")).map((l) => l.level)).toEqual([1, 2])
    expect(applicableLevels(levels, subject("5", ["IT", "Office"])).map((l) => l.level)).toEqual([1, 3, 4])
  })
})
