import { Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** A calendar day, `YYYY-MM-DD`. */
export const VendorDate = Schema.String.check(Schema.isPattern(/^\d{4}-\d{2}-\d{2}$/))

/**
 * A vendor's standing (SPEC.md §4 "Generic entity": vendor active, inactive, expired). Active and inactive are
 * chosen by the buyer; a vendor reads as expired while it is active but one of its required documents (its CR or
 * its VAT certificate) has lapsed, and active again once the document is renewed.
 */
export const VendorStatus = Schema.Literals(["VENDOR_ACTIVE", "VENDOR_INACTIVE", "VENDOR_EXPIRED"])
export type VendorStatus = typeof VendorStatus.Type

/** What the buyer chooses and storage keeps: active or inactive (expiry follows from the documents). */
export const VendorStanding = Schema.Literals(["VENDOR_ACTIVE", "VENDOR_INACTIVE"])
export type VendorStanding = typeof VendorStanding.Type

/**
 * What a hold stops, as ERPNext's supplier holds do: all new business with the vendor, its invoices (bills), or
 * payments to it.
 */
export const VendorHoldScope = Schema.Literals(["ALL", "INVOICES", "PAYMENTS"])
export type VendorHoldScope = typeof VendorHoldScope.Type

/** The kinds of document a vendor's documents folder keeps; CR and VAT certificate expire the vendor when lapsed. */
export const VendorDocumentKind = Schema.Literals(["CR", "VAT_CERTIFICATE", "OTHER"])
export type VendorDocumentKind = typeof VendorDocumentKind.Type

/** The documents whose lapse expires the vendor. */
export const requiredVendorDocuments: ReadonlyArray<VendorDocumentKind> = ["CR", "VAT_CERTIFICATE"]

/** A name in both languages; a vendor's legal name is given in at least one. */
export class VendorName extends Schema.Class<VendorName>("VendorName")({
  en: Text(300),
  ar: Text(300)
}) {}

/** One of the vendor's addresses. */
export class VendorAddress extends Schema.Class<VendorAddress>("VendorAddress")({
  label: Text(100),
  line1: Text(300),
  line2: Text(300),
  city: Text(100),
  region: Text(100),
  postalCode: Text(20),
  /** ISO 3166 alpha-2. */
  country: Text(2)
}) {}

/** Someone to speak to at the vendor. */
export class VendorContact extends Schema.Class<VendorContact>("VendorContact")({
  name: Text(200),
  email: Text(254),
  phone: Text(30),
  primary: Schema.Boolean
}) {}

/** An account the vendor is paid into. */
export class VendorBankAccount extends Schema.Class<VendorBankAccount>("VendorBankAccount")({
  bankName: Text(200),
  accountName: Text(200),
  /** Stored compact (no spaces), upper-case, its checksum verified. */
  iban: Text(34),
  swift: Text(11)
}) {}

/** A document the vendor has given, with the day it lapses (none when it does not). */
export class VendorDocument extends Schema.Class<VendorDocument>("VendorDocument")({
  kind: VendorDocumentKind,
  number: Text(50),
  expiresOn: Schema.NullOr(VendorDate),
  fileId: Schema.NullOr(Text(100))
}) {}

/** A hold on the vendor: what it stops, why, and the last day it holds (none: until it is released). */
export class VendorHold extends Schema.Class<VendorHold>("VendorHold")({
  scope: VendorHoldScope,
  reason: Text(500),
  releaseDate: Schema.NullOr(VendorDate),
  heldBy: Schema.String,
  heldAt: Schema.String
}) {}

/**
 * A vendor of the buyer organisation: the connection between the buyer and a vendor (its `id` is the connection's
 * id, the `connectionId` other documents name), `connected` when the vendor's own organisation on the platform is
 * linked to it (by its invitation; which organisation that is stays with the connection, never in an answer).
 */
export class Vendor extends Schema.Class<Vendor>("Vendor")({
  id: Schema.String,
  /** For people: `VEN-000012`. */
  number: Schema.String,
  connected: Schema.Boolean,
  name: VendorName,
  /** ISO 3166 alpha-2 of the country it is registered in; SA numbers are checked as Saudi ones. */
  country: Schema.String,
  crNumber: Schema.NullOr(Schema.String),
  vatNumber: Schema.NullOr(Schema.String),
  addresses: Schema.Array(VendorAddress),
  contacts: Schema.Array(VendorContact),
  bankAccounts: Schema.Array(VendorBankAccount),
  categories: Schema.Array(Schema.String),
  paymentTermsDays: Schema.Int,
  currency: Schema.String,
  /** The standing as it reads today (expired when a required document has lapsed). */
  status: VendorStatus,
  documents: Schema.Array(VendorDocument),
  hold: Schema.NullOr(VendorHold),
  remarks: Schema.String,
  createdBy: Schema.String,
  version: Schema.Int,
  createdAt: Schema.String,
  updatedAt: Schema.String
}) {}

/** The last day a required document of the vendor is valid: the earliest expiry among them, or none. */
export const documentsValidUntil = (documents: ReadonlyArray<VendorDocument>): string | null =>
  documents
    .filter((d) => requiredVendorDocuments.includes(d.kind) && d.expiresOn !== null)
    .map((d) => d.expiresOn!)
    .sort()[0] ?? null

/** The status a vendor of this standing and these documents reads on a day (`YYYY-MM-DD`). */
export const statusOn = (
  standing: VendorStanding,
  documents: ReadonlyArray<VendorDocument>,
  today: string
): VendorStatus => {
  if (standing === "VENDOR_INACTIVE") return "VENDOR_INACTIVE"
  const until = documentsValidUntil(documents)
  return until !== null && until < today ? "VENDOR_EXPIRED" : "VENDOR_ACTIVE"
}

/** The standing the buyer chose for a vendor, whatever its documents say today. */
export const standingOf = (vendor: Vendor): VendorStanding =>
  vendor.status === "VENDOR_INACTIVE" ? "VENDOR_INACTIVE" : "VENDOR_ACTIVE"

// ---------------------------------------------------------------------------------------------------------------
// Input, as forms, the API and the CLI send it.

const Addresses = cappedArray(
  Schema.Struct({
    label: Schema.optionalKey(Text(100)),
    line1: Schema.optionalKey(Text(300)),
    line2: Schema.optionalKey(Text(300)),
    city: Schema.optionalKey(Text(100)),
    region: Schema.optionalKey(Text(100)),
    postalCode: Schema.optionalKey(Text(20)),
    country: Schema.optionalKey(Text(2))
  }),
  maxItems.vendorAddresses
)

const Contacts = cappedArray(
  Schema.Struct({
    name: Text(200),
    email: Schema.optionalKey(Text(254)),
    phone: Schema.optionalKey(Text(30)),
    primary: Schema.optionalKey(Schema.Boolean)
  }),
  maxItems.vendorContacts
)

const BankAccounts = cappedArray(
  Schema.Struct({
    bankName: Schema.optionalKey(Text(200)),
    accountName: Schema.optionalKey(Text(200)),
    iban: Text(60),
    swift: Schema.optionalKey(Text(20))
  }),
  maxItems.vendorBankAccounts
)

const Documents = cappedArray(
  Schema.Struct({
    kind: VendorDocumentKind,
    number: Schema.optionalKey(Text(50)),
    expiresOn: Schema.optionalKey(Schema.NullOr(Text(10))),
    fileId: Schema.optionalKey(Schema.NullOr(Text(100)))
  }),
  maxItems.vendorDocuments
)

const editableFields = {
  nameEn: Schema.optionalKey(Text(300)),
  nameAr: Schema.optionalKey(Text(300)),
  country: Schema.optionalKey(Text(2)),
  crNumber: Schema.optionalKey(Schema.NullOr(Text(40))),
  vatNumber: Schema.optionalKey(Schema.NullOr(Text(40))),
  addresses: Schema.optionalKey(Addresses),
  contacts: Schema.optionalKey(Contacts),
  bankAccounts: Schema.optionalKey(BankAccounts),
  categories: Schema.optionalKey(cappedArray(Text(100), maxItems.vendorCategories)),
  paymentTermsDays: Schema.optionalKey(Schema.Int),
  currency: Schema.optionalKey(Text(3)),
  documents: Schema.optionalKey(Documents),
  remarks: Schema.optionalKey(Text(2000))
}

/** What a new vendor's fields are, as given; what it leaves out takes the defaults (SA, SAR, 30 days). */
export type VendorFieldsInput = { readonly [K in keyof typeof editableFields]?: (typeof editableFields)[K]["Type"] }

/** `POST vendors`: a vendor the buyer records directly, active from the start. */
export class NewVendorInput extends Schema.Class<NewVendorInput>("NewVendorInput")({
  ...editableFields
}) {}

/** `PUT vendors`: the vendor's id, the version read, and the fields to change. */
export class VendorUpdateInput extends Schema.Class<VendorUpdateInput>("VendorUpdateInput")({
  id: Text(100),
  version: Schema.Int,
  ...editableFields
}) {}

/** `PUT vendors/status/{id}`: active or inactive, at the version read. */
export class VendorStatusInput extends Schema.Class<VendorStatusInput>("VendorStatusInput")({
  status: VendorStanding,
  version: Schema.optionalKey(Schema.Int)
}) {}

/** `PUT vendors/hold/{id}`: what the hold stops, why, and its last day if it has one. */
export class VendorHoldInput extends Schema.Class<VendorHoldInput>("VendorHoldInput")({
  scope: VendorHoldScope,
  reason: Schema.optionalKey(Text(500)),
  releaseDate: Schema.optionalKey(Schema.NullOr(Text(10))),
  version: Schema.optionalKey(Schema.Int)
}) {}

/** `PUT vendors/release/{id}`: releases the vendor's hold, at the version read. */
export class VendorReleaseInput extends Schema.Class<VendorReleaseInput>("VendorReleaseInput")({
  version: Schema.optionalKey(Schema.Int)
}) {}

// ---------------------------------------------------------------------------------------------------------------
// The list.

/** One line of the list's status counts. */
export class VendorStatusCount extends Schema.Class<VendorStatusCount>("VendorStatusCount")({
  status: VendorStatus,
  count: Schema.Int
}) {}

/**
 * `GET vendors`: a page of vendors, how many match in all, and the count of each status among those the other
 * filters match. Beside the spec's page numbers, the list pages by keyset as requests' list does: `nextCursor`
 * names the page's last vendor when more follow it and `previousCursor` its first when more come before it (null
 * otherwise); following them with `after` and `before` walks the list both ways, as fast far into it as at its
 * start. `columns` are the list's columns the reader saved (`PUT vendors/save-columns`), none for the default.
 */
export class VendorPage extends Schema.Class<VendorPage>("VendorPage")({
  vendors: Schema.Array(Vendor),
  totalCount: Schema.Int,
  statusList: Schema.Array(VendorStatusCount),
  nextCursor: Schema.NullOr(Schema.String),
  previousCursor: Schema.NullOr(Schema.String),
  columns: Schema.Array(Schema.String)
}) {}

/** `PUT vendors/save-columns`: the vendors list's columns, in order, as the reader keeps them. */
export class VendorColumnsInput extends Schema.Class<VendorColumnsInput>("VendorColumnsInput")({
  columns: cappedArray(Text(60), maxItems.shortList)
}) {}

/** The columns the reader keeps for the vendors list. */
export class VendorColumns extends Schema.Class<VendorColumns>("VendorColumns")({
  columns: Schema.Array(Schema.String)
}) {}

// ---------------------------------------------------------------------------------------------------------------
// The history: what happened to a vendor, from the audit log.

/** What the vendor's history tells of: the vendors module's audit events. */
export const VendorHistoryEvent = Schema.Literals([
  "vendor.created",
  "vendor.updated",
  "vendor.status_changed",
  "vendor.held",
  "vendor.released"
])
export type VendorHistoryEvent = typeof VendorHistoryEvent.Type

/**
 * One thing that happened to a vendor: what, when, by whom (their name, never their id), and its particulars (the
 * statuses moved between, the hold's scope and last day).
 */
export class VendorHistoryEntry extends Schema.Class<VendorHistoryEntry>("VendorHistoryEntry")({
  event: VendorHistoryEvent,
  at: Schema.String,
  by: Schema.String,
  from: Schema.NullOr(Schema.String),
  to: Schema.NullOr(Schema.String),
  scope: Schema.NullOr(VendorHoldScope),
  releaseDate: Schema.NullOr(Schema.String)
}) {}

/** `GET vendors/history/{id}`: the vendor's history, newest first. */
export class VendorHistory extends Schema.Class<VendorHistory>("VendorHistory")({
  entries: Schema.Array(VendorHistoryEntry)
}) {}

// ---------------------------------------------------------------------------------------------------------------
// The vendor report (SPEC.md §2 `vendors/reports/vendor`).

/** One line of a report's count by a key (a hold scope, a category, a currency). */
export class VendorKeyCount extends Schema.Class<VendorKeyCount>("VendorKeyCount")({
  key: Schema.String,
  count: Schema.Int
}) {}

/** A document of a vendor that lapses within the report's window, or has lapsed. */
export class VendorExpiringDocument extends Schema.Class<VendorExpiringDocument>("VendorExpiringDocument")({
  vendorId: Schema.String,
  number: Schema.String,
  name: VendorName,
  kind: VendorDocumentKind,
  documentNumber: Schema.String,
  expiresOn: VendorDate,
  lapsed: Schema.Boolean
}) {}

/**
 * One vendor in the report's table: its standing today, the scope of a hold in force, its currency and categories
 * and the day its required documents hold until. Orders, bills and payments add their spend to this row.
 */
export class VendorReportRow extends Schema.Class<VendorReportRow>("VendorReportRow")({
  vendorId: Schema.String,
  number: Schema.String,
  name: VendorName,
  status: VendorStatus,
  hold: Schema.NullOr(VendorHoldScope),
  currency: Schema.String,
  categories: Schema.Array(Schema.String),
  documentsValidUntil: Schema.NullOr(VendorDate)
}) {}

/**
 * `GET vendors/reports/vendor`: on `today`, the vendors per status, those on hold per scope, the documents
 * lapsing in the next `windowDays` days and those lapsed, the vendors per category and per currency, and a page of
 * the table of vendors (name order) with `totalCount` rows in all.
 */
export class VendorReport extends Schema.Class<VendorReport>("VendorReport")({
  today: VendorDate,
  windowDays: Schema.Int,
  statusList: Schema.Array(VendorStatusCount),
  holdList: Schema.Array(VendorKeyCount),
  categoryList: Schema.Array(VendorKeyCount),
  currencyList: Schema.Array(VendorKeyCount),
  expiringCount: Schema.Int,
  lapsedCount: Schema.Int,
  documents: Schema.Array(VendorExpiringDocument),
  rows: Schema.Array(VendorReportRow),
  totalCount: Schema.Int
}) {}
