import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import type { Locale } from "@tawreed/core/shared"
import type { Workspace } from "@tawreed/core/workspaces"
import { text, type MessageKey } from "../../Messages.ts"

/**
 * A workspace named by its exact name (any case) or its id: its id, and the version read when it was found by
 * name. A reviewer may not list workspaces at all; what they name is then taken as an id, for the API to judge.
 */
export const workspaceOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    const page = yield* client.workspaces
      .list({ search: name, limit: 100 })
      .pipe(
        Effect.catchTag("ApiFailure", (failure) =>
          failure.status === 403 ? Effect.succeed(undefined) : Effect.fail(failure)
        )
      )
    const found = page?.workspaces.find((w) => w.name.toLowerCase() === name.toLowerCase() || w.id === name)
    return found === undefined ? { id: name } : { id: found.id, version: found.version }
  })

/** A workspace's status in words. */
export const statusText = (status: Workspace["status"], locale: Locale) =>
  text(`workspaceStatus${status}` as MessageKey, locale)
