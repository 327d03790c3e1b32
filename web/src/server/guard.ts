import type { Refusal } from "@tawreed/adapters/http/Edge"
import { decideRoute, isModuleEnabled, moduleOfPath, routeKey, type ModuleSetting } from "@tawreed/core/access"
import type { Locale } from "@tawreed/core/shared"
import { loginPath } from "./paths.ts"

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
  const module = moduleOfPath(pathname)
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

/**
 * The refused access a guard's redirect stands for, named as the use cases name it (so that the audit log reads the
 * same for the site and the API): a module that is off, or missing privileges; undefined for a route's own redirect.
 */
export const refusalOfPage = (to: string): Refusal | undefined =>
  /\/auth-error\?type=403&reason=module&from=/.test(to)
    ? "ModuleNotEnabled"
    : isPrivilegeRefusal(to)
      ? "InsufficientPrivileges"
      : undefined

/** What the site does with a visit to a page behind a session: let it through, or send it away, with the refusal. */
export type Admission =
  { readonly _tag: "Allow" } | { readonly _tag: "Redirect"; readonly to: string; readonly refusal: Refusal | undefined }

/**
 * SPEC.md §6 at the site's edge, as the API's authentication and use cases decide it: signed out, to the sign-in
 * page (SessionRequired); then the page guard on the actor's own privileges, and, where those are missing, on the
 * ones their workspace roles grant (SPEC.md §6 `_w`, read only then), as the module's use case would let them read
 * that workspace's documents through the API. A refusal comes named as the audit log names the API's.
 */
export const admitPage = async <A extends { readonly privileges: ReadonlyArray<string> }>(
  page: { readonly pathname: string; readonly search: string; readonly locale: Locale },
  actor: A | undefined,
  settings: GuardSettings | undefined,
  workspacePrivileges: (actor: A) => Promise<ReadonlyArray<string>>
): Promise<Admission> => {
  const { pathname, locale } = page
  if (actor === undefined) {
    return { _tag: "Redirect", to: loginPath(locale, `${pathname}${page.search}`), refusal: "SessionRequired" }
  }
  let decision = guardPage(pathname, locale, actor.privileges, settings)
  if (decision._tag === "Redirect" && isPrivilegeRefusal(decision.to)) {
    decision = guardPage(pathname, locale, await workspacePrivileges(actor), settings)
  }
  return decision._tag === "Allow" ? decision : { ...decision, refusal: refusalOfPage(decision.to) }
}
