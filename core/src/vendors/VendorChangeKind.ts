import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/**
 * Changes to a connected vendor's key details as approvable documents (kind `vendor_change`): reviewed on the
 * vendor's page (`/vendors/changes/{id}` leads there), followed by the holders of `ven_r_o`, their reviewers told
 * by VENDOR_WAITING_FOR_REVIEW.
 */
export const vendorChangeKind = describeDocumentKind({
  kind: "vendor_change",
  module: "vendors",
  privilegeModule: "ven",
  notificationType: "VENDOR_WAITING_FOR_REVIEW",
  noun: { en: "Change to vendor {title}", ar: "تعديل بيانات المورد {title}" },
  path: (documentId) => `/vendors/changes/${documentId}`
})
