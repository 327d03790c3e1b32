import { Context, type Effect } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { Slice } from "../shared/Paging.ts"
import type { OrgRole } from "./OrgRole.ts"

/** The roles an organisation composed from privileges. */
export interface RoleRepositoryShape {
  /** The organisation's own roles, by code; only the slice's rows when given one. */
  readonly list: (orgId: OrgId, slice?: Slice) => Effect.Effect<ReadonlyArray<OrgRole>>
  /** Creates or replaces one of the organisation's roles. */
  readonly save: (orgId: OrgId, role: OrgRole) => Effect.Effect<void>
  /** Removes one of the organisation's roles; false when it had none by that code. */
  readonly remove: (orgId: OrgId, code: string) => Effect.Effect<boolean>
}

/** Port: where custom roles are kept. */
export class RoleRepository extends Context.Service<RoleRepository, RoleRepositoryShape>()(
  "@tawreed/core/access/RoleRepository"
) {}
