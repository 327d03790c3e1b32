import { Context, Effect } from "effect"
import { InsufficientPrivileges } from "../access/AccessErrors.ts"
import type { Actor } from "../identity/Actor.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import { WorkspaceNotFound } from "./WorkspaceErrors.ts"

/** Which workspaces exist and whom they count among their users: what `_w` privileges are judged against. */
export interface WorkspaceMembershipShape {
  /** The ids of the workspaces a user belongs to. */
  readonly workspacesOf: (orgId: OrgId, userId: string) => Effect.Effect<ReadonlyArray<string>>
  readonly exists: (orgId: OrgId, workspaceId: string) => Effect.Effect<boolean>
}
export class WorkspaceMembership extends Context.Service<WorkspaceMembership, WorkspaceMembershipShape>()(
  "@tawreed/core/workspaces/WorkspaceMembership"
) {}

/** A CRUD action of a privilege code. */
export type PrivilegeAction = "c" | "r" | "u" | "d"

/**
 * The guard for anything inside one workspace (SPEC.md §6 scopes): `<module>_<action>_o` passes anywhere in the
 * organisation; `<module>_<action>_w` passes only in the actor's own workspaces. A workspace that does not exist,
 * or that the actor may not see at all, is WorkspaceNotFound, so its existence does not leak; holding neither
 * privilege is InsufficientPrivileges. `workspaceRead` says the caller has just read the workspace, or a row of it that
 * the database keeps only while the workspace exists (a budget, by its foreign key), in the same transaction: its
 * existence is then not read again.
 */
export const requireWorkspacePrivilege = (
  actor: Actor,
  workspaceId: string,
  module: string,
  action: PrivilegeAction,
  workspaceRead = false
): Effect.Effect<void, InsufficientPrivileges | WorkspaceNotFound, WorkspaceMembership> =>
  Effect.gen(function* () {
    const membership = yield* WorkspaceMembership
    const org = `${module}_${action}_o`
    const own = `${module}_${action}_w`
    if (!workspaceRead && !(yield* membership.exists(actor.orgId, workspaceId))) {
      return yield* new WorkspaceNotFound({ id: workspaceId })
    }
    if (actor.privileges.includes(org)) return
    if (actor.privileges.includes(own)) {
      const mine = yield* membership.workspacesOf(actor.orgId, actor.userId)
      if (mine.includes(workspaceId)) return
      return yield* new WorkspaceNotFound({ id: workspaceId })
    }
    return yield* new InsufficientPrivileges({ required: [org, own] })
  })
