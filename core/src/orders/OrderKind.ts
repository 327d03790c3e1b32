import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** Purchase orders as approvable documents (SPEC.md §6 Order Approver). */
export const orderKind = describeDocumentKind({
  kind: "order",
  module: "orders",
  privilegeModule: "ord",
  notificationType: "ORDER_WAITING_FOR_APPROVAL",
  noun: { en: "Order {title}", ar: "أمر الشراء {title}" },
  path: (documentId) => `/orders/${documentId}`,
  numbered: "order"
})
