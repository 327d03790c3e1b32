import { BigDecimal, DateTime, Effect, Option, Schema } from "effect"
import { InsufficientPrivileges } from "../access/AccessErrors.ts"
import { budgetStopOverride } from "../access/DefaultRoles.ts"
import { isModuleEnabled, moduleFeature } from "../access/ModuleAccess.ts"
import { WorkflowRepository } from "../approvals/ApprovalPorts.ts"
import { Approvals } from "../approvals/Approvals.ts"
import { applicableLevels } from "../approvals/Engine.ts"
import { ApprovalSubject } from "../approvals/Workflow.ts"
import { BudgetMovement, BudgetRepository, BudgetWarning, decimal, money } from "../budgets/Budget.ts"
import { BudgetLineNotFound } from "../budgets/BudgetErrors.ts"
import { BudgetLedger, systemMover } from "../budgets/BudgetLedger.ts"
import { CartRepository } from "../carts/CartRepository.ts"
import { validateQuantity } from "../carts/Quantity.ts"
import { type AgreedPriceFound, agreedPricesOn, consumeCeiling, releaseCeiling } from "../contracts/ContractCeilings.ts"
import { ContractRepository } from "../contracts/ContractRepository.ts"
import { documentApproval } from "../documents/DocumentApproval.ts"
import { ListCounts } from "../documents/ListCounts.ts"
import { moduleCommands, noOrigin } from "../documents/ModuleCommands.ts"
import type { Actor } from "../identity/Actor.ts"
import { convertToCurrency, roundTo, roundToCurrency } from "../money/Money.ts"
import { NewNotification } from "../notifications/Notification.ts"
import { Notifications } from "../notifications/Notifications.ts"
import { Recipient } from "../notifications/Recipient.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { OrgSettingsRepository } from "../organisations/OrgSettingsRepository.ts"
import { ProductRef, type Request } from "../requests/Request.ts"
import { RequestNotFound } from "../requests/RequestErrors.ts"
import { RequestRepository } from "../requests/RequestRepository.ts"
import { sourcingStatusMachine } from "../requests/SourcingStatus.ts"
import type { RequestOrigin } from "../shared/AuditLog.ts"
import { InvalidField, VersionConflict } from "../shared/Errors.ts"
import { pageRequest } from "../shared/Paging.ts"
import { statusOn } from "../vendors/Vendor.ts"
import { VendorNotFound } from "../vendors/VendorErrors.ts"
import { VendorRepository } from "../vendors/VendorRepository.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { LocationNotFound, WorkspaceNotFound } from "../workspaces/WorkspaceErrors.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"
import {
  Order,
  OrderBudgetLine,
  OrderContractRef,
  OrderEvent,
  type OrderEventKind,
  OrderLine,
  OrderLineAmounts,
  OrderLineInput,
  OrderPage,
  OrderRequestRef,
  OrderStatusCount,
  OrderTotals,
  OrderVendor,
  OrderWatcher,
  PaymentTerm,
  type PriceOrigin,
  ScheduledPayment
} from "./Order.ts"
import {
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
import { orderKind } from "./OrderKind.ts"
import {
  defaultTaxRate,
  formatMoney,
  isPlanNotWhole,
  isPricingProblem,
  paymentSchedule,
  priceOrder
} from "./OrderPricing.ts"
import {
  decodeOrderCursor,
  defaultOrderSort,
  encodeOrderCursor,
  type OrderFilter,
  type OrderListPage,
  type OrderRecord,
  OrderRepository,
  OrderSortColumn,
  type OrderSort,
  type OrderWindow
} from "./OrderRepository.ts"
import { makeOrderSheets } from "./OrderSheets.ts"
import type { OrderListParams, OrdersShape } from "./Orders.ts"
import {
  isOrderEditable,
  isOrderPending,
  orderApprovalStatuses,
  type OrderStatus,
  orderStatusMachine,
  OrderStatus as OrderStatusSchema
} from "./OrderStatus.ts"

/** The kind of document orders are to the engine, the ledger, the files module and the lists. */
export const orderDocumentKind = "order"
const ordersModule = "orders"
const requestDocumentKind = "request"
const zero = BigDecimal.fromBigInt(0n)
const d = (text: string) => decimal(text)

/** The order as the repository stores it: all but its identity and bookkeeping. */
export const orderRecordOf = (order: Order): OrderRecord => {
  const { id: _id, number: _number, version: _version, createdAt: _c, updatedAt: _u, ...record } = order
  return record
}

/** What a vendor sees of an order: the buyer's budget, watchers, approval and internal remarks stay with the buyer. */
export const forVendor = (order: Order): Order =>
  new Order({
    ...order,
    budget: null,
    budgetWarning: null,
    requestShare: null,
    watchers: [],
    approvalClassification: null,
    valueInOrgCurrency: order.totals.total,
    orgCurrency: order.currency
  })

/** Parses `-column` / `column` into a sort. */
const parseSort = (text: string | undefined): OrderSort | undefined => {
  const trimmed = text?.trim() ?? ""
  if (trimmed === "") return defaultOrderSort
  const descending = trimmed.startsWith("-")
  const column = descending ? trimmed.slice(1) : trimmed
  return Schema.is(OrderSortColumn)(column) ? { column, direction: descending ? "desc" : "asc" } : undefined
}

/** A catalog number (a float) as the decimal text an amount takes: at most the stored six decimals, no exponent. */
const numberText = (value: number): string =>
  BigDecimal.format(BigDecimal.normalize(roundTo(BigDecimal.fromNumberUnsafe(Math.max(0, value)), 6)))

const clean = (values: ReadonlyArray<string> | undefined) => (values ?? []).map((v) => v.trim()).filter((v) => v !== "")

/** The order use cases over their ports (see OrdersShape for what each decides). */
export const makeOrders = Effect.gen(function* () {
  const lists = yield* ListCounts
  const stored = yield* OrderRepository
  const changed = (orgId: OrgId) => lists.changed(orgId, orderKind.kind)
  const repository = OrderRepository.of({
    ...stored,
    insert: (orgId, record) => Effect.tap(stored.insert(orgId, record), () => changed(orgId)),
    update: (orgId, id, record, version) => Effect.tap(stored.update(orgId, id, record, version), () => changed(orgId)),
    answerForVendor: (buyerOrgId, vendorOrgId, id, status, event, version) =>
      Effect.tap(stored.answerForVendor(buyerOrgId, vendorOrgId, id, status, event, version), () => changed(buyerOrgId))
  })
  const requests = yield* RequestRepository
  const vendors = yield* VendorRepository
  const workspaces = yield* WorkspaceRepository
  const settings = yield* OrgSettingsRepository
  const approvals = yield* Approvals
  const workflows = yield* WorkflowRepository
  const ledger = yield* BudgetLedger
  const budgetRepository = yield* BudgetRepository
  const carts = yield* CartRepository
  const contracts = yield* ContractRepository
  const notifications = yield* Notifications
  const sheets = yield* makeOrderSheets
  const { command, guard, audit } = yield* moduleCommands
  const approval = documentApproval(approvals, { statuses: orderApprovalStatuses, machine: orderStatusMachine })
  const inModule = { module: ordersModule }
  const now = Effect.map(DateTime.now, DateTime.formatIso)
  const today = Effect.map(DateTime.now, DateTime.formatIsoDateUtc)

  const orgOf = (orgId: OrgId) => Effect.map(settings.find(orgId), Option.getOrUndefined)

  // -------------------------------------------------------------------------------------------------------------
  // Access.

  const privilegesIn = Effect.fn("Orders.privilegesIn")(function* (actor: Actor, workspaceId: string) {
    const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
    const membership = memberships.find((m) => m.workspaceId === workspaceId)
    return membership === undefined ? [] : privilegesInWorkspace(actor.privileges, membership.role)
  })

  /** Whether the actor holds `ord_<action>_o`, or `ord_<action>_w` in the workspace. */
  const holds = Effect.fn("Orders.holds")(function* (actor: Actor, action: "r" | "c" | "u", workspaceId: string) {
    if (actor.privileges.includes(`ord_${action}_o`)) return true
    return (yield* privilegesIn(actor, workspaceId)).includes(`ord_${action}_w`)
  })

  const found = Effect.fn("Orders.found")(function* (orgId: OrgId, id: string) {
    const order = yield* repository.find(orgId, id)
    if (Option.isNone(order)) return yield* new OrderNotFound({ id })
    return order.value
  })

  /** Whether the actor reads the order: its privileges, its own or watched, or an approver of it. */
  const sees = Effect.fn("Orders.sees")(function* (actor: Actor, order: Order) {
    if (yield* holds(actor, "r", order.workspaceId)) return true
    if (order.requesterId === actor.userId || order.createdBy === actor.userId) return true
    if (order.watchers.some((w) => w.userId === actor.userId)) return true
    const state = yield* Effect.option(approvals.state(actor, "order", order.id))
    return Option.isSome(state) && state.value.approverIds.some((ids) => ids.includes(actor.userId))
  })

  /** The order, when the actor may change it (`ord_u_*`, or its creator); others find none they may not read. */
  const changeable = Effect.fn("Orders.changeable")(function* (actor: Actor, id: string) {
    const order = yield* found(actor.orgId, id)
    if (order.createdBy === actor.userId || (yield* holds(actor, "u", order.workspaceId))) return order
    if (yield* sees(actor, order)) return yield* new InsufficientPrivileges({ required: ["ord_u_o", "ord_u_w"] })
    return yield* new OrderNotFound({ id })
  })

  const checkVersion = (order: Order, version: number | undefined) =>
    version === undefined || version === order.version
      ? Effect.void
      : Effect.fail(new VersionConflict({ entity: "order", id: order.id }))

  const refuse = (action: string, order: Order) =>
    Effect.fail(new OrderActionNotAllowed({ action, status: order.status }))

  // -------------------------------------------------------------------------------------------------------------
  // Pricing: every save prices every line and the header again.

  interface Draft {
    readonly currency: string
    readonly orgCurrency: string
    readonly taxMode: "INCLUSIVE" | "EXCLUSIVE"
    readonly lines: ReadonlyArray<Omit<OrderLine, "amounts">>
    readonly shippingFee: string
    readonly shippingFeeTaxRate: string
    readonly adjustments: Order["adjustments"]
    readonly paymentTerms: ReadonlyArray<PaymentTerm>
    readonly deliveryDate: string | null
    readonly approvedAt: string | null
  }

  const priced = Effect.fn("Orders.priced")(function* (draft: Draft) {
    const answer = priceOrder({
      currency: draft.currency,
      taxMode: draft.taxMode,
      lines: draft.lines.map((l) => ({
        quantity: d(l.quantity),
        unitPrice: d(l.unitPrice),
        discount: l.discount === null ? null : { type: l.discount.type, value: d(l.discount.value) },
        taxRate: d(l.taxRate)
      })),
      shippingFee: d(draft.shippingFee),
      shippingFeeTaxRate: d(draft.shippingFeeTaxRate),
      adjustments: draft.adjustments.map((a) => d(a.amount))
    })
    if (isPricingProblem(answer)) {
      return yield* new OrderPricingRefused(
        answer._tag === "NegativeTotal"
          ? { problem: "negativeTotal", line: null }
          : { problem: "discountExceedsLine", line: answer.line }
      )
    }
    const money = (v: BigDecimal.BigDecimal) => formatMoney(v, draft.currency)
    const schedule = paymentSchedule(
      answer.total,
      draft.currency,
      draft.paymentTerms.map((t) => ({ percent: d(t.percent), days: t.days, basis: t.basis })),
      { orderDate: draft.approvedAt?.slice(0, 10) ?? null, deliveryDate: draft.deliveryDate }
    )
    if (isPlanNotWhole(schedule)) return yield* new PaymentPlanNotWhole({ percent: schedule.percent })
    const valueInOrg =
      draft.currency === draft.orgCurrency
        ? answer.total
        : yield* convertToCurrency(answer.total, draft.currency, draft.orgCurrency)
    return {
      lines: draft.lines.map(
        (l, i) =>
          new OrderLine({
            ...l,
            amounts: new OrderLineAmounts({
              gross: money(answer.lines[i]!.gross),
              discount: money(answer.lines[i]!.discount),
              net: money(answer.lines[i]!.net),
              tax: money(answer.lines[i]!.tax),
              total: money(answer.lines[i]!.total)
            })
          })
      ),
      totals: new OrderTotals({
        gross: money(answer.gross),
        discount: money(answer.discount),
        subTotal: money(answer.subTotal),
        tax: money(answer.tax),
        shippingFee: money(answer.shippingFee),
        shippingFeeTax: money(answer.shippingFeeTax),
        adjustments: money(answer.adjustments),
        total: money(answer.total)
      }),
      schedule: schedule.map(
        (s, i) =>
          new ScheduledPayment({
            seq: i + 1,
            label: draft.paymentTerms[i]!.label,
            percent: draft.paymentTerms[i]!.percent,
            amount: money(s.amount),
            dueDate: s.dueDate
          })
      ),
      valueInOrgCurrency: formatMoney(valueInOrg, draft.orgCurrency)
    }
  })

  /**
   * The agreed prices of the vendor's contracts for the lines' products, today, that a line may take: only in the
   * order's currency (a contract is never converted), and only from the contract's minimum quantity up.
   */
  const agreedFor = Effect.fn("Orders.agreedFor")(function* (
    orgId: OrgId,
    vendorId: string,
    currency: string,
    inputs: ReadonlyArray<OrderLineInput>
  ) {
    const productIds = inputs.flatMap((l) =>
      l.product === undefined || l.product === null ? [] : [l.product.productId]
    )
    const found = yield* agreedPricesOn(contracts, orgId, vendorId, productIds, yield* today)
    return (input: OrderLineInput): AgreedPriceFound | undefined => {
      const agreed =
        input.product === undefined || input.product === null ? undefined : found.get(input.product.productId)
      if (agreed === undefined || agreed.currency !== currency) return undefined
      const quantity = BigDecimal.fromString(input.quantity.trim())
      if (
        agreed.minQuantity !== null &&
        (Option.isNone(quantity) || BigDecimal.isLessThan(quantity.value, d(agreed.minQuantity)))
      )
        return undefined
      return agreed
    }
  })

  /**
   * An order's lines from input, each checked; ids stay, new lines get one. A line whose price is not given takes
   * the price it had, else the agreed price of a contract with the vendor (`agreed`); a line whose given price came
   * from a weaker source (`origins`: the request's estimate, the catalog's list price) gives way to an agreed price,
   * as ERPNext's blanket order rate and Coupa's contract price win over a list price.
   */
  const linesOf = Effect.fn("Orders.linesOf")(function* (
    inputs: ReadonlyArray<OrderLineInput>,
    currency: string,
    before: ReadonlyArray<OrderLine>,
    agreed: (input: OrderLineInput) => AgreedPriceFound | undefined = () => undefined,
    origins: ReadonlyArray<PriceOrigin> = []
  ) {
    if (inputs.length === 0) return yield* new InvalidField({ field: "lines", problem: "atLeastOne" })
    const lines: Array<Omit<OrderLine, "amounts">> = []
    for (const [index, input] of inputs.entries()) {
      const kept = input.id === undefined ? undefined : before.find((l) => l.id === input.id)
      const quantity = yield* validateQuantity(input.quantity)
      const name = {
        en: input.name?.en?.trim() ?? kept?.name.en ?? "",
        ar: input.name?.ar?.trim() ?? kept?.name.ar ?? ""
      }
      if (name.en === "" && name.ar === "") {
        return yield* new InvalidField({ field: `lines.${index}.name`, problem: "required" })
      }
      // A price given again as it was keeps where it came from (a form sends every line's price back).
      const samePrice =
        kept !== undefined && input.unitPrice !== undefined && BigDecimal.equals(d(input.unitPrice), d(kept.unitPrice))
      const origin: PriceOrigin | undefined =
        input.unitPrice === undefined || samePrice ? undefined : (origins[index] ?? "given")
      const contractPrice =
        (input.unitPrice === undefined && kept === undefined) || origin === "request" || origin === "product"
          ? agreed(input)
          : undefined
      const unitPrice = contractPrice?.price ?? input.unitPrice ?? kept?.unitPrice
      if (unitPrice === undefined)
        return yield* new InvalidField({ field: `lines.${index}.unitPrice`, problem: "required" })
      const contract =
        contractPrice !== undefined
          ? new OrderContractRef({ id: contractPrice.contractId, number: contractPrice.contractNumber })
          : origin === undefined
            ? (kept?.contract ?? null)
            : null
      lines.push({
        id: kept?.id ?? crypto.randomUUID(),
        lineSeqId: index + 1,
        requestItemId: input.requestItemId ?? kept?.requestItemId ?? null,
        product: input.product ?? kept?.product ?? null,
        name,
        description: input.description ?? kept?.description ?? "",
        category: input.category ?? kept?.category ?? input.product?.categoryId ?? null,
        unit: input.unit ?? kept?.unit ?? "",
        quantity: BigDecimal.format(quantity),
        unitPrice,
        priceOrigin: contractPrice !== undefined ? "contract" : (origin ?? kept?.priceOrigin ?? "given"),
        contract,
        discount: input.discount === undefined ? (kept?.discount ?? null) : input.discount,
        taxRate: input.taxRate ?? kept?.taxRate ?? BigDecimal.format(defaultTaxRate(currency)),
        receivedQuantity: kept?.receivedQuantity ?? "0",
        billedQuantity: kept?.billedQuantity ?? "0"
      })
    }
    return lines
  })

  type HeaderInput = Partial<{
    readonly title: string
    readonly priority: Order["priority"]
    readonly locationId: string | null
    readonly budget: OrderBudgetLine | null
    readonly taxMode: Order["taxMode"]
    readonly deliveryDate: string | null
    readonly eta: string | null
    readonly shipmentTerm: string
    readonly shippingFee: string
    readonly shippingFeeTaxRate: string
    readonly adjustments: Order["adjustments"]
    readonly terms: string
    readonly paymentMethod: Order["paymentMethod"]
    readonly paymentTermName: string | null
    readonly paymentTerms: ReadonlyArray<PaymentTerm>
    readonly attachments: ReadonlyArray<string>
    readonly remarks: string
    readonly watchers: ReadonlyArray<{ readonly userId: string; readonly orderSubmission?: boolean }>
  }>

  /** The vendor of the vendor master an order goes to, if it can take orders today. */
  const usableVendor = Effect.fn("Orders.usableVendor")(function* (actor: Actor, vendorId: string) {
    const vendor = Option.getOrUndefined(yield* vendors.find(actor.orgId, vendorId))
    if (vendor === undefined) return yield* new VendorNotFound({ id: vendorId })
    const status = statusOn(
      vendor.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE",
      vendor.documents,
      yield* today
    )
    const name = vendor.name.en || vendor.name.ar
    if (status === "VENDOR_INACTIVE") return yield* new OrderVendorNotUsable({ vendor: name, reason: "inactive" })
    if (status === "VENDOR_EXPIRED") return yield* new OrderVendorNotUsable({ vendor: name, reason: "expired" })
    if (vendor.hold !== null) return yield* new OrderVendorNotUsable({ vendor: name, reason: "onHold" })
    return new OrderVendor({
      id: vendor.id,
      number: vendor.number,
      name: { en: vendor.name.en, ar: vendor.name.ar },
      connected: vendor.connected
    })
  })

  /** Applies header input over what the order had, checking the location against the workspace. */
  const headerOf = Effect.fn("Orders.headerOf")(function* (
    actor: Actor,
    workspaceId: string,
    input: HeaderInput,
    before: Partial<Order>
  ) {
    const workspace = Option.getOrUndefined(yield* workspaces.find(actor.orgId, workspaceId))
    if (workspace === undefined) return yield* new WorkspaceNotFound({ id: workspaceId })
    const locationId = input.locationId === undefined ? (before.locationId ?? null) : input.locationId
    if (locationId !== null && !workspace.locations.some((l) => l.id === locationId)) {
      return yield* new LocationNotFound({ id: locationId })
    }
    const watchers =
      input.watchers === undefined
        ? (before.watchers ?? [])
        : input.watchers.map(
            (w) =>
              new OrderWatcher({
                userId: w.userId,
                notificationStatusMap: { ORDER_SUBMISSION: { enabled: w.orderSubmission ?? true, notified: false } }
              })
          )
    return {
      title: input.title?.trim() || before.title || "",
      priority: input.priority ?? before.priority ?? "Low",
      locationId,
      budget: input.budget === undefined ? (before.budget ?? null) : input.budget,
      taxMode: input.taxMode ?? before.taxMode ?? "EXCLUSIVE",
      deliveryDate: input.deliveryDate === undefined ? (before.deliveryDate ?? null) : input.deliveryDate,
      eta: input.eta === undefined ? (before.eta ?? null) : input.eta,
      shipmentTerm: input.shipmentTerm ?? before.shipmentTerm ?? "",
      shippingFee: input.shippingFee ?? before.shippingFee ?? "0",
      shippingFeeTaxRate: input.shippingFeeTaxRate ?? before.shippingFeeTaxRate ?? "0",
      adjustments: input.adjustments ?? before.adjustments ?? [],
      terms: input.terms ?? before.terms ?? "",
      paymentMethod: input.paymentMethod === undefined ? (before.paymentMethod ?? null) : input.paymentMethod,
      paymentTermName: input.paymentTermName === undefined ? (before.paymentTermName ?? null) : input.paymentTermName,
      attachments: input.attachments ?? before.attachments ?? [],
      remarks: input.remarks ?? before.remarks ?? "",
      watchers,
      workspaceCurrency: workspace.currency
    }
  })

  const defaultPlan = (days: number) => [new PaymentTerm({ label: "", percent: "100", days, basis: "ORDER" })]

  /** A new drafted order, priced and stored; audited. */
  const insertDraft = Effect.fn("Orders.insertDraft")(function* (
    actor: Actor,
    base: {
      readonly workspaceId: string
      readonly vendorId: string
      readonly currency: string | undefined
      readonly source: Order["source"]
      readonly request: OrderRequestRef | null
      readonly lines: ReadonlyArray<OrderLineInput>
      /** Where each line's given price came from, when not typed (a request's estimate, a product's list price). */
      readonly priceOrigins?: ReadonlyArray<PriceOrigin>
      readonly header: HeaderInput
      readonly budget: OrderBudgetLine | null
      readonly categories: ReadonlyArray<string>
    },
    origin: RequestOrigin
  ) {
    const org = yield* orgOf(actor.orgId)
    const vendor = yield* usableVendor(actor, base.vendorId)
    const header = yield* headerOf(actor, base.workspaceId, base.header, { budget: base.budget })
    const currency = base.currency ?? header.workspaceCurrency
    const agreed = yield* agreedFor(actor.orgId, base.vendorId, currency, base.lines)
    const lines = yield* linesOf(base.lines, currency, [], agreed, base.priceOrigins)
    const vendorDays = Option.match(yield* vendors.find(actor.orgId, base.vendorId), {
      onNone: () => 0,
      onSome: (v) => v.paymentTermsDays
    })
    const paymentTerms = base.header.paymentTerms ?? defaultPlan(vendorDays)
    const { workspaceCurrency: _w, ...fields } = header
    const orgCurrency = org?.currency ?? currency
    const figures = yield* priced({
      currency,
      orgCurrency,
      taxMode: fields.taxMode,
      lines,
      shippingFee: fields.shippingFee,
      shippingFeeTaxRate: fields.shippingFeeTaxRate,
      adjustments: fields.adjustments,
      paymentTerms,
      deliveryDate: fields.deliveryDate,
      approvedAt: null
    })
    const categories = [
      ...new Set([...base.categories, ...lines.flatMap((l) => (l.category === null ? [] : [l.category]))])
    ]
    const order = yield* repository.insert(actor.orgId, {
      ...fields,
      title: fields.title || vendor.name.en || vendor.name.ar,
      status: orderStatusMachine.initial,
      source: base.source,
      request: base.request,
      vendor,
      workspaceId: base.workspaceId,
      requesterId: actor.userId,
      createdBy: actor.userId,
      currency,
      lines: figures.lines,
      paymentTerms,
      schedule: figures.schedule,
      budgetWarning: null,
      totals: figures.totals,
      orgCurrency,
      valueInOrgCurrency: figures.valueInOrgCurrency,
      approvedTotal: null,
      requestShare: null,
      categories,
      approvalClassification: null,
      cancelReason: null,
      events: [],
      submittedAt: null,
      approvedAt: null,
      sentAt: null
    })
    yield* audit(actor, "order.created", origin, { orderId: order.id, number: order.number })
    return order
  })

  /** Saves an order at the version read (a missing one is a conflict: it went while we worked). */
  const save = Effect.fn("Orders.save")(function* (orgId: OrgId, order: Order, record: OrderRecord) {
    const saved = yield* repository.update(orgId, order.id, record, order.version)
    if (Option.isNone(saved)) return yield* new VersionConflict({ entity: "order", id: order.id })
    // Sent to its vendor now (by hand, or on approval where the workspace sends automatically): its PDF goes by mail.
    if (order.sentAt === null && saved.value.sentAt !== null) yield* sheets.mailVendor(orgId, saved.value)
    return saved.value
  })

  const eventOf = (
    actor: Actor,
    kind: OrderEventKind,
    from: OrderStatus,
    to: OrderStatus,
    at: string,
    remark = "",
    totals?: { before: string; after: string }
  ) =>
    new OrderEvent({
      kind,
      at,
      by: actor.userId,
      from,
      to,
      remark,
      totalBefore: totals?.before ?? null,
      totalAfter: totals?.after ?? null
    })

  // -------------------------------------------------------------------------------------------------------------
  // Budget.

  const subjectOf = (order: Order) =>
    new ApprovalSubject({
      kind: "order",
      documentId: order.id,
      documentNumber: order.number,
      workspaceId: order.workspaceId,
      title: order.title,
      requesterId: order.requesterId,
      createdBy: order.createdBy,
      value: order.valueInOrgCurrency,
      categories: [...order.categories],
      approvalClassification: order.approvalClassification,
      paymentTerm: order.paymentTermName
    })

  /** The budget line the order is charged to, if its workspace has a budget in force; none named is refused then. */
  const chargedLine = Effect.fn("Orders.chargedLine")(function* (actor: Actor, order: Order) {
    const org = yield* orgOf(actor.orgId)
    if (org === undefined || !isModuleEnabled(org.modules, "budgets")) return null
    const inForce = yield* budgetRepository.list(actor.orgId, {
      workspaceIds: [order.workspaceId],
      statuses: ["ACTIVE"],
      activeOn: yield* today
    })
    const named = order.budget
    if (named === null) {
      if (inForce.length > 0) return yield* new OrderBudgetRequired()
      return null
    }
    const budget = inForce.find((b) => b.id === named.budgetId)
    if (budget === undefined || !budget.lines.some((l) => l.key === named.line)) {
      return yield* new BudgetLineNotFound({ line: named.line })
    }
    return { line: named, currency: budget.currency }
  })

  const amountIn = (value: string, from: string, currency: string) =>
    from === currency ? Effect.succeed(d(value)) : convertToCurrency(d(value), from, currency)

  const movement = (
    order: Order,
    line: OrderBudgetLine,
    currency: string,
    from: BudgetMovement["from"],
    to: BudgetMovement["to"],
    amount: BigDecimal.BigDecimal,
    kind = orderDocumentKind,
    documentId = order.id
  ) =>
    new BudgetMovement({
      budgetId: line.budgetId,
      line: line.line,
      documentKind: kind,
      documentId,
      from,
      to,
      amount: money(amount, currency)
    })

  /** What the order holds on its line now, per bucket. */
  const heldBy = Effect.fn("Orders.heldBy")(function* (orgId: OrgId, kind: string, id: string) {
    const entries = yield* ledger.entriesOf(orgId, kind, id)
    return {
      requested: BigDecimal.sumAll(entries.map((e) => d(e.requested))),
      committed: BigDecimal.sumAll(entries.map((e) => d(e.committed))),
      actual: BigDecimal.sumAll(entries.map((e) => d(e.actual)))
    }
  })

  /**
   * On the last approval: what the order holds as requested moves to committed. Its request's share already moved
   * to it on submission (see `requestShareOf`).
   */
  const commit = Effect.fn("Orders.commit")(function* (actor: Actor, order: Order) {
    const charged = yield* chargedLine(actor, order)
    if (charged === null) return
    const held = yield* heldBy(actor.orgId, orderDocumentKind, order.id)
    if (!BigDecimal.isPositive(held.requested)) return
    yield* ledger.move(actor, movement(order, charged.line, charged.currency, "requested", "committed", held.requested))
  })

  /**
   * What a submitted order takes of its request's requested amount on the line it is charged to: the lines it
   * ordered from the request, in the budget's currency, capped by what the request still holds there. Coupa moves a
   * requisition's commitment to its purchase order the same way, so the line never counts the same need twice.
   */
  const requestShareOf = Effect.fn("Orders.requestShareOf")(function* (
    orgId: OrgId,
    order: Order,
    charged: { line: OrderBudgetLine; currency: string }
  ) {
    if (order.request === null) return zero
    const fromRequest = BigDecimal.sumAll(
      order.lines.filter((l) => l.requestItemId !== null).map((l) => d(l.amounts.total))
    )
    if (!BigDecimal.isPositive(fromRequest)) return zero
    const taken = yield* amountIn(BigDecimal.format(fromRequest), order.currency, charged.currency)
    const entries = yield* ledger.entriesOf(orgId, requestDocumentKind, order.request.id)
    const same = entries.find((e) => e.budgetId === charged.line.budgetId && e.line === charged.line.line)
    const held = same === undefined ? zero : d(same.requested)
    return roundToCurrency(BigDecimal.min(held, taken), charged.currency)
  })

  /**
   * Gives the request back exactly what the order took of it, once the order holds nothing on its line (rejected,
   * returned or cancelled) and while the request is still open. It restores what was there before the order, so the
   * line's Stop limit does not judge it again.
   */
  const giveBackToRequest = Effect.fn("Orders.giveBackToRequest")(function* (actor: Actor, order: Order) {
    if (order.request === null || order.requestShare === null || order.budget === null) return order.requestShare
    const held = yield* heldBy(actor.orgId, orderDocumentKind, order.id)
    if (BigDecimal.isPositive(held.requested) || BigDecimal.isPositive(held.committed)) return order.requestShare
    const request = Option.getOrUndefined(yield* requests.find(actor.orgId, order.request.id))
    const budget = Option.getOrUndefined(yield* budgetRepository.find(actor.orgId, order.budget.budgetId))
    const share = d(order.requestShare)
    if (request?.status === "REQUEST_SUBMITTED" && budget !== undefined && BigDecimal.isPositive(share)) {
      yield* ledger.move(
        { orgId: actor.orgId, privileges: [budgetStopOverride] },
        movement(order, order.budget, budget.currency, "none", "requested", share, requestDocumentKind, request.id)
      )
    }
    return null
  })

  /** The share of the order's total not yet received or billed, in the budget's currency. */
  const openShare = (order: Order): BigDecimal.BigDecimal => {
    const total = d(order.totals.total)
    if (!BigDecimal.isPositive(total)) return zero
    const linesTotal = BigDecimal.sumAll(order.lines.map((l) => d(l.amounts.total)))
    const delivered = BigDecimal.sumAll(
      order.lines.map((l) => {
        const q = d(l.quantity)
        const done = BigDecimal.max(d(l.receivedQuantity), d(l.billedQuantity))
        return BigDecimal.isPositive(q)
          ? BigDecimal.divideUnsafe(BigDecimal.multiply(d(l.amounts.total), done), q)
          : zero
      })
    )
    return BigDecimal.isPositive(linesTotal)
      ? BigDecimal.divideUnsafe(BigDecimal.multiply(total, BigDecimal.subtract(linesTotal, delivered)), linesTotal)
      : total
  }

  // -------------------------------------------------------------------------------------------------------------
  // Contract ceilings.

  /**
   * What the order should hold of each contract's ceiling: the net amount (after discounts, before tax, as a
   * framework agreement's value is stated) of its lines at agreed prices; `delivered` counts only what was received
   * or billed (a closed order keeps that and gives the rest back), `none` nothing (cancelled, refused).
   */
  const contractTargets = (order: Order, what: "lines" | "delivered" | "none") => {
    const targets = new Map<string, BigDecimal.BigDecimal>()
    if (what === "none") return targets
    for (const line of order.lines) {
      if (line.contract === null) continue
      const q = d(line.quantity)
      const done = BigDecimal.max(d(line.receivedQuantity), d(line.billedQuantity))
      const net = d(line.amounts.net)
      const share =
        what === "lines"
          ? net
          : BigDecimal.isPositive(q)
            ? BigDecimal.divideUnsafe(BigDecimal.multiply(net, BigDecimal.min(done, q)), q)
            : zero
      targets.set(line.contract.id, BigDecimal.sum(targets.get(line.contract.id) ?? zero, share))
    }
    for (const [id, amount] of targets) targets.set(id, roundToCurrency(amount, order.currency))
    return targets
  }

  /**
   * Brings what the order holds of its contracts' ceilings to what it should: the difference taken (one conditional
   * update per contract, refused past the ceiling or outside the contract's validity) or given back. Run at the
   * last approval, on an amendment, a reopening (`lines`), on cancel or a vendor's refusal (`none`) and on close
   * (`delivered`), inside the command's transaction, so a refusal leaves nothing half-done.
   */
  const settleContracts = Effect.fn("Orders.settleContracts")(function* (
    orgId: OrgId,
    order: Order,
    what: "lines" | "delivered" | "none"
  ) {
    const targets = contractTargets(order, what)
    const held = new Map((yield* contracts.heldBy(orgId, order.id)).map((h) => [h.contractId, d(h.amount)] as const))
    const day = yield* today
    for (const id of [...new Set([...held.keys(), ...targets.keys()])].sort()) {
      const change = BigDecimal.subtract(targets.get(id) ?? zero, held.get(id) ?? zero)
      const value = BigDecimal.format(BigDecimal.normalize(BigDecimal.abs(change)))
      // An ending order only gives back: what it holds was taken at approval.
      if (BigDecimal.isPositive(change) && what === "lines") {
        yield* consumeCeiling(contracts, orgId, id, value, order.id, day).pipe(
          Effect.catchTag("ContractNotFound", (e) => Effect.die(e))
        )
      } else if (BigDecimal.isNegative(change)) {
        // It gives back no more than it holds, of a contract that stays: neither refusal can happen.
        yield* releaseCeiling(contracts, orgId, id, value, order.id).pipe(Effect.orDie)
      }
    }
  })

  /** Gives back what an ending order holds of its contracts beyond `what` it keeps. */
  const releaseContracts = (orgId: OrgId, order: Order, what: "delivered" | "none") =>
    settleContracts(orgId, order, what).pipe(
      Effect.catchTags({ ContractCeilingExceeded: Effect.die, ContractNotInForce: Effect.die })
    )

  // -------------------------------------------------------------------------------------------------------------
  // Notices.

  const tellWatchers = Effect.fn("Orders.tellWatchers")(function* (orgId: OrgId, order: Order) {
    const watchers = order.watchers.filter((w) => w.notificationStatusMap.ORDER_SUBMISSION.enabled)
    for (const w of watchers) {
      yield* notifications.notify(
        new Recipient({ orgId, userId: w.userId as Recipient["userId"] }),
        new NewNotification({
          module: ordersModule,
          type: "ORDER_SUBMISSION",
          documentId: order.id,
          title: { en: `Order ${order.number} submitted`, ar: `تم تقديم أمر الشراء ${order.number}` },
          notificationBody: order.title,
          url: orderKind.path(order.id)
        })
      )
    }
    return order.watchers.map(
      (w) =>
        new OrderWatcher({
          userId: w.userId,
          notificationStatusMap: {
            ORDER_SUBMISSION: {
              enabled: w.notificationStatusMap.ORDER_SUBMISSION.enabled,
              notified: w.notificationStatusMap.ORDER_SUBMISSION.enabled
            }
          }
        })
    )
  })

  // -------------------------------------------------------------------------------------------------------------
  // Lists.

  const windowOf = Effect.fn("Orders.windowOf")(function* (params: OrderListParams, sort: OrderSort) {
    const paging = yield* pageRequest(params.page, params.limit)
    const cursorText = params.after ?? params.before
    if (cursorText === undefined) {
      return { kind: "offset", offset: paging.page * paging.limit, limit: paging.limit } satisfies OrderWindow
    }
    const cursor = decodeOrderCursor(cursorText)
    if (Option.isNone(cursor) || cursor.value.column !== sort.column || cursor.value.direction !== sort.direction) {
      return yield* new OrderCursorInvalid()
    }
    return {
      kind: params.after !== undefined ? "after" : "before",
      cursor: cursor.value,
      limit: paging.limit
    } satisfies OrderWindow
  })

  const filterOf = Effect.fn("Orders.filterOf")(function* (params: OrderListParams) {
    const statuses = clean(params.statuses)
    if (statuses.some((s) => !Schema.is(OrderStatusSchema)(s))) {
      return yield* new InvalidField({ field: "statuses", problem: "unknown" })
    }
    const filter: OrderFilter = {
      statuses: statuses.length === 0 ? undefined : (statuses as Array<OrderStatus>),
      workspaceIds: clean(params.workspaceIds).length === 0 ? undefined : clean(params.workspaceIds),
      vendorIds: clean(params.vendorIds).length === 0 ? undefined : clean(params.vendorIds),
      priorities: clean(params.priorities).length === 0 ? undefined : clean(params.priorities),
      requestId: params.requestId?.trim() || undefined,
      search: params.search?.trim().slice(0, 200) || undefined
    }
    return filter
  })

  /**
   * The page out. The status counts ignore the status filter (they are the list's tabs); the total counts only the
   * statuses the filter keeps, so that it matches the rows paged through.
   */
  const pageOut = (
    page: OrderListPage,
    counts: ReadonlyArray<{ status: OrderStatus; count: number }>,
    filter: OrderFilter,
    columns: ReadonlyArray<string>,
    view: (o: Order) => Order
  ) =>
    new OrderPage({
      orders: page.orders.map(view),
      totalCount: counts
        .filter((c) => filter.statuses === undefined || filter.statuses.includes(c.status))
        .reduce((n, c) => n + c.count, 0),
      nextCursor: page.nextCursor === null ? null : encodeOrderCursor(page.nextCursor),
      previousCursor: page.previousCursor === null ? null : encodeOrderCursor(page.previousCursor),
      statusList: counts.map((c) => new OrderStatusCount(c)),
      columns
    })

  const list: OrdersShape["list"] = Effect.fn("Orders.list")(function* (actor, params) {
    // Everyone reads the orders they raised or watch; `ord_r_w` (a workspace role's) adds that workspace's orders.
    yield* guard(actor, inModule)
    const sort = parseSort(params.sort)
    if (sort === undefined) return yield* new InvalidField({ field: "sort", problem: "unknown" })
    const window = yield* windowOf(params, sort)
    const base = yield* filterOf(params)
    const readsAll = actor.privileges.includes("ord_r_o")
    const memberships = readsAll ? [] : yield* workspaces.membershipsOf(actor.orgId, actor.userId)
    const readable = memberships.filter((m) => privilegesInWorkspace(actor.privileges, m.role).includes("ord_r_w"))
    const filter: OrderFilter = {
      ...base,
      scope: readsAll ? undefined : { workspaceIds: readable.map((m) => m.workspaceId), userId: actor.userId },
      requesterId: params.mine === true ? actor.userId : undefined
    }
    const page = yield* repository.list(actor.orgId, { ...filter, sort, window })
    const counts = yield* lists.counted(
      actor.orgId,
      orderKind.kind,
      JSON.stringify(filter),
      repository.counts(actor.orgId, filter)
    )
    return pageOut(page, counts.statuses, filter, yield* repository.columnsOf(actor.orgId, actor.userId), (o) => o)
  })

  const get: OrdersShape["get"] = Effect.fn("Orders.get")(function* (actor, id) {
    yield* guard(actor, { module: ordersModule })
    const order = yield* found(actor.orgId, id)
    if (!(yield* sees(actor, order))) return yield* new OrderNotFound({ id })
    return order
  })

  // -------------------------------------------------------------------------------------------------------------
  // Creating.

  const directAllowed = Effect.fn("Orders.directAllowed")(function* (actor: Actor) {
    const org = yield* orgOf(actor.orgId)
    if (org === undefined || !moduleFeature(org.modules, ordersModule, "enableDirectOrder")) {
      return yield* new DirectOrderNotEnabled()
    }
  })

  const mayCreateIn = Effect.fn("Orders.mayCreateIn")(function* (actor: Actor, workspaceId: string) {
    if (!(yield* holds(actor, "c", workspaceId))) {
      return yield* new InsufficientPrivileges({ required: [...orderKind.privileges.create] })
    }
  })

  const create: OrdersShape["create"] = (actor, input, origin = noOrigin) =>
    command(
      actor,
      // `ord_c_w` is a workspace role's: judged against the order's workspace (mayCreateIn), not the actor's own.
      inModule,
      Effect.gen(function* () {
        yield* directAllowed(actor)
        yield* mayCreateIn(actor, input.workspaceId)
        return yield* insertDraft(
          actor,
          {
            workspaceId: input.workspaceId,
            vendorId: input.vendorId,
            currency: input.currency,
            source: "direct",
            request: null,
            lines: input.lines,
            header: input,
            budget: input.budget ?? null,
            categories: []
          },
          origin
        )
      })
    )

  /** What is left to order of each line of a request: its quantity less what live orders took. */
  const leftOf = Effect.fn("Orders.leftOf")(function* (orgId: OrgId, request: Request) {
    const taken = yield* repository.orderedOf(orgId, request.id)
    return new Map(
      request.items.map((item) => {
        const t = taken.find((x) => x.requestItemId === item.id)
        return [item.id, BigDecimal.subtract(d(item.quantity), t === undefined ? zero : d(t.quantity))] as const
      })
    )
  })

  const leftToOrder: OrdersShape["leftToOrder"] = Effect.fn("Orders.leftToOrder")(function* (actor, requestId) {
    yield* guard(actor, inModule)
    const request = Option.getOrUndefined(yield* requests.find(actor.orgId, requestId))
    if (request === undefined) return yield* new RequestNotFound({ id: requestId })
    const left = yield* leftOf(actor.orgId, request)
    return request.items.map((item) => ({
      requestItemId: item.id,
      quantity: BigDecimal.format(BigDecimal.normalize(BigDecimal.max(left.get(item.id) ?? zero, zero)))
    }))
  })

  /** The request's sourcing follows its ordered share: ORDER_PROCESSED once every line is fully ordered. */
  const followRequest = Effect.fn("Orders.followRequest")(function* (actor: Actor, request: Request) {
    const left = yield* leftOf(actor.orgId, request)
    const fully = [...left.values()].every((l) => !BigDecimal.isPositive(l))
    const sourcingStatus =
      fully && sourcingStatusMachine.canTransition(request.sourcingStatus, "ORDER_PROCESSED")
        ? "ORDER_PROCESSED"
        : request.sourcingStatus
    const { id: _i, number: _n, version: _v, createdAt: _c, updatedAt: _u, ...record } = request
    // Written at the version read even when nothing changes, so two orders taking the same lines at once conflict.
    const saved = yield* requests.update(actor.orgId, request.id, { ...record, sourcingStatus }, request.version)
    if (Option.isNone(saved)) return yield* new VersionConflict({ entity: "request", id: request.id })
  })

  const createFromRequest: OrdersShape["createFromRequest"] = (actor, requestId, input, origin = noOrigin) =>
    command(
      actor,
      // `ord_c_w` is a workspace role's: judged against the order's workspace (mayCreateIn), not the actor's own.
      inModule,
      Effect.gen(function* () {
        const request = Option.getOrUndefined(yield* requests.find(actor.orgId, requestId))
        if (request === undefined) return yield* new RequestNotFound({ id: requestId })
        yield* mayCreateIn(actor, request.workspaceId)
        if (request.status !== "REQUEST_SUBMITTED" || request.items.length === 0) {
          return yield* new OrderRequestNotOrderable({ number: request.number, status: request.status })
        }
        const left = yield* leftOf(actor.orgId, request)
        const picks =
          input.lines ??
          request.items
            .filter((i) => BigDecimal.isPositive(left.get(i.id) ?? zero))
            .map((i) => ({ requestItemId: i.id }) as const)
        if (picks.length === 0) return yield* new InvalidField({ field: "lines", problem: "atLeastOne" })
        const lines: Array<OrderLineInput> = []
        for (const pick of picks) {
          const item = request.items.find((i) => i.id === pick.requestItemId)
          if (item === undefined) return yield* new InvalidField({ field: "lines.requestItemId", problem: "unknown" })
          const remaining = left.get(item.id) ?? zero
          const quantity =
            "quantity" in pick && pick.quantity !== undefined ? pick.quantity : BigDecimal.format(remaining)
          const q = yield* validateQuantity(quantity)
          if (BigDecimal.isGreaterThan(q, remaining)) {
            return yield* new RequestLineOverOrdered({
              line: item.name.en || item.name.ar,
              left: BigDecimal.format(BigDecimal.max(remaining, zero))
            })
          }
          // The request line's own percent taxes (none is 0 %, not the currency's default VAT): the order charges
          // what the request was approved at.
          const requestTax = BigDecimal.sumAll(
            item.price.taxes.filter((t) => t.type === "PERCENT").map((t) => d(t.value))
          )
          lines.push(
            new OrderLineInput({
              requestItemId: item.id,
              product: item.product,
              name: item.name,
              description: item.description,
              category: item.category,
              unit: item.unit,
              quantity: BigDecimal.format(q),
              unitPrice: ("unitPrice" in pick ? pick.unitPrice : undefined) ?? item.price.basePrice,
              ...("discount" in pick && pick.discount !== undefined ? { discount: pick.discount } : {}),
              ...("taxRate" in pick && pick.taxRate !== undefined
                ? { taxRate: pick.taxRate }
                : { taxRate: BigDecimal.format(requestTax) })
            })
          )
        }
        const order = yield* insertDraft(
          actor,
          {
            workspaceId: request.workspaceId,
            vendorId: input.vendorId,
            currency: request.currency,
            source: "request",
            request: new OrderRequestRef({ id: request.id, number: request.number }),
            lines,
            // A price picked for a line other than the request's was typed; the rest are the request's estimates
            // (as its form sends them back), which an agreed price beats.
            priceOrigins: lines.map((line, i) => {
              const pick = picks[i]!
              const estimate = request.items.find((item) => item.id === line.requestItemId)?.price.basePrice
              const typed = "unitPrice" in pick && pick.unitPrice !== undefined ? pick.unitPrice : undefined
              return typed !== undefined && (estimate === undefined || !BigDecimal.equals(d(typed), d(estimate)))
                ? ("given" as const)
                : ("request" as const)
            }),
            header: { title: request.title, locationId: request.locationId, ...input },
            budget: input.budget ?? (request.budget === null ? null : new OrderBudgetLine({ ...request.budget })),
            categories: request.categories
          },
          origin
        )
        yield* followRequest(actor, request)
        return order
      })
    )

  const createFromCart: OrdersShape["createFromCart"] = (actor, vendorId, input, origin = noOrigin) =>
    command(
      actor,
      // `ord_c_w` is a workspace role's: judged against the order's workspace (mayCreateIn), not the actor's own.
      inModule,
      Effect.gen(function* () {
        yield* directAllowed(actor)
        // The workspace first: another organisation's workspace is not found, whatever the cart holds.
        const workspace = yield* workspaces.find(actor.orgId, input.workspaceId)
        if (Option.isNone(workspace)) return yield* new WorkspaceNotFound({ id: input.workspaceId })
        yield* mayCreateIn(actor, input.workspaceId)
        const owner = { orgId: actor.orgId, userId: actor.userId }
        // The cart keys a line by the product's first vendor (a vendor master id) or, when the product names none,
        // by its seller's name: both are this vendor's draft.
        const master = Option.getOrUndefined(yield* vendors.find(actor.orgId, vendorId))
        const names = master === undefined ? [] : [master.name.en, master.name.ar].filter((n) => n.trim() !== "")
        // The direct-order cart and the public cart's draft for this vendor (SPEC.md §4 Carts: one draft order per
        // vendor), in the order's currency: lines priced in another stay in the cart.
        const held = [
          ...(yield* carts.lines(owner, "order")).map((line) => ({ kind: "order" as const, line })),
          ...(yield* carts.lines(owner, "public")).map((line) => ({ kind: "public" as const, line }))
        ].filter(({ line }) => line.vendorKey === vendorId || names.includes(line.vendorKey))
        const currency = input.currency ?? held[0]?.line.product.currency
        const taken = held.filter(({ line }) => line.product.currency === currency)
        const cartLines = taken.map(({ line }) => line)
        if (cartLines.length === 0) return yield* new OrderCartEmpty()
        const order = yield* insertDraft(
          actor,
          {
            workspaceId: input.workspaceId,
            vendorId,
            currency,
            source: "cart",
            request: null,
            lines: cartLines.map(
              (l) =>
                new OrderLineInput({
                  product: new ProductRef({
                    productId: l.product.id,
                    sku: l.product.sku,
                    catalogId: l.product.catalogId,
                    categoryId: l.product.categoryId
                  }),
                  name: { en: l.product.name.en, ar: l.product.name.ar },
                  category: l.product.categoryId,
                  ...(l.product.unit === "" ? {} : { unit: l.product.unit.slice(0, 40) }),
                  quantity: l.quantity,
                  unitPrice: numberText(l.product.basePrice),
                  taxRate: numberText(l.product.taxPercent)
                })
            ),
            priceOrigins: cartLines.map(() => "product" as const),
            header: input,
            budget: input.budget ?? null,
            categories: []
          },
          origin
        )
        for (const { kind, line } of taken) yield* carts.remove(owner, kind, line.product.id)
        return order
      })
    )

  // -------------------------------------------------------------------------------------------------------------
  // Editing.

  /** Re-prices an order with changed lines or header, keeping the rest. */
  const repriced = Effect.fn("Orders.repriced")(function* (
    actor: Actor,
    order: Order,
    header: HeaderInput,
    lineInputs: ReadonlyArray<OrderLineInput> | undefined
  ) {
    const fields = yield* headerOf(actor, order.workspaceId, header, order)
    const { workspaceCurrency: _w, ...kept } = fields
    const lines =
      lineInputs === undefined
        ? order.lines
        : yield* linesOf(
            lineInputs,
            order.currency,
            order.lines,
            yield* agreedFor(actor.orgId, order.vendor.id, order.currency, lineInputs)
          )
    const paymentTerms = header.paymentTerms ?? order.paymentTerms
    const figures = yield* priced({
      currency: order.currency,
      orgCurrency: order.orgCurrency,
      taxMode: kept.taxMode,
      lines,
      shippingFee: kept.shippingFee,
      shippingFeeTaxRate: kept.shippingFeeTaxRate,
      adjustments: kept.adjustments,
      paymentTerms,
      deliveryDate: kept.deliveryDate,
      approvedAt: order.approvedAt
    })
    return {
      ...orderRecordOf(order),
      ...kept,
      paymentTerms,
      lines: figures.lines,
      totals: figures.totals,
      schedule: figures.schedule,
      valueInOrgCurrency: figures.valueInOrgCurrency,
      categories: [
        ...new Set([...order.categories, ...lines.flatMap((l) => (l.category === null ? [] : [l.category]))])
      ]
    } satisfies OrderRecord
  })

  const update: OrdersShape["update"] = (actor, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, input.id)
        yield* checkVersion(order, input.version)
        if (!isOrderEditable(order.status)) return yield* refuse("update", order)
        // An amendment sent back still holds its approved commitment on its line: the line stays with it.
        const moved =
          input.budget !== undefined &&
          (input.budget?.budgetId !== order.budget?.budgetId || input.budget?.line !== order.budget?.line)
        if (moved && order.approvedTotal !== null) {
          return yield* new InvalidField({ field: "budget", problem: "fixedOnceApproved" })
        }
        const record = yield* repriced(actor, order, input, input.lines)
        const saved = yield* save(actor.orgId, order, record)
        yield* audit(actor, "order.updated", origin, { orderId: order.id, number: order.number })
        return saved
      })
    )

  // -------------------------------------------------------------------------------------------------------------
  // Approval.

  const autoSends = Effect.fn("Orders.autoSends")(function* (actor: Actor, order: Order) {
    const workspace = Option.getOrUndefined(yield* workspaces.find(actor.orgId, order.workspaceId))
    return workspace?.config.autoSubmitOrder === true
  })

  /** What follows the last approval: the commitment, the approved total, and the vendor told where it is automatic. */
  const approved = Effect.fn("Orders.approved")(function* (
    actor: Actor,
    order: Order,
    record: OrderRecord,
    at: string
  ) {
    yield* commit(actor, order)
    yield* settleContracts(actor.orgId, order, "lines")
    const sends = yield* autoSends(actor, order)
    const approvedAt = order.approvedAt ?? at
    return {
      ...record,
      approvedAt,
      approvedTotal: order.totals.total,
      sentAt: sends ? (order.sentAt ?? at) : order.sentAt,
      events:
        sends && order.sentAt === null
          ? [...record.events, eventOf(actor, "SENT_TO_VENDOR", record.status, record.status, at)]
          : record.events
    }
  })

  const submit: OrdersShape["submit"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input?.version)
        if (!isOrderEditable(order.status)) return yield* refuse("submit", order)
        const charged = yield* chargedLine(actor, order)
        let warning: BudgetWarning | null = null
        let requestShare = order.requestShare
        if (charged !== null) {
          // Only what the order does not hold yet: an amendment sent back to the buyer still holds the commitment
          // approved before it, and an edit below that gives the difference back.
          const held = yield* heldBy(actor.orgId, orderDocumentKind, order.id)
          const total = yield* amountIn(order.totals.total, order.currency, charged.currency)
          const amount = BigDecimal.subtract(total, BigDecimal.sum(held.committed, held.requested))
          if (BigDecimal.isPositive(amount)) {
            // The request's share of the lines ordered leaves it first, in the same moves: a Stop line that holds
            // the request holds its order.
            const share = order.requestShare === null ? yield* requestShareOf(actor.orgId, order, charged) : zero
            const moves = [movement(order, charged.line, charged.currency, "none", "requested", amount)]
            if (order.request !== null && BigDecimal.isPositive(share)) {
              requestShare = money(share, charged.currency)
              moves.unshift(
                movement(
                  order,
                  charged.line,
                  charged.currency,
                  "requested",
                  "none",
                  share,
                  requestDocumentKind,
                  order.request.id
                )
              )
            }
            const outcomes = yield* ledger.moveAll(actor, moves)
            const outcome = outcomes[outcomes.length - 1]!
            warning = outcome.warning === null ? null : new BudgetWarning({ ...outcome.warning })
          } else if (BigDecimal.isNegative(amount) && BigDecimal.isPositive(held.committed)) {
            const over = BigDecimal.min(held.committed, BigDecimal.negate(amount))
            yield* ledger.move(actor, movement(order, charged.line, charged.currency, "committed", "none", over))
          }
        }
        const submitted = yield* approval.submit(actor, subjectOf(order), order.status)
        const at = yield* now
        const watchers = yield* tellWatchers(actor.orgId, order)
        let record: OrderRecord = {
          ...orderRecordOf(order),
          status: submitted.status,
          budgetWarning: warning,
          requestShare,
          submittedAt: at,
          watchers
        }
        if (submitted.status === "ORDER_SUBMITTED_TO_VENDOR") record = yield* approved(actor, order, record, at)
        const saved = yield* save(actor.orgId, order, record)
        yield* audit(actor, "order.status_changed", origin, {
          orderId: order.id,
          number: order.number,
          action: "submit",
          from: order.status,
          to: submitted.status,
          remark: input?.remark?.trim() ?? ""
        })
        return saved
      })
    )

  const decide =
    (name: "approve" | "reject" | "return") =>
    (actor: Actor, id: string, input: Parameters<OrdersShape["approve"]>[2], origin: RequestOrigin = noOrigin) =>
      command(
        actor,
        inModule,
        Effect.gen(function* () {
          const order = yield* found(actor.orgId, id)
          if (!isOrderPending(order.status)) {
            if (!(yield* sees(actor, order))) return yield* new OrderNotFound({ id })
            return yield* refuse(name, order)
          }
          yield* checkVersion(order, input.version)
          const reviewed = yield* approval.review(actor, subjectOf(order), { ...input, action: name })
          const at = yield* now
          const approvalClassification =
            input.approvalClassification === undefined ? order.approvalClassification : input.approvalClassification
          let record: OrderRecord = { ...orderRecordOf(order), approvalClassification }
          if (reviewed.pending) {
            record = { ...record, status: name === "approve" ? "ORDER_PARTIAL_APPROVED" : order.status }
          } else {
            record = { ...record, status: reviewed.status }
            if (reviewed.status === "ORDER_SUBMITTED_TO_VENDOR") record = yield* approved(actor, order, record, at)
            else if (reviewed.status === "ORDER_REJECTED") {
              yield* ledger.release(actor, orderDocumentKind, order.id)
              record = { ...record, requestShare: yield* giveBackToRequest(actor, order) }
            } else if (reviewed.status === "ORDER_RETURNED") {
              yield* releaseRequested(actor, order)
              record = { ...record, requestShare: yield* giveBackToRequest(actor, order) }
            }
          }
          const saved = yield* save(actor.orgId, order, record)
          yield* audit(actor, "order.status_changed", origin, {
            orderId: order.id,
            number: order.number,
            action: name,
            from: order.status,
            to: saved.status,
            remark: input.remark?.trim() ?? ""
          })
          return saved
        })
      )

  /** Gives back what the order holds as requested (a return, or a rejected amendment), keeping what is committed. */
  const releaseRequested = Effect.fn("Orders.releaseRequested")(function* (actor: Actor, order: Order) {
    const entries = yield* ledger.entriesOf(actor.orgId, orderDocumentKind, order.id)
    const moves = entries
      .filter((e) => BigDecimal.isPositive(d(e.requested)))
      .map(
        (e) =>
          new BudgetMovement({
            budgetId: e.budgetId,
            line: e.line,
            documentKind: orderDocumentKind,
            documentId: order.id,
            from: "requested",
            to: "none",
            amount: e.requested
          })
      )
    if (moves.length > 0) yield* ledger.moveAll(actor, moves)
  })

  // -------------------------------------------------------------------------------------------------------------
  // After approval.

  const submitToVendor: OrdersShape["submitToVendor"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input?.version)
        if (order.status !== "ORDER_SUBMITTED_TO_VENDOR" || order.sentAt !== null) {
          return yield* refuse("submitToVendor", order)
        }
        const at = yield* now
        const saved = yield* save(actor.orgId, order, {
          ...orderRecordOf(order),
          sentAt: at,
          events: [
            ...order.events,
            eventOf(actor, "SENT_TO_VENDOR", order.status, order.status, at, input?.remark ?? "")
          ]
        })
        yield* audit(actor, "order.sent", origin, { orderId: order.id, number: order.number })
        return saved
      })
    )

  const cancel: OrdersShape["cancel"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input.version)
        const received = order.lines.find((l) => BigDecimal.isPositive(d(l.receivedQuantity)))
        if (received !== undefined) {
          return yield* new OrderNotCancellable({ reason: "received", line: received.name.en || received.name.ar })
        }
        const billed = order.lines.find((l) => BigDecimal.isPositive(d(l.billedQuantity)))
        if (billed !== undefined) {
          return yield* new OrderNotCancellable({ reason: "billed", line: billed.name.en || billed.name.ar })
        }
        if (!orderStatusMachine.canTransition(order.status, "ORDER_CANCELLED")) return yield* refuse("cancel", order)
        if (isOrderPending(order.status))
          yield* approvals.withdraw(actor, "order", order.id, input.reason.trim()).pipe(Effect.ignore)
        yield* ledger.release(actor, orderDocumentKind, order.id)
        yield* releaseContracts(actor.orgId, order, "none")
        const requestShare = yield* giveBackToRequest(actor, order)
        const at = yield* now
        const saved = yield* save(actor.orgId, order, {
          ...orderRecordOf(order),
          requestShare,
          status: "ORDER_CANCELLED",
          cancelReason: input.reason.trim(),
          events: [
            ...order.events,
            eventOf(actor, "CANCELLED", order.status, "ORDER_CANCELLED", at, input.reason.trim())
          ]
        })
        if (order.request !== null) {
          const request = Option.getOrUndefined(yield* requests.find(actor.orgId, order.request.id))
          if (request !== undefined) yield* followRequest(actor, request)
        }
        yield* audit(actor, "order.status_changed", origin, {
          orderId: order.id,
          number: order.number,
          action: "cancel",
          from: order.status,
          to: "ORDER_CANCELLED",
          remark: input.reason.trim()
        })
        return saved
      })
    )

  const close: OrdersShape["close"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input?.version)
        if (!orderStatusMachine.canTransition(order.status, "ORDER_CLOSED")) return yield* refuse("close", order)
        // From what the order holds, whether or not its budget is still in force: the commitment kept is what was
        // received or billed and not yet actual; the rest goes back to the line.
        for (const entry of yield* ledger.entriesOf(actor.orgId, orderDocumentKind, order.id)) {
          const budget = Option.getOrUndefined(yield* budgetRepository.find(actor.orgId, entry.budgetId))
          if (budget === undefined || !BigDecimal.isPositive(d(entry.committed))) continue
          const total = yield* amountIn(order.totals.total, order.currency, budget.currency)
          const open = yield* amountIn(BigDecimal.format(openShare(order)), order.currency, budget.currency)
          const keep = BigDecimal.max(zero, BigDecimal.subtract(BigDecimal.subtract(total, open), d(entry.actual)))
          const release = BigDecimal.subtract(d(entry.committed), keep)
          if (BigDecimal.isPositive(release)) {
            const line = new OrderBudgetLine({ budgetId: entry.budgetId, line: entry.line })
            yield* ledger.move(actor, movement(order, line, budget.currency, "committed", "none", release))
          }
        }
        yield* releaseContracts(actor.orgId, order, "delivered")
        const at = yield* now
        const saved = yield* save(actor.orgId, order, {
          ...orderRecordOf(order),
          status: "ORDER_CLOSED",
          events: [...order.events, eventOf(actor, "CLOSED", order.status, "ORDER_CLOSED", at, input?.remark ?? "")]
        })
        yield* audit(actor, "order.status_changed", origin, {
          orderId: order.id,
          number: order.number,
          action: "close",
          from: order.status,
          to: "ORDER_CLOSED"
        })
        return saved
      })
    )

  const reopen: OrdersShape["reopen"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input?.version)
        if (order.status !== "ORDER_CLOSED") return yield* refuse("reopen", order)
        const charged = yield* chargedLine(actor, order).pipe(
          Effect.catchTag("OrderBudgetRequired", () => Effect.succeed(null))
        )
        if (charged !== null) {
          // An open order commits its whole total less what has become actual (receipts and bills move that).
          const held = yield* heldBy(actor.orgId, orderDocumentKind, order.id)
          const total = yield* amountIn(order.totals.total, order.currency, charged.currency)
          const missing = BigDecimal.subtract(BigDecimal.subtract(total, held.actual), held.committed)
          // Taken back from nothing, so the line's Stop policy judges it again.
          if (BigDecimal.isPositive(missing)) {
            yield* ledger.move(actor, movement(order, charged.line, charged.currency, "none", "committed", missing))
          }
        }
        yield* settleContracts(actor.orgId, order, "lines")
        const at = yield* now
        const saved = yield* save(actor.orgId, order, {
          ...orderRecordOf(order),
          status: "ORDER_ACCEPTED_BY_VENDOR",
          events: [
            ...order.events,
            eventOf(actor, "REOPENED", order.status, "ORDER_ACCEPTED_BY_VENDOR", at, input?.remark ?? "")
          ]
        })
        yield* audit(actor, "order.status_changed", origin, {
          orderId: order.id,
          number: order.number,
          action: "reopen",
          from: order.status,
          to: saved.status
        })
        return saved
      })
    )

  /** The levels of the order's workflow that apply to a subject. */
  const levelsFor = Effect.fn("Orders.levelsFor")(function* (actor: Actor, subject: ApprovalSubject) {
    const own = yield* workflows.find(actor.orgId, subject.workspaceId, "order")
    const workflow = Option.isSome(own) ? own : yield* workflows.find(actor.orgId, null, "order")
    return Option.isSome(workflow) ? applicableLevels(workflow.value, subject).map((l) => l.level) : []
  })

  const amend: OrdersShape["amend"] = (actor, id, input, origin = noOrigin) =>
    command(
      actor,
      inModule,
      Effect.gen(function* () {
        const order = yield* changeable(actor, id)
        yield* checkVersion(order, input.version)
        const amendable: ReadonlyArray<OrderStatus> = [
          "ORDER_SUBMITTED_TO_VENDOR",
          "ORDER_VENDOR_PENDING",
          "ORDER_ACCEPTED_BY_VENDOR"
        ]
        if (!amendable.includes(order.status)) return yield* refuse("amend", order)
        // Lines it does not name stay as they are; named ones change quantity or price; new ones are added.
        const inputs = [
          ...order.lines.map((l) => {
            const change = input.lines.find((x) => x.id === l.id)
            return new OrderLineInput({
              id: l.id,
              quantity: change?.quantity ?? l.quantity,
              ...(change?.unitPrice === undefined ? {} : { unitPrice: change.unitPrice }),
              ...(change?.discount === undefined ? {} : { discount: change.discount }),
              ...(change?.taxRate === undefined ? {} : { taxRate: change.taxRate })
            })
          }),
          ...input.lines.filter((x) => x.id === undefined || !order.lines.some((l) => l.id === x.id))
        ]
        for (const l of order.lines) {
          const q = d(inputs.find((x) => x.id === l.id)!.quantity)
          const delivered = BigDecimal.max(d(l.receivedQuantity), d(l.billedQuantity))
          if (BigDecimal.isLessThan(q, delivered)) {
            return yield* new OrderLineBelowDelivered({
              line: l.name.en || l.name.ar,
              quantity: BigDecimal.format(q),
              delivered: BigDecimal.format(delivered)
            })
          }
        }
        const record = yield* repriced(actor, order, {}, inputs)
        const before = d(order.totals.total)
        const after = d(record.totals.total)
        const amended = new Order({ ...order, ...record })
        const pastLevel = BigDecimal.isGreaterThan(after, before) && (yield* newLevels(actor, order, amended))
        // Once the vendor accepted, an order never goes back to approval: a rise that needs a new level is refused.
        if (pastLevel && order.status === "ORDER_ACCEPTED_BY_VENDOR") return yield* refuse("amendPastLevel", order)
        const reapprove = pastLevel
        const charged = yield* chargedLine(actor, order).pipe(
          Effect.catchTag("OrderBudgetRequired", () => Effect.succeed(null))
        )
        const at = yield* now
        let status: OrderStatus = order.status
        if (charged !== null) {
          const diff = yield* amountIn(
            BigDecimal.format(BigDecimal.abs(BigDecimal.subtract(after, before))),
            order.currency,
            charged.currency
          )
          if (BigDecimal.isPositive(diff)) {
            if (BigDecimal.isLessThan(after, before)) {
              yield* ledger.move(actor, movement(order, charged.line, charged.currency, "committed", "none", diff))
            } else {
              yield* ledger.move(
                actor,
                movement(order, charged.line, charged.currency, "none", reapprove ? "requested" : "committed", diff)
              )
            }
          }
        }
        if (reapprove) {
          const submitted = yield* approval.submit(actor, subjectOf(amended), "ORDER_RETURNED")
          status = submitted.status === "ORDER_SUBMITTED_TO_VENDOR" ? order.status : "ORDER_UNAPPROVED"
        }
        const saved = yield* save(actor.orgId, order, {
          ...record,
          status,
          // A change no new level had to approve stands approved at its value.
          approvedTotal: reapprove ? order.approvedTotal : record.totals.total,
          events: [
            ...order.events,
            eventOf(actor, "AMENDED", order.status, status, at, input.remark?.trim() ?? "", {
              before: order.totals.total,
              after: record.totals.total
            })
          ]
        })
        // A change no new level had to approve holds its contracts at once; one waiting on approval, at approval.
        if (!reapprove) yield* settleContracts(actor.orgId, saved, "lines")
        yield* audit(actor, "order.amended", origin, {
          orderId: order.id,
          number: order.number,
          from: order.totals.total,
          to: record.totals.total
        })
        return saved
      })
    )

  /** Whether the amended order needs a level the approved one did not. */
  const newLevels = Effect.fn("Orders.newLevels")(function* (actor: Actor, order: Order, amended: Order) {
    const was = yield* levelsFor(actor, subjectOf(order))
    const now = yield* levelsFor(actor, subjectOf(amended))
    return now.some((level) => !was.includes(level))
  })

  const saveColumns: OrdersShape["saveColumns"] = Effect.fn("Orders.saveColumns")(function* (actor, columns) {
    yield* guard(actor, inModule)
    const kept = clean(columns).slice(0, 50)
    if (kept.some((c) => c.length > 60)) return yield* new InvalidField({ field: "columns", problem: "tooLong" })
    yield* repository.saveColumns(actor.orgId, actor.userId, kept)
    return kept
  })

  // -------------------------------------------------------------------------------------------------------------
  // The vendor's side.

  const listForVendor: OrdersShape["listForVendor"] = Effect.fn("Orders.listForVendor")(function* (actor, params) {
    const sort = parseSort(params.sort)
    if (sort === undefined) return yield* new InvalidField({ field: "sort", problem: "unknown" })
    const window = yield* windowOf(params, sort)
    const filter = yield* filterOf(params)
    const page = yield* repository.listForVendor(actor.orgId, { ...filter, sort, window })
    const counts = yield* repository.countsForVendor(actor.orgId, filter)
    return pageOut(page, counts.statuses, filter, [], forVendor)
  })

  const getForVendor: OrdersShape["getForVendor"] = Effect.fn("Orders.getForVendor")(function* (actor, id) {
    const addressed = yield* repository.findForVendor(actor.orgId, id)
    if (Option.isNone(addressed)) return yield* new OrderNotFound({ id })
    return forVendor(addressed.value.order)
  })

  const answer = (accept: boolean) =>
    Effect.fn(accept ? "Orders.vendorAccept" : "Orders.vendorReject")(function* (
      actor: Actor,
      id: string,
      input: { readonly remark?: string; readonly version?: number } | undefined,
      origin: RequestOrigin = noOrigin
    ) {
      const addressed = Option.getOrUndefined(yield* repository.findForVendor(actor.orgId, id))
      if (addressed === undefined) return yield* new OrderNotFound({ id })
      const { order, orgId: buyerOrgId } = addressed
      yield* checkVersion(order, input?.version)
      const to: OrderStatus = accept ? "ORDER_ACCEPTED_BY_VENDOR" : "ORDER_REJECTED"
      // Only what waits on the vendor: not an amendment waiting on the buyer's approvers, not one already answered.
      if (order.status !== "ORDER_SUBMITTED_TO_VENDOR" && order.status !== "ORDER_VENDOR_PENDING") {
        return yield* refuse(accept ? "vendorAccept" : "vendorReject", order)
      }
      const remark = input?.remark?.trim() ?? ""
      if (!accept && remark === "") return yield* new InvalidField({ field: "remark", problem: "required" })
      const at = yield* now
      const event = eventOf(actor, accept ? "VENDOR_ACCEPTED" : "VENDOR_REJECTED", order.status, to, at, remark)
      const saved = yield* repository.answerForVendor(buyerOrgId, actor.orgId, id, to, event, order.version)
      if (Option.isNone(saved)) return yield* new VersionConflict({ entity: "order", id })
      // A refusal ends the order: the buyer's budget line gets back what it committed, as the buyer's system.
      if (!accept) {
        yield* ledger.release(systemMover(buyerOrgId), orderDocumentKind, order.id)
        yield* releaseContracts(buyerOrgId, order, "none")
      }
      yield* audit(actor, "order.vendor_answered", origin, { orderId: order.id, number: order.number, to })
      return { saved: saved.value, order }
    })

  return {
    list,
    get,
    timeline: (actor, id) => Effect.flatMap(get(actor, id), (order) => approvals.timeline(actor, "order", order.id)),
    create,
    leftToOrder,
    createFromRequest,
    createFromCart,
    update,
    submit,
    approve: decide("approve"),
    reject: decide("reject"),
    returnToBuyer: decide("return"),
    submitToVendor,
    cancel,
    close,
    reopen,
    amend,
    saveColumns,
    listForVendor,
    getForVendor,
    vendorAccept: (actor, id, input, origin) =>
      Effect.map(answer(true)(actor, id, input, origin), (a) => forVendor(a.saved)),
    vendorReject: (actor, id, input, origin) =>
      Effect.map(answer(false)(actor, id, input, origin), (a) => forVendor(a.saved))
  } satisfies OrdersShape
})
