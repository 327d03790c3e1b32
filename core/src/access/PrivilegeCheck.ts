import type { Effect } from "effect"
import type { InsufficientPrivileges } from "./AccessErrors.ts"
import { requireAnyPrivilege } from "./Privilege.ts"

/**
 * The server's privilege guard for a use case: the actor holds one of `anyOf` (a list or a comma-separated string),
 * else `InsufficientPrivileges` (E3002). The module guard is `requireModule` of ModuleAccess.
 */
export const requirePrivileges = (
  actor: { readonly privileges: ReadonlyArray<string> },
  anyOf: string | ReadonlyArray<string>
): Effect.Effect<void, InsufficientPrivileges> => requireAnyPrivilege(actor.privileges, anyOf)

/**
 * What the administration routes ask for (SPEC.md §6 settings: usr_r/c/u_o, ost_c_o, ost_u_o). Reading the
 * organisation's settings, its theme and one's own profile need only a login. The workflow pickers (approvers,
 * workspace managers) are open to whoever sets up workspaces as well as to user admins.
 */
export const adminPrivileges = {
  usersRead: ["usr_r_o"],
  usersCreate: ["usr_c_o"],
  usersUpdate: ["usr_u_o"],
  usersDelete: ["usr_d_o"],
  workflowPickers: ["usr_r_o", "wkp_c_o", "wkp_u_o", "wkp_c_w", "wkp_u_w"],
  rolesRead: ["usr_r_o"],
  rolesWrite: ["usr_u_o"],
  settingsWrite: ["ost_c_o", "ost_u_o"]
} as const satisfies Readonly<Record<string, ReadonlyArray<string>>>

/**
 * The module each administration area needs enabled. Organisation settings and themes need none: an admin who
 * turned the settings module off must still be able to turn it back on.
 */
export const adminModules = { users: "users", workspaceManagers: "workspaces" } as const
