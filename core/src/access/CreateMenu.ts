import type { Translated } from "../shared/Locale.ts"
import { isModuleEnabled, moduleFeature, type ModuleSetting } from "./ModuleAccess.ts"
import { hasAnyPrivilege } from "./Privilege.ts"
import { isCreateMenuHidden, type Role } from "./Roles.ts"

/** The groups of the CREATE overlay menu, in order (SPEC.md §6). */
export const createMenuGroups = ["requests", "sourcing", "orders", "bills", "products", "others"] as const
export type CreateMenuGroup = (typeof createMenuGroups)[number]

export const createMenuGroupLabels: Readonly<Record<CreateMenuGroup, Translated>> = {
  requests: { en: "Requests", ar: "الطلبات" },
  sourcing: { en: "Sourcing", ar: "التوريد" },
  orders: { en: "Orders", ar: "أوامر الشراء" },
  bills: { en: "Bills", ar: "الفواتير" },
  products: { en: "Products", ar: "المنتجات" },
  others: { en: "Others", ar: "أخرى" }
}

/** The kinds of organisation that see fewer create items (SPEC.md §6). */
export type CreateMenuAudience = "vendor" | "scaCommunity" | "marketplaceSupplier"

/** What decides the menu beyond the user's privileges: the organisation's kind, modules and settings. */
export interface CreateMenuContext {
  readonly privileges: Iterable<string>
  readonly roles: ReadonlyArray<Role>
  readonly modules: ReadonlyArray<ModuleSetting>
  readonly isVendor: boolean
  readonly scaCommunity: boolean
  readonly marketplaceSupplier: boolean
  readonly enableRfp: boolean
  readonly reimbursementAllowed: boolean
  readonly expensesAllowed: boolean
  /** Whether another workspace may be created now (see `workspaceCreationAllowed`). */
  readonly canCreateWorkspace: boolean
}

/** One item of the CREATE menu. */
export interface CreateMenuItem {
  readonly key: string
  readonly group: CreateMenuGroup
  readonly label: Translated
  readonly route: string
  /** Any one of these opens the item. */
  readonly privileges: ReadonlyArray<string>
  /** The module that must be enabled. */
  readonly module: string
  readonly hiddenFor: ReadonlyArray<CreateMenuAudience>
  /** A setting the item also needs, beyond module and privileges. */
  readonly needs?: (context: CreateMenuContext) => boolean
}

const buyerOnly: ReadonlyArray<CreateMenuAudience> = ["vendor", "scaCommunity", "marketplaceSupplier"]
const notForSellers: ReadonlyArray<CreateMenuAudience> = ["vendor", "marketplaceSupplier"]

/**
 * The CREATE menu's items with their privileges (SPEC.md §6 create-menu privileges) and routes (SPEC.md §2 create
 * routes). Vendors and marketplace suppliers sell, so they see no buying items; the SCA community works from
 * catalogs, so it sees neither the finer request kinds nor expense, markup, client and inventory items.
 */
export const createMenuItems: ReadonlyArray<CreateMenuItem> = [
  {
    key: "request",
    group: "requests",
    label: { en: "Request", ar: "طلب" },
    route: "/requests/create",
    privileges: ["req_c_u", "req_c_w"],
    module: "requests",
    hiddenFor: notForSellers
  },
  {
    key: "expenseRequest",
    group: "requests",
    label: { en: "Expense request", ar: "طلب مصروفات" },
    route: "/requests/create/new-expense-request",
    privileges: ["req_c_u", "req_c_w"],
    module: "requests",
    hiddenFor: buyerOnly,
    needs: (c) => c.expensesAllowed && moduleFeature(c.modules, "requests", "allowExpenseRequest")
  },
  {
    key: "reimbursementRequest",
    group: "requests",
    label: { en: "Reimbursement request", ar: "طلب استرداد" },
    route: "/requests/create/reimbursement-request",
    privileges: ["req_c_u", "req_c_w"],
    module: "requests",
    hiddenFor: buyerOnly,
    needs: (c) => c.reimbursementAllowed
  },
  {
    key: "rfq",
    group: "sourcing",
    label: { en: "RFQ", ar: "طلب عرض سعر" },
    route: "/rfqs/requests",
    privileges: ["rfq_c_o", "rfq_c_w"],
    module: "rfqs",
    hiddenFor: notForSellers
  },
  {
    key: "rfp",
    group: "sourcing",
    label: { en: "RFP", ar: "طلب عروض" },
    route: "/requests/create/proposal-request",
    privileges: ["rfq_c_o", "rfq_c_w"],
    module: "rfqs",
    hiddenFor: buyerOnly,
    needs: (c) => c.enableRfp
  },
  {
    key: "rfc",
    group: "sourcing",
    label: { en: "RFC MFA", ar: "طلب عقد" },
    route: "/requests/create/contract-request",
    privileges: ["rfq_c_o", "rfq_c_w"],
    module: "rfqs",
    hiddenFor: buyerOnly,
    needs: (c) => moduleFeature(c.modules, "requests", "allowRequestForContract")
  },
  {
    key: "purchaseOrder",
    group: "orders",
    label: { en: "Purchase order", ar: "أمر شراء" },
    route: "/orders/create/info",
    privileges: ["ord_c_o", "ord_c_w"],
    module: "orders",
    hiddenFor: notForSellers,
    needs: (c) => moduleFeature(c.modules, "orders", "enableDirectOrder")
  },
  {
    key: "expenseBill",
    group: "bills",
    label: { en: "Expense bill", ar: "فاتورة مصروفات" },
    route: "/bills/expense/create",
    privileges: ["bil_c_o", "bil_c_w", "bil_ex_c_o"],
    module: "bills",
    hiddenFor: buyerOnly,
    needs: (c) => moduleFeature(c.modules, "bills", "expenseBill")
  },
  {
    key: "eInvoice",
    group: "bills",
    label: { en: "E-Invoice", ar: "فاتورة إلكترونية" },
    route: "/e-invoice/create/info",
    privileges: ["bil_c_o", "bil_c_w", "bil_ex_c_o"],
    module: "e_invoice",
    hiddenFor: ["scaCommunity"],
    needs: (c) => moduleFeature(c.modules, "e_invoice", "createEnabled")
  },
  {
    key: "catalog",
    group: "products",
    label: { en: "Catalog", ar: "كتالوج" },
    route: "/catalogs-admin/create/info",
    privileges: ["cat_c_o"],
    module: "catalogs",
    hiddenFor: []
  },
  {
    key: "category",
    group: "products",
    label: { en: "Category", ar: "فئة" },
    route: "/catalogs-admin/create",
    privileges: ["ctg_c_o"],
    module: "catalogs",
    hiddenFor: []
  },
  {
    key: "product",
    group: "products",
    label: { en: "Product", ar: "منتج" },
    route: "/products-admin/create/info",
    privileges: ["prd_c_o"],
    module: "catalogs",
    hiddenFor: []
  },
  {
    key: "client",
    group: "others",
    label: { en: "Client", ar: "عميل" },
    route: "/clients/create",
    privileges: ["cli_c_o"],
    module: "clients",
    hiddenFor: ["scaCommunity", "marketplaceSupplier"]
  },
  {
    key: "vendor",
    group: "others",
    label: { en: "Vendor", ar: "مورّد" },
    route: "/vendors/create",
    privileges: ["ven_c_o"],
    module: "vendors",
    hiddenFor: notForSellers
  },
  {
    key: "workspace",
    group: "others",
    label: { en: "Workspace", ar: "مساحة عمل" },
    route: "/workspaces/create/new/details",
    privileges: ["wkp_c_o"],
    module: "workspaces",
    hiddenFor: notForSellers,
    needs: (c) => c.canCreateWorkspace
  },
  {
    key: "user",
    group: "others",
    label: { en: "User", ar: "مستخدم" },
    route: "/settings/users/create",
    privileges: ["usr_c_o"],
    module: "users",
    hiddenFor: []
  },
  {
    key: "journalEntry",
    group: "others",
    label: { en: "Journal entry", ar: "قيد يومية" },
    route: "/expense-accounts/journal-entries/create",
    privileges: ["exp_c_o"],
    module: "expense_accounts",
    hiddenFor: buyerOnly,
    needs: (c) => moduleFeature(c.modules, "expense_accounts", "journalEntry")
  },
  {
    key: "markup",
    group: "others",
    label: { en: "Markup", ar: "هامش ربح" },
    route: "/markups/create",
    privileges: ["mar_c_o"],
    module: "markups",
    hiddenFor: ["scaCommunity"]
  },
  {
    key: "inventory",
    group: "others",
    label: { en: "Inventory", ar: "مخزون" },
    route: "/inventory/create",
    privileges: ["inv_c_o"],
    module: "inventory",
    hiddenFor: ["scaCommunity"]
  }
]

const audiencesOf = (c: CreateMenuContext): ReadonlyArray<CreateMenuAudience> => [
  ...(c.isVendor ? (["vendor"] as const) : []),
  ...(c.scaCommunity ? (["scaCommunity"] as const) : []),
  ...(c.marketplaceSupplier ? (["marketplaceSupplier"] as const) : [])
]

/** Whether one item shows for a user. */
export const isCreateItemVisible = (item: CreateMenuItem, context: CreateMenuContext): boolean =>
  !audiencesOf(context).some((a) => item.hiddenFor.includes(a)) &&
  (item.module === "users" || isModuleEnabled(context.modules, item.module)) &&
  hasAnyPrivilege(context.privileges, item.privileges) &&
  (item.needs === undefined || item.needs(context))

/** The CREATE menu a user sees: its groups in order, each with its visible items; empty groups are left out. */
export const createMenu = (
  context: CreateMenuContext
): ReadonlyArray<{ readonly group: CreateMenuGroup; readonly items: ReadonlyArray<CreateMenuItem> }> =>
  isCreateMenuHidden(context.roles)
    ? []
    : createMenuGroups
        .map((group) => ({
          group,
          items: createMenuItems.filter((i) => i.group === group && isCreateItemVisible(i, context))
        }))
        .filter((g) => g.items.length > 0)
