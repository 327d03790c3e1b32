import { Schema } from "effect"

/** No such order in the actor's organisation (or, for a vendor, none addressed to it), or none the actor may see. */
export class OrderNotFound extends Schema.TaggedError<OrderNotFound>()("OrderNotFound", {
  id: Schema.String
}) {}

/** The order's status does not offer the action: an order sent to the vendor is amended, never edited in place. */
export class OrderActionNotAllowed extends Schema.TaggedError<OrderActionNotAllowed>()("OrderActionNotAllowed", {
  action: Schema.String,
  status: Schema.String
}) {}

/** The organisation's `orders.enableDirectOrder` is off: orders start from an approved request. */
export class DirectOrderNotEnabled extends Schema.TaggedError<DirectOrderNotEnabled>()("DirectOrderNotEnabled", {}) {}

/** The request is not approved (or not a request goods are ordered for), so nothing is ordered from it yet. */
export class OrderRequestNotOrderable extends Schema.TaggedError<OrderRequestNotOrderable>()(
  "OrderRequestNotOrderable",
  { number: Schema.String, status: Schema.String }
) {}

/** A request line would be ordered beyond what is left of it (other orders took the rest). */
export class RequestLineOverOrdered extends Schema.TaggedError<RequestLineOverOrdered>()("RequestLineOverOrdered", {
  line: Schema.String,
  left: Schema.String
}) {}

/** The vendor cannot take orders: not in the vendor master, inactive, expired or on hold. */
export class OrderVendorNotUsable extends Schema.TaggedError<OrderVendorNotUsable>()("OrderVendorNotUsable", {
  vendor: Schema.String,
  reason: Schema.Literals(["inactive", "expired", "onHold"])
}) {}

/** The actor's order cart holds no draft order for the vendor. */
export class OrderCartEmpty extends Schema.TaggedError<OrderCartEmpty>()("OrderCartEmpty", {}) {}

/** The order's workspace has a budget in force and the order names none of its lines. */
export class OrderBudgetRequired extends Schema.TaggedError<OrderBudgetRequired>()("OrderBudgetRequired", {}) {}

/** Something was received or billed against the order, so it is closed rather than cancelled. */
export class OrderNotCancellable extends Schema.TaggedError<OrderNotCancellable>()("OrderNotCancellable", {
  reason: Schema.Literals(["received", "billed"]),
  line: Schema.String
}) {}

/** An amendment would take a line below what was received or billed of it. */
export class OrderLineBelowDelivered extends Schema.TaggedError<OrderLineBelowDelivered>()("OrderLineBelowDelivered", {
  line: Schema.String,
  quantity: Schema.String,
  delivered: Schema.String
}) {}

/** A line's discount is more than the line, or the order's adjustments bring its total below zero. */
export class OrderPricingRefused extends Schema.TaggedError<OrderPricingRefused>()("OrderPricingRefused", {
  problem: Schema.Literals(["discountExceedsLine", "negativeTotal"]),
  line: Schema.NullOr(Schema.Int)
}) {}

/** The payment plan's percents do not come to 100. */
export class PaymentPlanNotWhole extends Schema.TaggedError<PaymentPlanNotWhole>()("PaymentPlanNotWhole", {
  percent: Schema.String
}) {}

/** A list cursor that no longer names a position (or never did). */
export class OrderCursorInvalid extends Schema.TaggedError<OrderCursorInvalid>()("OrderCursorInvalid", {}) {}
