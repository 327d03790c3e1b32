import { assert, describe, it } from "@effect/vitest"
import { describeError, entryFor, errorCodes } from "./ErrorCatalogue.ts"
import { BudgetAction } from "../budgets/Budget.ts"
import { BudgetChangeStatus } from "../budgets/Budget.ts"
import { BudgetStatus } from "../budgets/BudgetStatus.ts"
import { ApprovalStatus } from "../approvals/Workflow.ts"
import { WorkspaceStatus } from "../workspaces/WorkspaceStatus.ts"
import { actionWords, fieldLabels, fieldProblems, statusWords } from "./Fields.ts"
import { latinOutsideIsolates } from "./Glossary.ts"
import { withoutIsolates } from "./Locale.ts"

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
  [
    "../workspaces/*.ts",
    "../budgets/*.ts",
    "../documents/*.ts",
    "../approvals/ApprovalErrors.ts",
    "../approvals/ApprovalsService.ts",
    "../identity/Users.ts",
    "../../../adapters/src/storage/budgets/SqlBudgets.ts"
  ],
  {
    eager: true,
    query: "?raw",
    import: "default"
  }
)
const approvalErrors = /export type ApprovalError =[^]*?\n\n/.exec(sources["../approvals/ApprovalErrors.ts"] ?? "")?.[0]

/**
 * The source of the workspaces and budgets modules and of the document kit they run on, the approval errors their
 * submissions and reviews pass on, the workflow checks and users management: every error class they name is one
 * their use cases can raise.
 */
const allSource = [
  ...Object.entries(sources)
    .filter(([file]) => !file.endsWith(".test.ts") && !file.endsWith("/ApprovalErrors.ts"))
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
/** The actions a refusal names (`WorkspaceActionNotAllowed`, `BudgetActionNotAllowed`), the budget changes' among them. */
const actionsUsed = [
  ...new Set(
    [
      ...allSource.matchAll(
        /ActionNotAllowed\(\{\s*action: "([^"]+)"|statusChange\("([^"]+)"|move\([^)]*?, "([^"]+)", origin/g
      )
    ].map((m) => m[1] ?? m[2] ?? m[3]!)
  ),
  ...BudgetAction.literals,
  "approve",
  "return",
  "reject"
]
const statuses = [
  ...new Set([
    ...WorkspaceStatus.literals,
    ...BudgetStatus.literals,
    ...BudgetChangeStatus.literals,
    ...ApprovalStatus.literals
  ])
]

/** Placeholders filled with text the product writes itself rather than a reader's value. */
const authoredProse = ["detail"]

const placeholdersOf = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)

describe("the errors of the workspaces and budgets use cases", () => {
  it("are found in the modules' source", () => {
    assert.isString(approvalErrors)
    assert.includeMembers(raised, ["InvalidField", "WorkspaceNotFound", "BudgetExceeded", "LevelWithoutApprover"])
    assert.includeMembers(fieldsUsed, ["name", "endDate", "users", "key"])
    assert.includeMembers(problemsUsed, ["required", "endBeforeStart", "duplicate", "unbalanced", "notEmail"])
    assert.includeMembers(problemsUsed, ["notInOrder", "notAnAmount", "notAboveMinimum", "phoneDigits"])
    assert.includeMembers(actionsUsed, ["update", "changeApproved", "setDefault", "activate", "takeDocument", "submit"])
  })

  it("name only fields and problems the catalogue puts in words", () => {
    for (const field of fieldsUsed) assert.isTrue(Object.hasOwn(fieldLabels, field), `field ${field}`)
    for (const problem of problemsUsed) assert.isTrue(Object.hasOwn(fieldProblems, problem), `problem ${problem}`)
  })

  it("name statuses and actions in words of the reader's language, never by their codes", () => {
    for (const action of actionsUsed) assert.isTrue(Object.hasOwn(actionWords, action), `action ${action}`)
    for (const status of statuses) assert.isTrue(Object.hasOwn(statusWords, status), `status ${status}`)
    for (const tag of ["WorkspaceActionNotAllowed", "BudgetActionNotAllowed"]) {
      for (const action of actionsUsed) {
        for (const status of statuses) {
          const ar = describeError({ _tag: tag, action, status }, "ar").message
          assert.notMatch(ar, /[A-Za-z]/, `${tag} ${action} ${status}: ${ar}`)
          const en = describeError({ _tag: tag, action, status }, "en").message
          assert.notMatch(en, /\b[A-Z]{2,}|_/, `${tag} ${action} ${status}: ${en}`)
        }
      }
    }
    assert.strictEqual(
      withoutIsolates(
        describeError({ _tag: "WorkspaceActionNotAllowed", action: "submit", status: "PENDING" }, "ar").message
      ),
      "لا يمكن تنفيذ هذا الإجراء (الإرسال للاعتماد) على مساحة عمل حالتها بانتظار الاعتماد."
    )
    assert.strictEqual(
      withoutIsolates(
        describeError({ _tag: "BudgetActionNotAllowed", action: "update", status: "ACTIVE" }, "en").message
      ),
      "A budget that is active cannot be changed this way (edit)."
    )
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
