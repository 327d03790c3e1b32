/** A role as the user profile carries it (SPEC.md §3 User profile). */
export interface Role {
  readonly roleName?: string | undefined
  readonly code?: string | undefined
}

/** Role names that make a user a super user, whatever the role's code (SPEC.md §6). */
export const superUserRoleNames: ReadonlyArray<string> = ["Super Admin", "Super User"]

const normalise = (text: string | undefined) => (text ?? "").trim().replace(/\s+/g, " ").toLowerCase()

/** A user is a super user when one of their roles is named Super Admin or Super User (case and spacing aside). */
export const isSuperUser = (roles: ReadonlyArray<Role>): boolean =>
  roles.some((r) => superUserRoleNames.some((name) => normalise(name) === normalise(r.roleName)))

/** The organisation-manager role: it may not see the Workspaces module nor the Create menu. */
export const orgsManagerRole = "orgs_manager"

/**
 * The roles that see the Workspaces module (SPEC.md §6). `{product}_super_admin` and `{product}_basic_user` stand for
 * any product's prefix, so they are matched by their endings.
 */
export const workspacesModuleRoles: ReadonlyArray<string> = [
  "org_super_user",
  "workspaces_viewer",
  "workspaces_manager",
  "workspaces_admin",
  "client_super_user",
  "org_basic_user"
]
const workspacesModuleRoleEndings: ReadonlyArray<string> = ["_super_admin", "_basic_user"]

const isWorkspacesRole = (code: string): boolean =>
  code !== orgsManagerRole &&
  (workspacesModuleRoles.includes(code) ||
    workspacesModuleRoleEndings.some((end) => code.endsWith(end) && code.length > end.length))

/** The sidebar shows Workspaces only to users with one of its roles (SPEC.md §6). */
export const canSeeWorkspacesModule = (roles: ReadonlyArray<Role>): boolean =>
  roles.some((r) => isWorkspacesRole((r.code ?? "").trim()))

/** Organisation managers get no Create menu (SPEC.md §6). */
export const isCreateMenuHidden = (roles: ReadonlyArray<Role>): boolean =>
  roles.some((r) => (r.code ?? "").trim() === orgsManagerRole)
