import { BigDecimal, Context, DateTime, Effect, Layer, Option, Schema } from "effect"
import { InsufficientPrivileges, type ModuleNotEnabled, type SelfApprovalRefused } from "../access/AccessErrors.ts"
import { isModuleEnabled } from "../access/ModuleAccess.ts"
import { refuseSelfApproval } from "../access/SegregationOfDuties.ts"
import type { ApprovalError } from "../approvals/ApprovalErrors.ts"
import { SuperApproverRequired } from "../approvals/ApprovalErrors.ts"
import { ApproverDirectory } from "../approvals/ApprovalPorts.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { isSuperApprover } from "../approvals/Engine.ts"
import { ApprovalSubject, type TimelineEntry } from "../approvals/Workflow.ts"
import { type Budget, BudgetRepository, BudgetWarning, decimal, money } from "../budgets/Budget.ts"
import { BudgetLineNotFound } from "../budgets/BudgetErrors.ts"
import { BudgetLedger, type MoveError } from "../budgets/BudgetLedger.ts"
import { BudgetMovement } from "../budgets/Budget.ts"
import { Budgets } from "../budgets/Budgets.ts"
import type { InvalidQuantity } from "../carts/CartErrors.ts"
import { validateQuantity } from "../carts/Quantity.ts"
import type { DueDateTooSoon } from "../dates/DateErrors.ts"
import { endOfPath } from "../documents/ApprovalStatuses.ts"
import type { ReviewAction } from "../documents/DocumentReview.ts"
import { documentApproval } from "../documents/DocumentApproval.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { requestKind } from "./RequestKind.ts"
import type { FileNotAttachable, FileNotFound } from "../files/FileErrors.ts"
import { fileIdOfUrl } from "../files/FileRules.ts"
import { Files } from "../files/Files.ts"
import { DocumentRef, type FileId } from "../files/StoredFile.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { currencyDecimals } from "../money/CurrencyDecimals.ts"
import { convertToCurrency, formatAmount } from "../money/Money.ts"
import type { UnknownCurrency } from "../money/MoneyErrors.ts"
import { storedDecimal } from "../money/StoredDecimal.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { OrgSettings } from "../organisations/OrgSettings.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import type { AuditEventName, RequestOrigin } from "../shared/AuditLog.ts"
import {
  InvalidField,
  type InvalidPage,
  type InvalidPageSize,
  type TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import { maxItems } from "../shared/Limits.ts"
import { type PageParams, pageRequest } from "../shared/Paging.ts"
import { type Workspace, type WorkspaceMember, WorkspaceRepository } from "../workspaces/Workspace.ts"
import { LocationNotFound, WorkspaceNotFound } from "../workspaces/WorkspaceErrors.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"
import {
  defaultRfpConfig,
  ExpenseDetails,
  type ExpenseInput,
  isExpenseType,
  ItemPrice,
  ItemTax,
  LineAmounts,
  type NewRequestInput,
  placeholderItemId,
  placeholderItemText,
  Request,
  RequestClassificationCount,
  type RequestApproval,
  type RequestBudgetLine,
  type RequestClose,
  type RequestCommandInput,
  RequestItem,
  RequestItemInput,
  type RequestListName,
  requestLimits,
  RequestPage,
  type RequestReview,
  RequestStatusCount,
  RequestTotals,
  RequestType,
  type RequestUpdateInput,
  RequestWatcher,
  type RequestWatchersInput,
  RequestWorkspaceCount,
  sourcingRequestTypes,
  WatcherNotification
} from "./Request.ts"
import {
  creationModuleOf,
  holdsAny,
  mayActOn,
  type RequestPrivilegeAction,
  requestPrivilegeModule,
  requestPrivileges,
  requestsModule,
  type RequestStanding,
  requestTypeAllowed,
  requestTypeNames
} from "./RequestAccess.ts"
import { commandAllowed, commandOutcomes, holdsBudget, type RequestCommand } from "./RequestCommands.ts"
import {
  checkInvoiceDates,
  checkRequestDates,
  defaultRequestDates,
  parseRequestDate,
  type RequestDateField,
  requestDateOrder,
  type RequestDates
} from "./RequestDates.ts"
import {
  RequestActionNotAllowed,
  RequestBudgetNotInForce,
  RequestBudgetRequired,
  RequestCursorInvalid,
  RequestNotFound,
  RequestTypeNotAllowed,
  RequestWorkspaceNotActive
} from "./RequestErrors.ts"
import { isTaxesExceedPrice, priceLine, totalFigures, formatFigures } from "./RequestPricing.ts"
import {
  decodeRequestCursor,
  defaultRequestSort,
  encodeRequestCursor,
  type RequestFilter,
  type RequestRecord,
  RequestRepository,
  type RequestScope,
  RequestSortColumn,
  type RequestSort,
  type RequestWindow
} from "./RequestRepository.ts"
import {
  requestApprovalStatuses,
  type RequestStatus,
  requestStatusMachine,
  RequestStatus as RequestStatusSchema
} from "./RequestStatus.ts"
import { sourcingStatusMachine } from "./SourcingStatus.ts"

/** The kind of document requests are to the approval engine, the budget ledger and the files module. */
export const requestDocumentKind = "request"

/** How long a saved column name may be. */
const columnNameLimit = 60

/** How long a list's search text may be. */
const searchLimit = 200

/** The first amount storage cannot keep: 15 whole digits (StoredDecimal.ts). */
const storableLimit = BigDecimal.fromBigInt(10n ** BigInt(storedDecimal.precision - storedDecimal.scale))
const storable = (value: BigDecimal.BigDecimal) => BigDecimal.isLessThan(value, storableLimit)

/** The list query of `GET request` and `GET request/expense`, as the client sent it. */
export interface RequestListParams {
  /** The spec's page number, from 0 (ignored when a cursor is given). */
  readonly page?: number | undefined
  readonly limit?: number | undefined
  /** A column, `-` before it for descending (`-createdAt`, the default). */
  readonly sort?: string | undefined
  /** A cursor from a page's `nextCursor`: the page after it. */
  readonly after?: string | undefined
  /** A cursor from a page's `previousCursor`: the page before it. */
  readonly before?: string | undefined
  readonly statuses?: ReadonlyArray<string> | undefined
  readonly workspaceIds?: ReadonlyArray<string> | undefined
  /** `none` asks for unclassified requests. */
  readonly classifications?: ReadonlyArray<string> | undefined
  readonly requestTypes?: ReadonlyArray<string> | undefined
  readonly search?: string | undefined
  /** Only the reader's own requests. */
  readonly mine?: boolean | undefined
}

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled>
type Found<A, E = never> = Guarded<A, E | RequestNotFound>
type Change<A, E = never> = Found<A, E | RequestActionNotAllowed | VersionConflict | TransactionConflict>
/** What refuses the files a request names: none such for the actor (not their upload, another organisation's). */
export type RequestFileError = FileNotFound | FileNotAttachable
/** What refuses a request's fields. */
export type RequestFieldError =
  | InvalidField
  | InvalidQuantity
  | DueDateTooSoon
  | UnknownCurrency
  | LocationNotFound
  | RequestBudgetNotInForce
  | BudgetLineNotFound
/** What refuses a decision on a request's approval. */
export type RequestApprovalError = ApprovalError | SelfApprovalRefused
/** What refuses a submission's budget check. */
export type RequestBudgetError = MoveError | RequestBudgetRequired | RequestBudgetNotInForce

/** Purchase and expense requests (SPEC.md §3, §4), checked against §6's `req_*` privileges. */
export interface RequestsShape {
  /** `GET request`: the requests (not expense requests) the actor reads, filtered, sorted and paged. */
  readonly list: (
    actor: Actor,
    params: RequestListParams
  ) => Guarded<RequestPage, InvalidField | InvalidPage | InvalidPageSize | RequestCursorInvalid>
  /** `GET request/expense`: the same over expense and reimbursement requests. */
  readonly listExpense: (
    actor: Actor,
    params: RequestListParams
  ) => Guarded<RequestPage, InvalidField | InvalidPage | InvalidPageSize | RequestCursorInvalid>
  /**
   * `GET request/{id}`: whoever reads it — `req_r_o`; `req_r_w` in its workspace; its requester, creator, assignee
   * or watchers with a `req_r_*` privilege; or an approver of it. Anyone else gets RequestNotFound.
   */
  readonly get: (actor: Actor, id: string) => Found<Request>
  /** The request's approval timeline, oldest first (its steps: `requestStepsOf`). */
  readonly timeline: (actor: Actor, id: string) => Found<ReadonlyArray<TimelineEntry>>
  /**
   * `POST request`: a new draft of a kind the organisation raises, in an active workspace the actor raises requests
   * in (`req_c_o`, `req_c_w` there, or `req_c_u` as its member; proposals and contracts with `rfq_c_*`). The files
   * it names (by id or `fileURL`) are attached to it in the same transaction: only the actor's own uploads for
   * requests, so another's upload or another organisation's file is FileNotFound.
   */
  readonly create: (
    actor: Actor,
    input: NewRequestInput,
    origin?: RequestOrigin
  ) => Guarded<
    Request,
    | RequestFieldError
    | RequestFileError
    | RequestTypeNotAllowed
    | RequestWorkspaceNotActive
    | WorkspaceNotFound
    | TransactionConflict
  >
  /**
   * `PUT request`: edits a draft, or opens a returned request for editing (REQUEST_EDIT), at the version read. The
   * files it names (`attachments`, and an expense request's `invoiceAttachments`) become the request's files, as a
   * create's do: the actor's own uploads for requests, or files it holds already; the ones left out are taken off.
   */
  readonly update: (
    actor: Actor,
    input: RequestUpdateInput,
    origin?: RequestOrigin
  ) => Change<Request, RequestFieldError | RequestFileError>
  /** `POST request/copy-request/{id}`: a new draft like the request, for the actor, with fresh dates. */
  readonly copy: (
    actor: Actor,
    id: string,
    origin?: RequestOrigin
  ) => Found<
    Request,
    | RequestFieldError
    | RequestTypeNotAllowed
    | RequestWorkspaceNotActive
    | RequestActionNotAllowed
    | WorkspaceNotFound
    | TransactionConflict
  >
  /**
   * `POST request/submit`: checks the request whole (dates, lines, invoice), puts its value on its budget line as
   * requested (Stop refuses with BudgetExceeded; Warn records the warning on the request) and starts its approval;
   * it waits on its approvers (REQUEST_UNAPPROVED) or, where no level applies, is submitted at once.
   */
  readonly submit: (
    actor: Actor,
    id: string,
    input?: RequestCommandInput,
    origin?: RequestOrigin
  ) => Change<Request, RequestFieldError | RequestBudgetError | RequestApprovalError>
  /** `POST request/approve/{id}`: an approver passes the waiting level (or, as a super approver, all of them). */
  readonly approve: (
    actor: Actor,
    id: string,
    input: RequestApproval,
    origin?: RequestOrigin
  ) => Change<Request, RequestApprovalError | MoveError>
  /** `POST request/skip/{id}`: a super approver passes the waiting level. */
  readonly skip: (
    actor: Actor,
    id: string,
    input: RequestReview,
    origin?: RequestOrigin
  ) => Change<Request, RequestApprovalError | MoveError>
  /** `POST request/reject/{id}`: ends the request; its budget line gets its amount back. */
  readonly reject: (
    actor: Actor,
    id: string,
    input: RequestReview,
    origin?: RequestOrigin
  ) => Change<Request, RequestApprovalError | MoveError>
  /**
   * `POST request/return/{id}`: back to its requester — by its approvers while it waits on them, or once approved by
   * the buyer sourcing it (`req_u_o`, or `req_u_w` in its workspace). Its budget line gets its amount back.
   */
  readonly returnToRequester: (
    actor: Actor,
    id: string,
    input: RequestReview,
    origin?: RequestOrigin
  ) => Change<Request, RequestApprovalError | MoveError>
  /** `PUT request/return-to-draft/{id}`: a returned or submitted request back to a plain draft. */
  readonly returnToDraft: (
    actor: Actor,
    id: string,
    input?: RequestCommandInput,
    origin?: RequestOrigin
  ) => Change<Request, MoveError>
  /** `PUT request/archive`: puts a draft away. */
  readonly archive: (
    actor: Actor,
    id: string,
    input?: RequestCommandInput,
    origin?: RequestOrigin
  ) => Change<Request, MoveError>
  /**
   * `POST request/close/{id}`: closes an open request; with isSuperApproval a super approver (never its requester)
   * closes it over its approval (REQUEST_SUPER_CLOSED). Its budget line gets what it held back.
   */
  readonly close: (
    actor: Actor,
    id: string,
    input: RequestClose,
    origin?: RequestOrigin
  ) => Change<Request, RequestApprovalError | SuperApproverRequired | MoveError>
  /** `DELETE request/{id}`: removes a request that never went out (draft or archived), and takes its files off. */
  readonly remove: (actor: Actor, id: string, origin?: RequestOrigin) => Change<void, MoveError>
  /** `PUT request/assign/{requestId}/{userId}`: who handles an open request's sourcing (`req_u_o`/`req_u_w`). */
  readonly assign: (actor: Actor, id: string, userId: string, origin?: RequestOrigin) => Change<Request, InvalidField>
  /** `GET request/watcher-candidates/{id}`: the request's workspace's users, its requester aside. */
  readonly watcherCandidates: (actor: Actor, id: string) => Found<ReadonlyArray<WorkspaceMember>>
  /** `PUT request/update-watchers/{id}`: who follows the request; each one an active user of the organisation. */
  readonly updateWatchers: (
    actor: Actor,
    id: string,
    input: RequestWatchersInput,
    origin?: RequestOrigin
  ) => Change<Request, InvalidField>
  /** `GET request/get-latest-request`: the actor's most recent request, if any. */
  readonly latest: (actor: Actor) => Effect.Effect<Request | null>
  /** `PUT request/save-columns/{requests|expense_requests}`: the list columns the actor keeps. */
  readonly saveColumns: (
    actor: Actor,
    list: RequestListName,
    columns: ReadonlyArray<string>
  ) => Guarded<ReadonlyArray<string>, InvalidField>
  /** `GET request/budgets/active`: the budgets in force the form offers lines of (Budgets.active). */
  readonly activeBudgets: (
    actor: Actor,
    workspaceId?: string,
    params?: PageParams
  ) => Effect.Effect<ReadonlyArray<Budget>, InvalidPage | InvalidPageSize>
}

const trimmedOrNull = (value: string | null | undefined): string | null => {
  const t = value?.trim()
  return t ? t : null
}

const cleanList = (values: ReadonlyArray<string> | undefined) =>
  (values ?? []).map((v) => v.trim()).filter((v) => v !== "")

/** Parses `-column` / `column` into a sort, or says the column is not one the list sorts by. */
export const parseRequestSort = (text: string | undefined): RequestSort | undefined => {
  const trimmed = text?.trim() ?? ""
  if (trimmed === "") return defaultRequestSort
  const descending = trimmed.startsWith("-")
  const column = descending ? trimmed.slice(1) : trimmed
  return Schema.is(RequestSortColumn)(column) ? { column, direction: descending ? "desc" : "asc" } : undefined
}

/** The request as the repository stores it: all but its identity and bookkeeping. */
export const recordOf = (request: Request): RequestRecord => {
  const {
    id: _id,
    number: _number,
    version: _version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...record
  } = request
  return record
}

/** A stored line as a form would send it back, so that every save prices every line again. */
const inputOf = (item: RequestItem): RequestItemInput =>
  new RequestItemInput({
    id: item.id,
    product: item.product,
    name: item.name,
    description: item.description,
    category: item.category,
    expenseAccount: item.expenseAccount,
    quantity: item.quantity,
    unit: item.unit,
    allowDifferentBrand: item.allowDifferentBrand,
    allowAlternateProduct: item.allowAlternateProduct,
    price: { basePrice: item.price.basePrice, currency: item.price.currency, taxes: item.price.taxes },
    vendors: item.vendors
  })

/** The Total line a proposal or contract starts with (SPEC.md §3): quantity 1, its price the vendor's to give. */
const placeholderInput = (currency: string) =>
  new RequestItemInput({
    id: placeholderItemId,
    name: placeholderItemText.name,
    description: placeholderItemText.description.en,
    quantity: "1",
    price: { basePrice: "0", currency, taxes: [] }
  })

/** Use cases: purchase and expense requests, their approval, their budget, their list. */
export class Requests extends Context.Service<Requests, RequestsShape>()("@tawreed/core/requests/Requests") {
  static readonly layer = Layer.effect(
    Requests,
    Effect.gen(function* () {
      const lists = yield* ListCounts
      const stored = yield* RequestRepository
      // Every write marks the request lists' counts stale once it commits.
      const changed = (orgId: OrgId) => lists.changed(orgId, requestKind.kind)
      const repository = RequestRepository.of({
        ...stored,
        insert: (orgId, record) => Effect.tap(stored.insert(orgId, record), () => changed(orgId)),
        update: (orgId, id, record, version) =>
          Effect.tap(stored.update(orgId, id, record, version), () => changed(orgId)),
        remove: (orgId, id, version) => Effect.tap(stored.remove(orgId, id, version), () => changed(orgId))
      })
      const workspaces = yield* WorkspaceRepository
      const settings = yield* OrgSettingsRepository
      const approvals = yield* Approvals
      const ledger = yield* BudgetLedger
      const budgetRepository = yield* BudgetRepository
      const budgets = yield* Budgets
      const directory = yield* ApproverDirectory
      const files = yield* Files
      const { command, commandOf, guard, audit } = yield* moduleCommands
      const approval = documentApproval(approvals, {
        statuses: requestApprovalStatuses,
        machine: requestStatusMachine
      })
      /** Commands of the requests module: privileges are judged per request, in the work. */
      const inModule = { module: requestsModule }

      const record = (
        actor: Actor,
        event: AuditEventName,
        origin: RequestOrigin,
        request: Request,
        detail: Readonly<Record<string, string>> = {}
      ) => audit(actor, event, origin, { requestId: request.id, number: request.number, ...detail })

      // -------------------------------------------------------------------------------------------------------
      // The document moves every command shares come from the document kit (`moduleCommands`,
      // `documentApproval`); the budget ledger's are the request's own.

      const subjectOf = (request: Request) =>
        new ApprovalSubject({
          kind: requestDocumentKind,
          documentId: request.id,
          documentNumber: request.number,
          workspaceId: request.workspaceId,
          title: request.title,
          requesterId: request.requesterId,
          createdBy: request.createdBy,
          value: request.valueInOrgCurrency,
          categories: [...request.categories],
          requestClassification: request.classification,
          approvalClassification: request.approvalClassification
        })

      /**
       * Takes the request's value on a budget line as requested, judged by the budget's policy (Stop refuses, Warn
       * answers the warning the request keeps). No line, or no value, takes nothing.
       */
      const holdBudget = Effect.fn("Requests.holdBudget")(function* (
        actor: Actor,
        request: Request,
        charged: RequestBudgetLine | null
      ) {
        if (charged === null) return null
        const found = yield* budgetRepository.find(actor.orgId, charged.budgetId)
        if (Option.isNone(found)) return yield* new RequestBudgetNotInForce({ budgetId: charged.budgetId })
        const amount = yield* valueIn(request, found.value.currency)
        if (!BigDecimal.isPositive(amount)) return null
        const outcome = yield* ledger.move(
          actor,
          new BudgetMovement({
            budgetId: found.value.id,
            line: charged.line,
            documentKind: requestDocumentKind,
            documentId: request.id,
            from: "none",
            to: "requested",
            amount: money(amount, found.value.currency)
          })
        )
        return outcome.warning === null ? null : new BudgetWarning({ ...outcome.warning })
      })

      /** Gives back everything the request holds on any budget line. */
      const releaseBudget = (actor: Actor, request: Request) =>
        Effect.asVoid(ledger.release(actor, requestDocumentKind, request.id))

      // -------------------------------------------------------------------------------------------------------
      // Reading and access.

      const orgSettingsOf = (orgId: OrgId) => Effect.map(settings.find(orgId), Option.getOrUndefined)

      const today = Effect.map(DateTime.now, DateTime.formatIsoDateUtc)

      const found = Effect.fn("Requests.found")(function* (orgId: OrgId, id: string) {
        const request = yield* repository.find(orgId, id)
        if (Option.isNone(request)) return yield* new RequestNotFound({ id })
        return request.value
      })

      /** The actor's privileges inside a workspace, or none when they are not one of its users. */
      const privilegesIn = Effect.fn("Requests.privilegesIn")(function* (actor: Actor, workspaceId: string) {
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        const membership = memberships.find((m) => m.workspaceId === workspaceId)
        return membership === undefined ? undefined : privilegesInWorkspace(actor.privileges, membership.role)
      })

      const isOwn = (actor: Actor, request: Request) =>
        request.requesterId === actor.userId || request.createdBy === actor.userId

      const standingOf = Effect.fn("Requests.standingOf")(function* (actor: Actor, request: Request) {
        const standing: RequestStanding = {
          privileges: actor.privileges,
          inWorkspace: yield* privilegesIn(actor, request.workspaceId),
          own: isOwn(actor, request)
        }
        return standing
      })

      /** Whether the actor reads requests somewhere: any `req_r_*` of their own, or `req_r_w` through a workspace role. */
      const readsAnywhere = Effect.fn("Requests.readsAnywhere")(function* (actor: Actor) {
        if (holdsAny(actor.privileges, "r")) return true
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        return memberships.some((m) => privilegesInWorkspace(actor.privileges, m.role).includes("req_r_w"))
      })

      /** Whether the actor sees the request (see `get`). */
      const sees = Effect.fn("Requests.sees")(function* (actor: Actor, request: Request) {
        if (mayActOn(yield* standingOf(actor, request), "r")) return true
        const involved = request.assigneeId === actor.userId || request.watchers.some((w) => w.userId === actor.userId)
        if (involved && (yield* readsAnywhere(actor))) return true
        const approval = yield* Effect.option(approvals.state(actor, requestDocumentKind, request.id))
        return Option.isSome(approval) && approval.value.approverIds.some((ids) => ids.includes(actor.userId))
      })

      /**
       * A request the actor may act on. One they may not even see is not found, so its existence does not leak;
       * one they see but may not act on so is InsufficientPrivileges. `anyScope` false leaves out their own `_u`
       * privilege: for what only the workspace's or organisation's buyers do (assign, return once approved).
       */
      const reachable = Effect.fn("Requests.reachable")(function* (
        actor: Actor,
        id: string,
        action: RequestPrivilegeAction,
        anyScope = true
      ) {
        const request = yield* found(actor.orgId, id)
        if (!(yield* sees(actor, request))) return yield* new RequestNotFound({ id })
        if (action === "r") return request
        const standing = yield* standingOf(actor, request)
        if (!mayActOn(anyScope ? standing : { ...standing, own: false }, action)) {
          const scopes = anyScope ? ["o", "w", "u"] : ["o", "w"]
          return yield* new InsufficientPrivileges({ required: scopes.map((s) => `req_${action}_${s}`) })
        }
        return request
      })

      const checkVersion = (request: Request, version: number | undefined) =>
        version === undefined || version === request.version
          ? Effect.void
          : Effect.fail(new VersionConflict({ entity: "request", id: request.id }))

      const offered = (command: RequestCommand, request: Request) =>
        commandAllowed(command, request.status)
          ? Effect.void
          : Effect.fail(new RequestActionNotAllowed({ action: command, status: request.status }))

      /**
       * Writes a request's new record at the version it was read, moving its status only as its command allows:
       * along `path` (by default the one move to the new status), each move one the status machine has.
       */
      const save = Effect.fn("Requests.save")(function* (
        actor: Actor,
        request: Request,
        command: RequestCommand,
        next: RequestRecord,
        path: ReadonlyArray<RequestStatus> = [next.status]
      ) {
        if (next.status !== request.status) {
          const allowed =
            commandOutcomes(command, request.status).includes(next.status) &&
            endOfPath(requestStatusMachine, request.status, path) === next.status
          if (!allowed) return yield* new RequestActionNotAllowed({ action: command, status: request.status })
        }
        const saved = yield* repository.update(actor.orgId, request.id, next, request.version)
        if (Option.isNone(saved)) return yield* new RequestNotFound({ id: request.id })
        return saved.value
      })

      /** Moves a request's status by a command, keeping its budget in step, with the audit entry. */
      const move = Effect.fn("Requests.move")(function* (
        actor: Actor,
        request: Request,
        command: RequestCommand,
        to: RequestStatus,
        origin: RequestOrigin,
        changes: Partial<RequestRecord> = {},
        remark = ""
      ) {
        if (holdsBudget(request.status) && !holdsBudget(to)) yield* releaseBudget(actor, request)
        const saved = yield* save(actor, request, command, { ...recordOf(request), ...changes, status: to })
        if (to !== request.status) {
          yield* record(actor, "request.status_changed", origin, saved, {
            action: command,
            from: request.status,
            to,
            remark
          })
        }
        return saved
      })

      // -------------------------------------------------------------------------------------------------------
      // Fields.

      /** A request's total in another currency (the organisation's, a budget's), in that currency's precision. */
      const valueIn = (request: Pick<Request, "totals" | "currency">, currency: string) => {
        const total = decimal(request.totals.total)
        return request.currency === currency
          ? Effect.succeed(total)
          : convertToCurrency(total, request.currency, currency)
      }

      /** Checks and prices a request's lines in its currency; ids stay, new lines get one. */
      const linesOf = Effect.fn("Requests.linesOf")(function* (
        inputs: ReadonlyArray<RequestItemInput>,
        currency: string,
        field: "items" | "expenseItems"
      ) {
        const seen = new Set<string>()
        return yield* Effect.forEach(inputs, (input, index) =>
          Effect.gen(function* () {
            const id = input.id?.trim() || crypto.randomUUID()
            if (seen.has(id)) return yield* new InvalidField({ field, problem: "duplicate" })
            seen.add(id)
            const name = { en: input.name?.en?.trim() ?? "", ar: input.name?.ar?.trim() ?? "" }
            if (name.en === "" && name.ar === "") {
              return yield* new InvalidField({ field: "name", problem: "nameInOneLanguage" })
            }
            const quantity = yield* validateQuantity(input.quantity)
            const priceCurrency = input.price?.currency ?? currency
            if (priceCurrency !== currency) {
              return yield* new InvalidField({ field: "currency", problem: "notRequestCurrency" })
            }
            const taxes = (input.price?.taxes ?? []).map(
              (t) => new ItemTax({ name: t.name.trim(), mode: t.mode, type: t.type, value: t.value.trim() })
            )
            if (taxes.some((t) => t.type === "PERCENT" && BigDecimal.isGreaterThan(decimal(t.value), decimal("100")))) {
              return yield* new InvalidField({ field: "taxes", problem: "rateAbove100" })
            }
            const basePrice = (input.price?.basePrice ?? "0").trim()
            const figures = priceLine(
              {
                quantity,
                basePrice: decimal(basePrice),
                taxes: taxes.map((t) => ({ mode: t.mode, type: t.type, value: decimal(t.value) }))
              },
              currency
            )
            if (isTaxesExceedPrice(figures)) {
              return yield* new InvalidField({ field: "taxes", problem: "taxesExceedPrice" })
            }
            if (!storable(quantity)) return yield* new InvalidField({ field: "quantity", problem: "outOfRange" })
            if (!storable(figures.total)) return yield* new InvalidField({ field: "amount", problem: "outOfRange" })
            const product = input.product ?? null
            return {
              item: new RequestItem({
                id,
                lineSeqId: index + 1,
                product,
                manualProduct: product === null,
                name,
                description: input.description?.trim() ?? "",
                category: trimmedOrNull(input.category) ?? product?.categoryId ?? null,
                expenseAccount: trimmedOrNull(input.expenseAccount),
                quantity: BigDecimal.format(BigDecimal.normalize(quantity)),
                unit: input.unit?.trim() ?? "",
                allowDifferentBrand: input.allowDifferentBrand ?? false,
                allowAlternateProduct: input.allowAlternateProduct ?? false,
                price: new ItemPrice({ basePrice, currency, taxes }),
                amounts: new LineAmounts(formatFigures(figures, currency)),
                vendors: [...(input.vendors ?? [])]
              }),
              figures
            }
          })
        )
      })

      const field = (type: RequestType) => (isExpenseType(type) ? "expenseItems" : "items")

      /** The files a request names, by id or `fileURL`, as the ids it keeps; anything else is refused as malformed. */
      const fileIdsOf = Effect.fn("Requests.fileIdsOf")(function* (
        given: ReadonlyArray<string>,
        field: "attachments" | "invoiceAttachments"
      ) {
        const ids: Array<string> = []
        for (const text of given) {
          if (text.trim() === "") continue
          const id = fileIdOfUrl(text)
          if (id === undefined) return yield* new InvalidField({ field, problem: "format" })
          if (!ids.includes(id)) ids.push(id)
        }
        return ids
      })

      /** What a create or an edit gives beside the lines, before it is checked. */
      type Given = Partial<Omit<NewRequestInput, "requestType" | "workspaceId">>

      /**
       * Checks a new or changed request's fields against its kind, its workspace and now, and works out its totals
       * and value: `base` is what the input leaves out.
       */
      const fieldsOf = Effect.fn("Requests.fieldsOf")(function* (
        actor: Actor,
        workspace: Workspace,
        input: Given,
        base: RequestRecord,
        org: OrgSettings | undefined
      ) {
        const type = base.requestType
        const now = yield* DateTime.now
        const title = (input.title ?? base.title).trim()
        if (title === "") return yield* new InvalidField({ field: "title", problem: "required" })

        const locationId = input.locationId === undefined ? base.locationId : trimmedOrNull(input.locationId)
        if (
          locationId !== null &&
          locationId !== base.locationId &&
          !workspace.locations.some((l) => l.id === locationId && l.status === "ACTIVE")
        ) {
          return yield* new LocationNotFound({ id: locationId })
        }

        const currency = input.currency ?? base.currency
        const dates: Record<RequestDateField, string | null> = { ...pickDates(base) }
        const changed: Array<RequestDateField> = []
        for (const field of requestDateOrder) {
          const given = input[field]
          if (given === undefined) continue
          dates[field] = given === null || given.trim() === "" ? null : yield* parseRequestDate(field, given)
          if (dates[field] !== base[field]) changed.push(field)
        }
        yield* checkRequestDates(type, dates, now, changed, org?.orgConfig.adminConfig.dateFormat)

        const expense = isExpenseType(type)
        if (expense && input.items !== undefined && input.items.length > 0) {
          return yield* new InvalidField({ field: "items", problem: "notForThisType" })
        }
        if (!expense && input.expenseItems !== undefined && input.expenseItems.length > 0) {
          return yield* new InvalidField({ field: "expenseItems", problem: "notForThisType" })
        }
        if (!expense && input.expense !== undefined) {
          return yield* new InvalidField({ field: "expense", problem: "notForThisType" })
        }
        const itemInputs = input.items ?? base.items.map(inputOf)
        const withPlaceholder =
          sourcingRequestTypes.includes(type) && itemInputs.length === 0 ? [placeholderInput(currency)] : itemInputs
        const items = yield* linesOf(expense ? [] : withPlaceholder, currency, "items")
        const expenseItems = yield* linesOf(
          expense ? (input.expenseItems ?? base.expenseItems.map(inputOf)) : [],
          currency,
          "expenseItems"
        )

        const expenseDetails = expense ? yield* expenseOf(input.expense, base.expense) : null
        if (expenseDetails !== null) {
          yield* checkInvoiceDates(expenseDetails, DateTime.formatIsoDateUtc(now), false)
        }

        if (input.rfp !== undefined && !sourcingRequestTypes.includes(type)) {
          return yield* new InvalidField({ field: "rfp", problem: "notForThisType" })
        }
        const rfp = sourcingRequestTypes.includes(type) ? (input.rfp ?? base.rfp ?? defaultRfpConfig(type)) : null
        if (rfp !== null && rfp.technical.weightage + rfp.commercial.weightage !== 100) {
          return yield* new InvalidField({ field: "rfp", problem: "outOfRange" })
        }

        const budget = input.budget === undefined ? base.budget : input.budget
        if (budget !== null && (budget.budgetId !== base.budget?.budgetId || budget.line !== base.budget.line)) {
          const chosen = yield* budgetRepository.find(actor.orgId, budget.budgetId)
          if (Option.isNone(chosen) || chosen.value.workspaceId !== workspace.id) {
            return yield* new RequestBudgetNotInForce({ budgetId: budget.budgetId })
          }
          if (!chosen.value.lines.some((l) => l.key === budget.line)) {
            return yield* new BudgetLineNotFound({ line: budget.line })
          }
        }

        const figures = totalFigures([...items, ...expenseItems].map((l) => l.figures))
        const totals = new RequestTotals({
          subTotal: formatFigures(figures, currency).net,
          tax: formatFigures(figures, currency).tax,
          total: formatFigures(figures, currency).total
        })
        const orgCurrency = org?.currency ?? base.orgCurrency
        const value = yield* valueIn({ totals, currency }, orgCurrency)
        if (!storable(figures.total) || !storable(value)) {
          return yield* new InvalidField({ field: field(type), problem: "outOfRange" })
        }
        const lines = [...items, ...expenseItems].map((l) => l.item)
        const categories = [...new Set(lines.flatMap((l) => (l.category === null ? [] : [l.category])))].sort()
        const next: RequestRecord = {
          ...base,
          title,
          locationId,
          classification:
            input.classification === undefined ? base.classification : trimmedOrNull(input.classification),
          currency,
          ...dates,
          items: items.map((l) => l.item),
          expenseItems: expenseItems.map((l) => l.item),
          expense: expenseDetails,
          rfp,
          attachments:
            input.attachments === undefined ? base.attachments : yield* fileIdsOf(input.attachments, "attachments"),
          remarks: input.remarks?.trim() ?? base.remarks,
          budget,
          totals,
          orgCurrency,
          valueInOrgCurrency: formatAmount(value, currencyDecimals(orgCurrency)),
          categories
        }
        return next
      })

      const pickDates = (r: RequestDates): RequestDates => ({
        expectedDate: r.expectedDate,
        enquiryLastDate: r.enquiryLastDate,
        expiryDate: r.expiryDate,
        acceptToRespondLastDate: r.acceptToRespondLastDate
      })

      const expenseOf = Effect.fn("Requests.expenseOf")(function* (
        input: ExpenseInput | undefined,
        base: ExpenseDetails | null
      ) {
        const vendor = input?.vendor === undefined ? (base?.vendor ?? null) : input.vendor
        if (vendor !== null && vendor.name.trim() === "") {
          return yield* new InvalidField({ field: "vendor", problem: "required" })
        }
        return new ExpenseDetails({
          invoiceDate: input?.invoiceDate === undefined ? (base?.invoiceDate ?? null) : input.invoiceDate,
          paymentDueDate: input?.paymentDueDate === undefined ? (base?.paymentDueDate ?? null) : input.paymentDueDate,
          vendor: vendor === null ? null : { id: trimmedOrNull(vendor.id), name: vendor.name.trim() },
          invoiceAttachments:
            input?.invoiceAttachments === undefined
              ? (base?.invoiceAttachments ?? [])
              : yield* fileIdsOf(input.invoiceAttachments, "invoiceAttachments"),
          requestPriority: input?.requestPriority ?? base?.requestPriority ?? "LOW"
        })
      })

      /**
       * Where a new request may be raised: a workspace the actor raises requests in (else InsufficientPrivileges, or
       * WorkspaceNotFound where they may not see it at all), active, of a kind the organisation raises.
       */
      const raisingIn = Effect.fn("Requests.raisingIn")(function* (
        actor: Actor,
        workspaceId: string,
        type: RequestType,
        org: OrgSettings | undefined
      ) {
        if (
          org === undefined
            ? isExpenseType(type) || sourcingRequestTypes.includes(type)
            : !requestTypeAllowed(org, type)
        ) {
          const names = requestTypeNames[type]
          return yield* new RequestTypeNotAllowed({ requestType: type, typeEn: names.en, typeAr: names.ar })
        }
        const workspace = yield* workspaces.find(actor.orgId, workspaceId)
        if (Option.isNone(workspace)) return yield* new WorkspaceNotFound({ id: workspaceId })
        const inWorkspace = yield* privilegesIn(actor, workspaceId)
        const module = creationModuleOf(type)
        // Proposals and contracts are sourced for the workspace: the Create menu offers them on rfq_c_o or rfq_c_w.
        const own = module === requestPrivilegeModule
        if (!mayActOn({ privileges: actor.privileges, inWorkspace, own }, "c", module)) {
          // Whoever does not see the workspace is not told it exists.
          const seesWorkspace = inWorkspace !== undefined || actor.privileges.includes("wkp_r_o")
          if (!seesWorkspace) return yield* new WorkspaceNotFound({ id: workspaceId })
          const scopes = own ? ["o", "w", "u"] : ["o", "w"]
          return yield* new InsufficientPrivileges({ required: scopes.map((s) => `${module}_c_${s}`) })
        }
        if (workspace.value.status !== "ACTIVE") {
          return yield* new RequestWorkspaceNotActive({ workspaceId, status: workspace.value.status })
        }
        return workspace.value
      })

      /** A new request's record before its fields: drafted, the actor's, with the dates and totals of nothing. */
      const blankRecord = Effect.fn("Requests.blankRecord")(function* (
        actor: Actor,
        type: RequestType,
        workspace: Workspace,
        org: OrgSettings | undefined
      ) {
        const now = yield* DateTime.now
        const orgCurrency = org?.currency ?? workspace.currency
        const zero = formatAmount(BigDecimal.fromBigInt(0n), currencyDecimals(workspace.currency))
        const blank: RequestRecord = {
          title: "",
          requestType: type,
          status: requestStatusMachine.initial,
          sourcingStatus: sourcingStatusMachine.initial,
          workspaceId: workspace.id,
          locationId: null,
          requesterId: actor.userId,
          createdBy: actor.userId,
          assigneeId: null,
          classification: null,
          approvalClassification: null,
          currency: workspace.currency,
          requestedDate: DateTime.formatIso(now),
          ...defaultRequestDates(type, now),
          items: [],
          expenseItems: [],
          expense: isExpenseType(type)
            ? new ExpenseDetails({
                invoiceDate: null,
                paymentDueDate: null,
                vendor: null,
                invoiceAttachments: [],
                requestPriority: "LOW"
              })
            : null,
          rfp: null,
          attachments: [],
          remarks: "",
          watchers: [],
          budget: null,
          budgetWarning: null,
          totals: new RequestTotals({ subTotal: zero, tax: zero, total: zero }),
          orgCurrency,
          valueInOrgCurrency: formatAmount(BigDecimal.fromBigInt(0n), currencyDecimals(orgCurrency)),
          categories: [],
          copiedFrom: null,
          submittedAt: null
        }
        return blank
      })

      // -------------------------------------------------------------------------------------------------------
      // Files.

      const documentOf = (request: Pick<Request, "id">) =>
        new DocumentRef({ kind: requestDocumentKind, id: request.id })

      /** Whether a create or an edit names the request's files, so that they become exactly those. */
      const namesFiles = (input: Given) =>
        input.attachments !== undefined || input.expense?.invoiceAttachments !== undefined

      /**
       * Makes the request's files in the files module exactly those its record names (its attachments and its
       * invoice's), in the caller's transaction: a file refused refuses the save.
       */
      const keepFiles = (actor: Actor, request: Request) =>
        files.setAttachments(actor, documentOf(request), [
          ...new Set([...request.attachments, ...(request.expense?.invoiceAttachments ?? [])])
        ] as ReadonlyArray<string> as ReadonlyArray<FileId>)

      // -------------------------------------------------------------------------------------------------------
      // Commands.

      const create = commandOf(
        "Requests.create",
        inModule,
        function* (actor: Actor, input: NewRequestInput, origin: RequestOrigin = noOrigin) {
          const org = yield* orgSettingsOf(actor.orgId)
          const workspace = yield* raisingIn(actor, input.workspaceId, input.requestType, org)
          const blank = yield* blankRecord(actor, input.requestType, workspace, org)
          const fields = yield* fieldsOf(actor, workspace, input, blank, org)
          const made = yield* repository.insert(actor.orgId, fields)
          if (namesFiles(input)) yield* keepFiles(actor, made)
          yield* record(actor, "request.created", origin, made, {
            requestType: made.requestType,
            workspaceId: made.workspaceId
          })
          return made
        }
      )

      const workspaceOf = Effect.fn("Requests.workspaceOf")(function* (actor: Actor, request: Request) {
        const workspace = yield* workspaces.find(actor.orgId, request.workspaceId)
        if (Option.isNone(workspace)) return yield* new RequestNotFound({ id: request.id })
        return workspace.value
      })

      const update = commandOf(
        "Requests.update",
        inModule,
        function* (actor: Actor, input: RequestUpdateInput, origin: RequestOrigin = noOrigin) {
          const org = yield* orgSettingsOf(actor.orgId)
          const request = yield* reachable(actor, input.id, "u")
          yield* checkVersion(request, input.version)
          yield* offered("update", request)
          const workspace = yield* workspaceOf(actor, request)
          const { id: _id, version: _version, ...given } = input
          const fields = yield* fieldsOf(actor, workspace, given, recordOf(request), org)
          const to = commandOutcomes("update", request.status)[0] ?? request.status
          const saved = yield* save(actor, request, "update", { ...fields, status: to })
          if (namesFiles(given)) yield* keepFiles(actor, saved)
          yield* record(actor, "request.updated", origin, saved)
          if (to !== request.status) {
            yield* record(actor, "request.status_changed", origin, saved, {
              action: "update",
              from: request.status,
              to,
              remark: ""
            })
          }
          return saved
        }
      )

      const copy = commandOf(
        "Requests.copy",
        inModule,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const org = yield* orgSettingsOf(actor.orgId)
          const source = yield* reachable(actor, id, "r")
          yield* offered("copy", source)
          const workspace = yield* raisingIn(actor, source.workspaceId, source.requestType, org)
          const blank = yield* blankRecord(actor, source.requestType, workspace, org)
          const fresh = (items: ReadonlyArray<RequestItem>) =>
            items.map((item) => {
              const { id: itemId, ...rest } = inputOf(item)
              return new RequestItemInput(itemId === placeholderItemId ? { id: itemId, ...rest } : rest)
            })
          const stillActive = workspace.locations.some((l) => l.id === source.locationId && l.status === "ACTIVE")
          const fields = yield* fieldsOf(
            actor,
            workspace,
            {
              title: source.title,
              locationId: stillActive ? source.locationId : null,
              classification: source.classification,
              currency: source.currency,
              items: fresh(source.items),
              expenseItems: fresh(source.expenseItems),
              ...(source.expense === null
                ? {}
                : {
                    expense: {
                      vendor: source.expense.vendor,
                      requestPriority: source.expense.requestPriority
                    }
                  }),
              ...(source.rfp === null ? {} : { rfp: source.rfp }),
              remarks: source.remarks
            },
            { ...blank, copiedFrom: source.id },
            org
          )
          const made = yield* repository.insert(actor.orgId, fields)
          yield* record(actor, "request.copied", origin, made, { copiedFrom: source.id })
          return made
        }
      )

      /**
       * The budget line a submission charges: none while the organisation runs no budgets; otherwise the line the
       * request names, of a budget in force today in its workspace; and one must be named when there is such a
       * budget, so no request escapes its workspace's budget by naming none.
       */
      const budgetLineCharged = Effect.fn("Requests.budgetLineCharged")(function* (actor: Actor, request: Request) {
        const org = yield* orgSettingsOf(actor.orgId)
        if (org === undefined || !isModuleEnabled(org.modules, "budgets")) return null
        const inForce = yield* budgetRepository.list(actor.orgId, {
          workspaceIds: [request.workspaceId],
          statuses: ["ACTIVE"],
          activeOn: yield* today
        })
        const named = request.budget
        if (named === null) {
          if (inForce.length > 0) return yield* new RequestBudgetRequired()
          return null
        }
        const budget = inForce.find((b) => b.id === named.budgetId)
        if (budget === undefined) return yield* new RequestBudgetNotInForce({ budgetId: named.budgetId })
        if (!budget.lines.some((l) => l.key === named.line)) return yield* new BudgetLineNotFound({ line: named.line })
        return named
      })

      /** What a submission checks beyond an edit's: every date against now, lines present, the invoice dated. */
      const checkWhole = Effect.fn("Requests.checkWhole")(function* (actor: Actor, request: Request) {
        const org = yield* orgSettingsOf(actor.orgId)
        const now = yield* DateTime.now
        yield* checkRequestDates(
          request.requestType,
          pickDates(request),
          now,
          requestDateOrder,
          org?.orgConfig.adminConfig.dateFormat
        )
        if (isExpenseType(request.requestType)) {
          if (request.expenseItems.length === 0) {
            return yield* new InvalidField({ field: "expenseItems", problem: "atLeastOne" })
          }
          if (request.expense !== null) {
            yield* checkInvoiceDates(request.expense, DateTime.formatIsoDateUtc(now), true)
          }
        } else if (request.items.length === 0) {
          return yield* new InvalidField({ field: "items", problem: "atLeastOne" })
        }
      })

      const submit = commandOf(
        "Requests.submit",
        inModule,
        function* (actor: Actor, id: string, input?: RequestCommandInput, origin: RequestOrigin = noOrigin) {
          const request = yield* reachable(actor, id, "u")
          yield* checkVersion(request, input?.version)
          yield* offered("submit", request)
          yield* checkWhole(actor, request)
          const warning = yield* holdBudget(actor, request, yield* budgetLineCharged(actor, request))
          // A refused approval gives back what the budget took, even where a store keeps no transaction.
          const submitted = yield* approval
            .submit(actor, subjectOf(request), request.status)
            .pipe(Effect.tapError(() => releaseBudget(actor, request)))
          const to = submitted.status
          const now = DateTime.formatIso(yield* DateTime.now)
          const saved = yield* save(
            actor,
            request,
            "submit",
            { ...recordOf(request), status: to, budgetWarning: warning, submittedAt: now },
            submitted.path
          )
          yield* record(actor, "request.status_changed", origin, saved, {
            action: "submit",
            from: request.status,
            to,
            remark: input?.remark?.trim() ?? "",
            ...(warning === null ? {} : { budgetWarning: `${warning.line}: ${warning.excess} ${warning.currency}` })
          })
          return saved
        }
      )

      /** An approver's act: the engine decides; the request follows its answer and keeps the classification given. */
      const decideOn = Effect.fn("Requests.decideOn")(function* (
        actor: Actor,
        request: Request,
        name: ReviewAction,
        input: RequestApproval | RequestReview,
        origin: RequestOrigin
      ) {
        // Approvers need no requests privilege: the approval engine says who decides (NotAnApprover).
        if (!commandAllowed(name, request.status) && !(yield* sees(actor, request))) {
          return yield* new RequestNotFound({ id: request.id })
        }
        yield* offered(name, request)
        yield* checkVersion(request, input.version)
        const { status: to } = yield* approval.review(actor, subjectOf(request), { ...input, action: name })
        const approvalClassification =
          input.approvalClassification === undefined
            ? request.approvalClassification
            : trimmedOrNull(input.approvalClassification)
        const sourcingStatus =
          to === "REQUEST_REJECTED" && sourcingStatusMachine.canTransition(request.sourcingStatus, "REQUEST_REJECTED")
            ? "REQUEST_REJECTED"
            : request.sourcingStatus
        return yield* move(
          actor,
          request,
          name,
          to,
          origin,
          { approvalClassification, sourcingStatus },
          input.remark?.trim() ?? ""
        )
      })

      const decision = (name: "approve" | "skip" | "reject") =>
        Effect.fn(`Requests.${name}`)(function* (
          actor: Actor,
          id: string,
          input: RequestApproval | RequestReview,
          origin: RequestOrigin = noOrigin
        ) {
          return yield* command(
            actor,
            inModule,
            Effect.flatMap(found(actor.orgId, id), (request) => decideOn(actor, request, name, input, origin))
          )
        })

      /**
       * Back to the requester: by the approval engine while the request waits on its approvers; once approved, by a
       * buyer of its workspace or organisation (never through the requester's own `_u` privilege).
       */
      const returnToRequester = commandOf(
        "Requests.returnToRequester",
        inModule,
        function* (actor: Actor, id: string, input: RequestReview, origin: RequestOrigin = noOrigin) {
          const current = yield* found(actor.orgId, id)
          if (current.status !== "REQUEST_SUBMITTED") return yield* decideOn(actor, current, "return", input, origin)
          const request = yield* reachable(actor, id, "u", false)
          if (input.isSuperApproval === true) {
            if (!isSuperApprover(actor)) return yield* new SuperApproverRequired()
            yield* refuseSelfApproval(actor.userId, request)
          }
          yield* checkVersion(request, input.version)
          return yield* move(actor, request, "return", "REQUEST_RETURNED", origin, {}, input.remark?.trim() ?? "")
        }
      )

      /** A command that moves the request to its one outcome, by whoever may update it. */
      const simpleMove = (name: "returnToDraft" | "archive") =>
        commandOf(
          `Requests.${name}`,
          inModule,
          function* (actor: Actor, id: string, input?: RequestCommandInput, origin: RequestOrigin = noOrigin) {
            const request = yield* reachable(actor, id, "u")
            yield* offered(name, request)
            yield* checkVersion(request, input?.version)
            const to = commandOutcomes(name, request.status)[0]!
            // An archived draft holds nothing; the release is there so that no path leaves money behind.
            if (name === "archive") yield* releaseBudget(actor, request)
            return yield* move(actor, request, name, to, origin, {}, input?.remark?.trim() ?? "")
          }
        )

      const close = commandOf(
        "Requests.close",
        inModule,
        function* (actor: Actor, id: string, input: RequestClose, origin: RequestOrigin = noOrigin) {
          const remark = input.remark?.trim() ?? ""
          if (input.isSuperApproval !== true) {
            const request = yield* reachable(actor, id, "u")
            yield* offered("close", request)
            yield* checkVersion(request, input.version)
            return yield* move(actor, request, "close", "REQUEST_CLOSED", origin, {}, remark)
          }
          const request = yield* found(actor.orgId, id)
          if (!(yield* sees(actor, request))) return yield* new RequestNotFound({ id })
          if (!isSuperApprover(actor)) return yield* new SuperApproverRequired()
          yield* refuseSelfApproval(actor.userId, request)
          yield* offered("superClose", request)
          yield* checkVersion(request, input.version)
          if (request.status === "REQUEST_UNAPPROVED") {
            // Closing over a waiting approval ends it: the super approver rejects it over all its levels.
            yield* approval.review(actor, subjectOf(request), { action: "reject", remark, isSuperApproval: true })
          }
          return yield* move(actor, request, "superClose", "REQUEST_SUPER_CLOSED", origin, {}, remark)
        }
      )

      const remove = commandOf(
        "Requests.remove",
        inModule,
        function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
          const request = yield* reachable(actor, id, "d")
          yield* offered("delete", request)
          yield* releaseBudget(actor, request)
          // Its files go with it: taken off here, their bytes removed by the files module's sweep.
          yield* files.release(actor, documentOf(request))
          if (!(yield* repository.remove(actor.orgId, request.id, request.version))) {
            return yield* new RequestNotFound({ id })
          }
          yield* record(actor, "request.deleted", origin, request, { status: request.status })
        }
      )

      const activeUser = Effect.fn("Requests.activeUser")(function* (
        orgId: OrgId,
        userIds: ReadonlyArray<string>,
        field: string
      ) {
        if (userIds.length === 0) return
        const active = new Set(yield* directory.activeUsers(orgId, userIds))
        if (userIds.some((u) => !active.has(u))) {
          return yield* new InvalidField({ field, problem: "notActiveUser" })
        }
      })

      const assign = commandOf(
        "Requests.assign",
        inModule,
        function* (actor: Actor, id: string, userId: string, origin: RequestOrigin = noOrigin) {
          const request = yield* reachable(actor, id, "u", false)
          yield* offered("assign", request)
          const assignee = userId.trim()
          yield* activeUser(actor.orgId, [assignee], "userId")
          const saved = yield* save(actor, request, "assign", { ...recordOf(request), assigneeId: assignee })
          yield* record(actor, "request.assigned", origin, saved, { assigneeId: assignee })
          return saved
        }
      )

      const watcherCandidates = Effect.fn("Requests.watcherCandidates")(function* (actor: Actor, id: string) {
        yield* guard(actor, inModule)
        const request = yield* reachable(actor, id, "r")
        const members = yield* workspaces.members(actor.orgId, request.workspaceId)
        return members.filter((m) => m.userId !== request.requesterId)
      })

      const updateWatchers = commandOf(
        "Requests.updateWatchers",
        inModule,
        function* (actor: Actor, id: string, input: RequestWatchersInput, origin: RequestOrigin = noOrigin) {
          const request = yield* reachable(actor, id, "u")
          yield* checkVersion(request, input.version)
          yield* offered("updateWatchers", request)
          const ids = input.watchers.map((w) => w.userId.trim())
          if (new Set(ids).size !== ids.length) {
            return yield* new InvalidField({ field: "watchers", problem: "duplicate" })
          }
          const added = ids.filter((u) => !request.watchers.some((w) => w.userId === u))
          yield* activeUser(actor.orgId, added, "watchers")
          const watchers = input.watchers.map((w, i) => {
            const before = request.watchers.find((b) => b.userId === ids[i])
            return new RequestWatcher({
              userId: ids[i]!,
              notificationStatusMap: {
                ORDER_SUBMISSION: new WatcherNotification({
                  enabled: w.orderSubmission ?? true,
                  notified: before?.notificationStatusMap.ORDER_SUBMISSION.notified ?? false
                })
              }
            })
          })
          const saved = yield* save(actor, request, "updateWatchers", { ...recordOf(request), watchers })
          yield* record(actor, "request.watchers_updated", origin, saved, { watchers: ids.join(",") })
          return saved
        }
      )

      // -------------------------------------------------------------------------------------------------------
      // Reading.

      const get = Effect.fn("Requests.get")(function* (actor: Actor, id: string) {
        yield* guard(actor, inModule)
        return yield* reachable(actor, id, "r")
      })

      const timeline = Effect.fn("Requests.timeline")(function* (actor: Actor, id: string) {
        const request = yield* get(actor, id)
        return yield* approvals.timeline(actor, requestDocumentKind, request.id)
      })

      /** Which requests the actor lists: all (undefined) with req_r_o; else their workspaces' and their own. */
      const readScope = Effect.fn("Requests.readScope")(function* (actor: Actor) {
        if (actor.privileges.includes("req_r_o")) return undefined
        if (!(yield* readsAnywhere(actor))) {
          return yield* new InsufficientPrivileges({ required: [...requestPrivileges.read] })
        }
        const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
        const scope: RequestScope = {
          workspaceIds: memberships
            .filter((m) => privilegesInWorkspace(actor.privileges, m.role).includes("req_r_w"))
            .map((m) => m.workspaceId),
          userId: actor.userId
        }
        return scope
      })

      const filterOf = Effect.fn("Requests.filterOf")(function* (
        actor: Actor,
        params: RequestListParams,
        kinds: ReadonlyArray<RequestType>
      ) {
        const statuses = cleanList(params.statuses)
        for (const status of statuses) {
          if (!Schema.is(RequestStatusSchema)(status)) {
            return yield* new InvalidField({ field: "status", problem: "notOneOf" })
          }
        }
        const types = cleanList(params.requestTypes)
        for (const type of types) {
          if (!Schema.is(RequestType)(type) || !kinds.includes(type)) {
            return yield* new InvalidField({ field: "requestType", problem: "notOneOf" })
          }
        }
        const workspaceIds = cleanList(params.workspaceIds)
        const classifications = cleanList(params.classifications).map((c) => (c === "none" ? null : c))
        if (workspaceIds.length > maxItems.shortList) {
          return yield* new InvalidField({ field: "workspaceId", problem: "tooMany" })
        }
        if (classifications.length > maxItems.shortList) {
          return yield* new InvalidField({ field: "classification", problem: "tooMany" })
        }
        const search = params.search?.trim() ?? ""
        if (search.length > searchLimit) return yield* new InvalidField({ field: "search", problem: "tooLong" })
        const filter: RequestFilter = {
          scope: yield* readScope(actor),
          statuses: statuses.length > 0 ? (statuses as ReadonlyArray<RequestStatus>) : undefined,
          workspaceIds: workspaceIds.length > 0 ? workspaceIds : undefined,
          classifications: classifications.length > 0 ? classifications : undefined,
          requestTypes: types.length > 0 ? (types as ReadonlyArray<RequestType>) : kinds,
          requesterId: params.mine === true ? actor.userId : undefined,
          search: search === "" ? undefined : search
        }
        return filter
      })

      const windowOf = Effect.fn("Requests.windowOf")(function* (params: RequestListParams, sort: RequestSort) {
        const paging = yield* pageRequest(params.page, params.limit)
        const text = params.after ?? params.before
        if (text === undefined || text.trim() === "") {
          const window: RequestWindow = { kind: "offset", offset: paging.offset, limit: paging.limit }
          return window
        }
        if (params.after !== undefined && params.before !== undefined) return yield* new RequestCursorInvalid()
        const cursor = decodeRequestCursor(text)
        if (Option.isNone(cursor) || cursor.value.column !== sort.column || cursor.value.direction !== sort.direction) {
          return yield* new RequestCursorInvalid()
        }
        const window: RequestWindow = {
          kind: params.after !== undefined ? "after" : "before",
          cursor: cursor.value,
          limit: paging.limit
        }
        return window
      })

      const listOf = (list: RequestListName, kinds: ReadonlyArray<RequestType>) =>
        Effect.fn(`Requests.list.${list}`)(function* (actor: Actor, params: RequestListParams) {
          yield* guard(actor, inModule)
          const filter = yield* filterOf(actor, params, kinds)
          const sort = parseRequestSort(params.sort)
          if (sort === undefined) return yield* new InvalidField({ field: "sort", problem: "notOneOf" })
          const window = yield* windowOf(params, sort)
          const page = yield* repository.list(actor.orgId, { ...filter, sort, window })
          const counts = yield* lists.counted(
            actor.orgId,
            requestKind.kind,
            JSON.stringify(filter),
            repository.counts(actor.orgId, filter)
          )
          // Each request has one status: the total is the counts of the statuses the filter keeps.
          const totalCount = counts.statuses
            .filter((s) => filter.statuses === undefined || filter.statuses.includes(s.status))
            .reduce((sum, s) => sum + s.count, 0)
          const named = yield* Effect.forEach(counts.workspaces, (c) =>
            Effect.map(workspaces.find(actor.orgId, c.workspaceId), (w) => ({
              ...c,
              name: Option.match(w, { onNone: () => "", onSome: (x) => x.name }),
              classification: Option.match(w, { onNone: () => null, onSome: (x) => x.classification })
            }))
          )
          const byClassification = new Map<string | null, number>()
          for (const w of named)
            byClassification.set(w.classification, (byClassification.get(w.classification) ?? 0) + w.count)
          const classes = [...byClassification.keys()].filter((c): c is string => c !== null).sort()
          return new RequestPage({
            requests: page.requests,
            totalCount,
            nextCursor: page.nextCursor === null ? null : encodeRequestCursor(page.nextCursor),
            previousCursor: page.previousCursor === null ? null : encodeRequestCursor(page.previousCursor),
            statusList: counts.statuses.map((s) => new RequestStatusCount(s)),
            workspaceList: named.map(
              (w) => new RequestWorkspaceCount({ workspaceId: w.workspaceId, name: w.name, count: w.count })
            ),
            workspaceClassificationList: [...classes, ...(byClassification.has(null) ? [null] : [])].map(
              (classification) =>
                new RequestClassificationCount({ classification, count: byClassification.get(classification)! })
            ),
            classificationsList: counts.classifications.map((c) => new RequestClassificationCount(c)),
            columns: yield* repository.columnsOf(actor.orgId, actor.userId, list)
          })
        })

      const latest = Effect.fn("Requests.latest")(function* (actor: Actor) {
        return Option.getOrNull(yield* repository.latest(actor.orgId, actor.userId))
      })

      const saveColumns = Effect.fn("Requests.saveColumns")(function* (
        actor: Actor,
        list: RequestListName,
        columns: ReadonlyArray<string>
      ) {
        yield* guard(actor, inModule)
        if (!(yield* readsAnywhere(actor))) {
          return yield* new InsufficientPrivileges({ required: [...requestPrivileges.read] })
        }
        const kept = [...new Set(columns.map((c) => c.trim()).filter((c) => c !== ""))]
        if (kept.length > requestLimits.columns) {
          return yield* new InvalidField({ field: "columns", problem: "tooMany" })
        }
        if (kept.some((c) => c.length > columnNameLimit)) {
          return yield* new InvalidField({ field: "columns", problem: "tooLong" })
        }
        yield* repository.saveColumns(actor.orgId, actor.userId, list, kept)
        return kept
      })

      const nonExpense = RequestType.literals.filter((t) => !isExpenseType(t))
      const expenseKinds = RequestType.literals.filter(isExpenseType)

      return Requests.of({
        list: listOf("requests", nonExpense),
        listExpense: listOf("expense_requests", expenseKinds),
        get,
        timeline,
        create,
        update,
        copy,
        submit,
        approve: decision("approve"),
        skip: decision("skip"),
        reject: decision("reject"),
        returnToRequester,
        returnToDraft: simpleMove("returnToDraft"),
        archive: simpleMove("archive"),
        close,
        remove,
        assign,
        watcherCandidates,
        updateWatchers,
        latest,
        saveColumns,
        activeBudgets: (actor, workspaceId, params) => budgets.active(actor, workspaceId, params)
      })
    })
  )
}
