import { Option } from "effect"
import { statusOn, standingOf, type Vendor } from "./Vendor.ts"
import {
  VendorExpired,
  type VendorHoldError,
  VendorInactive,
  VendorInvoicesOnHold,
  VendorOnHold,
  VendorPaymentsOnHold
} from "./VendorErrors.ts"

/** The documents later modules create that name a vendor, and which the vendor's holds and standing may stop. */
export type VendorDocumentKindOfBusiness = "rfq" | "order" | "bill" | "payment"

/** Every kind of business document, in the order business runs: RFQ, order, bill, payment. */
export const vendorBusinessKinds: ReadonlyArray<VendorDocumentKindOfBusiness> = ["rfq", "order", "bill", "payment"]

/** The documents that start new business with a vendor, which an inactive or expired vendor may not receive. */
const newBusiness: ReadonlyArray<VendorDocumentKindOfBusiness> = ["rfq", "order"]

/**
 * Whether a vendor's hold still applies on a day: it has no release date, or the day is not after it (the release
 * date is the hold's last day, inclusive, as ERPNext's `release_date`).
 */
export const holdApplies = (vendor: Vendor, today: string): boolean =>
  vendor.hold !== null && (vendor.hold.releaseDate === null || today <= vendor.hold.releaseDate)

const namesOf = (vendor: Vendor) => ({
  nameEn: vendor.name.en || vendor.name.ar,
  nameAr: vendor.name.ar || vendor.name.en
})

/**
 * Why the vendor's hold stops a document of this kind today, if it does (ERPNext's supplier holds: `hold_type`
 * All, Invoices, Payments): a hold on all business stops every kind; a hold on invoices stops bills only; a hold
 * on payments stops payments only; a released hold, or one whose release date has passed, stops nothing.
 */
export const vendorHoldRefusal = (
  vendor: Vendor,
  documentKind: VendorDocumentKindOfBusiness,
  today: string
): Option.Option<VendorOnHold | VendorInvoicesOnHold | VendorPaymentsOnHold> => {
  if (!holdApplies(vendor, today)) return Option.none()
  switch (vendor.hold!.scope) {
    case "ALL":
      return Option.some(new VendorOnHold(namesOf(vendor)))
    case "INVOICES":
      return documentKind === "bill" ? Option.some(new VendorInvoicesOnHold(namesOf(vendor))) : Option.none()
    case "PAYMENTS":
      return documentKind === "payment" ? Option.some(new VendorPaymentsOnHold(namesOf(vendor))) : Option.none()
  }
}

/**
 * Why the vendor's standing stops a document of this kind today, if it does: an inactive vendor (E7034), or one
 * whose CR or VAT certificate lapsed before today (E7035), receives no new RFQ or order. Bills and payments for
 * business already done still go through, as Odoo lets an archived partner's open invoices be paid and Coupa lets
 * an inactive supplier's invoices be settled: what ends is new business, not the money owed.
 */
export const vendorStandingRefusal = (
  vendor: Vendor,
  documentKind: VendorDocumentKindOfBusiness,
  today: string
): Option.Option<VendorInactive | VendorExpired> => {
  if (!newBusiness.includes(documentKind)) return Option.none()
  const status = statusOn(standingOf(vendor), vendor.documents, today)
  if (status === "VENDOR_INACTIVE") return Option.some(new VendorInactive(namesOf(vendor)))
  if (status === "VENDOR_EXPIRED") return Option.some(new VendorExpired(namesOf(vendor)))
  return Option.none()
}

/**
 * The trade rule: why a document of this kind may not name the vendor today, if it may not. The hold is asked
 * first (it is the buyer's explicit word, and its message says how it ends), then the standing. RFQs, orders,
 * bills and payments call it before they save a document that names a vendor, and raise the catalogue error it
 * answers (E7031–E7035).
 */
export const vendorTradeRefusal = (
  vendor: Vendor,
  documentKind: VendorDocumentKindOfBusiness,
  today: string
): Option.Option<VendorHoldError> =>
  Option.orElse(vendorHoldRefusal(vendor, documentKind, today) as Option.Option<VendorHoldError>, () =>
    vendorStandingRefusal(vendor, documentKind, today)
  )
