import { Context, type Effect, type Option } from "effect"
import type { OrgId } from "./Organisation.ts"
import type { OrgTheme, Theme } from "./Theme.ts"
import type { ThemeUrlTaken } from "./OrganisationErrors.ts"

/** Every organisation's theme; the two public lookups come before anyone signs in. */
export interface ThemeRepositoryShape {
  /** The theme of the organisation with this code, for its sign-in page. */
  readonly findByOrgCode: (orgCode: string) => Effect.Effect<Option.Option<OrgTheme>>
  /** The theme served at this host or address. */
  readonly findByUrl: (url: string) => Effect.Effect<Option.Option<OrgTheme>>
  /** Creates or replaces the organisation's theme. */
  readonly save: (orgId: OrgId, theme: Theme) => Effect.Effect<void, ThemeUrlTaken>
  /** Removes the organisation's theme; false when it had none. */
  readonly remove: (orgId: OrgId) => Effect.Effect<boolean>
}

/** Port: where themes are kept. */
export class ThemeRepository extends Context.Service<ThemeRepository, ThemeRepositoryShape>()(
  "@tawreed/core/organisations/ThemeRepository"
) {}
