import { Effect } from "effect"
import { DocumentReaders, type DocumentReader } from "../files/DocumentReaders.ts"
import type { Actor } from "../identity/Actor.ts"
import { WorkspaceRepository } from "../workspaces/Workspace.ts"
import { privilegesInWorkspace } from "../workspaces/Workspaces.ts"
import { mayActOn } from "./RequestAccess.ts"
import { commandAllowed } from "./RequestCommands.ts"
import { Requests } from "./Requests.ts"

/** The kind of document a request is to the files module. */
export const requestAttachmentKind = "request"

/**
 * How requests guard their attachments (core/src/files/DocumentReaders.ts): a file on a request is downloaded by
 * whoever reads the request (`Requests.get`: its readers and its approvers), and taken off by whoever may edit it
 * now: its status offers an edit and the actor holds `req_u_*` over it (their own, their workspace's, the
 * organisation's).
 */
export const requestReader: Effect.Effect<DocumentReader, never, Requests | WorkspaceRepository> = Effect.gen(
  function* () {
    const requests = yield* Requests
    const workspaces = yield* WorkspaceRepository
    const readable = (actor: Actor, id: string) => Effect.option(requests.get(actor, id))
    return {
      mayRead: (actor, id) => Effect.map(readable(actor, id), (found) => found._tag === "Some"),
      mayChange: (actor, id) =>
        Effect.gen(function* () {
          const found = yield* readable(actor, id)
          if (found._tag === "None" || !commandAllowed("update", found.value.status)) return false
          const request = found.value
          const memberships = yield* workspaces.membershipsOf(actor.orgId, actor.userId)
          const membership = memberships.find((m) => m.workspaceId === request.workspaceId)
          return mayActOn(
            {
              privileges: actor.privileges,
              inWorkspace:
                membership === undefined ? undefined : privilegesInWorkspace(actor.privileges, membership.role),
              own: request.requesterId === actor.userId || request.createdBy === actor.userId
            },
            "u"
          )
        })
    }
  }
)

/** Registers the requests' reader with the files module as the app starts. */
export const requestAttachmentsRegistration = DocumentReaders.registration(requestAttachmentKind, requestReader)
