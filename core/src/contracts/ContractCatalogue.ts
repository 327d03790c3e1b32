import { entry, type ModuleCatalogue } from "../shared/CatalogueEntry.ts"

/** What the audit log records of contracts. */
export const contractAuditEvents = [
  "contract.created",
  "contract.updated",
  "contract.status_changed",
  "contract.consumed",
  "contract.released",
  "contract.expiry_alerted"
] as const

/**
 * The errors of contracts (E2450–E2499 invalid, E4450–E4499 not found, E5450–E5499 conflicts, E6450–E6499
 * business rules), each in English and Arabic, their audit events and field words. `shared/ModuleCatalogues.ts`
 * lists it.
 */
export const contractCatalogue = {
  errors: [
    entry(
      "E2450",
      "CONTRACT_AMOUNT_INVALID",
      "Invalid",
      "The amount {amount} cannot be taken from or given back to a contract: it must be more than 0.",
      "لا يمكن خصم المبلغ {amount} من العقد أو إعادته إليه: يجب أن يكون أكبر من صفر."
    ),
    entry("E4450", "CONTRACT_NOT_FOUND", "NotFound", "Contract not found.", "العقد غير موجود."),
    entry(
      "E4451",
      "CONTRACT_VENDOR_NOT_FOUND",
      "NotFound",
      "The vendor of this contract was not found among your organisation's vendors.",
      "لم يُعثر على مورد هذا العقد بين موردي منظمتك."
    ),
    entry(
      "E4452",
      "CONTRACT_PRODUCT_NOT_FOUND",
      "NotFound",
      "The product of agreed price line {line} was not found in your organisation's catalogue.",
      "لم يُعثر على منتج سطر السعر المتفق عليه رقم {line} في كتالوج منظمتك."
    ),
    entry(
      "E6450",
      "CONTRACT_ACTION_NOT_ALLOWED",
      "Rule",
      "A contract that is {status} cannot be given this action: {action}.",
      "لا يمكن تنفيذ الإجراء ({action}) على عقد حالته: {status}."
    ),
    entry(
      "E6451",
      "CONTRACT_CEILING_EXCEEDED",
      "Rule",
      "Contract {number} has only {remaining} {currency} left of its ceiling, less than the {amount} {currency} asked.",
      "لم يتبقَّ من سقف العقد {number} سوى {remaining} {currency}، وهو أقل من المبلغ المطلوب {amount} {currency}."
    ),
    entry(
      "E6452",
      "CONTRACT_NOT_IN_FORCE",
      "Rule",
      "Contract {number} is not in force ({status}, or outside its validity dates): orders cannot be placed against it.",
      "العقد {number} غير ساري (حالته: {status}، أو خارج فترة سريانه)، فلا يمكن إصدار أوامر شراء بموجبه."
    ),
    entry(
      "E6453",
      "CONTRACT_RELEASE_EXCEEDED",
      "Rule",
      "Only {consumed} {currency} of contract {number} was consumed, so {amount} {currency} cannot be given back.",
      "المستهلك من العقد {number} هو {consumed} {currency} فقط، فلا يمكن إعادة {amount} {currency}."
    ),
    entry(
      "E6454",
      "CONTRACT_ENDED",
      "Rule",
      "Contract {number} ended on {endDate}: change its end date before submitting it.",
      "انتهى العقد {number} في {endDate}: عدّل تاريخ نهايته قبل إرساله."
    )
  ],
  codes: {
    ContractAmountInvalid: "E2450",
    ContractNotFound: "E4450",
    ContractVendorNotFound: "E4451",
    ContractProductNotFound: "E4452",
    ContractActionNotAllowed: "E6450",
    ContractCeilingExceeded: "E6451",
    ContractNotInForce: "E6452",
    ContractReleaseExceeded: "E6453",
    ContractEnded: "E6454"
  },
  auditEvents: contractAuditEvents,
  fields: {
    ceiling: { en: "Ceiling amount", ar: "سقف المبلغ" },
    unitPrice: { en: "Unit price", ar: "سعر الوحدة" },
    minQuantity: { en: "Minimum quantity", ar: "الحد الأدنى للكمية" },
    terms: { en: "Terms", ar: "الشروط" }
  },
  problems: {}
} as const satisfies ModuleCatalogue
