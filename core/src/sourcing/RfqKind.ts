import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** RFQs as approvable documents (SPEC.md §6 RFQ Approver). */
export const rfqKind = describeDocumentKind({
  kind: "rfq",
  module: "rfqs",
  privilegeModule: "rfq",
  notificationType: "RFQ_WAITING_FOR_APPROVAL",
  noun: { en: "RFQ {title}", ar: "طلب عرض الأسعار {title}" },
  path: (documentId) => `/rfqs/${documentId}`,
  numbered: "rfq"
})

/** The approval an RFQ may need before it is sent to vendors; its notices are the RFQ's. */
export const preRfqApprovalKind = describeDocumentKind({
  kind: "pre_rfq_approval",
  module: "rfqs",
  privilegeModule: "rfq",
  notificationType: "RFQ_WAITING_FOR_APPROVAL",
  noun: { en: "Pre-RFQ approval {title}", ar: "اعتماد ما قبل طلب عرض الأسعار {title}" },
  path: (documentId) => `/rfqs/${documentId}`
})
