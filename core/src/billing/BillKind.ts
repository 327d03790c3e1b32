import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** Bills as approvable documents (SPEC.md §6 Bill Approver). */
export const billKind = describeDocumentKind({
  kind: "bill",
  module: "bills",
  privilegeModule: "bil",
  notificationType: "BILL_WAITING_FOR_APPROVAL",
  noun: { en: "Bill {title}", ar: "الفاتورة {title}" },
  path: (documentId) => `/bills/${documentId}`,
  numbered: "bill"
})
