import { Context, type Effect, type Option } from "effect"
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
