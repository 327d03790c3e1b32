import { Effect, Schema } from "effect"
import {
  defaultTaxRate,
  NewOrderInput,
  OrderAmendInput,
  OrderFromCartInput,
  OrderFromRequestInput,
  orderLimits,
  OrderUpdateInput,
  type Order,
  type OrderLine,
  type OrderPriority,
  type PaymentBasis,
  type PaymentMethod
} from "@tawreed/core/orders"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"
import { BigDecimal } from "effect"
import {
  emptyOrderLine,
  rowKey,
  type AdjustmentRow,
  type DiscountTypeValue,
  type OrderLineRow,
  type TaxModeValue
} from "../components/orders/orderRows.ts"
import { plainAmount } from "./budgetForms.ts"

/**
 * The order form (SPEC.md §3 Draft order) as numbered fields, so it posts without JavaScript: the header (`title`,
 * `priority`, `vendorId`, `workspaceId`, `budget` as `budgetId|line`, `locationId`, `deliveryDate`, `eta`,
 * `shipmentTerm`, `shippingFee`, `shippingFeeTaxRate`, `taxMode`, `terms`, `paymentMethod`, `paymentTermName`,
 * `remarks`, `watchers`, `attachments`), the lines (`line-{n}-…`, counted by `lineCount`, drawn by the island
 * OrderLinesEditor.tsx), the adjustments (`adjustment-{n}-label|amount`, `adjustmentCount`) and the payment plan
 * (`plan-{n}-label|percent|days|basis`, `planCount`). Blank rows are left out; the core checks what is left.
 */

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()
const count = (data: FormData, name: string, max: number): number => {
  const n = Number(text(data, name))
  return Number.isSafeInteger(n) && n > 0 ? Math.min(n, max) : 0
}

/** Decodes what a form gave; a field of the wrong shape reads as the catalogue's field message (E2006), by its name. */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

/** A typed amount as the API takes it: thousands separators and blanks dropped. */
const amountText = (value: string): string => plainAmount(value)

const priorities: ReadonlyArray<OrderPriority> = ["Low", "Medium", "High"]
const methods: ReadonlyArray<PaymentMethod> = ["SADAD", "BANK_TRANSFER"]

/** The lines as typed, in order; empty rows (no name, product, request line or price) are left out. */
export const lineRowsOf = (data: FormData): ReadonlyArray<OrderLineRow> =>
  Array.from({ length: count(data, "lineCount", orderLimits.lines) }, (_, i): OrderLineRow => {
    const field = (name: string) => text(data, `line-${i}-${name}`)
    const discountType = field("discountType")
    const discount: DiscountTypeValue = discountType === "PERCENT" || discountType === "ABSOLUTE" ? discountType : ""
    return {
      key: rowKey(),
      id: field("id"),
      requestItemId: field("requestItemId"),
      product: field("product"),
      nameEn: field("nameEn"),
      nameAr: field("nameAr"),
      fixedName: field("requestItemId") !== "" || field("product") !== "",
      unit: field("unit"),
      quantity: field("quantity"),
      unitPrice: field("unitPrice"),
      discountType: discount,
      discountValue: field("discountValue"),
      taxRate: field("taxRate"),
      minQuantity: ""
    }
  }).filter(
    (row) =>
      row.id !== "" ||
      row.requestItemId !== "" ||
      row.product !== "" ||
      row.nameEn !== "" ||
      row.nameAr !== "" ||
      row.unitPrice !== ""
  )

/** The adjustments as typed; a row without an amount is left out. */
export const adjustmentRowsOf = (data: FormData): ReadonlyArray<AdjustmentRow> =>
  Array.from({ length: count(data, "adjustmentCount", orderLimits.adjustments) }, (_, i) => ({
    key: rowKey(),
    label: text(data, `adjustment-${i}-label`),
    amount: text(data, `adjustment-${i}-amount`)
  })).filter((row) => row.amount !== "")

/** One instalment of the payment plan as typed. */
export interface PlanRow {
  readonly label: string
  readonly percent: string
  readonly days: string
  readonly basis: PaymentBasis
}

/** The payment plan as typed; a row without a share is left out. */
export const planRowsOf = (data: FormData): ReadonlyArray<PlanRow> =>
  Array.from({ length: count(data, "planCount", orderLimits.instalments) }, (_, i) => ({
    label: text(data, `plan-${i}-label`),
    percent: text(data, `plan-${i}-percent`),
    days: text(data, `plan-${i}-days`),
    basis: (text(data, `plan-${i}-basis`) === "DELIVERY" ? "DELIVERY" : "ORDER") as PaymentBasis
  })).filter((row) => row.percent !== "")

/** A field's JSON, or the text itself when it is none (which the core's decoder then refuses by the field's name). */
const parsedJson = (value: string): unknown => {
  try {
    return JSON.parse(value) as unknown
  } catch {
    return value
  }
}

/** A line row as the core's line input: only what was typed, so the core fills the rest (a request's price…). */
const lineInputOf = (row: OrderLineRow) => {
  const product = row.product === "" ? undefined : parsedJson(row.product)
  return {
    ...(row.id === "" ? {} : { id: row.id }),
    ...(row.requestItemId === "" ? {} : { requestItemId: row.requestItemId }),
    ...(product === undefined ? {} : { product }),
    ...(row.nameEn === "" && row.nameAr === "" ? {} : { name: { en: row.nameEn, ar: row.nameAr } }),
    ...(row.unit === "" ? {} : { unit: row.unit }),
    quantity: amountText(row.quantity),
    ...(row.unitPrice === "" ? {} : { unitPrice: amountText(row.unitPrice) }),
    discount:
      row.discountType === "" || row.discountValue === ""
        ? null
        : { type: row.discountType, value: amountText(row.discountValue) },
    ...(row.taxRate === "" ? {} : { taxRate: amountText(row.taxRate) })
  }
}

/** The header fields of every order form, as the core's inputs take them. */
const headerOf = (data: FormData) => {
  const priority = text(data, "priority")
  const method = text(data, "paymentMethod")
  const [budgetId, ...line] = text(data, "budget").split("|")
  const plan = planRowsOf(data)
  const taxMode: TaxModeValue = text(data, "taxMode") === "INCLUSIVE" ? "INCLUSIVE" : "EXCLUSIVE"
  return {
    title: text(data, "title"),
    priority: priorities.find((p) => p === priority) ?? "Low",
    locationId: text(data, "locationId") || null,
    budget: budgetId === undefined || budgetId === "" ? null : { budgetId, line: line.join("|") },
    taxMode,
    deliveryDate: text(data, "deliveryDate") || null,
    eta: text(data, "eta") || null,
    shipmentTerm: text(data, "shipmentTerm"),
    shippingFee: amountText(text(data, "shippingFee")) || "0",
    shippingFeeTaxRate: amountText(text(data, "shippingFeeTaxRate")) || "0",
    adjustments: adjustmentRowsOf(data).map((a) => ({ label: a.label, amount: amountText(a.amount) })),
    terms: text(data, "terms"),
    paymentMethod: methods.find((m) => m === method) ?? null,
    paymentTermName: text(data, "paymentTermName") || null,
    // No instalment typed: the plan is left out, and the whole total falls due the vendor's term after the order.
    ...(plan.length === 0
      ? {}
      : {
          paymentTerms: plan.map((p) => ({
            label: p.label,
            percent: amountText(p.percent),
            days: Number(p.days || "0"),
            basis: p.basis
          }))
        }),
    remarks: text(data, "remarks"),
    watchers: data.getAll("watchers").map((w) => ({ userId: String(w), orderSubmission: true })),
    ...(data.get("attachmentsShown") === null ? {} : { attachments: data.getAll("attachments").map(String) })
  }
}

/** A direct order (`POST order`). */
export const newOrderInputOf = (data: FormData) =>
  decode(NewOrderInput, {
    workspaceId: text(data, "workspaceId"),
    vendorId: text(data, "vendorId"),
    lines: lineRowsOf(data).map(lineInputOf),
    ...headerOf(data)
  })

/** An order from an approved request's picked lines (`POST order/from-request/{requestId}`). */
export const fromRequestInputOf = (data: FormData) =>
  decode(OrderFromRequestInput, {
    vendorId: text(data, "vendorId"),
    lines: lineRowsOf(data)
      .filter((row) => row.requestItemId !== "")
      .map((row) => {
        const line = lineInputOf(row)
        return {
          requestItemId: row.requestItemId,
          quantity: line.quantity,
          ...(line.unitPrice === undefined ? {} : { unitPrice: line.unitPrice }),
          discount: line.discount,
          ...(line.taxRate === undefined ? {} : { taxRate: line.taxRate })
        }
      }),
    ...headerOf(data)
  })

/** The cart's draft order for its vendor (`POST order/from-cart/{vendorId}`). */
export const fromCartInputOf = (data: FormData) =>
  decode(OrderFromCartInput, { workspaceId: text(data, "workspaceId"), ...headerOf(data) })

/** An edit of a draft or returned order (`PUT order`). */
export const updateInputOf = (data: FormData, id: string) =>
  decode(OrderUpdateInput, {
    id,
    version: Number(text(data, "version") || "0"),
    lines: lineRowsOf(data).map(lineInputOf),
    ...headerOf(data)
  })

/** "Update items" on an order that is out (`POST order/amend/{id}`): a stored line's quantity and price, new lines. */
export const amendInputOf = (data: FormData) =>
  decode(OrderAmendInput, {
    version: Number(text(data, "version") || "0"),
    remark: text(data, "remark").slice(0, 2000),
    lines: lineRowsOf(data).map((row) =>
      row.id === ""
        ? lineInputOf(row)
        : {
            id: row.id,
            quantity: amountText(row.quantity),
            ...(row.unitPrice === "" ? {} : { unitPrice: amountText(row.unitPrice) })
          }
    )
  })

const decimalText = (value: string) => {
  const parsed = BigDecimal.fromString(value)
  return parsed._tag === "Some" ? BigDecimal.format(parsed.value) : value
}

/** A stored line as a row of the editor; `amend` marks what was received or billed of it as its floor. */
export const rowOfLine = (line: OrderLine, amend = false): OrderLineRow => {
  const floor = [line.receivedQuantity, line.billedQuantity]
    .map(decimalText)
    .reduce((a, b) => (Number(a) >= Number(b) ? a : b), "0")
  return {
    key: rowKey(),
    id: line.id,
    requestItemId: line.requestItemId ?? "",
    product: line.product === null ? "" : JSON.stringify(line.product),
    nameEn: line.name.en,
    nameAr: line.name.ar,
    fixedName: line.requestItemId !== null || line.product !== null,
    unit: line.unit,
    quantity: decimalText(line.quantity),
    unitPrice: decimalText(line.unitPrice),
    discountType: line.discount?.type ?? "",
    discountValue: line.discount === null ? "" : decimalText(line.discount.value),
    taxRate: decimalText(line.taxRate),
    minQuantity: amend && Number(floor) > 0 ? floor : ""
  }
}

/** A new order's first line in a currency: empty, at the currency's VAT. */
export const firstLine = (currency: string): OrderLineRow => emptyOrderLine(BigDecimal.format(defaultTaxRate(currency)))

/** The header of the form as it shows: a stored order's, a post's as typed, or a new order's defaults. */
export interface OrderFormValues {
  readonly title: string
  readonly priority: OrderPriority
  readonly vendorId: string
  readonly workspaceId: string
  readonly budget: string
  readonly locationId: string
  readonly deliveryDate: string
  readonly eta: string
  readonly shipmentTerm: string
  readonly taxMode: TaxModeValue
  readonly shippingFee: string
  readonly shippingFeeTaxRate: string
  readonly terms: string
  readonly paymentMethod: string
  readonly paymentTermName: string
  readonly plan: ReadonlyArray<PlanRow>
  readonly remarks: string
  readonly watchers: ReadonlyArray<string>
  readonly lines: ReadonlyArray<OrderLineRow>
  readonly adjustments: ReadonlyArray<AdjustmentRow>
}

/** A new order's form (SPEC.md §9: priority Low, amounts 0). */
export const blankOrderForm = (workspaceId: string): OrderFormValues => ({
  title: "",
  priority: "Low",
  vendorId: "",
  workspaceId,
  budget: "",
  locationId: "",
  deliveryDate: "",
  eta: "",
  shipmentTerm: "",
  taxMode: "EXCLUSIVE",
  shippingFee: "0",
  shippingFeeTaxRate: "0",
  terms: "",
  paymentMethod: "",
  paymentTermName: "",
  plan: [],
  remarks: "",
  watchers: [],
  lines: [],
  adjustments: []
})

/** A stored order's form. */
export const orderFormOf = (order: Order): OrderFormValues => ({
  title: order.title,
  priority: order.priority,
  vendorId: order.vendor.id,
  workspaceId: order.workspaceId,
  budget: order.budget === null ? "" : `${order.budget.budgetId}|${order.budget.line}`,
  locationId: order.locationId ?? "",
  deliveryDate: order.deliveryDate ?? "",
  eta: order.eta ?? "",
  shipmentTerm: order.shipmentTerm,
  taxMode: order.taxMode,
  shippingFee: decimalText(order.shippingFee),
  shippingFeeTaxRate: decimalText(order.shippingFeeTaxRate),
  terms: order.terms,
  paymentMethod: order.paymentMethod ?? "",
  paymentTermName: order.paymentTermName ?? "",
  plan: order.paymentTerms.map((p) => ({
    label: p.label,
    percent: decimalText(p.percent),
    days: String(p.days),
    basis: p.basis
  })),
  remarks: order.remarks,
  watchers: order.watchers.map((w) => w.userId),
  lines: order.lines.map((l) => rowOfLine(l)),
  adjustments: order.adjustments.map((a) => ({ key: rowKey(), label: a.label, amount: decimalText(a.amount) }))
})

/** The form as posted, to show again after a refusal. */
export const postedOrderForm = (data: FormData, fallback: OrderFormValues): OrderFormValues => {
  const header = headerOf(data)
  return {
    ...fallback,
    title: header.title,
    priority: header.priority,
    vendorId: text(data, "vendorId") || fallback.vendorId,
    workspaceId: text(data, "workspaceId") || fallback.workspaceId,
    budget: text(data, "budget"),
    locationId: text(data, "locationId"),
    deliveryDate: text(data, "deliveryDate"),
    eta: text(data, "eta"),
    shipmentTerm: header.shipmentTerm,
    taxMode: header.taxMode,
    shippingFee: text(data, "shippingFee"),
    shippingFeeTaxRate: text(data, "shippingFeeTaxRate"),
    terms: header.terms,
    paymentMethod: text(data, "paymentMethod"),
    paymentTermName: text(data, "paymentTermName"),
    plan: planRowsOf(data),
    remarks: header.remarks,
    watchers: data.getAll("watchers").map(String),
    lines: data.get("lineCount") === null ? fallback.lines : lineRowsOf(data),
    adjustments: adjustmentRowsOf(data)
  }
}
