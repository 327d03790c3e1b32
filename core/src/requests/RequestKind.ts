import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** Requests as approvable documents (SPEC.md §6 Request Approver). */
export const requestKind = describeDocumentKind({
  kind: "request",
  module: "requests",
  privilegeModule: "req",
  notificationType: "REQUEST_WAITING_FOR_APPROVAL",
  noun: { en: "Request {title}", ar: "طلب الشراء {title}" },
  path: (documentId) => `/requests/${documentId}`,
  numbered: "request"
})
