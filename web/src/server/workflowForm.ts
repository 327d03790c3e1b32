import {
  ApprovalCriteria,
  type DocumentKind,
  DocumentKind as DocumentKinds,
  Workflow,
  WorkflowLevel
} from "@tawreed/core/approvals"

/**
 * The approval-flow form of a workspace (or of the organisation): one form per document kind, its levels as
 * numbered field groups, so it works without JavaScript. Buttons named `intent` add a level, remove one, or save.
 */
export type WorkflowIntent =
  { readonly type: "save" } | { readonly type: "add" } | { readonly type: "remove"; readonly index: number }

export const documentKinds: ReadonlyArray<DocumentKind> = DocumentKinds.literals

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()

const list = (value: string): Array<string> =>
  value
    .split(/[,،\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== "")

/** What the form's intent button asks. */
export const intentOf = (data: FormData): WorkflowIntent => {
  const intent = text(data, "intent")
  if (intent === "add") return { type: "add" }
  const removed = /^remove-(\d+)$/.exec(intent)
  if (removed) return { type: "remove", index: Number(removed[1]) }
  return { type: "save" }
}

/** The workflow the form describes, its levels numbered from 1 in the order shown. */
export const workflowFromForm = (data: FormData, workspaceId: string | null): Workflow => {
  const count = Math.min(Number(text(data, "levelCount")) || 0, 20)
  const kindValue = text(data, "kind")
  const kind = (documentKinds as ReadonlyArray<string>).includes(kindValue) ? (kindValue as DocumentKind) : "workspace"
  const levels: Array<WorkflowLevel> = []
  for (let i = 0; i < count; i++) {
    const users = data
      .getAll(`level-${i}-users`)
      .map((v) => String(v).trim())
      .filter((v) => v !== "")
    const role = text(data, `level-${i}-role`)
    const min = text(data, `level-${i}-min`)
    const max = text(data, `level-${i}-max`)
    const categories = list(text(data, `level-${i}-categories`))
    levels.push(
      new WorkflowLevel({
        level: levels.length + 1,
        name: text(data, `level-${i}-name`),
        approvers: [
          ...users.map((userId) => ({ type: "USER" as const, userId })),
          ...(role === "" ? [] : [{ type: "ROLE" as const, roleCode: role }])
        ],
        mode: text(data, `level-${i}-mode`) === "ALL" ? "ALL" : "ONE",
        criteria: new ApprovalCriteria({
          ...(min === "" ? {} : { minValue: min }),
          ...(max === "" ? {} : { maxValue: max }),
          ...(categories.length === 0 ? {} : { categories })
        })
      })
    )
  }
  return new Workflow({
    id: text(data, "id") || crypto.randomUUID(),
    workspaceId,
    kind,
    levels,
    version: Number(text(data, "version")) || 0
  })
}

/** The workflow with one more, empty level, or without the level at `index`; levels renumbered. */
export const withIntent = (workflow: Workflow, intent: WorkflowIntent): Workflow => {
  const levels =
    intent.type === "add"
      ? [
          ...workflow.levels,
          new WorkflowLevel({ level: 0, name: "", approvers: [], mode: "ONE", criteria: new ApprovalCriteria({}) })
        ]
      : intent.type === "remove"
        ? workflow.levels.filter((_, i) => i !== intent.index)
        : workflow.levels
  return new Workflow({ ...workflow, levels: levels.map((l, i) => new WorkflowLevel({ ...l, level: i + 1 })) })
}
