import { Context, Effect, Option } from "effect"
import type { ModuleNotEnabled } from "../access/AccessErrors.ts"
import { requireModule } from "../access/ModuleAccess.ts"
import type { VersionConflict } from "../shared/Errors.ts"
import type { OrgId } from "./Organisation.ts"
import type { OrgSettings } from "./OrgSettings.ts"

/** Every organisation's settings. */
export interface OrgSettingsRepositoryShape {
  /** The organisation's settings, read inside itself. */
  readonly find: (orgId: OrgId) => Effect.Effect<Option.Option<OrgSettings>>
  /**
   * Writes the settings when the stored version is still `expectedVersion`, and answers them with the next version;
   * VersionConflict when someone saved in between.
   */
  readonly save: (settings: OrgSettings, expectedVersion: number) => Effect.Effect<OrgSettings, VersionConflict>
}

/** Port: where organisation settings are kept. */
export class OrgSettingsRepository extends Context.Service<OrgSettingsRepository, OrgSettingsRepositoryShape>()(
  "@tawreed/core/organisations/OrgSettingsRepository"
) {}

/**
 * The module guard of a use case (SPEC.md §6): the organisation must have `module` enabled in its settings; one
 * with no settings stored yet has none enabled.
 */
export const requireOrgModule = (
  settings: OrgSettingsRepositoryShape,
  orgId: OrgId,
  module: string
): Effect.Effect<void, ModuleNotEnabled> =>
  Effect.flatMap(settings.find(orgId), (found) =>
    requireModule(Option.match(found, { onNone: () => [], onSome: (s) => s.modules }), module)
  )
