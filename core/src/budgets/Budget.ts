import { BigDecimal, Context, type Effect, type Option, Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import { TimelineEntry } from "../approvals/Workflow.ts"
import type { ApprovalStatuses } from "../documents/ApprovalStatuses.ts"
import { reviewFields } from "../documents/DocumentReview.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { formatAmount } from "../money/Money.ts"
import { Amount, SignedAmount } from "../money/StoredDecimal.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { InvalidField, VersionConflict } from "../shared/Errors.ts"
import type { FieldProblem } from "../shared/Fields.ts"
import type { Slice } from "../shared/Paging.ts"
import { IsoDate } from "../workspaces/Workspace.ts"
import type { BudgetActionNotAllowed, BudgetExceeded, BudgetLineNotFound, BudgetNotFound } from "./BudgetErrors.ts"
import { BudgetStatus } from "./BudgetStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/**
 * What a budget does with a document that would take a line past its limit (issue 6): refuse it (STOP), let it
 * through with a warning the document keeps (WARN), or let it through silently (IGNORE). These are ERPNext's
 * Budget actions (Stop, Warn, Ignore).
 */
export const BudgetPolicy = Schema.Literals(["STOP", "WARN", "IGNORE"])
export type BudgetPolicy = typeof BudgetPolicy.Type

/**
 * The buckets of a line: requested (submitted requests not yet ordered), committed (approved orders not yet
 * billed) and actual (approved bills).
 */
export const BudgetBucket = Schema.Literals(["requested", "committed", "actual"])
export type BudgetBucket = typeof BudgetBucket.Type

/** Where money moves from or to: a bucket, or `none` (outside the budget: a new document, or a released one). */
export const BudgetPlace = Schema.Literals(["none", "requested", "committed", "actual"])
export type BudgetPlace = typeof BudgetPlace.Type

/**
 * One line of a budget: an expense account code or a category (`key`), its limit, and its buckets, in the budget's
 * currency. `available` is always limit − requested − committed − actual; it goes below zero only where a Warn
 * or Ignore policy (or an override of Stop) let a document through.
 */
export class BudgetLine extends Schema.Class<BudgetLine>("BudgetLine")({
  key: Schema.String,
  label: Schema.String,
  limit: Schema.String,
  requested: Schema.String,
  committed: Schema.String,
  actual: Schema.String,
  available: Schema.String
}) {}

/**
 * A budget (SPEC.md §3 Budget): the limits of one workspace for one period, per expense account or category, in
 * the organisation's currency, with the policy that guards them. `version` is what an edit must name.
 */
export class Budget extends Schema.Class<Budget>("Budget")({
  id: Schema.String,
  /** What people call it (`BDG-000003`), numbered per organisation. */
  number: Schema.String,
  workspaceId: Schema.String,
  name: Schema.String,
  startDate: IsoDate,
  endDate: IsoDate,
  currency: Schema.String,
  status: BudgetStatus,
  policy: BudgetPolicy,
  lines: Schema.Array(BudgetLine),
  createdBy: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** The sums of a budget's lines. */
export class BudgetTotals extends Schema.Class<BudgetTotals>("BudgetTotals")({
  limit: Schema.String,
  requested: Schema.String,
  committed: Schema.String,
  actual: Schema.String,
  available: Schema.String
}) {}

/** `GET budgets/summary/{id}`: per line its limit and buckets, and the budget's totals. */
export class BudgetSummary extends Schema.Class<BudgetSummary>("BudgetSummary")({
  budgetId: Schema.String,
  workspaceId: Schema.String,
  name: Schema.String,
  startDate: IsoDate,
  endDate: IsoDate,
  currency: Schema.String,
  status: BudgetStatus,
  policy: BudgetPolicy,
  lines: Schema.Array(BudgetLine),
  totals: BudgetTotals
}) {}

/** A line as a create or an edit gives it. */
export class BudgetLineInput extends Schema.Class<BudgetLineInput>("BudgetLineInput")({
  key: Text(100),
  label: Text(200),
  limit: Amount
}) {}

/** `POST budgets`: a new budget of a workspace; the policy is Stop unless said otherwise. */
export class NewBudgetInput extends Schema.Class<NewBudgetInput>("NewBudgetInput")({
  workspaceId: Schema.String,
  name: Text(200),
  startDate: IsoDate,
  endDate: IsoDate,
  policy: Schema.optionalKey(BudgetPolicy),
  lines: cappedArray(BudgetLineInput, maxItems.budgetLines)
}) {}

/** `PUT budgets`: the budget's id, the version read, and the fields to change. */
export class BudgetUpdateInput extends Schema.Class<BudgetUpdateInput>("BudgetUpdateInput")({
  id: Schema.String,
  version: Schema.Int,
  name: Schema.optionalKey(Text(200)),
  startDate: Schema.optionalKey(IsoDate),
  endDate: Schema.optionalKey(IsoDate),
  policy: Schema.optionalKey(BudgetPolicy),
  lines: Schema.optionalKey(cappedArray(BudgetLineInput, maxItems.budgetLines))
}) {}

/** A budget's fields, checked, as the repository stores them; limits are decimals in the budget's currency. */
export interface BudgetFields {
  readonly workspaceId: string
  readonly name: string
  readonly startDate: string
  readonly endDate: string
  readonly currency: string
  readonly policy: BudgetPolicy
  readonly lines: ReadonlyArray<{ readonly key: string; readonly label: string; readonly limit: string }>
}

/**
 * One move of money on the budget ledger: a document's amount on one line goes from one place to another. A new
 * request is none → requested; its order requested → committed; the bill committed → actual; a cancelled
 * document goes back to none. Only a move from none takes more of the line, so only such a move is judged by
 * the policy.
 */
export class BudgetMovement extends Schema.Class<BudgetMovement>("BudgetMovement")({
  budgetId: Schema.String,
  line: Schema.String,
  /** The kind of document that holds the money, e.g. `request`, `order`, `bill`. */
  documentKind: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(40)),
  documentId: Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(100)),
  from: BudgetPlace,
  to: BudgetPlace,
  amount: Amount
}) {}

/** What one document holds on one line, per bucket: each line's bucket is the sum of its documents' entries. */
export class BudgetEntry extends Schema.Class<BudgetEntry>("BudgetEntry")({
  budgetId: Schema.String,
  line: Schema.String,
  documentKind: Schema.String,
  documentId: Schema.String,
  requested: Schema.String,
  committed: Schema.String,
  actual: Schema.String
}) {}

/** A Warn policy (or an override of Stop) let a document past a line's limit: what the document records. */
export class BudgetWarning extends Schema.Class<BudgetWarning>("BudgetWarning")({
  line: Schema.String,
  limit: Schema.String,
  excess: Schema.String,
  currency: Schema.String
}) {}

/** The answer to a move: the line and the document's entry after it, and the warning to record, if any. */
export class MoveOutcome extends Schema.Class<MoveOutcome>("MoveOutcome")({
  budgetId: Schema.String,
  line: BudgetLine,
  entry: BudgetEntry,
  warning: Schema.NullOr(BudgetWarning)
}) {}

/**
 * The budget actions of SPEC.md §3, each an approvable change: ask for more limit on lines
 * (request_for_budget_limit), move limit between lines of the budget (adjust_budget_internally), raise or lower
 * lines' limits from outside the budget (adjust_budget_externally), and edit the budget's lines and period
 * (update_budget). The spec's fifth action, `none`, is a save without a change: `PUT budgets`.
 */
export const BudgetAction = Schema.Literals([
  "request_for_budget_limit",
  "adjust_budget_internally",
  "adjust_budget_externally",
  "update_budget"
])
export type BudgetAction = typeof BudgetAction.Type

/** Where a change stands: waiting for its approvers, or decided. Only an approved change touches the budget. */
export const BudgetChangeStatus = Schema.Literals(["PENDING_APPROVAL", "APPROVED", "REJECTED", "RETURNED"])
export type BudgetChangeStatus = typeof BudgetChangeStatus.Type

/** The statuses a change takes from its approval (the document kit's `statusAfterApproval`); no super variants. */
export const budgetChangeApprovalStatuses: ApprovalStatuses<BudgetChangeStatus> = {
  pending: "PENDING_APPROVAL",
  approved: "APPROVED",
  returned: "RETURNED",
  rejected: "REJECTED"
}

/** A change of one line's limit; a key the budget does not have yet adds the line, which then needs a label. */
export class BudgetLineDelta extends Schema.Class<BudgetLineDelta>("BudgetLineDelta")({
  key: Text(100),
  label: Schema.optionalKey(Text(200)),
  delta: SignedAmount
}) {}

/** `POST budgets/{id}/changes`: the action, the lines' changes and why; update_budget may also move the period. */
export class BudgetChangeInput extends Schema.Class<BudgetChangeInput>("BudgetChangeInput")({
  action: BudgetAction,
  lines: cappedArray(BudgetLineDelta, maxItems.budgetLines),
  remark: Schema.optionalKey(Text(2000)),
  name: Schema.optionalKey(Text(200)),
  startDate: Schema.optionalKey(IsoDate),
  endDate: Schema.optionalKey(IsoDate)
}) {}

/**
 * A change of a budget waiting for, or decided by, its approvers. `value` is the sum of the absolute changes,
 * which the approval workflow's value criteria judge.
 */
export class BudgetChange extends Schema.Class<BudgetChange>("BudgetChange")({
  id: Schema.String,
  /** What people call it (`BCH-000007`), numbered per organisation. */
  number: Schema.String,
  budgetId: Schema.String,
  workspaceId: Schema.String,
  action: BudgetAction,
  lines: Schema.Array(BudgetLineDelta),
  name: Schema.NullOr(Schema.String),
  startDate: Schema.NullOr(IsoDate),
  endDate: Schema.NullOr(IsoDate),
  remark: Schema.String,
  status: BudgetChangeStatus,
  requesterId: Schema.String,
  value: Schema.String,
  createdAt: Schema.String,
  decidedAt: Schema.NullOr(Schema.String),
  version: Schema.Int
}) {}

/** A change as the repository stores it, checked. */
export interface BudgetChangeFields {
  readonly budgetId: string
  readonly workspaceId: string
  readonly action: BudgetAction
  readonly lines: ReadonlyArray<BudgetLineDelta>
  readonly name: string | null
  readonly startDate: string | null
  readonly endDate: string | null
  readonly remark: string
  readonly requesterId: string
  readonly value: string
}

/** One change of a budget's history, with its approval timeline. */
export class BudgetChangeHistory extends Schema.Class<BudgetChangeHistory>("BudgetChangeHistory")({
  change: BudgetChange,
  timeline: Schema.Array(TimelineEntry)
}) {}

/** `PUT budgets/changes/review/{changeId}`: the approver's decision, one of the document kit's reviews. */
export class BudgetChangeReview extends Schema.Class<BudgetChangeReview>("BudgetChangeReview")(
  reviewFields(["approve", "return", "reject"])
) {}

/** What the budgets list narrows by. */
export interface BudgetQuery {
  /** Only budgets of these workspaces. */
  readonly workspaceIds?: ReadonlyArray<string> | undefined
  readonly statuses?: ReadonlyArray<BudgetStatus> | undefined
  /** Only budgets whose period holds this day (`YYYY-MM-DD`). */
  readonly activeOn?: string | undefined
}

// ---------------------------------------------------------------------------------------------------------------
// Arithmetic shared by every adapter, so that what the memory and SQL ledgers decide under their locks is the same.

const zero = BigDecimal.fromBigInt(0n)

/** A stored decimal; the repositories only ever hold well-formed ones. */
export const decimal = (text: string): BigDecimal.BigDecimal => BigDecimal.fromStringUnsafe(text.trim() || "0")

/** An amount in a currency's precision, as the API shows it. */
export const money = (amount: BigDecimal.BigDecimal, currency: string): string =>
  formatAmount(amount, currencyDecimals(currency))

/** How an error names a line: its label, with its key when they differ ("Travel (6100)"). */
export const lineName = (key: string, label: string): string => (label === key ? key : `${label} (${key})`)

/** A line's amounts as numbers to compute with. */
export interface LineAmounts {
  readonly limit: BigDecimal.BigDecimal
  readonly requested: BigDecimal.BigDecimal
  readonly committed: BigDecimal.BigDecimal
  readonly actual: BigDecimal.BigDecimal
}

/** What a line has taken: requested + committed + actual. */
export const consumed = (line: Omit<LineAmounts, "limit">): BigDecimal.BigDecimal =>
  BigDecimal.sumAll([line.requested, line.committed, line.actual])

/** A line with its available amount, in the currency's precision. */
export const budgetLine = (key: string, label: string, amounts: LineAmounts, currency: string): BudgetLine =>
  new BudgetLine({
    key,
    label,
    limit: money(amounts.limit, currency),
    requested: money(amounts.requested, currency),
    committed: money(amounts.committed, currency),
    actual: money(amounts.actual, currency),
    available: money(BigDecimal.subtract(amounts.limit, consumed(amounts)), currency)
  })

/** A line's stored amounts read back. */
export const amountsOf = (line: BudgetLine): LineAmounts => ({
  limit: decimal(line.limit),
  requested: decimal(line.requested),
  committed: decimal(line.committed),
  actual: decimal(line.actual)
})

/** The summary of a budget: its lines, and their totals. */
export const summaryOf = (budget: Budget): BudgetSummary => {
  const lines = budget.lines.map(amountsOf)
  const total = (pick: (l: LineAmounts) => BigDecimal.BigDecimal) => BigDecimal.sumAll(lines.map(pick))
  const totals = {
    limit: total((l) => l.limit),
    requested: total((l) => l.requested),
    committed: total((l) => l.committed),
    actual: total((l) => l.actual)
  }
  return new BudgetSummary({
    budgetId: budget.id,
    workspaceId: budget.workspaceId,
    name: budget.name,
    startDate: budget.startDate,
    endDate: budget.endDate,
    currency: budget.currency,
    status: budget.status,
    policy: budget.policy,
    lines: budget.lines,
    totals: new BudgetTotals({
      limit: money(totals.limit, budget.currency),
      requested: money(totals.requested, budget.currency),
      committed: money(totals.committed, budget.currency),
      actual: money(totals.actual, budget.currency),
      available: money(BigDecimal.subtract(totals.limit, consumed(totals)), budget.currency)
    })
  })
}

/** A document's amounts on one line. */
export interface EntryAmounts {
  readonly requested: BigDecimal.BigDecimal
  readonly committed: BigDecimal.BigDecimal
  readonly actual: BigDecimal.BigDecimal
}

export const emptyEntry: EntryAmounts = { requested: zero, committed: zero, actual: zero }

/** What a ledger reads, under its lock, before a move. */
export interface MoveState {
  readonly status: BudgetStatus
  readonly policy: BudgetPolicy
  readonly currency: string
  readonly line: LineAmounts
  readonly entry: EntryAmounts
}

/** What a ledger writes after a move, and the warning to answer with. */
export interface MovePlan {
  readonly line: LineAmounts
  readonly entry: EntryAmounts
  readonly warning: { readonly limit: string; readonly excess: string } | null
}

/** Why a move cannot happen, before the ledger names the line. */
export type MoveRefusal =
  | { readonly _tag: "Exceeded"; readonly limit: string; readonly excess: string }
  | { readonly _tag: "NotActive"; readonly status: BudgetStatus }
  | { readonly _tag: "Invalid"; readonly field: string; readonly problem: FieldProblem }

const shift = <A extends EntryAmounts>(amounts: A, place: BudgetPlace, by: BigDecimal.BigDecimal): A =>
  place === "none" ? amounts : { ...amounts, [place]: BigDecimal.sum(amounts[place], by) }

/**
 * Decides a move from the state its ledger read under its lock. A move from none takes more of the line: it
 * needs an active budget, and when it would take the line past its limit, Stop refuses it (unless `override`,
 * which makes it Warn), Warn answers a warning and Ignore says nothing. Moves between buckets and releases never
 * change what the line has taken beyond what it had, so they always pass. A document never moves more out of a
 * bucket than it holds there, so no bucket goes below zero and each stays the sum of its documents.
 */
export const planMove = (
  state: MoveState,
  movement: Pick<BudgetMovement, "from" | "to" | "documentKind" | "documentId">,
  amount: BigDecimal.BigDecimal,
  override: boolean
): { readonly _tag: "Planned"; readonly plan: MovePlan } | MoveRefusal => {
  const { from, to } = movement
  if (from === to) return { _tag: "Invalid", field: "to", problem: "samePlace" }
  if (!BigDecimal.isPositive(amount)) return { _tag: "Invalid", field: "amount", problem: "mustBePositive" }
  if (from !== "none" && BigDecimal.isLessThan(state.entry[from], amount)) {
    return { _tag: "Invalid", field: "amount", problem: "moreThanHeld" }
  }
  const line = shift(shift(state.line, from, BigDecimal.negate(amount)), to, amount)
  const entry = shift(shift(state.entry, from, BigDecimal.negate(amount)), to, amount)
  let warning: MovePlan["warning"] = null
  if (from === "none") {
    if (state.status !== "ACTIVE") return { _tag: "NotActive", status: state.status }
    const excess = BigDecimal.subtract(consumed(line), line.limit)
    if (BigDecimal.isPositive(excess)) {
      const figures = { limit: money(line.limit, state.currency), excess: money(excess, state.currency) }
      if (state.policy === "STOP" && !override) return { _tag: "Exceeded", ...figures }
      if (state.policy !== "IGNORE") warning = figures
    }
  }
  return { _tag: "Planned", plan: { line, entry, warning } }
}

/** A line's limit after a change, from what the ledger read under its lock. */
export interface LimitPlan {
  readonly key: string
  readonly label: string
  readonly limit: BigDecimal.BigDecimal
  readonly isNew: boolean
}

/**
 * Decides what an approved change does to the lines, from the lines its ledger read under its lock: each delta
 * added to its line's limit (a new key adds a line). A lowered limit never goes below what the line has already
 * taken — only what is still available can be given away — else the change is refused as an excess of that line.
 */
export const planLimits = (
  lines: ReadonlyArray<{ readonly key: string; readonly label: string; readonly amounts: LineAmounts }>,
  deltas: ReadonlyArray<BudgetLineDelta>,
  currency: string
):
  | { readonly _tag: "Planned"; readonly lines: ReadonlyArray<LimitPlan> }
  | { readonly _tag: "Exceeded"; readonly line: string; readonly limit: string; readonly excess: string }
  | { readonly _tag: "Invalid"; readonly field: string; readonly problem: FieldProblem } => {
  const planned: Array<LimitPlan> = []
  for (const delta of deltas) {
    const existing = lines.find((l) => l.key === delta.key)
    const change = decimal(delta.delta)
    if (existing === undefined) {
      if (BigDecimal.isNegative(change)) {
        return { _tag: "Invalid", field: "key", problem: "cannotLowerNewLine" }
      }
      planned.push({ key: delta.key, label: delta.label ?? delta.key, limit: change, isNew: true })
      continue
    }
    const limit = BigDecimal.sum(existing.amounts.limit, change)
    const taken = consumed(existing.amounts)
    if (BigDecimal.isNegative(change) && BigDecimal.isLessThan(limit, taken)) {
      return {
        _tag: "Exceeded",
        line: lineName(existing.key, existing.label),
        limit: money(limit, currency),
        excess: money(BigDecimal.subtract(taken, limit), currency)
      }
    }
    planned.push({ key: existing.key, label: delta.label ?? existing.label, limit, isNew: false })
  }
  // Checked here, against the lines read under the budget's lock, so that two changes approved at once cannot
  // together grow a budget past the cap each one respects alone.
  const added = new Set(planned.filter((p) => p.isNew).map((p) => p.key)).size
  if (lines.length + added > maxItems.budgetLines) {
    return { _tag: "Invalid", field: "lines", problem: "tooManyLines" }
  }
  return { _tag: "Planned", lines: planned }
}

/** What an approved change gives the budget besides limits: update_budget's name and period. */
export interface BudgetChangeApplication {
  readonly lines: ReadonlyArray<BudgetLineDelta>
  readonly name: string | null
  readonly startDate: string | null
  readonly endDate: string | null
}

type MoveFailure = BudgetNotFound | BudgetLineNotFound | BudgetExceeded | BudgetActionNotAllowed | InvalidField

/**
 * Where budgets, their lines, the ledger of what each document holds on each line, and the budgets' changes are
 * kept. The ledger's moves and a change's new limits are decided and written under the line rows' locks, never
 * read in one step and written in another, so two documents that together exceed a line can never both pass.
 */
export interface BudgetRepositoryShape {
  /** Stores a new budget, with empty buckets, in the given status. */
  readonly create: (
    orgId: OrgId,
    fields: BudgetFields,
    status: BudgetStatus,
    createdBy: string
  ) => Effect.Effect<Budget>
  /**
   * Replaces a budget's name, period, policy and lines (limits and labels) when its stored version is
   * `expectedVersion`; lines kept by key keep their buckets. None when there is no such budget.
   */
  readonly update: (
    orgId: OrgId,
    id: string,
    fields: BudgetFields,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Budget>, VersionConflict | InvalidField>
  readonly setStatus: (
    orgId: OrgId,
    id: string,
    status: BudgetStatus,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<Budget>, VersionConflict>
  readonly find: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Budget>>
  /**
   * The budget, its row locked until the surrounding transaction ends. A command that changes a budget takes this
   * first, before anything else of the budget (its period lock, its lines, its changes), so that every writer of
   * one budget locks in the same order and concurrent ones take turns instead of deadlocking.
   */
  readonly findForUpdate: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<Budget>>
  /** Budgets matching the query, by start date, then name, then id; only the slice's rows when given one. */
  readonly list: (orgId: OrgId, query: BudgetQuery, slice?: Slice) => Effect.Effect<ReadonlyArray<Budget>>
  /**
   * Whether another budget of the workspace (not `exceptId`) has a period overlapping the given one, asked under
   * the workspace's budget lock, which holds until the surrounding transaction ends: two budgets written at once
   * never both take the same days.
   */
  readonly periodTaken: (
    orgId: OrgId,
    workspaceId: string,
    startDate: string,
    endDate: string,
    exceptId?: string
  ) => Effect.Effect<boolean>
  /** Moves money on the ledger under the line's lock, as `planMove` decides; `override` turns Stop into Warn. */
  readonly move: (orgId: OrgId, movement: BudgetMovement, override: boolean) => Effect.Effect<MoveOutcome, MoveFailure>
  /** The ledger's entries of a budget, by line then document. */
  readonly entries: (orgId: OrgId, budgetId: string) => Effect.Effect<ReadonlyArray<BudgetEntry>>
  /** A document's entries across budgets and lines. */
  readonly documentEntries: (
    orgId: OrgId,
    documentKind: string,
    documentId: string
  ) => Effect.Effect<ReadonlyArray<BudgetEntry>>
  /** Applies an approved change under the lines' locks, as `planLimits` decides. */
  readonly applyChange: (
    orgId: OrgId,
    budgetId: string,
    change: BudgetChangeApplication
  ) => Effect.Effect<Budget, BudgetNotFound | BudgetExceeded | InvalidField>
  readonly createChange: (orgId: OrgId, fields: BudgetChangeFields) => Effect.Effect<BudgetChange>
  readonly findChange: (orgId: OrgId, id: string) => Effect.Effect<Option.Option<BudgetChange>>
  /** Moves a change to a status when its stored version is `expectedVersion`, stamping when it was decided. */
  readonly setChangeStatus: (
    orgId: OrgId,
    id: string,
    status: BudgetChangeStatus,
    expectedVersion: number
  ) => Effect.Effect<Option.Option<BudgetChange>, VersionConflict>
  /** A budget's changes, newest first; only the slice's rows when given one. */
  readonly changes: (orgId: OrgId, budgetId: string, slice?: Slice) => Effect.Effect<ReadonlyArray<BudgetChange>>
}

/** Port: where budgets and their ledger are kept. */
export class BudgetRepository extends Context.Service<BudgetRepository, BudgetRepositoryShape>()(
  "@tawreed/core/budgets/BudgetRepository"
) {}
