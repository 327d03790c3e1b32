import { describeError, withoutIsolates } from "@tawreed/core/shared"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import {
  budgetUpdateFromValues,
  budgetValuesFromForm,
  changeFromValues,
  changeValuesFromForm,
  lineIntentOf,
  maxLineRows,
  newBudgetFromValues,
  plainAmount
} from "./budgetForms.ts"

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

const budgetForm = (extra: Array<[string, string]> = []) =>
  form([
    ["workspaceId", "ws-1"],
    ["name", " Cloud 2031 "],
    ["startDate", "2031-01-01"],
    ["endDate", "2031-12-31"],
    ["policy", "WARN"],
    ["lineCount", "3"],
    ["line-0-key", "6100"],
    ["line-0-label", "Cloud hosting"],
    ["line-0-limit", "50,000.50"],
    ["line-1-key", ""],
    ["line-1-label", ""],
    ["line-1-limit", ""],
    ["line-2-key", "6200"],
    ["line-2-label", ""],
    ["line-2-limit", "٢٠٠٠٠٫٧٥"],
    ...extra
  ])

describe("the budget forms", () => {
  it("reads a budget with its lines, leaving blank rows out and naming a line by its key when unlabelled", () => {
    const values = budgetValuesFromForm(budgetForm())
    expect(values.policy).toBe("WARN")
    expect(values.lines).toHaveLength(3)
    const input = Effect.runSync(newBudgetFromValues(values))
    expect(input.name).toBe("Cloud 2031")
    expect(input.lines.map((l) => [l.key, l.label, l.limit])).toEqual([
      ["6100", "Cloud hosting", "50000.50"],
      ["6200", "6200", "20000.75"]
    ])
  })

  it("adds a row or takes one out when a row button posts the form, and keeps at least one row", () => {
    expect(budgetValuesFromForm(budgetForm([["intent", "addLine"]])).lines).toHaveLength(4)
    const removed = budgetValuesFromForm(budgetForm([["intent", "removeLine-0"]])).lines
    expect(removed.map((l) => l.key)).toEqual(["", "6200"])
    const single = form([
      ["lineCount", "1"],
      ["line-0-key", "6100"],
      ["intent", "removeLine-0"]
    ])
    expect(budgetValuesFromForm(single).lines).toEqual([{ key: "", label: "", amount: "" }])
    expect(lineIntentOf(form([["intent", "anything"]]))).toEqual({ type: "save" })
    expect(budgetValuesFromForm(form([["lineCount", "100000"]])).lines).toHaveLength(maxLineRows)
  })

  it("refuses a limit that is not an amount with the catalogue's invalid input", () => {
    const values = budgetValuesFromForm(
      form([
        ["workspaceId", "ws-1"],
        ["name", "X"],
        ["startDate", "2031-01-01"],
        ["endDate", "2031-12-31"],
        ["lineCount", "1"],
        ["line-0-key", "6100"],
        ["line-0-limit", "lots"]
      ])
    )
    const failure = Effect.runSync(Effect.flip(newBudgetFromValues(values)))
    // The reader is told which field, in their language, never the schema's own text.
    expect([failure._tag, failure.field]).toEqual(["InvalidField", "limit"])
    expect(withoutIsolates(describeError(failure, "ar").message)).toBe(
      "يرجى مراجعة الحد: القيمة ليست بالصيغة المطلوبة."
    )
    expect(withoutIsolates(describeError(failure, "en").message)).toBe(
      "Please check Limit: the value is not in the expected form."
    )
    expect(values.policy).toBe("STOP")
  })

  it("edits a budget at the version read", () => {
    const input = Effect.runSync(budgetUpdateFromValues("b-1", 4, budgetValuesFromForm(budgetForm())))
    expect([input.id, input.version, input.policy, input.lines?.length]).toEqual(["b-1", 4, "WARN", 2])
  })

  it("reads a change, keeping the name and period only for update_budget", () => {
    const entries: Array<[string, string]> = [
      ["changeAction", "adjust_budget_internally"],
      ["remark", " Move it "],
      ["changeName", "Renamed"],
      ["changeEndDate", "2031-06-30"],
      ["lineCount", "2"],
      ["line-0-key", "6100"],
      ["line-0-delta", "−1,000"],
      ["line-1-key", "6200"],
      ["line-1-delta", "1000"]
    ]
    const internal = Effect.runSync(changeFromValues(changeValuesFromForm(form(entries))))
    expect(internal.action).toBe("adjust_budget_internally")
    expect(internal.remark).toBe("Move it")
    expect(internal.lines.map((l) => [l.key, l.delta])).toEqual([
      ["6100", "-1000"],
      ["6200", "1000"]
    ])
    expect(internal.name).toBeUndefined()
    const update = Effect.runSync(
      changeFromValues(
        changeValuesFromForm(form(entries.map(([k, v]) => (k === "changeAction" ? [k, "update_budget"] : [k, v]))))
      )
    )
    expect([update.name, update.startDate, update.endDate]).toEqual(["Renamed", undefined, "2031-06-30"])
    expect(changeValuesFromForm(form([["changeAction", "bogus"]])).action).toBe("request_for_budget_limit")
  })

  it("makes typed amounts plain", () => {
    expect(plainAmount("1,234.5")).toBe("1234.5")
    expect(plainAmount("۱۲۳٫۴")).toBe("123.4")
    expect(plainAmount("−5")).toBe("-5")
  })
})
