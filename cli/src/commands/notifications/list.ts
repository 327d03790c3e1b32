import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { labelOf, type Notification } from "@tawreed/core/notifications"
import { pageCount, pageRequest, type Locale } from "@tawreed/core/shared"
import { countText, text, type MessageKey } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"

/** `--page` and `--limit` as numbers; their ranges are the core's paging rule, checked after. */
const ListOptions = Schema.Struct({
  page: Schema.optional(Schema.NumberFromString),
  limit: Schema.optional(Schema.NumberFromString)
})

/** `tawreed notifications list [--page] [--limit]`: one page of the signed-in user's notifications. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list your notifications, newest first")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "notifications per page: 10, 25, 50, 100 or 500", "10")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(Effect.orDie)
    // The core's rule, before any call: a page size outside the list never reaches the API.
    const paging = yield* pageRequest(decoded.page, decoded.limit)
    const client = yield* signedInClient
    const result = yield* client.notifications.list({ page: paging.page, limit: paging.limit })
    yield* emit(
      () => table(result.notifications, locale, paging.page, pageCount(result.count, paging.limit), result.count),
      () => ({
        page: paging.page,
        limit: paging.limit,
        count: result.count,
        notifications: result.notifications.map((n) => ({
          id: n.id,
          status: n.status,
          label: labelOf(n, locale),
          module: n.module,
          type: n.type,
          documentId: n.documentId,
          title: n.title,
          notificationBody: n.notificationBody,
          url: n.url,
          createdAt: n.createdAt.toISOString()
        }))
      })
    )
  })

/** The page as aligned columns (id, status, label, title) and a footer with the page and the total. */
const table = (
  notifications: ReadonlyArray<Notification>,
  locale: Locale,
  page: number,
  pages: number,
  count: number
): ReadonlyArray<string> => {
  if (notifications.length === 0) return [text("noNotifications", locale)]
  const rows = notifications.map((n) => [
    String(n.id),
    text(`status${n.status}` satisfies MessageKey, locale),
    labelOf(n, locale),
    n.title[locale]
  ])
  const header = (["columnId", "columnStatus", "columnLabel", "columnTitle"] as const).map((key) => text(key, locale))
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: ReadonlyArray<string>) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd()
  return [line(header), ...rows.map(line), "", countText("pageFooter", locale, count, { page: page + 1, pages })]
}
