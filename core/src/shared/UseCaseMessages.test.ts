import { assert, describe, it } from "@effect/vitest"
import { describeError, entryFor, errorCodes } from "./ErrorCatalogue.ts"
import { fieldLabels, fieldProblems } from "./Fields.ts"
import { latinOutsideIsolates } from "./Glossary.ts"

declare global {
  interface ImportMeta {
    /** Vite's eager import of files' text by pattern, which vitest provides. */
    glob(
      patterns: ReadonlyArray<string>,
      options: { eager: true; query: "?raw"; import: "default" }
    ): Record<string, string>
  }
}

const sources = import.meta.glob(
  ["../workspaces/*.ts", "../budgets/*.ts", "../documents/*.ts", "../approvals/ApprovalErrors.ts"],
  {
    eager: true,
    query: "?raw",
    import: "default"
  }
)
const approvalErrors = /export type ApprovalError =[^]*?\n\n/.exec(sources["../approvals/ApprovalErrors.ts"] ?? "")?.[0]

/**
 * The source of the workspaces and budgets modules and of the document kit they run on, and the approval errors their submissions and reviews pass
 * on: every error class they name is one their use cases can raise.
 */
const allSource = [
  ...Object.entries(sources)
    .filter(([file]) => !file.endsWith(".test.ts") && !file.includes("/approvals/"))
    .map(([, text]) => text),
  approvalErrors ?? ""
].join("\n")

const raised = [...new Set(allSource.match(/\b[A-Z]\w+\b/g) ?? [])].filter((name) => Object.hasOwn(errorCodes, name))

const fieldsUsed = [
  ...new Set([...allSource.matchAll(/\bfield: "(\w+)"|\binvalid\("(\w+)"/g)].map((m) => m[1] ?? m[2]!))
]
const problemsUsed = [
  ...new Set([...allSource.matchAll(/\bproblem: "(\w+)"|\binvalid\("\w+", "(\w+)"/g)].map((m) => m[1] ?? m[2]!))
]

/** Placeholders filled with text the product writes itself rather than a reader's value. */
const authoredProse = ["detail"]

const placeholdersOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

describe("the errors of the workspaces and budgets use cases", () => {
  it("are found in the modules' source", () => {
    assert.isString(approvalErrors)
    assert.includeMembers(raised, ["InvalidField", "WorkspaceNotFound", "BudgetExceeded", "LevelWithoutApprover"])
    assert.includeMembers(fieldsUsed, ["name", "endDate", "users", "key"])
    assert.includeMembers(problemsUsed, ["required", "endBeforeStart", "duplicate", "unbalanced"])
  })

  it("name only fields and problems the catalogue puts in words", () => {
    for (const field of fieldsUsed) assert.isTrue(Object.hasOwn(fieldLabels, field), `field ${field}`)
    for (const problem of problemsUsed) assert.isTrue(Object.hasOwn(fieldProblems, problem), `problem ${problem}`)
  })

  it("carry no English prose for the message to show", () => {
    const prose = raised.filter((tag) =>
      placeholdersOf(entryFor(errorCodes[tag]!).en).some((p) => authoredProse.includes(p))
    )
    assert.deepStrictEqual(prose, [])
  })

  it("read in Arabic with no Latin word outside the isolated values", () => {
    for (const tag of raised) {
      const placeholders = placeholdersOf(entryFor(errorCodes[tag]!).ar)
      const cases = placeholders.includes("field")
        ? fieldsUsed.flatMap((field) => problemsUsed.map((problem) => ({ field, problem })))
        : placeholders.includes("problem")
          ? problemsUsed.map((problem) => ({ problem }))
          : [{}]
      for (const codes of cases) {
        // A reader's own values (a name, an amount, a currency) stay as typed, isolated from the sentence.
        const values = Object.fromEntries(placeholders.map((p) => [p, "Riyadh Office"]))
        const { message } = describeError({ _tag: tag, ...values, ...codes }, "ar")
        assert.deepStrictEqual(latinOutsideIsolates(message), [], `${tag} ${JSON.stringify(codes)}: ${message}`)
      }
    }
  })
})
