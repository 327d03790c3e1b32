import { BigDecimal, Schema } from "effect"
import { Amount } from "../money/StoredDecimal.ts"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import { ContractStatus } from "./ContractStatus.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** A calendar day as `YYYY-MM-DD`: validity dates are whole days in the organisation's calendar. */
export const ContractDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/** The caps of a contract's lists: its agreed price lines and its files. */
export const contractLimits = { lines: maxItems.contractLines, attachments: maxItems.attachments } as const

/** A name in both languages, as the vendor master and the catalogue keep it. */
export class ContractName extends Schema.Class<ContractName>("ContractName")({
  en: Schema.String,
  ar: Schema.String
}) {}

/**
 * One agreed price: a product of the organisation's catalogue at a unit price in the contract's currency, from an
 * optional minimum quantity (ERPNext's Blanket Order item: item, rate, qty). The product's SKU and names are kept
 * as they were when the line was saved, so the contract reads the same if the catalogue changes later.
 */
export class ContractLine extends Schema.Class<ContractLine>("ContractLine")({
  productId: Schema.String,
  sku: Schema.String,
  productName: ContractName,
  unitPrice: Schema.String,
  minQuantity: Schema.NullOr(Schema.String)
}) {}

/** An agreed price line as given: the product, its unit price, and a minimum quantity if any. */
export class ContractLineInput extends Schema.Class<ContractLineInput>("ContractLineInput")({
  productId: Schema.String.check(Schema.isMaxLength(100)),
  unitPrice: Amount,
  minQuantity: Schema.optionalKey(Schema.NullOr(Amount))
}) {}

/**
 * A contract (GLOSSARY "contract"; SPEC.md §2 `orders/contracts`): a framework agreement with one vendor of the
 * organisation's vendor master, valid from `startDate` to `endDate` (both days included), with agreed prices per
 * product and an optional ceiling that orders placed against it consume. `consumed` only moves through
 * `Contracts.consume` and `Contracts.release`; `remaining` is the ceiling less it (null without a ceiling).
 */
export class Contract extends Schema.Class<Contract>("Contract")({
  id: Schema.String,
  /** For people: `CTR-000012`. */
  number: Schema.String,
  title: Schema.String,
  vendorId: Schema.String,
  vendorName: ContractName,
  workspaceId: Schema.NullOr(Schema.String),
  workspaceName: Schema.NullOr(Schema.String),
  currency: Schema.String,
  startDate: ContractDate,
  endDate: ContractDate,
  ceiling: Schema.NullOr(Schema.String),
  consumed: Schema.String,
  remaining: Schema.NullOr(Schema.String),
  lines: Schema.Array(ContractLine),
  attachments: Schema.Array(Schema.String),
  terms: Schema.String,
  status: ContractStatus,
  /** Who is told of its expiry: whoever created it. */
  ownerId: Schema.String,
  ownerName: Schema.String,
  /** When its owner was told it ends within the alert window (once). */
  alertedAt: Schema.NullOr(Schema.String),
  /** Why it was terminated or closed, when it was. */
  endRemark: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** `POST contracts`: a new draft contract. */
export class NewContractInput extends Schema.Class<NewContractInput>("NewContractInput")({
  title: Text(200),
  vendorId: Schema.String.check(Schema.isMaxLength(100)),
  workspaceId: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(100)))),
  currency: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(3))),
  startDate: Text(40),
  endDate: Text(40),
  ceiling: Schema.optionalKey(Schema.NullOr(Amount)),
  lines: Schema.optionalKey(cappedArray(ContractLineInput, contractLimits.lines)),
  attachments: Schema.optionalKey(cappedArray(Text(200), contractLimits.attachments)),
  terms: Schema.optionalKey(Text(4000))
}) {}

/** `PUT contracts/{id}`: a draft's fields changed at the version read; what is left out stays. */
export class ContractUpdateInput extends Schema.Class<ContractUpdateInput>("ContractUpdateInput")({
  version: Schema.optionalKey(Schema.Int),
  title: Schema.optionalKey(Text(200)),
  vendorId: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  workspaceId: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(100)))),
  currency: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(3))),
  startDate: Schema.optionalKey(Text(40)),
  endDate: Schema.optionalKey(Text(40)),
  ceiling: Schema.optionalKey(Schema.NullOr(Amount)),
  lines: Schema.optionalKey(cappedArray(ContractLineInput, contractLimits.lines)),
  attachments: Schema.optionalKey(cappedArray(Text(200), contractLimits.attachments)),
  terms: Schema.optionalKey(Text(4000))
}) {}

/** Submit, terminate and close: the version read and a remark (the reason, for a termination). */
export class ContractCommandInput extends Schema.Class<ContractCommandInput>("ContractCommandInput")({
  version: Schema.optionalKey(Schema.Int),
  remark: Schema.optionalKey(Text(2000))
}) {}

/** How many contracts of the list's filter are in one status. */
export class ContractStatusCount extends Schema.Class<ContractStatusCount>("ContractStatusCount")({
  status: ContractStatus,
  count: Schema.Int
}) {}

/** `GET contracts`: one page, its total and the counts per status of the same filter. */
export class ContractPage extends Schema.Class<ContractPage>("ContractPage")({
  contracts: Schema.Array(Contract),
  total: Schema.Int,
  statusCounts: Schema.Array(ContractStatusCount)
}) {}

/** The agreed price of one product: the price and the contract it comes from. */
export class AgreedPrice extends Schema.Class<AgreedPrice>("AgreedPrice")({
  productId: Schema.String,
  price: Schema.String,
  minQuantity: Schema.NullOr(Schema.String),
  currency: Schema.String,
  contractId: Schema.String,
  contractNumber: Schema.String
}) {}

/** `GET contracts/agreed-prices`: the agreed prices found, one per product that has one. */
export class AgreedPrices extends Schema.Class<AgreedPrices>("AgreedPrices")({
  prices: Schema.Array(AgreedPrice)
}) {}

/** A contract's remaining ceiling: the ceiling less what orders consumed; null without a ceiling. */
export const remainingOf = (ceiling: string | null, consumed: string): string | null =>
  ceiling === null
    ? null
    : BigDecimal.format(
        BigDecimal.normalize(
          BigDecimal.subtract(BigDecimal.fromStringUnsafe(ceiling), BigDecimal.fromStringUnsafe(consumed))
        )
      )

/** Whether a day (`YYYY-MM-DD`) falls within a contract's validity, both ends included. */
export const validOn = (contract: { readonly startDate: string; readonly endDate: string }, day: string): boolean =>
  contract.startDate <= day && day <= contract.endDate

/**
 * Which active contract's agreed price a product takes from a vendor on a day, where several would do: the one that
 * started last (the newest agreement supersedes an older one still running), then the higher number. ERPNext leaves
 * the choice to the buyer and Odoo takes the first agreement found; a buyer here sees one default, and can always
 * type another price on the order line.
 */
export const preferredContract = <C extends { readonly startDate: string; readonly number: string }>(a: C, b: C): C =>
  a.startDate > b.startDate || (a.startDate === b.startDate && a.number > b.number) ? a : b
