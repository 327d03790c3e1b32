import { Schema } from "effect"
import { BudgetWarning } from "../budgets/Budget.ts"
import { approverFields, ReviewAction, reviewFields } from "../documents/DocumentReview.ts"
import { Amount, SignedAmount } from "../money/StoredDecimal.ts"
import { CurrencyCode, LocalName, ProductRef, TaxMode } from "../requests/Request.ts"
import { cappedArray } from "../shared/Limits.ts"
import { IsoDate } from "../workspaces/Workspace.ts"
import { OrderStatus } from "./OrderStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))
const Id = Text(100).check(Schema.isMinLength(1))

/** The most entries each list inside an order may hold, so that no order grows without bound. */
export const orderLimits = {
  lines: 500,
  adjustments: 20,
  instalments: 24,
  attachments: 50,
  watchers: 100,
  columns: 50
} as const

/** The priorities of SPEC.md §3 Draft order (the cart's `OrderPriority`); an order starts Low (SPEC.md §9). */
export const OrderPriority = Schema.Literals(["Low", "Medium", "High"])
export type OrderPriority = typeof OrderPriority.Type

/** Where an order came from: an approved request's lines, a cart's draft order for one vendor, or typed directly. */
export const OrderSource = Schema.Literals(["request", "cart", "direct"])
export type OrderSource = typeof OrderSource.Type

/**
 * Where a line's unit price came from. `given` was typed; `request` is the request line's price; `product` is the
 * catalog product's; `contract` is a framework agreement's agreed price for the vendor (see `OrderLine.contract`).
 */
export const PriceOrigin = Schema.Literals(["given", "request", "product", "contract"])
export type PriceOrigin = typeof PriceOrigin.Type

/** The contract whose agreed price a line takes: its ceiling holds the line's net amount while the order is open. */
export class OrderContractRef extends Schema.Class<OrderContractRef>("OrderContractRef")({
  id: Schema.String,
  number: Schema.String
}) {}

/** The payment methods of SPEC.md §3: SADAD, or a direct bank transfer. */
export const PaymentMethod = Schema.Literals(["SADAD", "BANK_TRANSFER"])
export type PaymentMethod = typeof PaymentMethod.Type

/** A discount on a line: a rate of its gross amount (PERCENT, 0 to 100), or an amount off the whole line (ABSOLUTE). */
export class LineDiscount extends Schema.Class<LineDiscount>("LineDiscount")({
  type: Schema.Literals(["PERCENT", "ABSOLUTE"]),
  value: Amount
}) {}

/**
 * A line's figures in the order's currency, each a decimal string with the currency's decimals: gross (quantity ×
 * unit price), discount, net of tax, tax, total. gross − discount is net (EXCLUSIVE) or total (INCLUSIVE);
 * net + tax = total, always.
 */
export class OrderLineAmounts extends Schema.Class<OrderLineAmounts>("OrderLineAmounts")({
  gross: Schema.String,
  discount: Schema.String,
  net: Schema.String,
  tax: Schema.String,
  total: Schema.String
}) {}

/**
 * One line of an order. `requestItemId` names the request line it orders (an order from a request);
 * `receivedQuantity` and `billedQuantity` are what receipts and bills have taken of it so far: a line is never
 * amended below either, and an order with either above zero is never cancelled.
 */
export class OrderLine extends Schema.Class<OrderLine>("OrderLine")({
  id: Schema.String,
  lineSeqId: Schema.Int,
  requestItemId: Schema.NullOr(Schema.String),
  product: Schema.NullOr(ProductRef),
  name: LocalName,
  description: Schema.String,
  category: Schema.NullOr(Schema.String),
  unit: Schema.String,
  quantity: Schema.String,
  unitPrice: Schema.String,
  priceOrigin: PriceOrigin,
  /** The contract of an agreed price (`priceOrigin` contract), else null. */
  contract: Schema.NullOr(OrderContractRef),
  discount: Schema.NullOr(LineDiscount),
  /** The line's tax rate in percent (VAT 15 by default for SAR, 0 elsewhere unless given). */
  taxRate: Schema.String,
  amounts: OrderLineAmounts,
  receivedQuantity: Schema.String,
  billedQuantity: Schema.String
}) {}

/** A change of the order's total that is no line's: a rounding, a rebate, a handling charge (signed). */
export class OrderAdjustment extends Schema.Class<OrderAdjustment>("OrderAdjustment")({
  label: Text(200),
  amount: SignedAmount
}) {}

/** From when an instalment's days count: the order's approval date, or its delivery date. */
export const PaymentBasis = Schema.Literals(["ORDER", "DELIVERY"])
export type PaymentBasis = typeof PaymentBasis.Type

/** One instalment of a payment plan: a share of the total in percent, due some days after the order or delivery. */
export class PaymentTerm extends Schema.Class<PaymentTerm>("PaymentTerm")({
  label: Text(200),
  percent: Amount,
  days: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 3650 })),
  basis: PaymentBasis
}) {}

/**
 * One instalment of an order's payment schedule: its share, the amount (instalment amounts sum to the order's total
 * exactly) and the day it falls due; null while the day it counts from is not known (no delivery date yet).
 */
export class ScheduledPayment extends Schema.Class<ScheduledPayment>("ScheduledPayment")({
  seq: Schema.Int,
  label: Schema.String,
  percent: Schema.String,
  amount: Schema.String,
  dueDate: Schema.NullOr(Schema.String)
}) {}

/**
 * An order's totals in its currency: lines' gross, discount, net and tax, the shipping fee and its tax, the
 * adjustments, and the total = subTotal + tax + shippingFee + adjustments (tax includes the shipping fee's tax).
 */
export class OrderTotals extends Schema.Class<OrderTotals>("OrderTotals")({
  gross: Schema.String,
  discount: Schema.String,
  subTotal: Schema.String,
  tax: Schema.String,
  shippingFee: Schema.String,
  shippingFeeTax: Schema.String,
  adjustments: Schema.String,
  total: Schema.String
}) {}

/** Whom a watcher is told of: today only the order's submission (SPEC.md §3 Watcher, ORDER_SUBMISSION). */
export class OrderWatcher extends Schema.Class<OrderWatcher>("OrderWatcher")({
  userId: Schema.String,
  notificationStatusMap: Schema.Struct({
    ORDER_SUBMISSION: Schema.Struct({ enabled: Schema.Boolean, notified: Schema.Boolean })
  })
}) {}

/** The budget line an order is charged to: one line of an active budget of its workspace. */
export class OrderBudgetLine extends Schema.Class<OrderBudgetLine>("OrderBudgetLine")({
  budgetId: Schema.String,
  line: Text(100)
}) {}

/** The vendor an order goes to: a vendor of the organisation's vendor master (its id is the connection's). */
export class OrderVendor extends Schema.Class<OrderVendor>("OrderVendor")({
  id: Schema.String,
  number: Schema.String,
  name: LocalName,
  /** Whether the vendor's own organisation is on the platform, so it sees and answers the order itself. */
  connected: Schema.Boolean
}) {}

/** The request an order orders from, by its number for people. */
export class OrderRequestRef extends Schema.Class<OrderRequestRef>("OrderRequestRef")({
  id: Schema.String,
  number: Schema.String
}) {}

/**
 * What happened to an order outside its approval: the vendor's answer, an amendment, a cancel, a close, a reopen.
 * Its approval steps are the engine's timeline; the site shows both in date order.
 */
export const OrderEventKind = Schema.Literals([
  "SENT_TO_VENDOR",
  "VENDOR_ACCEPTED",
  "VENDOR_REJECTED",
  "AMENDED",
  "CANCELLED",
  "CLOSED",
  "REOPENED"
])
export type OrderEventKind = typeof OrderEventKind.Type

export class OrderEvent extends Schema.Class<OrderEvent>("OrderEvent")({
  kind: OrderEventKind,
  at: Schema.String,
  /** The user who acted: a buyer's user, or the vendor organisation's for its answer. */
  by: Schema.String,
  from: OrderStatus,
  to: OrderStatus,
  remark: Schema.String,
  /** An amendment's total before and after, in the order's currency. */
  totalBefore: Schema.NullOr(Schema.String),
  totalAfter: Schema.NullOr(Schema.String)
}) {}

/**
 * A purchase order (SPEC.md §3 Draft order, §4 order statuses). Amounts are decimal strings in its currency's
 * precision; `valueInOrgCurrency` is its total in the organisation's currency, which approval levels judge.
 * `version` is what a change must name.
 */
export class Order extends Schema.Class<Order>("Order")({
  id: Schema.String,
  /** What people call it (`PO-000042`), numbered per organisation. */
  number: Schema.String,
  title: Schema.String,
  priority: OrderPriority,
  status: OrderStatus,
  source: OrderSource,
  request: Schema.NullOr(OrderRequestRef),
  vendor: OrderVendor,
  workspaceId: Schema.String,
  locationId: Schema.NullOr(Schema.String),
  requesterId: Schema.String,
  createdBy: Schema.String,
  currency: Schema.String,
  taxMode: TaxMode,
  lines: Schema.Array(OrderLine),
  deliveryDate: Schema.NullOr(Schema.String),
  eta: Schema.NullOr(Schema.String),
  shipmentTerm: Schema.String,
  shippingFee: Schema.String,
  shippingFeeTaxRate: Schema.String,
  adjustments: Schema.Array(OrderAdjustment),
  terms: Schema.String,
  paymentMethod: Schema.NullOr(PaymentMethod),
  /** The payment term's name, which approval levels may ask for (SPEC.md §3 approval criteria). */
  paymentTermName: Schema.NullOr(Schema.String),
  paymentTerms: Schema.Array(PaymentTerm),
  schedule: Schema.Array(ScheduledPayment),
  attachments: Schema.Array(Schema.String),
  remarks: Schema.String,
  watchers: Schema.Array(OrderWatcher),
  budget: Schema.NullOr(OrderBudgetLine),
  budgetWarning: Schema.NullOr(BudgetWarning),
  totals: OrderTotals,
  orgCurrency: Schema.String,
  valueInOrgCurrency: Schema.String,
  /** The total last approved (in the order's currency): an amendment above it past a level is approved again. */
  approvedTotal: Schema.NullOr(Schema.String),
  /**
   * What the order took from its request's requested amount on its budget line when submitted (in the budget's
   * currency): given back to the request, while it is open, when the order is rejected, returned or cancelled.
   */
  requestShare: Schema.NullOr(Schema.String),
  categories: Schema.Array(Schema.String),
  approvalClassification: Schema.NullOr(Schema.String),
  cancelReason: Schema.NullOr(Schema.String),
  events: Schema.Array(OrderEvent),
  submittedAt: Schema.NullOr(Schema.String),
  approvedAt: Schema.NullOr(Schema.String),
  sentAt: Schema.NullOr(Schema.String),
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

// ---------------------------------------------------------------------------------------------------------------
// Input, as forms, the API and the CLI send it.

/**
 * A line as a create, an edit or an amendment gives it. An `id` keeps a line's identity (an amendment changes only
 * the quantity and price of lines it names by id). A line without `unitPrice` takes its request line's price, or
 * its product's, or the agreed price of a contract with the vendor where one applies.
 */
export class OrderLineInput extends Schema.Class<OrderLineInput>("OrderLineInput")({
  id: Schema.optionalKey(Text(100)),
  requestItemId: Schema.optionalKey(Schema.NullOr(Text(100))),
  product: Schema.optionalKey(Schema.NullOr(ProductRef)),
  name: Schema.optionalKey(Schema.Struct({ en: Schema.optionalKey(Text(300)), ar: Schema.optionalKey(Text(300)) })),
  description: Schema.optionalKey(Text(2000)),
  category: Schema.optionalKey(Schema.NullOr(Text(100))),
  unit: Schema.optionalKey(Text(40)),
  /** At most two decimals, at least 0.01 (SPEC.md §5). */
  quantity: Text(30),
  unitPrice: Schema.optionalKey(Amount),
  discount: Schema.optionalKey(Schema.NullOr(LineDiscount)),
  taxRate: Schema.optionalKey(Amount)
}) {}

/** The header fields an order's form edits (SPEC.md §3 Draft order). */
const headerFields = {
  title: Schema.optionalKey(Text(300)),
  priority: Schema.optionalKey(OrderPriority),
  locationId: Schema.optionalKey(Schema.NullOr(Text(100))),
  budget: Schema.optionalKey(Schema.NullOr(OrderBudgetLine)),
  taxMode: Schema.optionalKey(TaxMode),
  deliveryDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  eta: Schema.optionalKey(Schema.NullOr(IsoDate)),
  shipmentTerm: Schema.optionalKey(Text(200)),
  shippingFee: Schema.optionalKey(Amount),
  shippingFeeTaxRate: Schema.optionalKey(Amount),
  adjustments: Schema.optionalKey(cappedArray(OrderAdjustment, orderLimits.adjustments)),
  terms: Schema.optionalKey(Text(5000)),
  paymentMethod: Schema.optionalKey(Schema.NullOr(PaymentMethod)),
  paymentTermName: Schema.optionalKey(Schema.NullOr(Text(100))),
  /** The payment plan: percents summing to 100. Left out, the whole total falls due the vendor's term after the order. */
  paymentTerms: Schema.optionalKey(cappedArray(PaymentTerm, orderLimits.instalments)),
  /** Files uploaded for orders, by id or `fileURL`; given, they become exactly the order's files. */
  attachments: Schema.optionalKey(cappedArray(Text(200), orderLimits.attachments)),
  remarks: Schema.optionalKey(Text(2000)),
  watchers: Schema.optionalKey(
    cappedArray(
      Schema.Struct({ userId: Text(100), orderSubmission: Schema.optionalKey(Schema.Boolean) }),
      orderLimits.watchers
    )
  )
}

/** `POST order`: a direct order to a vendor (the organisation's `orders.enableDirectOrder`), drafted. */
export class NewOrderInput extends Schema.Class<NewOrderInput>("NewOrderInput")({
  workspaceId: Id,
  vendorId: Id,
  currency: Schema.optionalKey(CurrencyCode),
  lines: cappedArray(OrderLineInput, orderLimits.lines),
  ...headerFields
}) {}

/** One request line to order: all of what is left of it unless a quantity is given, at its price unless one is given. */
export class RequestLinePick extends Schema.Class<RequestLinePick>("RequestLinePick")({
  requestItemId: Id,
  quantity: Schema.optionalKey(Text(30)),
  unitPrice: Schema.optionalKey(Amount),
  discount: Schema.optionalKey(Schema.NullOr(LineDiscount)),
  taxRate: Schema.optionalKey(Amount)
}) {}

/**
 * `POST order/from-request/{requestId}`: an order to one vendor for an approved request's lines, all that is left of
 * each unless `lines` picks some, in the request's workspace, currency and budget line.
 */
export class OrderFromRequestInput extends Schema.Class<OrderFromRequestInput>("OrderFromRequestInput")({
  vendorId: Id,
  lines: Schema.optionalKey(cappedArray(RequestLinePick, orderLimits.lines)),
  ...headerFields
}) {}

/** `POST order/from-cart/{vendorId}`: the actor's order cart's draft order for one vendor, as a drafted order. */
export class OrderFromCartInput extends Schema.Class<OrderFromCartInput>("OrderFromCartInput")({
  workspaceId: Id,
  currency: Schema.optionalKey(CurrencyCode),
  ...headerFields
}) {}

/** `PUT order`: the order's id, the version read, and the fields to change (a draft or a returned order). */
export class OrderUpdateInput extends Schema.Class<OrderUpdateInput>("OrderUpdateInput")({
  id: Id,
  version: Schema.Int,
  lines: Schema.optionalKey(cappedArray(OrderLineInput, orderLimits.lines)),
  ...headerFields
}) {}

/**
 * `POST order/amend/{id}`: "update items" on an order already out: new quantities or prices of lines named by id,
 * and new lines (no id). A line is never below what was received or billed of it.
 */
export class OrderAmendInput extends Schema.Class<OrderAmendInput>("OrderAmendInput")({
  version: Schema.Int,
  lines: cappedArray(OrderLineInput, orderLimits.lines).check(Schema.isMinLength(1)),
  remark: Schema.optionalKey(Text(2000))
}) {}

const { action: _action, ...reviewerFields } = reviewFields(ReviewAction.literals)
const version = Schema.optionalKey(Schema.Int)

/** `POST order/approve/{id}`: the approver's remark, classification, next level's assignees, super approval. */
export class OrderApproval extends Schema.Class<OrderApproval>("OrderApproval")({
  ...reviewerFields,
  ...approverFields,
  version
}) {}

/** `POST order/reject|return/{id}`: the remark, the approval classification, and whether it is a super act. */
export class OrderReview extends Schema.Class<OrderReview>("OrderReview")({
  ...reviewerFields,
  approvalClassification: approverFields.approvalClassification,
  version
}) {}

/** A command on one order that names the version read and a remark (submit, submit to vendor, close, reopen). */
export class OrderCommandInput extends Schema.Class<OrderCommandInput>("OrderCommandInput")({
  remark: reviewerFields.remark,
  version
}) {}

/** `POST order/cancel/{id}`: why, always. */
export class OrderCancelInput extends Schema.Class<OrderCancelInput>("OrderCancelInput")({
  reason: Text(2000).check(Schema.isMinLength(1)),
  version
}) {}

/** `POST order-vendor/accept|reject/{id}`: the vendor's remark (a reject needs one). */
export class VendorAnswerInput extends Schema.Class<VendorAnswerInput>("VendorAnswerInput")({
  remark: reviewerFields.remark,
  version
}) {}

// ---------------------------------------------------------------------------------------------------------------
// The list.

export class OrderStatusCount extends Schema.Class<OrderStatusCount>("OrderStatusCount")({
  status: OrderStatus,
  count: Schema.Int
}) {}

/**
 * `GET order` (and `GET order-vendor`): a page of orders, how many match, cursors to the pages before and after it,
 * the counts of each status among those the other filters match, and the columns the reader saved.
 */
export class OrderPage extends Schema.Class<OrderPage>("OrderPage")({
  orders: Schema.Array(Order),
  totalCount: Schema.Int,
  nextCursor: Schema.NullOr(Schema.String),
  previousCursor: Schema.NullOr(Schema.String),
  statusList: Schema.Array(OrderStatusCount),
  columns: Schema.Array(Schema.String)
}) {}
