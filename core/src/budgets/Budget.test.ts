import { assert, describe, it } from "@effect/vitest"
import { BigDecimal } from "effect"
import { fieldProblems } from "../shared/Fields.ts"
import { maxItems } from "../shared/Limits.ts"
import { BudgetLineDelta, planLimits } from "./Budget.ts"

const zero = BigDecimal.fromNumberUnsafe(0)
const held = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    key: `H${i}`,
    label: `Held ${i}`,
    amounts: { limit: BigDecimal.fromNumberUnsafe(10), requested: zero, committed: zero, actual: zero }
  }))
const added = (keys: ReadonlyArray<string>) => keys.map((key) => new BudgetLineDelta({ key, label: key, delta: "1" }))

describe("planLimits", () => {
  it("lets a change fill a budget up to its most lines", () => {
    const planned = planLimits(held(maxItems.budgetLines - 1), added(["N0"]), "SAR")
    assert.strictEqual(planned._tag, "Planned")
  })

  it("refuses the line past a budget's most lines", () => {
    const planned = planLimits(held(maxItems.budgetLines - 1), added(["N0", "N1"]), "SAR")
    assert.deepStrictEqual(planned, { _tag: "Invalid", field: "lines", problem: "tooManyLines" })
    // The refusal's words name the same number as the cap.
    assert.include(fieldProblems.tooManyLines.en, String(maxItems.budgetLines))
    assert.include(fieldProblems.tooManyLines.ar, String(maxItems.budgetLines))
  })

  it("lets a full budget change the limits of the lines it holds", () => {
    const lines = held(maxItems.budgetLines)
    const planned = planLimits(lines, [new BudgetLineDelta({ key: "H0", delta: "-1" })], "SAR")
    assert.strictEqual(planned._tag, "Planned")
  })
})
