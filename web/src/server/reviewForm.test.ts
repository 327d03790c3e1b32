import { describe, expect, it } from "vitest"
import { reviewFromForm } from "./reviewForm.ts"

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}

describe("reviewFromForm", () => {
  it("reads the decision, the remark as typed and super approval", () => {
    expect(reviewFromForm(form({ decision: "return", remark: "  Fix the dates \n", isSuperApproval: "on" }))).toEqual({
      action: "return",
      remark: "Fix the dates",
      isSuperApproval: true
    })
  })

  it("approves unless return or reject is named, and keeps a remark to 2,000 characters", () => {
    const review = reviewFromForm(form({ decision: "delete", remark: "x".repeat(2500) }))
    expect([review.action, review.remark.length, review.isSuperApproval]).toEqual(["approve", 2000, false])
  })
})
