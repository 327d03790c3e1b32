import { assert, describe, it } from "@effect/vitest"
import { type ApprovalAction, TimelineEntry } from "../approvals/Workflow.ts"
import { requestStepsOf } from "./RequestSteps.ts"

const entry = (action: ApprovalAction, seq: number) =>
  new TimelineEntry({
    seq,
    kind: "request",
    documentId: "r",
    action,
    actorId: "u",
    actorName: "U",
    level: null,
    remark: "",
    assignees: [],
    at: new Date(0)
  })

const steps = (...actions: ReadonlyArray<ApprovalAction>) =>
  requestStepsOf(actions.map((a, i) => entry(a, i + 1))).map((s) => s.step)

describe("request steps", () => {
  it("reads the timeline as the request page's steps", () => {
    assert.deepStrictEqual(steps("SUBMIT", "APPROVE", "REMIND", "SKIP", "APPROVE"), [
      "submit",
      "approval",
      "skipped",
      "approval"
    ])
    assert.deepStrictEqual(steps("SUBMIT", "RETURN"), ["submit", "approval", "awaiting_edit"])
    assert.deepStrictEqual(steps("SUBMIT", "SUPER_RETURN", "SUBMIT", "SUPER_APPROVE"), [
      "submit",
      "super_return",
      "edited_and_submitted",
      "super_approval"
    ])
    assert.deepStrictEqual(steps("SUBMIT", "AUTO_APPROVE"), ["submit", "approval"])
    assert.deepStrictEqual(steps("SUBMIT", "SUPER_REJECT"), ["submit", "super_rejection"])
    assert.deepStrictEqual(steps(), [])
  })
})
