import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/**
 * Contracts as approvable documents (kind `contract`): reviewed on their page under the orders section
 * (`/orders/contracts/{id}`, SPEC.md §2), followed by the holders of `ven_r_o` (SPEC.md §6 "vendors and
 * contracts"), their approvers told by CONTRACT_WAITING_FOR_APPROVAL.
 */
export const contractKind = describeDocumentKind({
  kind: "contract",
  module: "contracts",
  privilegeModule: "ven",
  notificationType: "CONTRACT_WAITING_FOR_APPROVAL",
  noun: { en: "Contract {title}", ar: "العقد {title}" },
  path: (documentId) => `/orders/contracts/${documentId}`,
  numbered: "contract"
})
