import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { UserNotFound } from "@tawreed/core/identity"

/** The id of a user named by id or by email; an email is looked up among the organisation's users. */
export const userIdOf = (client: TawreedClientShape, user: string) =>
  Effect.gen(function* () {
    const named = user.trim()
    if (!named.includes("@")) return named
    const page = yield* client.users.list({ search: named, limit: 100 })
    const found = page.users.find((u) => u.email.toLowerCase() === named.toLowerCase())
    if (found === undefined) return yield* new UserNotFound({ id: named })
    return found.id
  })
