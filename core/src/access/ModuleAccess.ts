import { Effect } from "effect"
import type { Locale } from "../shared/Locale.ts"
import { ModuleNotEnabled } from "./AccessErrors.ts"

/** One module of the organisation's settings, as far as access and naming need it (SPEC.md §3). */
export interface ModuleSetting {
  readonly code: string
  readonly name?: { readonly en?: string | undefined; readonly ar?: string | undefined } | undefined
  readonly defaultName?: string | undefined
  readonly config?: { readonly enabled?: boolean | undefined } | undefined
  /** A module the plan does not include yet; it is offered as an upgrade, never shown. */
  readonly upgradable?: boolean | undefined
  readonly features?: Readonly<Record<string, boolean | undefined>> | undefined
}

/** The environments the product runs in (SPEC.md §3 Enumerations). */
export type Environment = "dev" | "test" | "demo" | "hotfix" | "production"

/** Modules a route may open without the organisation enabling them: requests (SPEC.md §6). */
export const modulesExemptFromEnablement: ReadonlyArray<string> = ["requests"]

/** Whether a module is enabled in the organisation's settings; requests always is. */
export const isModuleEnabled = (modules: ReadonlyArray<ModuleSetting>, code: string): boolean =>
  modulesExemptFromEnablement.includes(code) || modules.some((m) => m.code === code && m.config?.enabled === true)

/**
 * The module guard: passes for an enabled module, else `ModuleNotEnabled` ('You do not have access to this module').
 * It takes the modules themselves or the organisation's settings that hold them.
 */
export const requireModule = (
  settings: ReadonlyArray<ModuleSetting> | { readonly modules: ReadonlyArray<ModuleSetting> },
  code: string
): Effect.Effect<void, ModuleNotEnabled> =>
  isModuleEnabled("modules" in settings ? settings.modules : settings, code)
    ? Effect.void
    : Effect.fail(new ModuleNotEnabled({ module: code }))

/** A module feature flag, such as `orders.enableDirectOrder`; absent flags are off. */
export const moduleFeature = (modules: ReadonlyArray<ModuleSetting>, code: string, feature: string): boolean =>
  modules.find((m) => m.code === code)?.features?.[feature] === true

/**
 * Whether a module appears at all: it must be enabled and not merely upgradable; reports show only in the demo
 * environment and integrations only in beta (SPEC.md §6).
 */
export const isModuleVisible = (
  module: ModuleSetting,
  context: { readonly environment: Environment; readonly beta: boolean }
): boolean => {
  if (module.upgradable === true) return false
  if (!(modulesExemptFromEnablement.includes(module.code) || module.config?.enabled === true)) return false
  if (module.code === "reports") return context.environment === "demo"
  if (module.code === "integrations") return context.beta
  return true
}

/** A module's name in a language: the organisation's name for it, else its default name, else its code. */
export const moduleDisplayName = (modules: ReadonlyArray<ModuleSetting>, code: string, locale: Locale): string => {
  const module = modules.find((m) => m.code === code)
  const named = module?.name?.[locale]?.trim()
  if (named) return named
  const fallback = module?.defaultName?.trim()
  return fallback ? fallback : code
}
