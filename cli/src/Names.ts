import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { systemRoleNames } from "@tawreed/core/access"
import { dateTexts } from "@tawreed/core/dates"
import type { Locale } from "@tawreed/core/shared"

/** How a list of names is joined in each language. */
export const listOf = (names: ReadonlyArray<string>, locale: Locale): string =>
  names.join(locale === "ar" ? "، " : ", ")

/**
 * Role names by code, as the organisation names them: its own roles and SPEC.md §6's. Whoever may not read the
 * organisation's roles still sees the built-in roles' names; a code no one named shows as itself.
 */
export const roleNames = (client: TawreedClientShape) =>
  Effect.gen(function* () {
    const roles = yield* client.roles.list().pipe(Effect.catchTag("ApiFailure", () => Effect.succeed([])))
    const named = new Map(roles.map((role) => [role.code, role.name] as const))
    return (code: string, locale: Locale): string => (named.get(code) ?? systemRoleNames[code])?.[locale] ?? code
  })

/**
 * Workspace names by id, for lists that hold only ids. A workspace the reader may not open shows as its id, which
 * is still what the other commands accept.
 */
export const workspaceNames = (client: TawreedClientShape, ids: Iterable<string | null>) =>
  Effect.gen(function* () {
    const wanted = [...new Set([...ids].filter((id): id is string => id !== null))]
    const found = yield* Effect.forEach(
      wanted,
      (id) =>
        client.workspaces.get(id).pipe(
          Effect.map((w) => [id, w.name] as const),
          Effect.catchTag("ApiFailure", () => Effect.succeed([id, id] as const))
        ),
      { concurrency: 4 }
    )
    const names = new Map(found)
    return (id: string | null): string => (id === null ? "—" : (names.get(id) ?? id))
  })

/**
 * The organisation's way of writing dates (its `dateFormat` setting, SPEC.md §5) in the reader's language, through
 * the product's one date formatter; an organisation whose settings cannot be read writes yy-mm-dd.
 */
export const organisationDates = (client: TawreedClientShape, locale: Locale) =>
  client.iam().pipe(
    Effect.map((iam) => dateTexts(locale, iam.orgSettings?.orgConfig.adminConfig.dateFormat)),
    Effect.catchTag("ApiFailure", () => Effect.succeed(dateTexts(locale, undefined)))
  )
