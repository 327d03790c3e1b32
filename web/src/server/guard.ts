import { decideRoute, isModuleEnabled, routeKey, routeModules, type ModuleSetting } from "@tawreed/core/access"
import type { Locale } from "@tawreed/core/shared"

/** What the middleware does with a signed-in user's request for a page. */
export type PageDecision = { readonly _tag: "Allow" } | { readonly _tag: "Redirect"; readonly to: string }

/** The organisation settings the guard reads. */
export interface GuardSettings {
  readonly modules: ReadonlyArray<ModuleSetting>
  readonly scaCommunity: boolean
}

/**
 * SPEC.md §6 for a signed-in user: a module the organisation has not enabled leads to the auth-error page with 403
 * and 'You do not have access to this module'; a missing privilege to the route's redirect, if it has one, else to
 * the auth-error page with 403. A disabled action board sends the SCA community to catalogs-admin (SPEC.md §4).
 * Without stored settings (undefined) only the privileges are checked.
 */
export const guardPage = (
  pathname: string,
  locale: Locale,
  privileges: ReadonlyArray<string>,
  settings: GuardSettings | undefined
): PageDecision => {
  const route = routeKey(pathname)
  const module = routeModules[route]
  const modules: ReadonlyArray<ModuleSetting> =
    settings?.modules ?? (module === undefined ? [] : [{ code: module, config: { enabled: true } }])
  if (route === "actionboard" && settings?.scaCommunity === true) {
    const board = settings.modules.find((m) => m.code === "actionboard")
    if (board !== undefined && !isModuleEnabled(settings.modules, "actionboard")) {
      return { _tag: "Redirect", to: `/${locale}/catalogs-admin` }
    }
  }
  const decision = decideRoute(pathname, { loggedIn: true, privileges, modules })
  if (decision._tag === "Allow") return decision
  if (decision._tag === "Redirect") return { _tag: "Redirect", to: `/${locale}/${decision.to}` }
  const reason = decision.reason === "ModuleNotEnabled" ? "&reason=module" : ""
  return {
    _tag: "Redirect",
    to: `/${locale}/auth-error?type=${decision.errorType}${reason}&from=${encodeURIComponent(pathname)}`
  }
}

/** Whether a guard's redirect is the auth-error page for missing privileges (not for a module that is off). */
export const isPrivilegeRefusal = (to: string): boolean => /\/auth-error\?type=403&from=/.test(to)
