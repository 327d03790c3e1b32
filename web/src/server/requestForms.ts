import { Effect, Option, Schema } from "effect"
import {
  ItemTax,
  NewRequestInput,
  type Request,
  type RequestItem,
  RequestPriority,
  type RequestType,
  RequestUpdateInput
} from "@tawreed/core/requests"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"
import { plainAmount } from "./budgetForms.ts"

/**
 * The request forms (SPEC.md §3 Request): the items step (workspace, title, manual items), the details step (due
 * dates, location, classification, budget line, remarks) and the expense form (invoice, vendor, priority, expense
 * lines). Items are numbered field groups (`item-{n}-nameEn`, `-nameAr`, `-quantity`, `-unit`, `-price`, `-taxMode`,
 * `-taxRate`, and `-id` for a line the request holds already) counted by `itemCount`, so the forms work without
 * JavaScript: a button named `intent` adds a row (`addItem`) or takes one out (`removeItem-{n}`); any other post
 * saves. The form edits one tax of a line, a rate in percent on top of its price or inside it (`-taxName` keeps its
 * name); the line's other taxes ride along unchanged in `-otherTaxes` (JSON), so an edit never drops a tax the form
 * does not show.
 */

/** The most item rows a form shows (a request takes up to 500 lines through the API). */
export const maxItemRows = 100

/** What a line's tax field offers: none, or one rate on top of the price or inside it (SPEC.md §3 tax modes). */
export const taxChoices = ["none", "EXCLUSIVE", "INCLUSIVE"] as const
export type TaxChoice = (typeof taxChoices)[number]

const text = (data: FormData, name: string): string => String(data.get(name) ?? "").trim()

/** Decodes what a form gave; a field of the wrong shape reads as the catalogue's field message (E2006), by its name. */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

/** A tax of a line that the form does not edit, kept as the line holds it. */
export type KeptTax = Pick<ItemTax, "name" | "mode" | "type" | "value">

/** The name a tax typed into the form takes when the line held none. */
export const defaultTaxName = "Tax"

/** One item row as typed. */
export interface ItemRow {
  /** The line's id when the request holds it already, so an edit keeps it. */
  readonly id: string
  readonly nameEn: string
  readonly nameAr: string
  readonly quantity: string
  readonly unit: string
  readonly price: string
  readonly taxMode: TaxChoice
  readonly taxRate: string
  /** The name of the tax the form edits: the line's own, or `defaultTaxName` for a new one. */
  readonly taxName: string
  /** The line's other taxes, which the form does not edit and sends back as they are. */
  readonly otherTaxes: ReadonlyArray<KeptTax>
}

export const emptyItemRow: ItemRow = {
  id: "",
  nameEn: "",
  nameAr: "",
  quantity: "1",
  unit: "",
  price: "",
  taxMode: "none",
  taxRate: "",
  taxName: defaultTaxName,
  otherTaxes: []
}

const isBlank = (row: ItemRow): boolean =>
  row.nameEn === "" &&
  row.nameAr === "" &&
  row.unit === "" &&
  row.price === "" &&
  row.taxRate === "" &&
  row.otherTaxes.length === 0

const decodeKeptTaxes = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Array(ItemTax)))

/** The other taxes a row carries, as the form's hidden field holds them; none when it holds nothing readable. */
export const keptTaxesOf = (json: string): ReadonlyArray<KeptTax> =>
  json === ""
    ? []
    : decodeKeptTaxes(json).pipe(
        Option.map((taxes) => taxes.map(({ name, mode, type, value }) => ({ name, mode, type, value }))),
        Option.getOrElse((): ReadonlyArray<KeptTax> => [])
      )

/** The other taxes of a row as its hidden field carries them. */
export const keptTaxesJson = (taxes: ReadonlyArray<KeptTax>): string =>
  taxes.length === 0 ? "" : JSON.stringify(taxes.map(({ name, mode, type, value }) => ({ name, mode, type, value })))

/** What an items form's `intent` button asks. */
export type ItemIntent =
  { readonly type: "save" } | { readonly type: "add" } | { readonly type: "remove"; readonly index: number }

export const itemIntentOf = (data: FormData): ItemIntent => {
  const intent = text(data, "intent")
  if (intent === "addItem") return { type: "add" }
  const removed = /^removeItem-(\d+)$/.exec(intent)
  return removed ? { type: "remove", index: Number(removed[1]) } : { type: "save" }
}

const taxChoiceOf = (value: string): TaxChoice =>
  (taxChoices as ReadonlyArray<string>).includes(value) ? (value as TaxChoice) : "none"

/** The item rows of a form, with the intent applied: a row added at the end, or one taken out. At least one row. */
export const itemRowsFromForm = (data: FormData): ReadonlyArray<ItemRow> => {
  const count = Math.min(Math.max(Number(text(data, "itemCount")) || 0, 0), maxItemRows)
  const rows: Array<ItemRow> = []
  for (let i = 0; i < count; i++) {
    rows.push({
      id: text(data, `item-${i}-id`),
      nameEn: text(data, `item-${i}-nameEn`),
      nameAr: text(data, `item-${i}-nameAr`),
      quantity: plainAmount(text(data, `item-${i}-quantity`)),
      unit: text(data, `item-${i}-unit`),
      price: plainAmount(text(data, `item-${i}-price`)),
      taxMode: taxChoiceOf(text(data, `item-${i}-taxMode`)),
      taxRate: plainAmount(text(data, `item-${i}-taxRate`)),
      taxName: text(data, `item-${i}-taxName`) || defaultTaxName,
      otherTaxes: keptTaxesOf(text(data, `item-${i}-otherTaxes`))
    })
  }
  const intent = itemIntentOf(data)
  if (intent.type === "add" && rows.length < maxItemRows) rows.push(emptyItemRow)
  if (intent.type === "remove") rows.splice(intent.index, 1)
  return rows.length === 0 ? [emptyItemRow] : rows
}

/** A stored line as a row of the form: its first percentage tax is the one the form edits; the rest ride along. */
export const itemRowOf = (item: RequestItem): ItemRow => {
  const edited = item.price.taxes.findIndex((t) => t.type === "PERCENT")
  const tax = edited < 0 ? undefined : item.price.taxes[edited]
  return {
    id: item.id,
    nameEn: item.name.en,
    nameAr: item.name.ar,
    quantity: item.quantity,
    unit: item.unit,
    price: item.price.basePrice,
    taxMode: tax === undefined ? "none" : tax.mode,
    taxRate: tax?.value ?? "",
    taxName: tax?.name || defaultTaxName,
    otherTaxes: item.price.taxes.filter((_, i) => i !== edited)
  }
}

/** The rows' lines as a request input takes them; blank rows are not lines. */
export const itemInputsOf = (rows: ReadonlyArray<ItemRow>) =>
  rows
    .filter((row) => !isBlank(row))
    .map((row) => ({
      ...(row.id === "" ? {} : { id: row.id }),
      name: { en: row.nameEn, ar: row.nameAr },
      quantity: row.quantity,
      unit: row.unit,
      price: {
        basePrice: row.price === "" ? "0" : row.price,
        taxes: [
          ...(row.taxMode === "none" || row.taxRate === ""
            ? []
            : [{ name: row.taxName || defaultTaxName, mode: row.taxMode, type: "PERCENT", value: row.taxRate }]),
          ...row.otherTaxes
        ]
      }
    }))

/** A budget line as the form's select names it: the budget's id and the line's key. */
export const budgetChoiceOf = (budget: { readonly budgetId: string; readonly line: string } | null): string =>
  budget === null ? "" : `${budget.budgetId}|${budget.line}`

/** The budget line a form's select chose, or null for none. */
export const budgetOfChoice = (value: string): { budgetId: string; line: string } | null => {
  const bar = value.indexOf("|")
  return bar <= 0 ? null : { budgetId: value.slice(0, bar), line: value.slice(bar + 1) }
}

/**
 * The files a form carries (the chips widget's hidden `attachments` inputs), or undefined when the form shows no
 * attachments at all (no `attachmentsShown` marker), so that a form without them never takes a request's files off.
 */
export const attachmentsOf = (
  data: FormData,
  name: "attachments" | "invoiceAttachments" = "attachments"
): ReadonlyArray<string> | undefined =>
  data.get("attachmentsShown") === null
    ? undefined
    : data
        .getAll(name)
        .map((id) => String(id).trim())
        .filter((id) => id !== "")

const withAttachments = (attachments: ReadonlyArray<string> | undefined) =>
  attachments === undefined ? {} : { attachments }

/** A stored date-time as a date field shows it: its day (requests keep a day as its end, in UTC). */
export const dayOf = (iso: string | null): string => (iso === null ? "" : iso.slice(0, 10))

/** The items step as typed: the workspace, the title and the lines. */
export interface ItemsFormValues {
  readonly workspaceId: string
  readonly title: string
  readonly items: ReadonlyArray<ItemRow>
}

export const itemsValuesFromForm = (data: FormData): ItemsFormValues => ({
  workspaceId: text(data, "workspaceId"),
  title: text(data, "title"),
  items: itemRowsFromForm(data)
})

/** The items step of a request as stored. */
export const itemsValuesOf = (request: Request): ItemsFormValues => ({
  workspaceId: request.workspaceId,
  title: request.title,
  items: request.items.length === 0 ? [emptyItemRow] : request.items.map(itemRowOf)
})

/** `POST request` from the items step: a new draft of a kind. */
export const newRequestFromItems = (type: RequestType, values: ItemsFormValues) =>
  decode(NewRequestInput, {
    requestType: type,
    workspaceId: values.workspaceId,
    title: values.title,
    items: itemInputsOf(values.items)
  })

/** `PUT request` from the items step of a draft, at the version it was read. */
export const itemsUpdateFromValues = (id: string, version: number, values: ItemsFormValues) =>
  decode(RequestUpdateInput, { id, version, title: values.title, items: itemInputsOf(values.items) })

/** The details step as typed. */
export interface InfoFormValues {
  readonly expectedDate: string
  readonly expiryDate: string
  readonly enquiryLastDate: string
  readonly locationId: string
  readonly classification: string
  readonly budget: string
  readonly remarks: string
  readonly attachments: ReadonlyArray<string> | undefined
}

export const infoValuesFromForm = (data: FormData): InfoFormValues => ({
  expectedDate: text(data, "expectedDate"),
  expiryDate: text(data, "expiryDate"),
  enquiryLastDate: text(data, "enquiryLastDate"),
  locationId: text(data, "locationId"),
  classification: text(data, "classification"),
  budget: text(data, "budget"),
  remarks: text(data, "remarks"),
  attachments: attachmentsOf(data)
})

export const infoValuesOf = (request: Request): InfoFormValues => ({
  expectedDate: dayOf(request.expectedDate),
  expiryDate: dayOf(request.expiryDate),
  enquiryLastDate: dayOf(request.enquiryLastDate),
  locationId: request.locationId ?? "",
  classification: request.classification ?? "",
  budget: budgetChoiceOf(request.budget),
  remarks: request.remarks,
  attachments: request.attachments
})

const orNull = (value: string): string | null => (value === "" ? null : value)

/**
 * `PUT request` from the details step. The response and enquiry deadlines are a proposal's and a contract's only;
 * for other kinds the fields are not shown and not sent.
 */
export const infoUpdateFromValues = (request: Request, version: number, values: InfoFormValues) =>
  decode(RequestUpdateInput, {
    id: request.id,
    version,
    expectedDate: orNull(values.expectedDate),
    ...(request.requestType === "proposal" || request.requestType === "contract"
      ? { expiryDate: orNull(values.expiryDate), enquiryLastDate: orNull(values.enquiryLastDate) }
      : {}),
    locationId: orNull(values.locationId),
    classification: orNull(values.classification),
    budget: budgetOfChoice(values.budget),
    remarks: values.remarks,
    ...withAttachments(values.attachments)
  })

/** The expense form as typed (an expense or a reimbursement request, on one page). */
export interface ExpenseFormValues {
  readonly workspaceId: string
  readonly title: string
  readonly vendorName: string
  readonly invoiceDate: string
  readonly paymentDueDate: string
  readonly priority: RequestPriority
  readonly budget: string
  readonly remarks: string
  readonly items: ReadonlyArray<ItemRow>
  readonly attachments: ReadonlyArray<string> | undefined
  /** The invoice's own files (SPEC.md §3 invoiceAttachments), apart from the request's other files. */
  readonly invoiceAttachments: ReadonlyArray<string> | undefined
}

const priorityOf = (value: string): RequestPriority =>
  (RequestPriority.literals as ReadonlyArray<string>).includes(value) ? (value as RequestPriority) : "LOW"

export const expenseValuesFromForm = (data: FormData): ExpenseFormValues => ({
  workspaceId: text(data, "workspaceId"),
  title: text(data, "title"),
  vendorName: text(data, "vendorName"),
  invoiceDate: text(data, "invoiceDate"),
  paymentDueDate: text(data, "paymentDueDate"),
  priority: priorityOf(text(data, "priority")),
  budget: text(data, "budget"),
  remarks: text(data, "remarks"),
  items: itemRowsFromForm(data),
  attachments: attachmentsOf(data),
  invoiceAttachments: attachmentsOf(data, "invoiceAttachments")
})

export const expenseValuesOf = (request: Request): ExpenseFormValues => ({
  workspaceId: request.workspaceId,
  title: request.title,
  vendorName: request.expense?.vendor?.name ?? "",
  invoiceDate: request.expense?.invoiceDate ?? "",
  paymentDueDate: request.expense?.paymentDueDate ?? "",
  priority: request.expense?.requestPriority ?? "LOW",
  budget: budgetChoiceOf(request.budget),
  remarks: request.remarks,
  items: request.expenseItems.length === 0 ? [emptyItemRow] : request.expenseItems.map(itemRowOf),
  attachments: request.attachments,
  invoiceAttachments: request.expense?.invoiceAttachments ?? []
})

const expenseFields = (values: ExpenseFormValues) => ({
  title: values.title,
  expenseItems: itemInputsOf(values.items),
  expense: {
    invoiceDate: orNull(values.invoiceDate),
    paymentDueDate: orNull(values.paymentDueDate),
    vendor: values.vendorName === "" ? null : { id: null, name: values.vendorName },
    requestPriority: values.priority,
    ...(values.invoiceAttachments === undefined ? {} : { invoiceAttachments: values.invoiceAttachments })
  },
  budget: budgetOfChoice(values.budget),
  remarks: values.remarks,
  ...withAttachments(values.attachments)
})

/** `POST request` from the expense form: a new expense or reimbursement request, drafted. */
export const newExpenseFromValues = (type: "expense" | "reimbursement", values: ExpenseFormValues) =>
  decode(NewRequestInput, { requestType: type, workspaceId: values.workspaceId, ...expenseFields(values) })

/** `PUT request` from the expense form, at the version it was read. */
export const expenseUpdateFromValues = (id: string, version: number, values: ExpenseFormValues) =>
  decode(RequestUpdateInput, { id, version, ...expenseFields(values) })
