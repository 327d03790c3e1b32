import { Schema } from "effect"

/** No such budget in the actor's organisation. */
export class BudgetNotFound extends Schema.TaggedError<BudgetNotFound>()("BudgetNotFound", {
  id: Schema.String
}) {}

/** No such line (expense account or category) in the budget. */
export class BudgetLineNotFound extends Schema.TaggedError<BudgetLineNotFound>()("BudgetLineNotFound", {
  line: Schema.String
}) {}

/**
 * A Stop policy refused a document: it would take the line past its limit. Names the line, its limit and by how
 * much it would be exceeded, in the budget's currency.
 */
export class BudgetExceeded extends Schema.TaggedError<BudgetExceeded>()("BudgetExceeded", {
  line: Schema.String,
  limit: Schema.String,
  excess: Schema.String,
  currency: Schema.String
}) {}

/** A budget period that overlaps another budget of the same workspace, or ends before it starts. */
export class BudgetPeriodInvalid extends Schema.TaggedError<BudgetPeriodInvalid>()("BudgetPeriodInvalid", {
  problem: Schema.Literals(["notCalendarDays", "endBeforeStart", "overlapsAnother"])
}) {}

/** A budget change (an adjustment or a new limit) that is not waiting for approval, or does not exist. */
export class BudgetChangeNotFound extends Schema.TaggedError<BudgetChangeNotFound>()("BudgetChangeNotFound", {
  id: Schema.String
}) {}

/**
 * A budget in a status that does not allow the action: only an active budget takes new documents, and only a
 * budget not yet in force is edited directly (after that its limits change through approved changes).
 */
export class BudgetActionNotAllowed extends Schema.TaggedError<BudgetActionNotAllowed>()("BudgetActionNotAllowed", {
  action: Schema.String,
  status: Schema.String
}) {}

/**
 * The organisation's plan leaves budgets out of its workspaces (SPEC.md §3 plan limit `workspaceBudgetAllowed`):
 * no budget is created, and the workspace's budget tab is not shown.
 */
export class WorkspaceBudgetNotAllowed extends Schema.TaggedError<WorkspaceBudgetNotAllowed>()(
  "WorkspaceBudgetNotAllowed",
  {}
) {}
