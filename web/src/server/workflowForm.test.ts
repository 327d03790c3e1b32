import { describe, expect, it } from "vitest"
import { intentOf, withIntent, workflowFromForm } from "./workflowForm.ts"

const form = (entries: Array<[string, string]>) => {
  const data = new FormData()
  for (const [k, v] of entries) data.append(k, v)
  return data
}

describe("the approval-flow form", () => {
  it("reads levels in order with their approvers, mode and criteria", () => {
    const data = form([
      ["kind", "workspace"],
      ["id", "wf-1"],
      ["version", "3"],
      ["levelCount", "2"],
      ["level-0-name", " Managers "],
      ["level-0-users", "u1"],
      ["level-0-users", "u2"],
      ["level-0-mode", "ALL"],
      ["level-0-min", "0"],
      ["level-0-max", "10000"],
      ["level-1-name", "Finance"],
      ["level-1-role", "workspaces_admin"],
      ["level-1-min", "10000"],
      ["level-1-categories", "IT, Office،Travel"]
    ])
    const workflow = workflowFromForm(data, "ws-1")
    expect([workflow.id, workflow.workspaceId, workflow.kind, workflow.version]).toEqual([
      "wf-1",
      "ws-1",
      "workspace",
      3
    ])
    expect(workflow.levels.map((l) => [l.level, l.name, l.mode])).toEqual([
      [1, "Managers", "ALL"],
      [2, "Finance", "ONE"]
    ])
    expect(workflow.levels[0]!.approvers).toEqual([
      { type: "USER", userId: "u1" },
      { type: "USER", userId: "u2" }
    ])
    expect(workflow.levels[0]!.criteria.maxValue).toBe("10000")
    expect(workflow.levels[1]!.approvers).toEqual([{ type: "ROLE", roleCode: "workspaces_admin" }])
    expect(workflow.levels[1]!.criteria.categories).toEqual(["IT", "Office", "Travel"])
  })

  it("adds and removes levels and renumbers them", () => {
    const data = form([
      ["levelCount", "2"],
      ["level-0-name", "A"],
      ["level-1-name", "B"],
      ["intent", "remove-0"]
    ])
    const intent = intentOf(data)
    expect(intent).toEqual({ type: "remove", index: 0 })
    const removed = withIntent(workflowFromForm(data, null), intent)
    expect(removed.levels.map((l) => [l.level, l.name])).toEqual([[1, "B"]])
    const added = withIntent(removed, intentOf(form([["intent", "add"]])))
    expect(added.levels.map((l) => l.level)).toEqual([1, 2])
    expect(intentOf(form([]))).toEqual({ type: "save" })
  })
})
