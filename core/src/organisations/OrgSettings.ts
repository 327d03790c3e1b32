import { Schema, Struct } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import { OrgId, OrgType } from "./Organisation.ts"

/** A module of the organisation (SPEC.md §3): its code, names, whether it is enabled and its feature flags. */
export class ModuleConfig extends Schema.Class<ModuleConfig>("ModuleConfig")({
  code: Schema.String.check(Schema.isPattern(/^[a-z][a-z0-9_]*$/), Schema.isMaxLength(40)),
  name: Schema.Struct({ en: Schema.String, ar: Schema.String }),
  defaultName: Schema.String,
  config: Schema.Struct({ enabled: Schema.Boolean }),
  features: Schema.Record(Schema.String, Schema.Boolean),
  upgradable: Schema.optionalKey(Schema.Boolean)
}) {}

/** The number formats an organisation picks for dates (SPEC.md §3 Enumerations). */
export const DateFormatSetting = Schema.Literals(["iso", "american", "european"])

/** `orgConfig.adminConfig` of SPEC.md §3. */
export const AdminConfig = Schema.Struct({
  marketplaceEnabled: Schema.Boolean,
  reimbursementAllowed: Schema.Boolean,
  SCACommunity: Schema.Boolean,
  canSourceFromPublicCatalog: Schema.Boolean,
  disableWorkspaceCreation: Schema.Boolean,
  workspacesLimit: Schema.NullOr(Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))),
  /** The plan limit of SPEC.md §3: whether workspaces may carry budgets (the budget tab, `POST budgets`). */
  workspaceBudgetAllowed: Schema.Boolean,
  enableRfp: Schema.Boolean,
  dateFormat: DateFormatSetting,
  lineItemPriceDisplayPrecision: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 6 }))
})
export type AdminConfig = typeof AdminConfig.Type

/** `orgConfig.generalConfig` of SPEC.md §3. */
export const GeneralConfig = Schema.Struct({
  expensesAllowed: Schema.Boolean,
  /** The plan limit of SPEC.md §3: whether the organisation keeps contracts (the `contracts` module). */
  contractsAllowed: Schema.Boolean,
  openLatestRequestOnAction: Schema.Boolean,
  showQuickAccessToggle: Schema.Boolean
})
export type GeneralConfig = typeof GeneralConfig.Type

/**
 * The organisation's profile fields of the update-organisation payload (SPEC.md §3) that no rule of the product
 * reads: kept as given and returned as kept.
 */
export const OrgProfile = Schema.Struct({
  emailName: Schema.optionalKey(Schema.String),
  orgAddress: Schema.optionalKey(Schema.Unknown),
  orgDisplayName: Schema.optionalKey(Schema.String),
  orgDisplayNameTranslation: Schema.optionalKey(Schema.Record(Schema.String, Schema.String)),
  aboutUs: Schema.optionalKey(Schema.String),
  termsAndConditions: Schema.optionalKey(Schema.String),
  bankInfo: Schema.optionalKey(Schema.Unknown),
  paymentPreferences: Schema.optionalKey(Schema.Unknown),
  enabledPaymentTypes: Schema.optionalKey(cappedArray(Schema.String, maxItems.shortList)),
  orgRegNo: Schema.optionalKey(Schema.String),
  taxCertificationNo: Schema.optionalKey(Schema.String),
  emailsLanguage: Schema.optionalKey(Schema.Literals(["en", "ar"])),
  supportEmailConfig: Schema.optionalKey(Schema.Unknown)
})
export type OrgProfile = typeof OrgProfile.Type

/** The organisation's settings (SPEC.md §3): what the site draws its menus and rules from. */
export class OrgSettings extends Schema.Class<OrgSettings>("OrgSettings")({
  id: OrgId,
  orgCode: Schema.String,
  orgName: Schema.String,
  orgType: OrgType,
  orgLogo: Schema.NullOr(Schema.String),
  currency: Schema.String,
  modules: Schema.Array(ModuleConfig),
  orgConfig: Schema.Struct({ adminConfig: AdminConfig, generalConfig: GeneralConfig }),
  profile: OrgProfile,
  version: Schema.Int
}) {}

/** `POST org_settings`: the update-organisation payload of SPEC.md §3, with the version it was read at. */
export class OrgSettingsUpdate extends Schema.Class<OrgSettingsUpdate>("OrgSettingsUpdate")({
  version: Schema.optionalKey(Schema.Int),
  name: Schema.optionalKey(Schema.String),
  logo: Schema.optionalKey(Schema.NullOr(Schema.String)),
  currency: Schema.optionalKey(Schema.String),
  modules: Schema.optionalKey(cappedArray(ModuleConfig, maxItems.shortList)),
  adminConfig: Schema.optionalKey(AdminConfig.mapFields(Struct.map(Schema.optionalKey))),
  generalConfig: Schema.optionalKey(GeneralConfig.mapFields(Struct.map(Schema.optionalKey))),
  ...OrgProfile.fields
}) {}

/** The admin configuration of a new organisation. */
export const defaultAdminConfig: AdminConfig = {
  marketplaceEnabled: false,
  reimbursementAllowed: false,
  SCACommunity: false,
  canSourceFromPublicCatalog: false,
  disableWorkspaceCreation: false,
  workspacesLimit: null,
  workspaceBudgetAllowed: true,
  enableRfp: false,
  dateFormat: "iso",
  lineItemPriceDisplayPrecision: 2
}

/** The general configuration of a new organisation. */
export const defaultGeneralConfig: GeneralConfig = {
  expensesAllowed: false,
  contractsAllowed: false,
  openLatestRequestOnAction: false,
  showQuickAccessToggle: false
}

/** The English and Arabic names of the modules an organisation may enable (SPEC.md §3 module names). */
export const moduleNames: Readonly<Record<string, { readonly en: string; readonly ar: string }>> = {
  actionboard: { en: "Action board", ar: "لوحة المهام" },
  requests: { en: "Requests", ar: "الطلبات" },
  rfqs: { en: "RFQs", ar: "طلبات عروض الأسعار" },
  orders: { en: "Orders", ar: "أوامر الشراء" },
  grns: { en: "Goods Receipts", ar: "إيصالات الاستلام" },
  bills: { en: "Bills", ar: "الفواتير" },
  payments: { en: "Payments", ar: "المدفوعات" },
  catalogs: { en: "Catalogs", ar: "الكتالوجات" },
  workspaces: { en: "Workspaces", ar: "مساحات العمل" },
  users: { en: "Users", ar: "المستخدمون" },
  budgets: { en: "Budgets", ar: "الميزانيات" },
  vendors: { en: "Vendors", ar: "الموردون" },
  contracts: { en: "Contracts", ar: "العقود" },
  reports: { en: "Reports", ar: "التقارير" },
  settings: { en: "Settings", ar: "الإعدادات" },
  inventory: { en: "Inventory", ar: "المخزون" },
  e_invoice: { en: "E-Invoices", ar: "الفواتير الإلكترونية" },
  seller_rfq: { en: "RFQs", ar: "طلبات عروض الأسعار" },
  seller_order: { en: "Orders", ar: "أوامر الشراء الواردة" },
  seller_invoice: { en: "Invoices", ar: "الفواتير" },
  seller_payment: { en: "Payments", ar: "المدفوعات" },
  seller_gdn: { en: "Delivery Notes", ar: "إشعارات التسليم" }
}

/** A module as an organisation holds it: named, enabled or not, with the given feature flags. */
export const moduleConfig = (
  code: string,
  enabled: boolean,
  features: Readonly<Record<string, boolean>> = {}
): ModuleConfig => {
  const name = moduleNames[code] ?? { en: code, ar: code }
  return new ModuleConfig({ code, name, defaultName: name.en, config: { enabled }, features })
}

/** The modules every buyer organisation starts with, all enabled. */
export const buyerModules: ReadonlyArray<string> = [
  "actionboard",
  "requests",
  "rfqs",
  "orders",
  "grns",
  "bills",
  "payments",
  "catalogs",
  "workspaces",
  "users",
  "budgets",
  "vendors",
  "settings"
]

/** The modules every vendor organisation starts with: the seller modules, users and settings. */
export const vendorModules: ReadonlyArray<string> = [
  "seller_rfq",
  "seller_order",
  "seller_invoice",
  "seller_payment",
  "seller_gdn",
  "catalogs",
  "users",
  "settings"
]

/** The modules of an organisation that never chose its own: by its kind, all enabled. */
export const defaultModules = (orgType: string): ReadonlyArray<ModuleConfig> =>
  (orgType === "vendor" ? vendorModules : buyerModules).map((code) => moduleConfig(code, true))
