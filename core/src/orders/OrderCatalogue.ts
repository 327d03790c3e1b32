import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of orders, each in the transaction of the change it tells of. */
export const orderAuditEvents = [
  "order.created",
  "order.updated",
  "order.status_changed",
  "order.sent",
  "order.amended",
  "order.vendor_answered"
] as const
export type OrderAuditEvent = (typeof orderAuditEvents)[number]

/**
 * The orders module's errors (E2400–E2449 input, E4400–E4449 not found, E5400–E5449 conflicts, E6400–E6449 rules),
 * each in English and Arabic, and its audit events. `shared/ModuleCatalogues.ts` lists it.
 */
export const orderCatalogue = {
  errors: [
    entry(
      "E2400",
      "ORDER_CURSOR_INVALID",
      "Invalid",
      "This position in the list is no longer valid. Please start again from the first page.",
      "لم يعد هذا الموضع في القائمة صالحًا. يرجى البدء من الصفحة الأولى."
    ),
    entry(
      "E2401",
      "ORDER_PRICING_REFUSED",
      "Invalid",
      "The order's amounts do not work out ({problem}): a discount is larger than its line, or the adjustments take the total below zero.",
      "لا تستقيم مبالغ أمر الشراء ({problem}): الخصم أكبر من قيمة البند، أو التسويات تجعل الإجمالي أقل من الصفر."
    ),
    entry(
      "E2402",
      "PAYMENT_PLAN_NOT_WHOLE",
      "Invalid",
      "The payment plan's instalments come to {percent}%; they must come to 100%.",
      "مجموع دفعات خطة السداد {percent}٪، ويجب أن يكون 100٪."
    ),
    entry("E4400", "ORDER_NOT_FOUND", "NotFound", "Order not found.", "أمر الشراء غير موجود."),
    entry(
      "E5400",
      "REQUEST_LINE_OVER_ORDERED",
      "Conflict",
      "Only {left} of {line} is left to order: other orders took the rest.",
      "المتبقي للطلب من {line} هو {left} فقط؛ فقد أخذت أوامر شراء أخرى الباقي."
    ),
    entry(
      "E6400",
      "ORDER_ACTION_NOT_ALLOWED",
      "Rule",
      "An order that is {status} cannot be changed this way ({action}).",
      "لا يمكن تنفيذ هذا الإجراء ({action}) على أمر شراء حالته {status}."
    ),
    entry(
      "E6401",
      "DIRECT_ORDER_NOT_ENABLED",
      "Rule",
      "Your organisation orders only from approved requests: direct orders are switched off.",
      "تصدر منظمتك أوامر الشراء من الطلبات المعتمدة فقط؛ فالطلب المباشر غير مفعّل."
    ),
    entry(
      "E6402",
      "ORDER_REQUEST_NOT_ORDERABLE",
      "Rule",
      "Request {number} is not approved yet, so nothing can be ordered from it.",
      "الطلب {number} غير معتمد بعد، لذا لا يمكن إصدار أمر شراء منه."
    ),
    entry(
      "E6403",
      "ORDER_VENDOR_NOT_USABLE",
      "Rule",
      "{vendor} cannot take orders now: {reason}.",
      "لا يمكن إصدار أوامر شراء إلى {vendor} حاليًا، {reason}."
    ),
    entry(
      "E6404",
      "ORDER_CART_EMPTY",
      "Rule",
      "Your order cart holds nothing from this vendor.",
      "لا تحتوي سلة الطلب لديك على أي منتج من هذا المورّد."
    ),
    entry(
      "E6405",
      "ORDER_BUDGET_REQUIRED",
      "Rule",
      "This workspace has a budget in force: please choose the budget line this order is charged to.",
      "لمساحة العمل هذه ميزانية سارية: يرجى اختيار بند الميزانية الذي يُحتسب عليه أمر الشراء هذا."
    ),
    entry(
      "E6406",
      "ORDER_NOT_CANCELLABLE",
      "Rule",
      "This order cannot be cancelled: {line} has been {reason}. Close it instead.",
      "لا يمكن إلغاء أمر الشراء هذا: فقد تم {reason} {line}. يمكنك إغلاقه بدلًا من ذلك."
    ),
    entry(
      "E6407",
      "ORDER_LINE_BELOW_DELIVERED",
      "Rule",
      "{line} cannot go down to {quantity}: {delivered} was already received or billed.",
      "لا يمكن تخفيض {line} إلى {quantity}: فقد تم استلام أو فوترة {delivered} منه."
    )
  ],
  codes: {
    OrderCursorInvalid: "E2400",
    OrderPricingRefused: "E2401",
    PaymentPlanNotWhole: "E2402",
    OrderNotFound: "E4400",
    RequestLineOverOrdered: "E5400",
    OrderActionNotAllowed: "E6400",
    DirectOrderNotEnabled: "E6401",
    OrderRequestNotOrderable: "E6402",
    OrderVendorNotUsable: "E6403",
    OrderCartEmpty: "E6404",
    OrderBudgetRequired: "E6405",
    OrderNotCancellable: "E6406",
    OrderLineBelowDelivered: "E6407"
  },
  problems: {
    fixedOnceApproved: {
      en: "an order that was approved keeps its budget line",
      ar: "يبقى أمر الشراء المعتمد على بند ميزانيته"
    }
  },
  reasons: {
    inactive: { en: "it is inactive", ar: "فهو غير نشط" },
    expired: { en: "its registration has expired", ar: "فقد انتهت صلاحية تسجيله" },
    onHold: { en: "it is on hold", ar: "فهو موقوف مؤقتًا" },
    received: { en: "received", ar: "استلام" },
    billed: { en: "billed", ar: "فوترة" }
  },
  auditEvents: orderAuditEvents
} as const satisfies ModuleCatalogue
