import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of changes to vendors' key details. */
export const vendorChangeAuditEvents = [
  "vendor.change_proposed",
  "vendor.change_approved",
  "vendor.change_rejected",
  "vendor.change_withdrawn",
  "vendor.change_rule_updated"
] as const

/**
 * The errors of reviewed changes to vendors' key details (E7091–E7099), each in English and Arabic, and their audit
 * events. `shared/ModuleCatalogues.ts` lists it.
 */
export const vendorChangeCatalogue = {
  errors: [
    entry(
      "E7091",
      "VENDOR_CHANGE_PENDING",
      "Conflict",
      "A change to the details of {nameEn} is already waiting for review. It must be approved, rejected or withdrawn before another is proposed.",
      "يوجد تعديل على بيانات المورد {nameAr} بانتظار المراجعة. يجب اعتماده أو رفضه أو سحبه قبل اقتراح تعديل آخر."
    ),
    entry("E7092", "VENDOR_CHANGE_NOT_FOUND", "NotFound", "Vendor change not found.", "تعديل المورد غير موجود."),
    entry(
      "E7093",
      "VENDOR_CHANGE_STALE",
      "Conflict",
      "The vendor {nameEn} was changed after this change was proposed, so it cannot be applied as reviewed. Reject it and propose the change again.",
      "تم تعديل المورد {nameAr} بعد اقتراح هذا التعديل، لذا لا يمكن تطبيقه كما روجع. يرجى رفضه واقتراح التعديل من جديد."
    ),
    entry(
      "E7094",
      "VENDOR_CHANGE_NOT_PENDING",
      "Rule",
      "This vendor change has already been decided or withdrawn.",
      "تم البت في تعديل المورد هذا أو سحبه مسبقًا."
    )
  ],
  codes: {
    VendorChangePending: "E7091",
    VendorChangeNotFound: "E7092",
    VendorChangeStale: "E7093",
    VendorChangeNotPending: "E7094"
  },
  auditEvents: vendorChangeAuditEvents,
  fields: {},
  problems: {}
} as const satisfies ModuleCatalogue
