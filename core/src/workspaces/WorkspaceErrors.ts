import { Schema } from "effect"

/** No such workspace in the actor's organisation (or not one of the actor's, for workspace-scoped privileges). */
export class WorkspaceNotFound extends Schema.TaggedError<WorkspaceNotFound>()("WorkspaceNotFound", {
  id: Schema.String
}) {}

/** No such location in the workspace. */
export class LocationNotFound extends Schema.TaggedError<LocationNotFound>()("LocationNotFound", {
  id: Schema.String
}) {}

/** A workspace name is used once per organisation. */
export class WorkspaceNameTaken extends Schema.TaggedError<WorkspaceNameTaken>()("WorkspaceNameTaken", {
  name: Schema.String
}) {}

/** The workspace's status does not allow the action (e.g. editing a pending workspace). */
export class WorkspaceActionNotAllowed extends Schema.TaggedError<WorkspaceActionNotAllowed>()(
  "WorkspaceActionNotAllowed",
  { action: Schema.String, status: Schema.String }
) {}
