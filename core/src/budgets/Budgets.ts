import { BigDecimal, Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { InsufficientPrivileges, type ModuleNotEnabled } from "../access/AccessErrors.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { type ApprovalState, ApprovalSubject } from "../approvals/Workflow.ts"
import { statusAfterApproval } from "../documents/ApprovalStatuses.ts"
import { type ApprovalFailure, documentApproval } from "../documents/DocumentApproval.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { roundTo } from "../money/Money.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  type InvalidPage,
  type InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import type { FieldProblem } from "../shared/Fields.ts"
import { type PageParams, wholeListPage } from "../shared/Paging.ts"
import type { WorkspaceNotFound } from "../workspaces/WorkspaceErrors.ts"
import {
  requireWorkspacePrivilege,
  type PrivilegeAction,
  WorkspaceMembership
} from "../workspaces/WorkspaceMembership.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"
import {
  amountsOf,
  type Budget,
  budgetChangeApprovalStatuses,
  type BudgetChange,
  type BudgetChangeFields,
  BudgetChangeHistory,
  type BudgetChangeInput,
  type BudgetChangeReview,
  type BudgetChangeStatus,
  type BudgetFields,
  BudgetLineDelta,
  type BudgetLineInput,
  type BudgetQuery,
  BudgetRepository,
  type BudgetSummary,
  type BudgetUpdateInput,
  decimal,
  money,
  type NewBudgetInput,
  planLimits,
  summaryOf
} from "./Budget.ts"
import {
  BudgetActionNotAllowed,
  BudgetChangeNotFound,
  BudgetExceeded,
  BudgetNotFound,
  BudgetPeriodInvalid,
  WorkspaceBudgetNotAllowed
} from "./BudgetErrors.ts"
import { budgetChangeKind } from "./BudgetChangeKind.ts"
import { BudgetStatus, budgetStatusMachine } from "./BudgetStatus.ts"

/** The module every budgets route needs enabled, and the prefix of its privileges (SPEC.md §6). */
export const budgetsModule = budgetChangeKind.module
const privilegeModule = budgetChangeKind.privilegeModule

/** What each budgets action asks for (SPEC.md §6 `bdg_r/c/u_o`, and `_w` within the actor's workspaces). */
export const budgetPrivileges = budgetChangeKind.privileges

/** The scope of every budgets command: the module; privileges are judged per budget, in its workspace. */
const inModule = { module: budgetsModule }

/**
 * What each change asks of its requester: asking for more limit needs only to read the budget (whoever raises
 * documents against it may ask), the adjustments and the update need to update it.
 */
export const changePrivilege: Readonly<Record<BudgetChangeInput["action"], PrivilegeAction>> = {
  request_for_budget_limit: "r",
  adjust_budget_internally: "u",
  adjust_budget_externally: "u",
  update_budget: "u"
}

/** Budgets are edited directly only before they come into force; after that, through approved changes. */
export const editableStatuses: ReadonlyArray<BudgetStatus> = ["BUDGETED"]

/** Changes are asked of budgets in force or paused: a planned budget is simply edited. */
export const changeableStatuses: ReadonlyArray<BudgetStatus> = ["ACTIVE", "INACTIVE"]

/** The status a change takes from its approval's answer; anything still waiting leaves it pending. */
export const changeStatusAfter = (state: ApprovalState): BudgetChangeStatus =>
  statusAfterApproval(budgetChangeApprovalStatuses, state)

/** The list query of `GET budgets`, with its page (`wholeListPageSize` budgets when no limit is asked). */
export interface BudgetListParams extends PageParams {
  readonly workspaceId?: string | undefined
  /** One status or several, comma-separated. */
  readonly status?: string | undefined
}

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled>
type Paged = InvalidPage | InvalidPageSize
type Found<A, E = never> = Guarded<A, E | BudgetNotFound>
type Change<A, E = never> = Found<A, E | BudgetActionNotAllowed | VersionConflict | TransactionConflict>

/** Budgets, their statuses (SPEC.md §4) and their approvable changes (SPEC.md §3 budget actions). */
export interface BudgetsShape {
  /** The budgets the actor reads: all with bdg_r_o, else those of their workspaces where they hold bdg_r_w. */
  readonly list: (actor: Actor, params: BudgetListParams) => Guarded<ReadonlyArray<Budget>, InvalidField | Paged>
  readonly get: (actor: Actor, id: string) => Found<Budget>
  /** `GET budgets/summary/{id}`: each line's limit, buckets and available amount, and the totals. */
  readonly summary: (actor: Actor, id: string) => Found<BudgetSummary>
  /**
   * A new budget, BUDGETED, in the organisation's currency; its period may not overlap the workspace's others.
   * Refused when the organisation's plan leaves budgets out (`workspaceBudgetAllowed`).
   */
  readonly create: (
    actor: Actor,
    input: NewBudgetInput,
    origin?: RequestOrigin
  ) => Guarded<
    Budget,
    InvalidField | BudgetPeriodInvalid | WorkspaceNotFound | WorkspaceBudgetNotAllowed | TransactionConflict
  >
  /** Edits a budget not yet in force, at the version read. */
  readonly update: (
    actor: Actor,
    input: BudgetUpdateInput,
    origin?: RequestOrigin
  ) => Change<Budget, InvalidField | BudgetPeriodInvalid>
  readonly activate: (actor: Actor, id: string, origin?: RequestOrigin) => Change<Budget>
  readonly deactivate: (actor: Actor, id: string, origin?: RequestOrigin) => Change<Budget>
  /**
   * Asks for a change of a budget in force, which its approvers decide (document kind `budget`, in the budget's
   * workspace, valued at the sum of the absolute changes). Where no approval level applies, it is approved and
   * applied at once.
   */
  readonly requestChange: (
    actor: Actor,
    budgetId: string,
    input: BudgetChangeInput,
    origin?: RequestOrigin
  ) => Change<
    BudgetChange,
    InvalidField | BudgetPeriodInvalid | BudgetExceeded | BudgetChangeNotFound | ApprovalFailure
  >
  /**
   * One change for its review page: the change, its timeline and approval, and its budget. Whoever follows the
   * change's approval (its requester, its approvers, a super user, a reader of the budget) sees it; anyone else
   * gets BudgetChangeNotFound. Reviewers need no budgets privilege, as for `reviewChange`.
   */
  readonly change: (actor: Actor, changeId: string) => Guarded<BudgetChangeView, BudgetChangeNotFound>
  /**
   * A budget's changes, newest first, each with its approval timeline, a page at a time (`wholeListPageSize` when
   * no limit is asked).
   */
  readonly changes: (
    actor: Actor,
    budgetId: string,
    page?: PageParams
  ) => Found<ReadonlyArray<BudgetChangeHistory>, Paged>
  /**
   * A budget with its changes, newest first, each with its approval timeline: what the budget's page shows, the
   * budget read and its access checked once.
   */
  readonly details: (actor: Actor, budgetId: string) => Found<BudgetDetails, Paged>
  /**
   * An approver's decision on a change. The approval engine says who may decide; an approval that completes the
   * workflow applies the change to the budget in the same transaction.
   */
  readonly reviewChange: (
    actor: Actor,
    changeId: string,
    review: BudgetChangeReview,
    origin?: RequestOrigin
  ) => Guarded<
    BudgetChange,
    BudgetChangeNotFound | BudgetNotFound | BudgetExceeded | BudgetPeriodInvalid | InvalidField | ApprovalFailure
  >
  /**
   * `GET request/budgets/active`: the active budgets whose period holds today, of the workspaces the actor raises
   * documents in (all of them with bdg_r_o or wkp_r_o), so a request can name its budget line, a page at a time
   * (`wholeListPageSize` when no limit is asked). Needs a login only; while the organisation has the budgets module
   * turned off there are none.
   */
  readonly active: (
    actor: Actor,
    workspaceId?: string,
    page?: PageParams
  ) => Effect.Effect<ReadonlyArray<Budget>, Paged>
}

/** A change as its review page shows it. */
export interface BudgetChangeView {
  readonly change: BudgetChange
  readonly budget: Budget
  readonly approval: ApprovalState
  readonly timeline: BudgetChangeHistory["timeline"]
}

const splitList = (value: string | undefined): ReadonlyArray<string> =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "")

/** A budget and its changes, each with its approval timeline (`Budgets.details`). */
export interface BudgetDetails {
  readonly budget: Budget
  readonly changes: ReadonlyArray<BudgetChangeHistory>
}

/** Use cases: budgets of workspaces, their lifecycle and their approvable changes. */
export class Budgets extends Context.Service<Budgets, BudgetsShape>()("@tawreed/core/budgets/Budgets") {
  static readonly layer = Layer.effect(
    Budgets,
    Effect.gen(function* () {
      const repository = yield* BudgetRepository
      const workspaces = yield* WorkspaceRepository
      const membership = yield* WorkspaceMembership
      const settings = yield* OrgSettingsRepository
      const approvals = yield* Approvals
      const approval = documentApproval(approvals, { statuses: budgetChangeApprovalStatuses })
      const { commandOf, guard, audit: record } = yield* moduleCommands
      const withMembership = Effect.provideService(WorkspaceMembership, membership)

      const moduleGuard = (actor: Actor) => guard(actor, inModule)

      const currencyOf = Effect.fn("Budgets.currencyOf")(function* (orgId: OrgId) {
        const found = yield* settings.find(orgId)
        return Option.match(found, { onNone: () => "SAR", onSome: (s) => s.currency })
      })

      /** The actor's privileges inside a workspace: their own and their workspace role's `_w` ones. */
      const privilegesIn = Effect.fn("Budgets.privilegesIn")(function* (actor: Actor, workspaceId: string) {
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        return privilegesInWorkspace(actor.privileges, memberships.find((m) => m.workspaceId === workspaceId)?.role)
      })

      /**
       * The workspace guard for the budgets module (`bdg_<action>_o`, or `_w` in the actor's workspaces);
       * `workspaceRead` when a budget of the workspace was just read (its foreign key keeps the workspace).
       */
      const access = Effect.fn("Budgets.access")(function* (
        actor: Actor,
        workspaceId: string,
        action: PrivilegeAction,
        workspaceRead = false
      ) {
        const privileges = yield* privilegesIn(actor, workspaceId)
        yield* requireWorkspacePrivilege(
          { ...actor, privileges },
          workspaceId,
          privilegeModule,
          action,
          workspaceRead
        ).pipe(withMembership)
      })

      /** A budget; `forUpdate` locks it for the rest of the transaction, first of everything a change locks. */
      const found = Effect.fn("Budgets.found")(function* (orgId: OrgId, id: string, forUpdate = false) {
        const budget = yield* forUpdate ? repository.findForUpdate(orgId, id) : repository.find(orgId, id)
        if (Option.isNone(budget)) return yield* new BudgetNotFound({ id })
        return budget.value
      })

      /**
       * A budget the actor may act on. One they may not even read is not found, so that its existence does not
       * leak to whoever reads budgets elsewhere; one they read but may not change is InsufficientPrivileges, as is
       * any budget for someone who reads no budgets at all. A command that changes the budget asks `forUpdate`.
       */
      const reachable = Effect.fn("Budgets.reachable")(function* (
        actor: Actor,
        id: string,
        action: PrivilegeAction,
        forUpdate = false
      ) {
        const budget = yield* found(actor.orgId, id, forUpdate)
        const hidden = new BudgetNotFound({ id })
        yield* access(actor, budget.workspaceId, action, true).pipe(
          Effect.catchTag("WorkspaceNotFound", () => Effect.fail(hidden)),
          Effect.catchTag("InsufficientPrivileges", (refusal) =>
            Effect.gen(function* () {
              const reads = action !== "r" && (yield* Effect.isSuccess(access(actor, budget.workspaceId, "r", true)))
              if (reads) return yield* refusal
              return yield* (yield* Effect.isSuccess(readScope(actor))) ? hidden : refusal
            })
          )
        )
        return budget
      })

      /** Which workspaces' budgets the actor reads: all (undefined) with bdg_r_o, else their own where allowed. */
      const readScope = Effect.fn("Budgets.readScope")(function* (actor: Actor) {
        if (actor.privileges.includes("bdg_r_o")) return undefined
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        const readable = memberships
          .filter((m) => privilegesInWorkspace(actor.privileges, m.role).includes("bdg_r_w"))
          .map((m) => m.workspaceId)
        if (readable.length === 0 && !actor.privileges.includes("bdg_r_w")) {
          return yield* new InsufficientPrivileges({ required: [...budgetPrivileges.read] })
        }
        return readable
      })

      const list = Effect.fn("Budgets.list")(function* (actor: Actor, params: BudgetListParams) {
        yield* moduleGuard(actor)
        const scope = yield* readScope(actor)
        const statuses = splitList(params.status).map((s) => s.toUpperCase())
        for (const status of statuses) {
          if (!Schema.is(BudgetStatus)(status)) {
            return yield* new InvalidField({ field: "status", problem: "notOneOf" })
          }
        }
        const page = yield* wholeListPage(params)
        const workspaceId = params.workspaceId?.trim() || undefined
        const workspaceIds =
          workspaceId === undefined ? scope : scope === undefined || scope.includes(workspaceId) ? [workspaceId] : []
        if (workspaceIds !== undefined && workspaceIds.length === 0) return []
        const query: BudgetQuery = {
          workspaceIds,
          statuses: statuses.length > 0 ? (statuses as ReadonlyArray<BudgetStatus>) : undefined
        }
        return yield* repository.list(actor.orgId, query, page)
      })

      const get = Effect.fn("Budgets.get")(function* (actor: Actor, id: string) {
        yield* moduleGuard(actor)
        return yield* reachable(actor, id, "r")
      })

      const summary = Effect.fn("Budgets.summary")(function* (actor: Actor, id: string) {
        return summaryOf(yield* get(actor, id))
      })

      /** Checks a budget's lines: at least one, keys unique, limits rounded to the currency's precision. */
      const linesOf = Effect.fn("Budgets.linesOf")(function* (
        inputs: ReadonlyArray<BudgetLineInput>,
        currency: string
      ) {
        if (inputs.length === 0) return yield* new InvalidField({ field: "lines", problem: "atLeastOne" })
        const seen = new Set<string>()
        return yield* Effect.forEach(inputs, (input) =>
          Effect.gen(function* () {
            const key = input.key.trim()
            if (key === "") return yield* new InvalidField({ field: "key", problem: "required" })
            if (seen.has(key)) return yield* new InvalidField({ field: "key", problem: "duplicate" })
            seen.add(key)
            const label = input.label.trim() || key
            const limit = money(roundTo(decimal(input.limit), currencyDecimals(currency)), currency)
            return { key, label, limit }
          })
        )
      })

      /** The period is well formed and no other budget of the workspace covers any of its days. */
      const checkPeriod = Effect.fn("Budgets.checkPeriod")(function* (
        orgId: OrgId,
        workspaceId: string,
        startDate: string,
        endDate: string,
        exceptId?: string
      ) {
        if (Number.isNaN(Date.parse(startDate)) || Number.isNaN(Date.parse(endDate))) {
          return yield* new BudgetPeriodInvalid({ problem: "notCalendarDays" })
        }
        if (endDate < startDate) {
          return yield* new BudgetPeriodInvalid({ problem: "endBeforeStart" })
        }
        if (yield* repository.periodTaken(orgId, workspaceId, startDate, endDate, exceptId)) {
          return yield* new BudgetPeriodInvalid({ problem: "overlapsAnother" })
        }
      })

      const create = commandOf(
        "Budgets.create",
        inModule,
        function* (actor: Actor, input: NewBudgetInput, origin: RequestOrigin = noOrigin) {
          const workspaceId = input.workspaceId.trim()
          yield* access(actor, workspaceId, "c")
          const found = yield* settings.find(actor.orgId)
          if (Option.isSome(found) && !found.value.orgConfig.adminConfig.workspaceBudgetAllowed) {
            return yield* new WorkspaceBudgetNotAllowed()
          }
          const name = input.name.trim()
          if (name === "") return yield* new InvalidField({ field: "name", problem: "required" })
          const currency = yield* currencyOf(actor.orgId)
          const fields: BudgetFields = {
            workspaceId,
            name,
            startDate: input.startDate,
            endDate: input.endDate,
            currency,
            policy: input.policy ?? "STOP",
            lines: yield* linesOf(input.lines, currency)
          }
          yield* checkPeriod(actor.orgId, workspaceId, fields.startDate, fields.endDate)
          const made = yield* repository.create(actor.orgId, fields, budgetStatusMachine.initial, actor.userId)
          yield* record(actor, "budget.created", origin, {
            budgetId: made.id,
            workspaceId,
            name: made.name
          })
          return made
        }
      )

      const update = commandOf(
        "Budgets.update",
        inModule,
        function* (actor: Actor, input: BudgetUpdateInput, origin: RequestOrigin = noOrigin) {
          const budget = yield* reachable(actor, input.id, "u", true)
          if (input.version !== budget.version) {
            return yield* new VersionConflict({ entity: "budget", id: budget.id })
          }
          if (!editableStatuses.includes(budget.status)) {
            return yield* new BudgetActionNotAllowed({ action: "update", status: budget.status })
          }
          const name = (input.name ?? budget.name).trim()
          if (name === "") return yield* new InvalidField({ field: "name", problem: "required" })
          const fields: BudgetFields = {
            workspaceId: budget.workspaceId,
            name,
            startDate: input.startDate ?? budget.startDate,
            endDate: input.endDate ?? budget.endDate,
            currency: budget.currency,
            policy: input.policy ?? budget.policy,
            lines:
              input.lines === undefined
                ? budget.lines.map((l) => ({ key: l.key, label: l.label, limit: l.limit }))
                : yield* linesOf(input.lines, budget.currency)
          }
          yield* checkPeriod(actor.orgId, budget.workspaceId, fields.startDate, fields.endDate, budget.id)
          const saved = yield* repository.update(actor.orgId, budget.id, fields, input.version)
          if (Option.isNone(saved)) return yield* new BudgetNotFound({ id: budget.id })
          yield* record(actor, "budget.updated", origin, { budgetId: budget.id, name: saved.value.name })
          return saved.value
        }
      )

      const statusChange = (action: "activate" | "deactivate", to: BudgetStatus) =>
        commandOf(
          `Budgets.${action}`,
          inModule,
          function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
            const budget = yield* reachable(actor, id, "u", true)
            if (!budgetStatusMachine.canTransition(budget.status, to)) {
              return yield* new BudgetActionNotAllowed({ action, status: budget.status })
            }
            const saved = yield* repository.setStatus(actor.orgId, budget.id, to, budget.version)
            if (Option.isNone(saved)) return yield* new BudgetNotFound({ id })
            yield* record(actor, "budget.status_changed", origin, {
              budgetId: budget.id,
              action,
              from: budget.status,
              to
            })
            return saved.value
          }
        )

      /** Checks a change against the budget as it stands; the approval re-checks the limits under the locks. */
      const changeOf = Effect.fn("Budgets.changeOf")(function* (
        actor: Actor,
        budget: Budget,
        input: BudgetChangeInput
      ) {
        const { action } = input
        const invalid = (field: string, problem: FieldProblem) => Effect.fail(new InvalidField({ field, problem }))
        const periodGiven = input.startDate !== undefined || input.endDate !== undefined || input.name !== undefined
        if (periodGiven && action !== "update_budget") {
          return yield* invalid("action", "periodNeedsUpdate")
        }
        if (input.lines.length === 0 && !(action === "update_budget" && periodGiven)) {
          return yield* invalid("lines", "atLeastOne")
        }
        const decimals = currencyDecimals(budget.currency)
        const seen = new Set<string>()
        const lines: Array<BudgetLineDelta> = []
        for (const line of input.lines) {
          const key = line.key.trim()
          if (key === "") return yield* invalid("key", "required")
          if (seen.has(key)) return yield* invalid("key", "duplicate")
          seen.add(key)
          const delta = roundTo(decimal(line.delta), decimals)
          if (BigDecimal.isZero(delta)) return yield* invalid("delta", "mustNotBeZero")
          const existing = budget.lines.find((l) => l.key === key)
          const label = line.label?.trim()
          if (existing === undefined) {
            if (action === "adjust_budget_internally") {
              return yield* invalid("key", "notExistingLine")
            }
            if (label === undefined || label === "") {
              return yield* invalid("label", "required")
            }
          }
          if (action === "request_for_budget_limit" && BigDecimal.isNegative(delta)) {
            return yield* invalid("delta", "mustIncrease")
          }
          lines.push(
            new BudgetLineDelta({
              key,
              ...(label === undefined || label === "" ? {} : { label }),
              delta: money(delta, budget.currency)
            })
          )
        }
        if (action === "adjust_budget_internally") {
          const net = BigDecimal.sumAll(lines.map((l) => decimal(l.delta)))
          if (lines.length < 2 || !BigDecimal.isZero(net)) {
            return yield* invalid("lines", "unbalanced")
          }
        }
        const planned = planLimits(
          budget.lines.map((l) => ({ key: l.key, label: l.label, amounts: amountsOf(l) })),
          lines,
          budget.currency
        )
        if (planned._tag === "Exceeded") {
          const { line, limit, excess } = planned
          return yield* new BudgetExceeded({ line, limit, excess, currency: budget.currency })
        }
        if (planned._tag === "Invalid") return yield* invalid(planned.field, planned.problem)
        const name = input.name?.trim()
        if (name !== undefined && name === "") return yield* invalid("name", "required")
        const startDate = input.startDate ?? null
        const endDate = input.endDate ?? null
        if (startDate !== null || endDate !== null) {
          yield* checkPeriod(
            actor.orgId,
            budget.workspaceId,
            startDate ?? budget.startDate,
            endDate ?? budget.endDate,
            budget.id
          )
        }
        const value = BigDecimal.sumAll(lines.map((l) => BigDecimal.abs(decimal(l.delta))))
        const fields: BudgetChangeFields = {
          budgetId: budget.id,
          workspaceId: budget.workspaceId,
          action,
          lines,
          name: name ?? null,
          startDate,
          endDate,
          remark: input.remark?.trim() ?? "",
          requesterId: actor.userId,
          value: money(value, budget.currency)
        }
        return fields
      })

      const subjectOf = (change: BudgetChange, budget: Budget) =>
        new ApprovalSubject({
          kind: budgetChangeKind.kind,
          documentId: change.id,
          documentNumber: change.number,
          workspaceId: budget.workspaceId,
          title: budget.name,
          requesterId: change.requesterId,
          createdBy: change.requesterId,
          value: change.value,
          categories: []
        })

      /** Applies an approved change to its budget, re-checking its period and limits under the locks. */
      const apply = Effect.fn("Budgets.apply")(function* (actor: Actor, change: BudgetChange, budget: Budget) {
        if (change.startDate !== null || change.endDate !== null) {
          yield* checkPeriod(
            actor.orgId,
            budget.workspaceId,
            change.startDate ?? budget.startDate,
            change.endDate ?? budget.endDate,
            budget.id
          )
        }
        return yield* repository.applyChange(actor.orgId, budget.id, {
          lines: change.lines,
          name: change.name,
          startDate: change.startDate,
          endDate: change.endDate
        })
      })

      /** Moves a change to the status its approval reached, applying it to the budget when approved. */
      const settle = Effect.fn("Budgets.settle")(function* (
        actor: Actor,
        change: BudgetChange,
        budget: Budget,
        status: BudgetChangeStatus,
        origin: RequestOrigin
      ) {
        if (status === "PENDING_APPROVAL") return change
        if (status === "APPROVED") yield* apply(actor, change, budget)
        const saved = yield* repository.setChangeStatus(actor.orgId, change.id, status, change.version)
        if (Option.isNone(saved)) return yield* new BudgetChangeNotFound({ id: change.id })
        yield* record(actor, "budget.change_decided", origin, {
          budgetId: budget.id,
          changeId: change.id,
          action: change.action,
          status
        })
        return saved.value
      })

      const requestChange = commandOf(
        "Budgets.requestChange",
        inModule,
        function* (actor: Actor, budgetId: string, input: BudgetChangeInput, origin: RequestOrigin = noOrigin) {
          const budget = yield* reachable(actor, budgetId, changePrivilege[input.action], true)
          if (!changeableStatuses.includes(budget.status)) {
            return yield* new BudgetActionNotAllowed({ action: input.action, status: budget.status })
          }
          const fields = yield* changeOf(actor, budget, input)
          const change = yield* repository.createChange(actor.orgId, fields)
          yield* record(actor, "budget.change_requested", origin, {
            budgetId: budget.id,
            changeId: change.id,
            action: change.action,
            value: change.value
          })
          const { status } = yield* approval.submit(actor, subjectOf(change, budget), change.status)
          return yield* settle(actor, change, budget, status, origin)
        }
      )

      /** A readable budget's changes, each with its timeline. */
      const historyOf = Effect.fn("Budgets.historyOf")(function* (actor: Actor, budget: Budget, params?: PageParams) {
        const page = yield* repository.changes(actor.orgId, budget.id, yield* wholeListPage(params))
        return yield* Effect.forEach(page, (change) =>
          Effect.map(
            approvals.timeline(actor, budgetChangeKind.kind, change.id),
            (timeline) => new BudgetChangeHistory({ change, timeline })
          )
        )
      })

      const changes = Effect.fn("Budgets.changes")(function* (actor: Actor, budgetId: string, params?: PageParams) {
        yield* moduleGuard(actor)
        return yield* historyOf(actor, yield* reachable(actor, budgetId, "r"), params)
      })

      const details = Effect.fn("Budgets.details")(function* (actor: Actor, budgetId: string) {
        yield* moduleGuard(actor)
        const budget = yield* reachable(actor, budgetId, "r")
        return { budget, changes: yield* historyOf(actor, budget) }
      })

      const change = Effect.fn("Budgets.change")(function* (actor: Actor, changeId: string) {
        yield* moduleGuard(actor)
        const hidden = new BudgetChangeNotFound({ id: changeId })
        const state = yield* approvals
          .state(actor, budgetChangeKind.kind, changeId)
          .pipe(Effect.catch(() => Effect.fail(hidden)))
        const stored = yield* repository.findChange(actor.orgId, changeId)
        if (Option.isNone(stored)) return yield* hidden
        const budget = yield* found(actor.orgId, stored.value.budgetId).pipe(
          Effect.catchTag("BudgetNotFound", () => Effect.fail(hidden))
        )
        const timeline = yield* approvals.timeline(actor, budgetChangeKind.kind, changeId)
        return { change: stored.value, budget, approval: state, timeline } satisfies BudgetChangeView
      })

      const reviewChange = commandOf(
        "Budgets.reviewChange",
        inModule,
        function* (actor: Actor, changeId: string, review: BudgetChangeReview, origin: RequestOrigin = noOrigin) {
          // Reviewers need no budgets privilege: the approval engine decides who approves (NotAnApprover).
          const change = yield* repository.findChange(actor.orgId, changeId)
          if (Option.isNone(change) || change.value.status !== "PENDING_APPROVAL") {
            return yield* new BudgetChangeNotFound({ id: changeId })
          }
          const budget = yield* found(actor.orgId, change.value.budgetId, true)
          const { status } = yield* approval.review(actor, subjectOf(change.value, budget), review)
          return yield* settle(actor, change.value, budget, status, origin)
        }
      )

      const active = Effect.fn("Budgets.active")(function* (actor: Actor, workspaceId?: string, params?: PageParams) {
        const page = yield* wholeListPage(params)
        if (!(yield* Effect.isSuccess(moduleGuard(actor)))) return []
        const today = new Date(yield* Clock.currentTimeMillis).toISOString().slice(0, 10)
        const all = actor.privileges.includes("bdg_r_o") || actor.privileges.includes("wkp_r_o")
        const mine = all
          ? undefined
          : (yield* workspaces.membershipsOf(actor.orgId, actor.userId)).map((m) => m.workspaceId)
        const wanted = workspaceId?.trim() || undefined
        const workspaceIds = wanted === undefined ? mine : mine === undefined || mine.includes(wanted) ? [wanted] : []
        if (workspaceIds !== undefined && workspaceIds.length === 0) return []
        return yield* repository.list(actor.orgId, { workspaceIds, statuses: ["ACTIVE"], activeOn: today }, page)
      })

      return Budgets.of({
        list,
        get,
        summary,
        create,
        update,
        activate: statusChange("activate", "ACTIVE"),
        deactivate: statusChange("deactivate", "INACTIVE"),
        requestChange,
        change,
        changes,
        details,
        reviewChange,
        active
      })
    })
  )
}
