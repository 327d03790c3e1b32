import { Effect, Schema } from "effect"
import { BudgetAction, BudgetChangeInput, BudgetPolicy, BudgetUpdateInput, NewBudgetInput } from "@tawreed/core/budgets"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"

/**
 * The budget forms (create, edit, ask for a change): lines are numbered field groups (`line-{n}-key`, `-label`,
 * `-limit` or `-delta`) counted by `lineCount`, so they work without JavaScript. A button named `intent` adds a
 * row (`addLine`) or removes one (`removeLine-{n}`); any other post saves. Rows left blank are not lines.
 */

/** The most rows a budget form shows. */
export const maxLineRows = 100

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()

/**
 * An amount as typed, made plain: Arabic-Indic and Eastern Arabic-Indic digits become ASCII digits, the Arabic
 * decimal separator a point, and thousands separators and spaces go.
 */
export const plainAmount = (value: string): string =>
  value
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".")
    .replace(/[,\u066c\s]/g, "")
    .replace(/^\u2212/, "-")

/** Decodes what a form gave; a field of the wrong shape reads as the catalogue's field message (E2006), by its name. */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

/** What a budget form's `intent` button asks. */
export type LineIntent =
  { readonly type: "save" } | { readonly type: "add" } | { readonly type: "remove"; readonly index: number }

export const lineIntentOf = (data: FormData): LineIntent => {
  const intent = text(data, "intent")
  if (intent === "addLine") return { type: "add" }
  const removed = /^removeLine-(\d+)$/.exec(intent)
  return removed ? { type: "remove", index: Number(removed[1]) } : { type: "save" }
}

/** One row of a budget's lines as typed: `amount` is the limit on the budget form, the change on the change form. */
export interface LineRow {
  readonly key: string
  readonly label: string
  readonly amount: string
}

const emptyRow: LineRow = { key: "", label: "", amount: "" }
const isBlank = (row: LineRow): boolean => row.key === "" && row.label === "" && row.amount === ""

/** The rows of a form, with the intent applied: a row added at the end, or one taken out. At least one row. */
export const rowsFromForm = (data: FormData, amountField: "limit" | "delta"): ReadonlyArray<LineRow> => {
  const count = Math.min(Math.max(Number(text(data, "lineCount")) || 0, 0), maxLineRows)
  const rows: Array<LineRow> = []
  for (let i = 0; i < count; i++) {
    rows.push({
      key: text(data, `line-${i}-key`),
      label: text(data, `line-${i}-label`),
      amount: plainAmount(text(data, `line-${i}-${amountField}`))
    })
  }
  const intent = lineIntentOf(data)
  if (intent.type === "add" && rows.length < maxLineRows) rows.push(emptyRow)
  if (intent.type === "remove") rows.splice(intent.index, 1)
  return rows.length === 0 ? [emptyRow] : rows
}

/** The budget form as typed: what the page shows again when the server refuses it or a row is added. */
export interface BudgetFormValues {
  readonly workspaceId: string
  readonly name: string
  readonly startDate: string
  readonly endDate: string
  readonly policy: BudgetPolicy
  readonly lines: ReadonlyArray<LineRow>
}

const policyOf = (value: string): BudgetPolicy =>
  (BudgetPolicy.literals as ReadonlyArray<string>).includes(value) ? (value as BudgetPolicy) : "STOP"

export const budgetValuesFromForm = (data: FormData): BudgetFormValues => ({
  workspaceId: text(data, "workspaceId"),
  name: text(data, "name"),
  startDate: text(data, "startDate"),
  endDate: text(data, "endDate"),
  policy: policyOf(text(data, "policy")),
  lines: rowsFromForm(data, "limit")
})

/** A line's label defaults to its key: an expense account code or a category names itself. */
const linesOf = (rows: ReadonlyArray<LineRow>) =>
  rows.filter((row) => !isBlank(row)).map((row) => ({ key: row.key, label: row.label || row.key, limit: row.amount }))

/** `POST budgets` from the create form. */
export const newBudgetFromValues = (values: BudgetFormValues) =>
  decode(NewBudgetInput, {
    workspaceId: values.workspaceId,
    name: values.name,
    startDate: values.startDate,
    endDate: values.endDate,
    policy: values.policy,
    lines: linesOf(values.lines)
  })

/** `PUT budgets` from the edit form of a budget not yet in force, at the version it was read. */
export const budgetUpdateFromValues = (id: string, version: number, values: BudgetFormValues) =>
  decode(BudgetUpdateInput, {
    id,
    version,
    name: values.name,
    startDate: values.startDate,
    endDate: values.endDate,
    policy: values.policy,
    lines: linesOf(values.lines)
  })

/** The change form as typed. */
export interface ChangeFormValues {
  readonly action: BudgetAction
  readonly remark: string
  readonly name: string
  readonly startDate: string
  readonly endDate: string
  readonly lines: ReadonlyArray<LineRow>
}

export const changeValuesFromForm = (data: FormData): ChangeFormValues => {
  const action = text(data, "changeAction")
  return {
    action: (BudgetAction.literals as ReadonlyArray<string>).includes(action)
      ? (action as BudgetAction)
      : "request_for_budget_limit",
    remark: text(data, "remark"),
    name: text(data, "changeName"),
    startDate: text(data, "changeStartDate"),
    endDate: text(data, "changeEndDate"),
    lines: rowsFromForm(data, "delta")
  }
}

/**
 * `POST budgets/{id}/changes` from the change form. A name or period typed for another action than
 * update_budget is left out rather than refused, as the form shows those fields for every action.
 */
export const changeFromValues = (values: ChangeFormValues) =>
  decode(BudgetChangeInput, {
    action: values.action,
    remark: values.remark,
    lines: values.lines
      .filter((row) => !isBlank(row))
      .map((row) => ({ key: row.key, ...(row.label === "" ? {} : { label: row.label }), delta: row.amount })),
    ...(values.action === "update_budget"
      ? {
          ...(values.name === "" ? {} : { name: values.name }),
          ...(values.startDate === "" ? {} : { startDate: values.startDate }),
          ...(values.endDate === "" ? {} : { endDate: values.endDate })
        }
      : {})
  })
