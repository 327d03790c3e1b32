import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { OrderPage } from "@tawreed/core/orders"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { vendorOf } from "../vendors/Lookup.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { orderStatusText, orderVendorName, priorityText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString,
  status: Schema.optional(Schema.String),
  workspace: Schema.optional(Schema.String),
  vendor: Schema.optional(Schema.String),
  priority: Schema.optional(Schema.String),
  search: Schema.optional(Schema.String),
  sort: Schema.optional(Schema.String),
  mine: Schema.optional(Schema.Boolean)
})

/** `tawreed orders list [filters] [--page] [--limit]`: the orders you may read, newest first by default. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list the purchase orders you may read, with each status's count")
    .option("--status <statuses>", "only these statuses, separated by commas (e.g. ORDER_DRAFTED,ORDER_UNAPPROVED)")
    .option("--workspace <workspace>", "only the orders of this workspace (its name or id)")
    .option("--vendor <vendor>", "only the orders to this vendor (its number, name or id)")
    .option("--priority <priorities>", "only these priorities, separated by commas (Low, Medium, High)")
    .option("--search <text>", "only orders whose number, title or vendor's name contain this")
    .option("--sort <column>", "createdAt, updatedAt, title, status or total; - before it for descending")
    .option("--mine", "only the orders you raised")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "orders per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const workspaceId = decoded.workspace === undefined ? undefined : (yield* workspaceOf(client, decoded.workspace)).id
    const vendorId = decoded.vendor === undefined ? undefined : (yield* vendorOf(client, decoded.vendor)).id
    const page = yield* client.orders.list({
      page: decoded.page,
      limit: decoded.limit,
      status: decoded.status,
      workspaceId,
      vendorId,
      priority: decoded.priority,
      search: decoded.search,
      sort: decoded.sort,
      mine: decoded.mine === true ? "true" : undefined
    })
    yield* emit(
      () => orderLines(page, decoded.page, decoded.limit, locale),
      () => page
    )
  })

/** A page of orders as a table, and a footer with the page, the count and each status's count. */
export const orderLines = (page: OrderPage, at: number, limit: number, locale: Locale): ReadonlyArray<string> => {
  const counts = page.statusList
    .filter((s) => s.count > 0)
    .map((s) => `${orderStatusText(s.status, locale)} ${s.count}`)
    .join(" · ")
  const footer = countText("ordersFooter", locale, page.totalCount, {
    page: at + 1,
    pages: Math.max(1, Math.ceil(page.totalCount / limit))
  })
  return [
    ...(page.orders.length === 0
      ? []
      : columns(
          [
            [
              text("columnNumber", locale),
              text("columnTitle", locale),
              text("columnVendor", locale),
              text("columnPriority", locale),
              text("columnStatus", locale),
              text("columnTotal", locale)
            ],
            ...page.orders.map((o) => [
              o.number,
              o.title,
              orderVendorName(o, locale),
              priorityText(o.priority, locale),
              orderStatusText(o.status, locale),
              `${o.totals.total} ${o.currency}`
            ])
          ],
          [5]
        )),
    footer + (counts === "" ? "" : ` (${counts})`)
  ]
}
