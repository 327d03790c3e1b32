import { Effect } from "effect"
import { WorkspaceCreationDisabled, WorkspaceLimitReached } from "./AccessErrors.ts"

/** What decides whether a workspace may be created (SPEC.md §3 adminConfig, §5). */
export interface WorkspaceCreationSettings {
  readonly disableWorkspaceCreation?: boolean | undefined
  /** The plan's limit; absent means no limit. */
  readonly workspacesLimit?: number | undefined
  readonly workspaceCount: number
}

/** Passes when another workspace may be created; fails when the admin config disables it or the limit is reached. */
export const checkWorkspaceCreation = (
  s: WorkspaceCreationSettings
): Effect.Effect<void, WorkspaceCreationDisabled | WorkspaceLimitReached> => {
  if (s.disableWorkspaceCreation === true) return Effect.fail(new WorkspaceCreationDisabled())
  if (s.workspacesLimit !== undefined && s.workspaceCount >= s.workspacesLimit) {
    return Effect.fail(new WorkspaceLimitReached({ limit: s.workspacesLimit }))
  }
  return Effect.void
}

/** Whether the create-workspace controls are enabled. */
export const workspaceCreationAllowed = (s: WorkspaceCreationSettings): boolean =>
  s.disableWorkspaceCreation !== true && (s.workspacesLimit === undefined || s.workspaceCount < s.workspacesLimit)
