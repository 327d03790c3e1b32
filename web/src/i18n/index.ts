import { createInstance, type TFunction } from "i18next"
import type { Locale } from "@tawreed/core/shared"
import { isolate } from "@tawreed/core/shared/Text"
import arAuth from "./ar/auth.json"
import arBudgets from "./ar/budgets.json"
import arCatalogAdmin from "./ar/catalogAdmin.json"
import arCarts from "./ar/carts.json"
import arCommon from "./ar/common.json"
import arContracts from "./ar/contracts.json"
import arFiles from "./ar/files.json"
import arInvites from "./ar/invites.json"
import arMarketplace from "./ar/marketplace.json"
import arNotifications from "./ar/notifications.json"
import arOrders from "./ar/orders.json"
import arRequests from "./ar/requests.json"
import arSettings from "./ar/settings.json"
import arVendors from "./ar/vendors.json"
import arWorkspaces from "./ar/workspaces.json"
import enAuth from "./en/auth.json"
import enBudgets from "./en/budgets.json"
import enCatalogAdmin from "./en/catalogAdmin.json"
import enCarts from "./en/carts.json"
import enCommon from "./en/common.json"
import enContracts from "./en/contracts.json"
import enFiles from "./en/files.json"
import enInvites from "./en/invites.json"
import enMarketplace from "./en/marketplace.json"
import enNotifications from "./en/notifications.json"
import enOrders from "./en/orders.json"
import enRequests from "./en/requests.json"
import enSettings from "./en/settings.json"
import enVendors from "./en/vendors.json"
import enWorkspaces from "./en/workspaces.json"

/** Every string of the site, by language and namespace. */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    notifications: enNotifications,
    workspaces: enWorkspaces,
    budgets: enBudgets,
    settings: enSettings,
    files: enFiles,
    requests: enRequests,
    vendors: enVendors,
    invites: enInvites,
    catalogAdmin: enCatalogAdmin,
    marketplace: enMarketplace,
    carts: enCarts,
    contracts: enContracts,
    orders: enOrders
  },
  ar: {
    common: arCommon,
    auth: arAuth,
    notifications: arNotifications,
    workspaces: arWorkspaces,
    budgets: arBudgets,
    settings: arSettings,
    files: arFiles,
    requests: arRequests,
    vendors: arVendors,
    invites: arInvites,
    catalogAdmin: arCatalogAdmin,
    marketplace: arMarketplace,
    carts: arCarts,
    contracts: arContracts,
    orders: arOrders
  }
} as const satisfies Record<Locale, Record<string, unknown>>

export type Namespace = keyof (typeof resources)["en"]

/** Every namespace, default first: a key of another namespace is written `auth:login.title`. */
export const namespaces = [
  "common",
  "auth",
  "notifications",
  "workspaces",
  "budgets",
  "settings",
  "files",
  "requests",
  "vendors",
  "invites",
  "catalogAdmin",
  "marketplace",
  "carts",
  "contracts",
  "orders"
] as const satisfies ReadonlyArray<Namespace>

/** A translate function that knows every namespace's keys. */
export type Translate = TFunction<typeof namespaces>

const translators = new Map<Locale, Translate>()

/** How many plain strings a language keeps looked up: more than the catalogues hold, so the bound is a backstop. */
const maxPlainStrings = 20_000

/** i18next's translate function for one language, built once per process. */
export const translator = (locale: Locale): Translate => {
  const known = translators.get(locale)
  if (known) return known
  const instance = createInstance()
  void instance.init({
    lng: locale,
    fallbackLng: false,
    resources,
    ns: namespaces,
    defaultNS: "common",
    initAsync: false,
    // Astro and React escape what they render, so i18next's escaping step is used instead to isolate each text
    // value (a name, a date) from the sentence around it; counts stay bare so that plurals read naturally.
    interpolation: {
      escapeValue: true,
      useRawValueToEscape: true,
      escape: (value: unknown) => (typeof value === "string" ? isolate(value) : String(value))
    }
  })
  const fixed = instance.getFixedT(locale, namespaces) as unknown as (...args: Array<unknown>) => unknown
  // A key asked for without options always reads the same string: each is looked up once per process (a page asks
  // for a few dozen; i18next would parse, resolve and post-process each again on every request).
  const plain = new Map<string, unknown>()
  const lookUp = (key: unknown, ...rest: Array<unknown>) => {
    if (rest.length > 0 || typeof key !== "string") return fixed(key, ...rest)
    const known = plain.get(key)
    if (known !== undefined) return known
    const found = fixed(key)
    if (plain.size < maxPlainStrings) plain.set(key, found)
    return found
  }
  const t = lookUp as unknown as Translate
  translators.set(locale, t)
  return t
}

/** The strings of one namespace, for an island that formats its own messages. */
export const messagesOf = <N extends Namespace>(locale: Locale, namespace: N): (typeof resources)[Locale][N] =>
  resources[locale][namespace]
