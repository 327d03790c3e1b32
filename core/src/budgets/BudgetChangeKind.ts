import { describeDocumentKind } from "../documents/DocumentKindDescriptor.ts"

/** Budget changes as approvable documents (kind `budget`): decided on the change's own page. */
export const budgetChangeKind = describeDocumentKind({
  kind: "budget",
  module: "budgets",
  privilegeModule: "bdg",
  notificationType: "BUDGET_WAITING_FOR_APPROVAL",
  noun: { en: "Budget change to {title}", ar: "تعديل الميزانية {title}" },
  path: (documentId) => `/budgets/changes/${documentId}`,
  numbered: "budget_change"
})
