import type { ContractCeilingExceeded, ContractNotInForce } from "../contracts/ContractErrors.ts"
import { Context, type Effect, Layer } from "effect"
import { makeOrders } from "./OrderCommands.ts"
import type { InsufficientPrivileges, ModuleNotEnabled, SelfApprovalRefused } from "../access/AccessErrors.ts"
import type { ApprovalError } from "../approvals/ApprovalErrors.ts"
import type { TimelineEntry } from "../approvals/Workflow.ts"
import type { BudgetLineNotFound } from "../budgets/BudgetErrors.ts"
import type { MoveError } from "../budgets/BudgetLedger.ts"
import type { InvalidQuantity } from "../carts/CartErrors.ts"
import type { FileNotAttachable, FileNotFound } from "../files/FileErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import type { UnknownCurrency } from "../money/MoneyErrors.ts"
import type { RequestNotFound } from "../requests/RequestErrors.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import type {
  InvalidField,
  InvalidPage,
  InvalidPageSize,
  TransactionConflict,
  VersionConflict
} from "../shared/Errors.ts"
import type { VendorNotFound } from "../vendors/VendorErrors.ts"
import type { LocationNotFound, WorkspaceNotFound } from "../workspaces/WorkspaceErrors.ts"
import type {
  NewOrderInput,
  Order,
  OrderAmendInput,
  OrderApproval,
  OrderCancelInput,
  OrderCommandInput,
  OrderFromCartInput,
  OrderFromRequestInput,
  OrderPage,
  OrderReview,
  OrderUpdateInput,
  VendorAnswerInput
} from "./Order.ts"
import type {
  DirectOrderNotEnabled,
  OrderActionNotAllowed,
  OrderBudgetRequired,
  OrderCartEmpty,
  OrderCursorInvalid,
  OrderLineBelowDelivered,
  OrderNotCancellable,
  OrderNotFound,
  OrderPricingRefused,
  OrderRequestNotOrderable,
  OrderVendorNotUsable,
  PaymentPlanNotWhole,
  RequestLineOverOrdered
} from "./OrderErrors.ts"

/** The list query of `GET order` and `GET order-vendor`, as the client sent it. */
export interface OrderListParams {
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
  readonly vendorIds?: ReadonlyArray<string> | undefined
  readonly priorities?: ReadonlyArray<string> | undefined
  /** Orders from this request. */
  readonly requestId?: string | undefined
  /** Number, title or vendor name. */
  readonly search?: string | undefined
  /** Only the reader's own orders. */
  readonly mine?: boolean | undefined
}

type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled>
type Found<A, E = never> = Guarded<A, E | OrderNotFound>
type Change<A, E = never> = Found<A, E | OrderActionNotAllowed | VersionConflict | TransactionConflict>
type ListError = InvalidField | InvalidPage | InvalidPageSize | OrderCursorInvalid

/** What refuses an order's fields: its lines, prices, plan, location, budget line, files or vendor. */
export type OrderFieldError =
  | InvalidField
  | WorkspaceNotFound
  | VersionConflict
  | InvalidQuantity
  | UnknownCurrency
  | LocationNotFound
  | BudgetLineNotFound
  | OrderPricingRefused
  | PaymentPlanNotWhole
  | OrderVendorNotUsable
  | VendorNotFound
  | FileNotFound
  | FileNotAttachable
/**
 * What refuses a submission's or an approval's budget move, or the hold on a contract's ceiling that an approval
 * takes for lines at agreed prices (past the ceiling, or the contract no longer in force).
 */
export type OrderBudgetError =
  MoveError | OrderBudgetRequired | UnknownCurrency | ContractCeilingExceeded | ContractNotInForce
/** What refuses a decision on an order's approval. */
export type OrderApprovalError = ApprovalError | SelfApprovalRefused

/**
 * Purchase orders (SPEC.md §3 Draft order, §4 order statuses), checked against §6's `ord_*` privileges and the
 * `orders` module. The buyer's side drafts, submits, approves, sends, amends, cancels and closes; the vendor's side
 * (a user of the vendor's own organisation, connected to the buyer's vendor master) reads the orders addressed to
 * it and accepts or rejects them.
 *
 * Budget, after ERPNext (a PO's amount is committed on the budget when it is submitted) and Coupa (requisition →
 * PO relieves the requisition's hold): on submit the order's amount is judged against its line (Stop refuses, Warn
 * warns) and put on it as requested; on approval it moves from requested to committed, and the source request's
 * requested amount is released by the same amount. Rejected and cancelled orders release what they hold; closing
 * releases the commitment still open (what was not received or billed); reopening takes it back (Stop honoured).
 * So committed on a line is always the sum of its open approved orders.
 */
export interface OrdersShape {
  /** `GET order`: the orders the actor reads (`ord_r_o`, `ord_r_w` in their workspaces), filtered and paged. */
  readonly list: (actor: Actor, params: OrderListParams) => Guarded<OrderPage, ListError>
  /** `GET order/{id}`: `ord_r_o`, `ord_r_w` in its workspace, its requester or watchers, or an approver of it. */
  readonly get: (actor: Actor, id: string) => Found<Order>
  /** The order's approval timeline, oldest first (its own events — sent, answered, amended… — are on the order). */
  readonly timeline: (actor: Actor, id: string) => Found<ReadonlyArray<TimelineEntry>>
  /**
   * `POST order`: a direct order (`orders.enableDirectOrder`), drafted, in a workspace the actor orders in
   * (`ord_c_o`, `ord_c_w` there), to a vendor of the vendor master that can take orders.
   */
  readonly create: (
    actor: Actor,
    input: NewOrderInput,
    origin?: RequestOrigin
  ) => Guarded<Order, OrderFieldError | DirectOrderNotEnabled | WorkspaceNotFound | TransactionConflict>
  /**
   * What is left to order of each of a request's lines (its quantity less what open orders took), for the order
   * form's defaults; a line fully ordered has 0 left.
   */
  readonly leftToOrder: (
    actor: Actor,
    requestId: string
  ) => Guarded<ReadonlyArray<{ readonly requestItemId: string; readonly quantity: string }>, RequestNotFound>
  /**
   * `POST order/from-request/{requestId}`: an order for an approved request's lines (all that is left of each, or
   * the picked ones), at the request's prices unless others are given; the request's ordered share follows.
   */
  readonly createFromRequest: (
    actor: Actor,
    requestId: string,
    input: OrderFromRequestInput,
    origin?: RequestOrigin
  ) => Guarded<
    Order,
    OrderFieldError | RequestNotFound | OrderRequestNotOrderable | RequestLineOverOrdered | TransactionConflict
  >
  /**
   * `POST order/from-cart/{vendorId}`: the actor's order cart's draft order for a vendor as a drafted order; the
   * cart keeps its other vendors' drafts and loses this one's lines.
   */
  readonly createFromCart: (
    actor: Actor,
    vendorId: string,
    input: OrderFromCartInput,
    origin?: RequestOrigin
  ) => Guarded<
    Order,
    OrderFieldError | OrderCartEmpty | DirectOrderNotEnabled | WorkspaceNotFound | TransactionConflict
  >
  /** `PUT order`: edits a draft or returned order at the version read (`ord_u_o`, `ord_u_w`, or its creator). */
  readonly update: (actor: Actor, input: OrderUpdateInput, origin?: RequestOrigin) => Change<Order, OrderFieldError>
  /**
   * `POST order/submit/{id}`: puts the order's amount on its budget line as requested (Stop refuses, Warn warns)
   * and starts its approval (ORDER_UNAPPROVED), or where no level applies approves it at once; watchers are told.
   */
  readonly submit: (
    actor: Actor,
    id: string,
    input?: OrderCommandInput,
    origin?: RequestOrigin
  ) => Change<Order, OrderFieldError | OrderBudgetError | OrderApprovalError>
  /** `POST order/approve/{id}`: an approver passes the waiting level; the last one commits the budget. */
  readonly approve: (
    actor: Actor,
    id: string,
    input: OrderApproval,
    origin?: RequestOrigin
  ) => Change<Order, OrderApprovalError | OrderBudgetError | OrderFieldError>
  /** `POST order/reject/{id}`: ends the order; its budget line gets back what it held. */
  readonly reject: (
    actor: Actor,
    id: string,
    input: OrderReview,
    origin?: RequestOrigin
  ) => Change<Order, OrderApprovalError | OrderBudgetError | OrderFieldError>
  /** `POST order/return/{id}`: back to the buyer to edit; what it held as requested is given back. */
  readonly returnToBuyer: (
    actor: Actor,
    id: string,
    input: OrderReview,
    origin?: RequestOrigin
  ) => Change<Order, OrderApprovalError | OrderBudgetError | OrderFieldError>
  /**
   * `POST order/submit-to-vendor/{id}`: an approved order that waits to go out (the workspace's
   * `autoSubmitOrder` off) is sent to its vendor (ORDER_SUBMITTED_TO_VENDOR).
   */
  readonly submitToVendor: (
    actor: Actor,
    id: string,
    input?: OrderCommandInput,
    origin?: RequestOrigin
  ) => Change<Order>
  /** `POST order/cancel/{id}`: withdraws an order not yet accepted, with a reason; refused once anything was received or billed. */
  readonly cancel: (
    actor: Actor,
    id: string,
    input: OrderCancelInput,
    origin?: RequestOrigin
  ) => Change<Order, OrderNotCancellable | OrderBudgetError>
  /** `POST order/close/{id}`: nothing more is expected; the commitment not received or billed is released. */
  readonly close: (
    actor: Actor,
    id: string,
    input?: OrderCommandInput,
    origin?: RequestOrigin
  ) => Change<Order, OrderBudgetError>
  /** `POST order/reopen/{id}`: a closed order open again; its open commitment is taken back (Stop honoured). */
  readonly reopen: (
    actor: Actor,
    id: string,
    input?: OrderCommandInput,
    origin?: RequestOrigin
  ) => Change<Order, OrderBudgetError>
  /**
   * `POST order/amend/{id}`: ERPNext's "update items" on an order that is out: new quantities or prices, new lines;
   * never below what was received or billed. A rise that brings in an approval level the approved value did not
   * need sends it through approval again; the change is in the order's events either way.
   */
  readonly amend: (
    actor: Actor,
    id: string,
    input: OrderAmendInput,
    origin?: RequestOrigin
  ) => Change<Order, OrderFieldError | OrderLineBelowDelivered | OrderBudgetError | OrderApprovalError>
  /** `PUT order/save-columns/orders`: the list columns the actor keeps. */
  readonly saveColumns: (actor: Actor, columns: ReadonlyArray<string>) => Guarded<ReadonlyArray<string>, InvalidField>

  // The vendor's side (order-vendor): a signed-in user of the vendor's organisation, whatever its module settings.

  /** `GET order-vendor`: orders addressed to the actor's organisation by its buyers, once sent; none of another vendor's. */
  readonly listForVendor: (actor: Actor, params: OrderListParams) => Effect.Effect<OrderPage, ListError>
  /** `GET order-vendor/{id}`: one of them, as the vendor sees it (no budget, watchers or internal remarks). */
  readonly getForVendor: (actor: Actor, id: string) => Effect.Effect<Order, OrderNotFound>
  /** `POST order-vendor/accept/{id}`: the vendor takes the order (ORDER_ACCEPTED_BY_VENDOR). */
  readonly vendorAccept: (
    actor: Actor,
    id: string,
    input?: VendorAnswerInput,
    origin?: RequestOrigin
  ) => Effect.Effect<
    Order,
    OrderNotFound | OrderActionNotAllowed | InvalidField | VersionConflict | TransactionConflict | OrderBudgetError
  >
  /** `POST order-vendor/reject/{id}`: the vendor refuses it, with a remark; the buyer's budget gets it back. */
  readonly vendorReject: (
    actor: Actor,
    id: string,
    input: VendorAnswerInput,
    origin?: RequestOrigin
  ) => Effect.Effect<
    Order,
    OrderNotFound | OrderActionNotAllowed | InvalidField | VersionConflict | TransactionConflict | OrderBudgetError
  >
}

/** Use cases: purchase orders, their approval, their budget, the vendor's answer, their list. */
export class Orders extends Context.Service<Orders, OrdersShape>()("@tawreed/core/orders/Orders") {
  static readonly layer = Layer.effect(Orders, makeOrders)
}
