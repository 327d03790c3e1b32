import { Effect } from "effect"
import type { Environment } from "@tawreed/core/access"
import type { Actor } from "@tawreed/core/identity"
import { OrganisationSettings, Themes, defaultTheme, type OrgSettings, type Theme } from "@tawreed/core/organisations"
import type { Locale } from "@tawreed/core/shared"
import {
  createMenuSections,
  type CreateMenuSection,
  type CreateMenuSettings,
  type ShellAccess,
  type SidebarEntry,
  sidebarEntries
} from "../shell/registry.ts"

/** The deployment's environment (SPEC.md §3): reports show only in demo, integrations only in beta. */
export const environmentOf = (env: Record<string, string | undefined> = process.env): Environment => {
  const value = env["TAWREED_ENV"]
  return value === "dev" || value === "test" || value === "demo" || value === "hotfix" ? value : "production"
}

/**
 * The signed-in user's organisation settings, or undefined while the organisation has none stored: the shell then
 * shows what needs no module (the action board) and the module guard waits for them.
 */
export const settingsOf = (actor: Actor) =>
  Effect.gen(function* () {
    const settings = yield* OrganisationSettings
    return yield* settings.get(actor, actor.orgId)
  }).pipe(Effect.orElseSucceed(() => undefined))

/** The organisation's theme, or the product's default theme. */
export const themeOf = (settings: OrgSettings | undefined) =>
  settings === undefined
    ? Effect.succeed(defaultTheme)
    : Effect.gen(function* () {
        const themes = yield* Themes
        return (yield* themes.byOrgCode(settings.orgCode)).theme
      }).pipe(Effect.orElseSucceed(() => defaultTheme))

/**
 * What the shell's menus are decided from; `pagePrivileges` are those the page guard accepts (the actor's own and
 * their workspace roles' grants, from `Workspaces.privilegesAnywhere`).
 */
export const shellAccess = (
  actor: Actor,
  settings: OrgSettings | undefined,
  pagePrivileges: ReadonlyArray<string> = actor.privileges
): ShellAccess => ({
  privileges: actor.privileges,
  pagePrivileges,
  roles: actor.roles,
  modules: settings?.modules ?? [],
  environment: environmentOf(),
  beta: process.env["TAWREED_BETA"] === "on"
})

/** What the CREATE menu reads of the organisation's settings beyond its modules (undefined: none stored yet). */
export const createMenuSettingsOf = (settings: OrgSettings | undefined): CreateMenuSettings | undefined =>
  settings && {
    isVendor: settings.orgType === "vendor",
    scaCommunity: settings.orgConfig.adminConfig.SCACommunity,
    marketplaceSupplier: false,
    enableRfp: settings.orgConfig.adminConfig.enableRfp,
    reimbursementAllowed: settings.orgConfig.adminConfig.reimbursementAllowed,
    expensesAllowed: settings.orgConfig.generalConfig.expensesAllowed,
    canCreateWorkspace: !settings.orgConfig.adminConfig.disableWorkspaceCreation
  }

/** The shell's menus: the sidebar's links and the CREATE menu's groups. */
export interface ShellMenus {
  readonly sidebar: ReadonlyArray<SidebarEntry>
  readonly createSections: ReadonlyArray<CreateMenuSection>
}

/**
 * The menus of each organisation's settings as read (the access cache hands every request the same object until
 * the settings change or its time is up), by language and by the privileges and roles they were decided from.
 */
const menusOfSettings = new WeakMap<object, Map<string, ShellMenus>>()
const withoutSettings = {}
const maxMenusPerSettings = 1_000

/**
 * The shell's menus for the actor, decided once per organisation settings, language, privileges and roles rather
 * than on every page; `pagePrivileges` are those the page guard accepts (see `shellAccess`).
 */
export const shellMenus = (
  actor: Actor,
  settings: OrgSettings | undefined,
  pagePrivileges: ReadonlyArray<string>,
  locale: Locale
): ShellMenus => {
  const key = [locale, actor.privileges.join(","), pagePrivileges.join(","), actor.roles.join(",")].join("\n")
  const owner = settings ?? withoutSettings
  let menus = menusOfSettings.get(owner)
  if (menus === undefined) {
    menus = new Map()
    menusOfSettings.set(owner, menus)
  }
  const known = menus.get(key)
  if (known !== undefined) return known
  const access = shellAccess(actor, settings, pagePrivileges)
  const made = {
    sidebar: sidebarEntries(access, locale),
    createSections: createMenuSections(access, createMenuSettingsOf(settings))
  }
  if (menus.size >= maxMenusPerSettings) menus.clear()
  menus.set(key, made)
  return made
}

/** Each theme's style, made once per theme as read (the access cache hands every request the same object). */
const styleOfTheme = new WeakMap<Theme, string>()

/** `themeStyle`, once per theme object. */
export const themeStyleOf = (theme: Theme): string => {
  const known = styleOfTheme.get(theme)
  if (known !== undefined) return known
  const style = themeStyle(theme)
  styleOfTheme.set(theme, style)
  return style
}

/**
 * The theme's colours as CSS custom properties on the root, for the page's `<style>`: screen colours for the
 * screen, print colours for print. The theme's schema admits only `--name` variables and hex or rgb() values.
 */
export const themeStyle = (theme: Theme): string => {
  const declarations = (colors: Theme["colors"]) =>
    colors
      .filter((c) => /^--[a-z0-9-]+$/.test(c.variable) && /^[#0-9a-zA-Z(),.%\s]+$/.test(c.value))
      .map((c) => `${c.variable}:${c.value}`)
      .join(";")
  const screen = declarations(theme.colors)
  const print = declarations(theme.printColors)
  return `:root{${screen}}${print === "" ? "" : `@media print{:root{${print}}}`}`
}
