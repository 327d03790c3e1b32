import { Effect } from "effect"
import type { Environment } from "@tawreed/core/access"
import type { Actor } from "@tawreed/core/identity"
import { OrganisationSettings, Themes, defaultTheme, type OrgSettings, type Theme } from "@tawreed/core/organisations"
import type { CreateMenuSettings, ShellAccess } from "../shell/registry.ts"

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
