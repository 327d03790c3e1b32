import { accessCatalogue } from "../access/AccessCatalogue.ts"
import { approvalCatalogue } from "../approvals/ApprovalCatalogue.ts"
import { budgetCatalogue } from "../budgets/BudgetCatalogue.ts"
import { cartCatalogue } from "../carts/CartCatalogue.ts"
import { catalogCatalogue } from "../catalog/CatalogCatalogue.ts"
import { contractCatalogue } from "../contracts/ContractCatalogue.ts"
import { productAdminCatalogue } from "../catalog/ProductAdminCatalogue.ts"
import { marketplaceCatalogue } from "../marketplace/MarketplaceCatalogue.ts"
import { dateCatalogue } from "../dates/DateCatalogue.ts"
import { fileCatalogue } from "../files/FileCatalogue.ts"
import { inviteCatalogue } from "../invites/InviteCatalogue.ts"
import { identityCatalogue } from "../identity/IdentityCatalogue.ts"
import { mailCatalogue } from "../mail/MailCatalogue.ts"
import { moneyCatalogue } from "../money/MoneyCatalogue.ts"
import { notificationCatalogue } from "../notifications/NotificationCatalogue.ts"
import { organisationCatalogue } from "../organisations/OrganisationCatalogue.ts"
import { requestCatalogue } from "../requests/RequestCatalogue.ts"
import { orderCatalogue } from "../orders/OrderCatalogue.ts"
import { searchCatalogue } from "../search/SearchCatalogue.ts"
import { vendorCatalogue } from "../vendors/VendorCatalogue.ts"
import { vendorChangeCatalogue } from "../vendors/VendorChangeCatalogue.ts"
import { workspaceCatalogue } from "../workspaces/WorkspaceCatalogue.ts"
import type { ModuleCatalogue } from "./CatalogueEntry.ts"
import { sharedCatalogue } from "./SharedCatalogue.ts"

/**
 * Every module's catalogue, the one place a module registers its errors, audit events, fields and problems: it
 * writes them in its own `<Module>Catalogue.ts` and adds its line here. The error catalogue, the audit log's event
 * names and the field words are assembled from this list, and a test fails when an error class of the core is
 * missing from its module's catalogue.
 */
export const moduleCatalogues = [
  sharedCatalogue,
  identityCatalogue,
  accessCatalogue,
  organisationCatalogue,
  notificationCatalogue,
  mailCatalogue,
  moneyCatalogue,
  dateCatalogue,
  cartCatalogue,
  searchCatalogue,
  approvalCatalogue,
  workspaceCatalogue,
  budgetCatalogue,
  requestCatalogue,
  orderCatalogue,
  fileCatalogue,
  vendorCatalogue,
  inviteCatalogue,
  vendorChangeCatalogue,
  catalogCatalogue,
  productAdminCatalogue,
  marketplaceCatalogue,
  contractCatalogue
] as const satisfies ReadonlyArray<ModuleCatalogue>

type Catalogued = (typeof moduleCatalogues)[number]

/** Every audit event a module writes. */
export type CataloguedAuditEvent = Catalogued extends infer C
  ? C extends { readonly auditEvents: ReadonlyArray<infer E> }
    ? E
    : never
  : never

/** Every field problem a module puts in words. */
export type CataloguedProblem = Catalogued extends infer C
  ? C extends { readonly problems: infer P }
    ? keyof P & string
    : never
  : never
