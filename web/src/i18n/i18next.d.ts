import "i18next"
import type auth from "./en/auth.json"
import type budgets from "./en/budgets.json"
import type catalogAdmin from "./en/catalogAdmin.json"
import type carts from "./en/carts.json"
import type common from "./en/common.json"
import type contracts from "./en/contracts.json"
import type files from "./en/files.json"
import type invites from "./en/invites.json"
import type marketplace from "./en/marketplace.json"
import type notifications from "./en/notifications.json"
import type orders from "./en/orders.json"
import type requests from "./en/requests.json"
import type settings from "./en/settings.json"
import type vendors from "./en/vendors.json"
import type workspaces from "./en/workspaces.json"

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common"
    resources: {
      common: typeof common
      auth: typeof auth
      notifications: typeof notifications
      workspaces: typeof workspaces
      budgets: typeof budgets
      settings: typeof settings
      files: typeof files
      requests: typeof requests
      vendors: typeof vendors
      invites: typeof invites
      catalogAdmin: typeof catalogAdmin
      marketplace: typeof marketplace
      carts: typeof carts
      contracts: typeof contracts
      orders: typeof orders
    }
  }
}
