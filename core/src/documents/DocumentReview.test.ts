import { assert, describe, it } from "@effect/vitest"
import { Schema } from "effect"
import { DocumentReview, decisionOf, maxRemarkLength, reviewFields } from "./DocumentReview.ts"

class ThreeWayReview extends Schema.Class<ThreeWayReview>("ThreeWayReview")(
  reviewFields(["approve", "return", "reject"])
) {}

describe("the document review", () => {
  it("maps each action to the engine's decision with the trimmed remark", () => {
    const decisions = (["approve", "skip", "reject", "return"] as const).map((action) =>
      decisionOf({ action, remark: "  fine  " })
    )
    assert.deepStrictEqual(
      decisions.map((d) => [d.action, d.remark, d.isSuperApproval]),
      [
        ["APPROVE", "fine", false],
        ["SKIP", "fine", false],
        ["REJECT", "fine", false],
        ["RETURN", "fine", false]
      ]
    )
  })

  it("passes on a super approval, the approval classification and the next level's assignees", () => {
    const decision = decisionOf(
      new DocumentReview({
        action: "approve",
        isSuperApproval: true,
        approvalClassification: " urgent ",
        nextLevelAssignees: ["u1", "u2"]
      })
    )
    assert.deepStrictEqual(
      [decision.remark, decision.isSuperApproval, decision.approvalClassification, decision.nextLevelAssignees],
      ["", true, "urgent", ["u1", "u2"]]
    )
    assert.strictEqual(decisionOf({ action: "approve", approvalClassification: "  " }).approvalClassification, null)
    assert.isFalse("nextLevelAssignees" in decisionOf({ action: "reject" }))
  })

  it("accepts only the actions a module offers, and remarks up to their length", () => {
    const decode = (schema: Schema.Codec<unknown, unknown>, input: unknown) =>
      Schema.decodeUnknownExit(schema)(input)._tag
    assert.strictEqual(decode(DocumentReview, { action: "skip" }), "Success")
    assert.strictEqual(decode(ThreeWayReview, { action: "skip" }), "Failure")
    assert.strictEqual(decode(ThreeWayReview, { action: "return", remark: "x".repeat(maxRemarkLength) }), "Success")
    assert.strictEqual(decode(ThreeWayReview, { action: "return", remark: "x".repeat(maxRemarkLength + 1) }), "Failure")
    assert.strictEqual(decode(DocumentReview, { action: "close" }), "Failure")
  })
})
