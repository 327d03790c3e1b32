import { Effect } from "effect"
import { ModuleNotInPlan, PlanLimitLocked } from "./OrganisationErrors.ts"
import { type ModuleConfig, moduleNames, type OrgSettings, type OrgSettingsUpdate } from "./OrgSettings.ts"

/**
 * The plan limits of SPEC.md §3 that an organisation's settings carry. The platform sets them when it provisions
 * the organisation; the organisation's own super user reads them but cannot change them through `org_settings`,
 * or a plan would be whatever its holder wrote.
 */
export const planAdminLimits = ["workspacesLimit", "workspaceBudgetAllowed", "canSourceFromPublicCatalog"] as const
export const planGeneralLimits = ["expensesAllowed", "contractsAllowed"] as const

/** The modules a plan limit gates: switched on only while the limit allows them. */
const moduleLimits: Readonly<Record<string, (settings: OrgSettings) => boolean>> = {
  budgets: (s) => s.orgConfig.adminConfig.workspaceBudgetAllowed,
  expense_requests: (s) => s.orgConfig.generalConfig.expensesAllowed,
  expense_bills: (s) => s.orgConfig.generalConfig.expensesAllowed,
  expense_accounts: (s) => s.orgConfig.generalConfig.expensesAllowed,
  contracts: (s) => s.orgConfig.generalConfig.contractsAllowed
}

/** Whether the organisation's plan includes a module: it holds the module, and no plan limit rules it out. */
export const planIncludes = (settings: OrgSettings, code: string): boolean =>
  settings.modules.some((m) => m.code === code) && (moduleLimits[code]?.(settings) ?? true)

/**
 * Checks a settings change against the plan: no plan limit changed, and no module switched on that the plan does
 * not include (one the organisation does not hold, or one a limit rules out). Switching a module off, renaming it,
 * or leaving one on that was on already are the organisation's own choices.
 */
export const checkPlan = (
  settings: OrgSettings,
  change: OrgSettingsUpdate
): Effect.Effect<void, ModuleNotInPlan | PlanLimitLocked> =>
  Effect.gen(function* () {
    const admin = settings.orgConfig.adminConfig
    for (const limit of planAdminLimits) {
      const asked = change.adminConfig?.[limit]
      if (asked !== undefined && asked !== admin[limit]) return yield* new PlanLimitLocked({ limit })
    }
    const general = settings.orgConfig.generalConfig
    for (const limit of planGeneralLimits) {
      const asked = change.generalConfig?.[limit]
      if (asked !== undefined && asked !== general[limit]) return yield* new PlanLimitLocked({ limit })
    }
    for (const module of change.modules ?? []) {
      const held = settings.modules.find((m) => m.code === module.code)
      const switchedOn = module.config.enabled && held?.config.enabled !== true
      if (switchedOn && !planIncludes(settings, module.code)) {
        const name = moduleNames[module.code] ?? held?.name ?? module.name
        return yield* new ModuleNotInPlan({ module: module.code, moduleEn: name.en, moduleAr: name.ar })
      }
    }
  })

/**
 * The organisation's modules after a change: the ones it holds, in their order, with the names and switches the
 * change gives them. A module left out of the change stays as it was, so leaving one out never loses it.
 */
export const mergeModules = (
  held: ReadonlyArray<ModuleConfig>,
  changed: ReadonlyArray<ModuleConfig> | undefined
): ReadonlyArray<ModuleConfig> =>
  changed === undefined ? held : held.map((m) => changed.find((c) => c.code === m.code) ?? m)

/** The codes of the modules a change switches on and off, for the audit log. */
export const moduleSwitches = (before: ReadonlyArray<ModuleConfig>, after: ReadonlyArray<ModuleConfig>) => {
  const wasOn = new Set(before.filter((m) => m.config.enabled).map((m) => m.code))
  const isOn = new Set(after.filter((m) => m.config.enabled).map((m) => m.code))
  return {
    on: [...isOn].filter((code) => !wasOn.has(code)),
    off: [...wasOn].filter((code) => !isOn.has(code))
  }
}
