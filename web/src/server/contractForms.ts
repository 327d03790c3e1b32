import { Effect, Schema } from "effect"
import { type Contract, ContractCommandInput, ContractUpdateInput, NewContractInput } from "@tawreed/core/contracts"
import { invalidFieldOf, type InvalidField } from "@tawreed/core/shared"
import { plainAmount } from "./budgetForms.ts"

/**
 * The contract form (create and edit, SPEC.md §2 orders/contracts): the header as plain fields, the agreed price
 * lines as numbered fields (`line-{n}-…`), and a product search that posts the form back and lists the organisation's
 * products to add, so the whole form works without JavaScript. A line keeps the product's SKU and names as hidden
 * fields, so the form shows them again after any post without reading the catalogue.
 */

/** One agreed price line as the form holds it. */
export interface ContractLineRow {
  readonly productId: string
  readonly sku: string
  readonly nameEn: string
  readonly nameAr: string
  readonly unitPrice: string
  readonly minQuantity: string
}

/** The contract form's values, as typed. */
export interface ContractFormValues {
  readonly title: string
  readonly vendorId: string
  readonly workspaceId: string
  readonly currency: string
  readonly startDate: string
  readonly endDate: string
  readonly ceiling: string
  readonly terms: string
  readonly lines: ReadonlyArray<ContractLineRow>
  /** The files' ids the chips carry, or undefined when the form shows no files. */
  readonly attachments: ReadonlyArray<string> | undefined
  /** What the product search looks for. */
  readonly productSearch: string
}

/** A product the search found, as its "add" button carries it. */
export interface FoundProduct {
  readonly id: string
  readonly sku: string
  readonly en: string
  readonly ar: string
}

/** What a post of the form asks: save (and perhaps submit), search the products, add or remove a line. */
export type ContractIntent =
  | { readonly _tag: "save"; readonly submit: boolean }
  | { readonly _tag: "search" }
  | { readonly _tag: "add"; readonly product: FoundProduct }
  | { readonly _tag: "remove"; readonly index: number }

const text = (data: FormData, name: string) => String(data.get(name) ?? "").trim()

/** The most agreed price lines the form carries back (the core caps what it keeps). */
const maxRows = 500

/** A new contract's form: the organisation's currency, no lines yet. */
export const blankContractValues = (currency: string): ContractFormValues => ({
  title: "",
  vendorId: "",
  workspaceId: "",
  currency,
  startDate: "",
  endDate: "",
  ceiling: "",
  terms: "",
  lines: [],
  attachments: [],
  productSearch: ""
})

/** A draft's form: what it holds. */
export const contractValuesOf = (contract: Contract): ContractFormValues => ({
  title: contract.title,
  vendorId: contract.vendorId,
  workspaceId: contract.workspaceId ?? "",
  currency: contract.currency,
  startDate: contract.startDate,
  endDate: contract.endDate,
  ceiling: contract.ceiling ?? "",
  terms: contract.terms,
  lines: contract.lines.map((line) => ({
    productId: line.productId,
    sku: line.sku,
    nameEn: line.productName.en,
    nameAr: line.productName.ar,
    unitPrice: line.unitPrice,
    minQuantity: line.minQuantity ?? ""
  })),
  attachments: contract.attachments,
  productSearch: ""
})

/** The form as posted. */
export const contractValuesFromForm = (data: FormData): ContractFormValues => {
  const count = Math.min(maxRows, Math.max(0, Number(text(data, "lineCount")) || 0))
  const lines: Array<ContractLineRow> = []
  for (let i = 0; i < count; i++) {
    const field = (name: string) => text(data, `line-${i}-${name}`)
    if (field("productId") === "") continue
    lines.push({
      productId: field("productId"),
      sku: field("sku"),
      nameEn: field("nameEn"),
      nameAr: field("nameAr"),
      unitPrice: field("unitPrice"),
      minQuantity: field("minQuantity")
    })
  }
  return {
    title: text(data, "title"),
    vendorId: text(data, "vendorId"),
    workspaceId: text(data, "workspaceId"),
    currency: text(data, "currency").toUpperCase(),
    startDate: text(data, "startDate"),
    endDate: text(data, "endDate"),
    ceiling: text(data, "ceiling"),
    terms: text(data, "terms"),
    lines,
    attachments:
      data.get("attachmentsShown") === null
        ? undefined
        : data
            .getAll("attachments")
            .map((id) => String(id).trim())
            .filter((id) => id !== ""),
    productSearch: text(data, "productSearch").slice(0, 200)
  }
}

/** The intent of a post: its `intent` button's value. */
export const contractIntentOf = (data: FormData): ContractIntent => {
  const intent = text(data, "intent")
  if (intent === "search") return { _tag: "search" }
  if (intent.startsWith("remove-")) return { _tag: "remove", index: Number(intent.slice("remove-".length)) }
  if (intent.startsWith("add-")) {
    const product = foundProductOf(intent.slice("add-".length))
    if (product !== undefined) return { _tag: "add", product }
  }
  return { _tag: "save", submit: intent === "submit" }
}

/** The value of a found product's "add" button. */
export const addValueOf = (product: FoundProduct): string => `add-${JSON.stringify(product)}`

const foundProductOf = (json: string): FoundProduct | undefined => {
  try {
    const value: unknown = JSON.parse(json)
    if (typeof value !== "object" || value === null) return undefined
    const { id, sku, en, ar } = value as Record<string, unknown>
    return typeof id === "string" && typeof sku === "string" && typeof en === "string" && typeof ar === "string"
      ? { id, sku, en, ar }
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The form after a post that changes the form itself: a product added as a new line (once: a product already on
 * the contract is not added again), or a line taken out.
 */
export const withIntent = (values: ContractFormValues, intent: ContractIntent): ContractFormValues => {
  switch (intent._tag) {
    case "add":
      return values.lines.some((l) => l.productId === intent.product.id)
        ? values
        : {
            ...values,
            lines: [
              ...values.lines,
              {
                productId: intent.product.id,
                sku: intent.product.sku,
                nameEn: intent.product.en,
                nameAr: intent.product.ar,
                unitPrice: "",
                minQuantity: ""
              }
            ]
          }
    case "remove":
      return { ...values, lines: values.lines.filter((_, i) => i !== intent.index) }
    default:
      return values
  }
}

/** Decodes what the form gave; a field of the wrong shape reads as the catalogue's field message, by its name. */
const decode = <S extends Schema.Constraint>(schema: S, raw: unknown) =>
  Schema.decodeUnknownEffect(schema)(raw).pipe(Effect.mapError(invalidFieldOf)) as Effect.Effect<
    S["Type"],
    InvalidField
  >

const fieldsOf = (values: ContractFormValues) => ({
  title: values.title,
  vendorId: values.vendorId,
  workspaceId: values.workspaceId === "" ? null : values.workspaceId,
  currency: values.currency,
  startDate: values.startDate,
  endDate: values.endDate,
  ceiling: values.ceiling === "" ? null : plainAmount(values.ceiling),
  terms: values.terms,
  lines: values.lines.map((line) => ({
    productId: line.productId,
    unitPrice: plainAmount(line.unitPrice),
    minQuantity: line.minQuantity === "" ? null : plainAmount(line.minQuantity)
  })),
  ...(values.attachments === undefined ? {} : { attachments: values.attachments })
})

/** `POST contracts` from the create form. */
export const newContractFromValues = (values: ContractFormValues) => decode(NewContractInput, fieldsOf(values))

/** `PUT contracts/{id}` from the edit form, at the version it was read. */
export const contractUpdateFromValues = (version: number, values: ContractFormValues) =>
  decode(ContractUpdateInput, { version, ...fieldsOf(values) })

/** Submit, terminate or close from a contract page's form: the version read and the remark typed. */
export const contractCommandFromForm = (data: FormData) =>
  decode(ContractCommandInput, {
    version: Number(text(data, "version")),
    remark: text(data, "remark").slice(0, 2000)
  })
