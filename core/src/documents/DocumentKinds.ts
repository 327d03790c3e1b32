import { billKind } from "../billing/BillKind.ts"
import { budgetChangeKind } from "../budgets/BudgetChangeKind.ts"
import { contractKind } from "../contracts/ContractKind.ts"
import type { DocumentKind } from "../approvals/Workflow.ts"
import { inviteKind } from "../invites/InviteKind.ts"
import { orderKind } from "../orders/OrderKind.ts"
import { requestKind } from "../requests/RequestKind.ts"
import { preRfqApprovalKind, rfqKind } from "../sourcing/RfqKind.ts"
import { workspaceKind } from "../workspaces/WorkspaceKind.ts"
import { vendorChangeKind } from "../vendors/VendorChangeKind.ts"
import type { DocumentKindDescriptor } from "./DocumentKindDescriptor.ts"

/**
 * Every approvable kind's descriptor, the one place a module registers its kind: the approval engine, its
 * notifications and the action board read them here. Each kind of `DocumentKind` must have one.
 */
export const documentKinds: { readonly [K in DocumentKind]: DocumentKindDescriptor<K> } = {
  request: requestKind,
  rfq: rfqKind,
  pre_rfq_approval: preRfqApprovalKind,
  order: orderKind,
  bill: billKind,
  workspace: workspaceKind,
  budget: budgetChangeKind,
  invite: inviteKind,
  vendor_change: vendorChangeKind,
  contract: contractKind
}

/** The descriptor of a kind. */
export const descriptorOf = <K extends DocumentKind>(kind: K): DocumentKindDescriptor<K> => documentKinds[kind]

/** Where a document is reviewed, after the locale. */
export const documentPath = (kind: DocumentKind, documentId: string): string => documentKinds[kind].path(documentId)
