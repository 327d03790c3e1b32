import { Schema } from "effect"
import { BudgetWarning } from "../budgets/Budget.ts"
import { approverFields, ReviewAction, reviewFields } from "../documents/DocumentReview.ts"
import { Amount } from "../money/StoredDecimal.ts"
import { cappedArray } from "../shared/Limits.ts"
import { IsoDate } from "../workspaces/Workspace.ts"
import { RequestStatus } from "./RequestStatus.ts"
import { SourcingStatus } from "./SourcingStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** The most entries each list inside a request may hold, so that no request grows without bound. */
export const requestLimits = {
  /** Lines of one request (items and expense items each). */
  items: 500,
  /** Taxes on one line. */
  taxes: 10,
  /** Files attached to one request, and invoice files of one expense request. */
  attachments: 50,
  /** Users watching one request. */
  watchers: 100,
  /** Vendors quoted on one line. */
  vendors: 50,
  /** Columns one user saves for a list. */
  columns: 50
} as const

/** The kinds of request of SPEC.md §4 ("request types"). */
export const RequestType = Schema.Literals([
  "inventory",
  "product",
  "reimbursement",
  "service",
  "proposal",
  "expense",
  "contract"
])
export type RequestType = typeof RequestType.Type

/** The kinds that record money already spent (an invoice to pay, or an employee to refund): expense requests. */
export const expenseRequestTypes: ReadonlyArray<RequestType> = ["expense", "reimbursement"]

/** The kinds that go straight to sourcing as a proposal (RFP) or a contract (RFC) and start with a Total line. */
export const sourcingRequestTypes: ReadonlyArray<RequestType> = ["proposal", "contract"]

/** Whether a request of this kind is an expense request (expense items, invoice and vendor). */
export const isExpenseType = (type: RequestType): boolean => expenseRequestTypes.includes(type)

/** The priorities of SPEC.md §3; an expense request is LOW unless said otherwise (SPEC.md §9). */
export const RequestPriority = Schema.Literals(["LOW", "MEDIUM", "HIGH"])
export type RequestPriority = typeof RequestPriority.Type

/** Whether a tax is inside the price (INCLUSIVE) or added on top of it (EXCLUSIVE), SPEC.md §3 tax modes. */
export const TaxMode = Schema.Literals(["INCLUSIVE", "EXCLUSIVE"])
export type TaxMode = typeof TaxMode.Type

/** Whether a tax is a fixed amount for the line (ABSOLUTE) or a rate of its net amount (PERCENT), SPEC.md §3. */
export const AmountType = Schema.Literals(["ABSOLUTE", "PERCENT"])
export type AmountType = typeof AmountType.Type

/** An ISO 4217 currency code. */
export const CurrencyCode = Schema.String.check(Schema.isPattern(/^[A-Z]{3}$/))

/** One tax on a line: a rate in percent (0 to 100) or an amount for the whole line, inside or on top of the price. */
export class ItemTax extends Schema.Class<ItemTax>("ItemTax")({
  name: Text(100),
  mode: TaxMode,
  type: AmountType,
  value: Amount
}) {}

/** A line's unit price (`basePrice`, up to six decimals), its currency and its taxes (SPEC.md §3 item price). */
export class ItemPrice extends Schema.Class<ItemPrice>("ItemPrice")({
  basePrice: Amount,
  currency: CurrencyCode,
  taxes: cappedArray(ItemTax, requestLimits.taxes)
}) {}

/** A line's amounts in the request's currency: net of tax, its taxes, and both together. */
export class LineAmounts extends Schema.Class<LineAmounts>("LineAmounts")({
  net: Schema.String,
  tax: Schema.String,
  total: Schema.String
}) {}

/** The catalog product a line asks for; a line without one is a manual item. */
export class ProductRef extends Schema.Class<ProductRef>("ProductRef")({
  productId: Text(100).check(Schema.isMinLength(1)),
  sku: Schema.NullOr(Text(100)),
  catalogId: Schema.NullOr(Text(100)),
  categoryId: Schema.NullOr(Text(100))
}) {}

/** A vendor's price for a line, as sourcing fills it in (SPEC.md §3 items' vendors). */
export class ItemVendor extends Schema.Class<ItemVendor>("ItemVendor")({
  connectionId: Text(100),
  price: Amount
}) {}

/** A name in both languages; a manual item needs at least one of them. */
export const LocalName = Schema.Struct({ en: Text(300), ar: Text(300) })
export type LocalName = typeof LocalName.Type

/**
 * One line of a request (SPEC.md §3 items) or of an expense request (its expense items, which carry the expense
 * account they are booked to). `amounts` are always the line's own price worked out in the request's currency.
 */
export class RequestItem extends Schema.Class<RequestItem>("RequestItem")({
  id: Schema.String,
  lineSeqId: Schema.Int,
  product: Schema.NullOr(ProductRef),
  manualProduct: Schema.Boolean,
  name: LocalName,
  description: Schema.String,
  /** The category the line is classified under: its product's, or one given for a manual item. */
  category: Schema.NullOr(Schema.String),
  /** The expense account an expense item is booked to. */
  expenseAccount: Schema.NullOr(Schema.String),
  quantity: Schema.String,
  unit: Schema.String,
  allowDifferentBrand: Schema.Boolean,
  allowAlternateProduct: Schema.Boolean,
  price: ItemPrice,
  amounts: LineAmounts,
  vendors: Schema.Array(ItemVendor)
}) {}

/** Whom a watcher is told of, per event: today only when the request's order is submitted (SPEC.md §3). */
export class WatcherNotification extends Schema.Class<WatcherNotification>("WatcherNotification")({
  enabled: Schema.Boolean,
  notified: Schema.Boolean
}) {}

/** A user following a request (SPEC.md §3 Watcher). */
export class RequestWatcher extends Schema.Class<RequestWatcher>("RequestWatcher")({
  userId: Schema.String,
  notificationStatusMap: Schema.Struct({ ORDER_SUBMISSION: WatcherNotification })
}) {}

/** The budget line a request is charged to: one line of an active budget of its workspace. */
export class RequestBudgetLine extends Schema.Class<RequestBudgetLine>("RequestBudgetLine")({
  budgetId: Schema.String,
  line: Text(100)
}) {}

/** Whom an expense was paid to: a vendor of the organisation (`id`), or one named only. */
export class ExpenseVendor extends Schema.Class<ExpenseVendor>("ExpenseVendor")({
  id: Schema.NullOr(Text(100)),
  name: Text(300)
}) {}

/** What an expense request adds (SPEC.md §3): the invoice, its vendor and files, when it is due, how urgent. */
export class ExpenseDetails extends Schema.Class<ExpenseDetails>("ExpenseDetails")({
  invoiceDate: Schema.NullOr(IsoDate),
  paymentDueDate: Schema.NullOr(IsoDate),
  vendor: Schema.NullOr(ExpenseVendor),
  invoiceAttachments: Schema.Array(Schema.String),
  requestPriority: RequestPriority
}) {}

/**
 * How a proposal's responses are judged (SPEC.md §3 RFP config, §5): a technical score out of 100 weighted against
 * the commercial one, and a minimum technical score (80 unless said otherwise) that applies only when switched on.
 */
export class RfpConfig extends Schema.Class<RfpConfig>("RfpConfig")({
  technical: Schema.Struct({
    minThreshold: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 })),
    haveMinThreshold: Schema.Boolean,
    weightage: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))
  }),
  commercial: Schema.Struct({
    weightage: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))
  })
}) {}

/** The default technical threshold of SPEC.md §5: 80, off until switched on. */
export const defaultTechnicalThreshold = 80

/** The weightages of SPEC.md §5: a proposal weighs technical and commercial 50/50, a product request technical 100. */
export const defaultRfpConfig = (type: RequestType): RfpConfig =>
  new RfpConfig({
    technical: {
      minThreshold: defaultTechnicalThreshold,
      haveMinThreshold: false,
      weightage: type === "product" ? 100 : 50
    },
    commercial: { weightage: type === "product" ? 0 : 50 }
  })

/** A request's totals in its currency: net of tax, taxes, and both; net + tax is the total, always. */
export class RequestTotals extends Schema.Class<RequestTotals>("RequestTotals")({
  subTotal: Schema.String,
  tax: Schema.String,
  total: Schema.String
}) {}

/**
 * A purchase request (SPEC.md §3 Request), or an expense request (its expense items, invoice and vendor). Dates are
 * ISO date-times in UTC; amounts are decimal strings in the currency's precision. `valueInOrgCurrency` is the total
 * in the organisation's currency, which approval levels and budgets judge. `version` is what a change must name.
 */
export class Request extends Schema.Class<Request>("Request")({
  id: Schema.String,
  /** What people call it (`REQ-000042`), numbered per organisation. */
  number: Schema.String,
  title: Schema.String,
  requestType: RequestType,
  status: RequestStatus,
  sourcingStatus: SourcingStatus,
  workspaceId: Schema.String,
  locationId: Schema.NullOr(Schema.String),
  requesterId: Schema.String,
  createdBy: Schema.String,
  /** The user the request is assigned to for sourcing. */
  assigneeId: Schema.NullOr(Schema.String),
  /** The request classification approval levels may ask for (SPEC.md §3 approval criteria). */
  classification: Schema.NullOr(Schema.String),
  /** The approval classification an approver gave, which the next round's levels may ask for. */
  approvalClassification: Schema.NullOr(Schema.String),
  currency: Schema.String,
  requestedDate: Schema.String,
  /** When the goods or services are due; none for an expense request. */
  expectedDate: Schema.NullOr(Schema.String),
  enquiryLastDate: Schema.NullOr(Schema.String),
  expiryDate: Schema.NullOr(Schema.String),
  acceptToRespondLastDate: Schema.NullOr(Schema.String),
  items: Schema.Array(RequestItem),
  expenseItems: Schema.Array(RequestItem),
  expense: Schema.NullOr(ExpenseDetails),
  rfp: Schema.NullOr(RfpConfig),
  attachments: Schema.Array(Schema.String),
  remarks: Schema.String,
  watchers: Schema.Array(RequestWatcher),
  budget: Schema.NullOr(RequestBudgetLine),
  /** What a Warn budget (or an override of Stop) said when the request was last submitted. */
  budgetWarning: Schema.NullOr(BudgetWarning),
  totals: RequestTotals,
  orgCurrency: Schema.String,
  valueInOrgCurrency: Schema.String,
  /** The categories of its lines, which approval levels may ask for. */
  categories: Schema.Array(Schema.String),
  copiedFrom: Schema.NullOr(Schema.String),
  submittedAt: Schema.NullOr(Schema.String),
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** The placeholder line a proposal or contract starts with (SPEC.md §3): the vendor quotes its total against it. */
export const placeholderItemId = "commercial-product-1"

/** The placeholder line's name and description, in both languages. */
export const placeholderItemText = {
  name: { en: "Total", ar: "الإجمالي" },
  description: {
    en: "Please enter the total value of your quote",
    ar: "يرجى إدخال القيمة الإجمالية لعرض السعر"
  }
} as const

// ---------------------------------------------------------------------------------------------------------------
// Input, as forms, the API and the CLI send it.

/** A line as a create or an edit gives it; what it leaves out takes the defaults. An id keeps a line's identity. */
export class RequestItemInput extends Schema.Class<RequestItemInput>("RequestItemInput")({
  id: Schema.optionalKey(Text(100)),
  product: Schema.optionalKey(Schema.NullOr(ProductRef)),
  name: Schema.optionalKey(Schema.Struct({ en: Schema.optionalKey(Text(300)), ar: Schema.optionalKey(Text(300)) })),
  description: Schema.optionalKey(Text(2000)),
  category: Schema.optionalKey(Schema.NullOr(Text(100))),
  expenseAccount: Schema.optionalKey(Schema.NullOr(Text(100))),
  /** A quantity with at most two decimals, at least 0.01 (SPEC.md §5). */
  quantity: Text(30),
  unit: Schema.optionalKey(Text(40)),
  allowDifferentBrand: Schema.optionalKey(Schema.Boolean),
  allowAlternateProduct: Schema.optionalKey(Schema.Boolean),
  price: Schema.optionalKey(
    Schema.Struct({
      basePrice: Amount,
      currency: Schema.optionalKey(CurrencyCode),
      taxes: Schema.optionalKey(cappedArray(ItemTax, requestLimits.taxes))
    })
  ),
  vendors: Schema.optionalKey(cappedArray(ItemVendor, requestLimits.vendors))
}) {}

/** An expense request's invoice details as given. */
export class ExpenseInput extends Schema.Class<ExpenseInput>("ExpenseInput")({
  invoiceDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  paymentDueDate: Schema.optionalKey(Schema.NullOr(IsoDate)),
  vendor: Schema.optionalKey(Schema.NullOr(ExpenseVendor)),
  /** The invoice's files, uploaded and named as a request's `attachments` are, and attached to it beside them. */
  invoiceAttachments: Schema.optionalKey(cappedArray(Text(200), requestLimits.attachments)),
  requestPriority: Schema.optionalKey(RequestPriority)
}) {}

const editableFields = {
  title: Schema.optionalKey(Text(300)),
  locationId: Schema.optionalKey(Schema.NullOr(Text(100))),
  classification: Schema.optionalKey(Schema.NullOr(Text(100))),
  currency: Schema.optionalKey(CurrencyCode),
  /** A day (`YYYY-MM-DD`, meaning its end) or an ISO date-time. */
  expectedDate: Schema.optionalKey(Schema.NullOr(Text(40))),
  enquiryLastDate: Schema.optionalKey(Schema.NullOr(Text(40))),
  expiryDate: Schema.optionalKey(Schema.NullOr(Text(40))),
  acceptToRespondLastDate: Schema.optionalKey(Schema.NullOr(Text(40))),
  items: Schema.optionalKey(cappedArray(RequestItemInput, requestLimits.items)),
  expenseItems: Schema.optionalKey(cappedArray(RequestItemInput, requestLimits.items)),
  expense: Schema.optionalKey(ExpenseInput),
  rfp: Schema.optionalKey(RfpConfig),
  /**
   * The request's files: uploads for requests (`POST media_upload/{type}/request`), each by its id or its `fileURL`.
   * Given, they become exactly the request's files; left out, the request keeps the ones it has.
   */
  attachments: Schema.optionalKey(cappedArray(Text(200), requestLimits.attachments)),
  remarks: Schema.optionalKey(Text(2000)),
  budget: Schema.optionalKey(Schema.NullOr(RequestBudgetLine))
}

/**
 * `POST request`: a new request of a kind in a workspace, drafted. What it leaves out takes the defaults: the
 * workspace's currency, due dates one unit ahead (SPEC.md §4, §9), and for a proposal or contract the Total line.
 */
export class NewRequestInput extends Schema.Class<NewRequestInput>("NewRequestInput")({
  requestType: RequestType,
  workspaceId: Text(100),
  ...editableFields
}) {}

/** `PUT request`: the request's id, the version read, and the fields to change. */
export class RequestUpdateInput extends Schema.Class<RequestUpdateInput>("RequestUpdateInput")({
  id: Text(100),
  version: Schema.Int,
  ...editableFields
}) {}

/** The remark and super flag every review carries (the document kit's), without its action: each has its route. */
const { action: _action, ...reviewerFields } = reviewFields(ReviewAction.literals)
const Remark = reviewerFields.remark
const version = Schema.optionalKey(Schema.Int)

/** `POST request/approve/{id}`: the approver's remark, classification, next level's assignees, super approval. */
export class RequestApproval extends Schema.Class<RequestApproval>("RequestApproval")({
  ...reviewerFields,
  ...approverFields,
  version
}) {}

/** `POST request/skip|reject|return/{id}`: the remark, the approval classification, and whether it is a super act. */
export class RequestReview extends Schema.Class<RequestReview>("RequestReview")({
  ...reviewerFields,
  approvalClassification: approverFields.approvalClassification,
  version
}) {}

/** `POST request/close/{id}`: why, and whether a super user closes it over its approval. */
export class RequestClose extends Schema.Class<RequestClose>("RequestClose")({
  ...reviewerFields,
  version
}) {}

/** A command on one request that names only the version it read, if any (submit, archive, return to draft…). */
export class RequestCommandInput extends Schema.Class<RequestCommandInput>("RequestCommandInput")({
  remark: Remark,
  version
}) {}

/** `PUT request/update-watchers/{id}`: the watchers, each told of the order's submission unless switched off. */
export class RequestWatchersInput extends Schema.Class<RequestWatchersInput>("RequestWatchersInput")({
  watchers: cappedArray(
    Schema.Struct({ userId: Text(100), orderSubmission: Schema.optionalKey(Schema.Boolean) }),
    requestLimits.watchers
  ),
  version: Schema.optionalKey(Schema.Int)
}) {}

/** The lists whose columns a user saves (`PUT request/save-columns/{requests|expense_requests}`). */
export const RequestListName = Schema.Literals(["requests", "expense_requests"])
export type RequestListName = typeof RequestListName.Type

// ---------------------------------------------------------------------------------------------------------------
// The list.

/** One line of the list's status counts. */
export class RequestStatusCount extends Schema.Class<RequestStatusCount>("RequestStatusCount")({
  status: RequestStatus,
  count: Schema.Int
}) {}

/** One line of the list's workspace counts, with the workspace's name. */
export class RequestWorkspaceCount extends Schema.Class<RequestWorkspaceCount>("RequestWorkspaceCount")({
  workspaceId: Schema.String,
  name: Schema.String,
  count: Schema.Int
}) {}

/** One line of a classification count; `classification` null counts the unclassified. */
export class RequestClassificationCount extends Schema.Class<RequestClassificationCount>("RequestClassificationCount")({
  classification: Schema.NullOr(Schema.String),
  count: Schema.Int
}) {}

/**
 * `GET request` (and `GET request/expense`): a page of requests, how many match in all, cursors to the pages
 * before and after it, the counts of each status, workspace, workspace classification and request classification
 * among those the other filters match, and the columns the reader saved for the list.
 */
export class RequestPage extends Schema.Class<RequestPage>("RequestPage")({
  requests: Schema.Array(Request),
  totalCount: Schema.Int,
  nextCursor: Schema.NullOr(Schema.String),
  previousCursor: Schema.NullOr(Schema.String),
  statusList: Schema.Array(RequestStatusCount),
  workspaceList: Schema.Array(RequestWorkspaceCount),
  workspaceClassificationList: Schema.Array(RequestClassificationCount),
  classificationsList: Schema.Array(RequestClassificationCount),
  columns: Schema.Array(Schema.String)
}) {}
