import { Schema } from "effect"

/**
 * The most items each list inside a request may hold. A payload past these is refused before any work, so that no
 * single request can grow a record (and every answer that shows it) without bound.
 */
export const maxItems = {
  /** Lines of one budget, and line changes of one budget change. */
  budgetLines: 500,
  /** Users created by one bulk request. */
  bulkUsers: 500,
  /** Members and locations of one workspace. */
  workspaceMembers: 1_000,
  workspaceLocations: 200,
  /** Levels of one approval workflow, and approvers of one level. */
  workflowLevels: 20,
  levelApprovers: 50,
  /** Privileges of one custom role (the product has a few hundred). */
  privileges: 1_000,
  /** Roles given to one user, columns of one saved view, and other short lists. */
  shortList: 100,
  /** Files attached to one document. */
  attachments: 50,
  /** Addresses, contacts, bank accounts, categories and documents of one vendor. */
  vendorAddresses: 20,
  vendorContacts: 50,
  vendorBankAccounts: 10,
  vendorCategories: 100,
  vendorDocuments: 20,
  /** Agreed price lines of one contract. */
  contractLines: 500
} as const

/** An array schema capped at `max` items. */
export const cappedArray = <S extends Schema.Top>(item: S, max: number) =>
  Schema.Array(item).check(Schema.isMaxLength(max))
