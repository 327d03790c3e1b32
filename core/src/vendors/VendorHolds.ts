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

/** The documents that start new business with a vendor, which an inactive or expired vendor may not receive. */
const newBusiness: ReadonlyArray<VendorDocumentKindOfBusiness> = ["rfq", "order"]

/** Whether a vendor's hold still applies on a day: it has no release date, or the day is not after it. */
export const holdApplies = (vendor: Vendor, today: string): boolean =>
  vendor.hold !== null && (vendor.hold.releaseDate === null || today <= vendor.hold.releaseDate)

/**
 * Why a document of this kind may not name the vendor today, if it may not (ERPNext's supplier holds): a hold on
 * all business stops every kind; a hold on invoices stops bills; a hold on payments stops payments; a hold whose
 * release date has passed stops nothing. Apart from holds, an inactive vendor, or one whose required documents
 * have lapsed, receives no new RFQ or order (bills and payments for business already done still go through).
 * Orders, bills and payments call it before they save a document that names a vendor.
 */
export const vendorHoldRefusal = (
  vendor: Vendor,
  documentKind: VendorDocumentKindOfBusiness,
  today: string
): Option.Option<VendorHoldError> => {
  const names = { nameEn: vendor.name.en || vendor.name.ar, nameAr: vendor.name.ar || vendor.name.en }
  if (holdApplies(vendor, today)) {
    switch (vendor.hold!.scope) {
      case "ALL":
        return Option.some(new VendorOnHold(names))
      case "INVOICES":
        if (documentKind === "bill") return Option.some(new VendorInvoicesOnHold(names))
        break
      case "PAYMENTS":
        if (documentKind === "payment") return Option.some(new VendorPaymentsOnHold(names))
        break
    }
  }
  if (newBusiness.includes(documentKind)) {
    const status = statusOn(standingOf(vendor), vendor.documents, today)
    if (status === "VENDOR_INACTIVE") return Option.some(new VendorInactive(names))
    if (status === "VENDOR_EXPIRED") return Option.some(new VendorExpired(names))
  }
  return Option.none()
}
