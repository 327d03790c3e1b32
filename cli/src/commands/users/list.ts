import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { ManagedUser } from "@tawreed/core/identity"
import { pageRequest, type Locale } from "@tawreed/core/shared"
import { countText, text, type MessageKey } from "../../Messages.ts"
import { listOf, roleNames } from "../../Names.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"

const ListOptions = Schema.Struct({
  page: Schema.optional(Schema.NumberFromString),
  limit: Schema.optional(Schema.NumberFromString),
  search: Schema.optional(Schema.String),
  status: Schema.optional(Schema.Literals(["ACTIVE", "INACTIVE", "BLOCKED"]))
})

/** `tawreed users list [--search] [--status] [--page] [--limit]`: one page of the organisation's users. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list your organisation's users by name")
    .option("--search <text>", "only users whose name or email contains this")
    .option("--status <status>", "only ACTIVE, INACTIVE or BLOCKED users")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "users per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(Effect.orDie)
    const paging = yield* pageRequest(decoded.page, decoded.limit)
    const client = yield* signedInClient
    const result = yield* client.users.list({
      page: paging.page,
      limit: paging.limit,
      search: decoded.search,
      filter: decoded.status === undefined ? undefined : JSON.stringify({ status: decoded.status })
    })
    const roleName = yield* roleNames(client)
    yield* emit(
      () => [...table(result.users, locale, roleName), countText("usersFooter", locale, result.totalCount)],
      () => ({ totalCount: result.totalCount, users: result.users })
    )
  })

const table = (
  users: ReadonlyArray<ManagedUser>,
  locale: Locale,
  roleName: (code: string, locale: Locale) => string
): ReadonlyArray<string> => {
  if (users.length === 0) return []
  const rows = [
    [
      text("columnName", locale),
      text("columnEmail", locale),
      text("columnStatus", locale),
      text("columnRoles", locale)
    ],
    ...users.map((u) => [
      `${u.firstName} ${u.lastName}`.trim(),
      u.email,
      text(`userStatus${u.status}` as MessageKey, locale),
      listOf(
        u.roles.map((code) => roleName(code, locale)),
        locale
      )
    ])
  ]
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join("  "))
}
