import { Schema } from "effect"

/** A commercial registration number not in its form: 10 digits for a Saudi vendor. */
export class VendorCrNumberInvalid extends Schema.TaggedError<VendorCrNumberInvalid>()("VendorCrNumberInvalid", {
  crNumber: Schema.String
}) {}

/** A VAT number not in its form: 15 digits starting and ending with 3 for a Saudi vendor. */
export class VendorVatNumberInvalid extends Schema.TaggedError<VendorVatNumberInvalid>()("VendorVatNumberInvalid", {
  vatNumber: Schema.String
}) {}

/** An IBAN whose form, length for its country or ISO 13616 checksum is wrong: most often a mistyped digit. */
export class VendorIbanInvalid extends Schema.TaggedError<VendorIbanInvalid>()("VendorIbanInvalid", {
  iban: Schema.String
}) {}

/**
 * A cursor the vendors list did not hand out (or both `after` and `before` at once): the client starts again from
 * the first page.
 */
export class VendorCursorInvalid extends Schema.TaggedError<VendorCursorInvalid>()("VendorCursorInvalid", {}) {}

/** No such vendor in the actor's organisation. */
export class VendorNotFound extends Schema.TaggedError<VendorNotFound>()("VendorNotFound", {
  id: Schema.String
}) {}

/** Another vendor of the organisation has this commercial registration number. */
export class VendorCrNumberTaken extends Schema.TaggedError<VendorCrNumberTaken>()("VendorCrNumberTaken", {
  crNumber: Schema.String,
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** Another vendor of the organisation has this VAT number. */
export class VendorVatNumberTaken extends Schema.TaggedError<VendorVatNumberTaken>()("VendorVatNumberTaken", {
  vatNumber: Schema.String,
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/**
 * Another vendor of the organisation is already connected to this vendor organisation on the platform: a buyer
 * connects one organisation once (`vendors (org_id, vendor_org_id)` is unique).
 */
export class VendorAlreadyConnected extends Schema.TaggedError<VendorAlreadyConnected>()("VendorAlreadyConnected", {
  vendorOrgId: Schema.String
}) {}

/** A release asked of a vendor that is not on hold. */
export class VendorNotOnHold extends Schema.TaggedError<VendorNotOnHold>()("VendorNotOnHold", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** The vendor is on hold for all business: no RFQ, order, bill or payment may name it until the hold ends. */
export class VendorOnHold extends Schema.TaggedError<VendorOnHold>()("VendorOnHold", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** The vendor's invoices are on hold: no bill may be recorded for it until the hold ends. */
export class VendorInvoicesOnHold extends Schema.TaggedError<VendorInvoicesOnHold>()("VendorInvoicesOnHold", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** Payments to the vendor are on hold: none may be made until the hold ends. */
export class VendorPaymentsOnHold extends Schema.TaggedError<VendorPaymentsOnHold>()("VendorPaymentsOnHold", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** The buyer made the vendor inactive: no new RFQ or order may name it. */
export class VendorInactive extends Schema.TaggedError<VendorInactive>()("VendorInactive", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** A required document of the vendor (CR, VAT certificate) has lapsed: no new RFQ or order until it is renewed. */
export class VendorExpired extends Schema.TaggedError<VendorExpired>()("VendorExpired", {
  nameEn: Schema.String,
  nameAr: Schema.String
}) {}

/** Why a document naming a vendor is refused by the vendor's standing or hold. */
export type VendorHoldError =
  VendorOnHold | VendorInvoicesOnHold | VendorPaymentsOnHold | VendorInactive | VendorExpired
