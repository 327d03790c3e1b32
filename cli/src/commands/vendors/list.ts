import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import type { VendorPage } from "@tawreed/core/vendors"
import { countText, text, type MessageKey } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { holdText, vendorName, vendorStatusText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString,
  status: Schema.optional(Schema.String),
  active: Schema.optional(Schema.Boolean),
  search: Schema.optional(Schema.String),
  category: Schema.optional(Schema.String)
})

/** `tawreed vendors list [filters] [--page] [--limit]`: the organisation's vendors in name order. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list the organisation's vendors, with each status's count")
    .option(
      "--status <statuses>",
      "only these statuses, separated by commas (VENDOR_ACTIVE, VENDOR_INACTIVE, VENDOR_EXPIRED)"
    )
    .option("--active", "only the vendors active today")
    .option("--search <text>", "only vendors whose name, number, CR or VAT number contain this")
    .option("--category <category>", "only vendors supplying this category")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "vendors per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const page = yield* client.vendors.list({
      page: decoded.page,
      limit: decoded.limit,
      status: decoded.status,
      onlyActive: decoded.active === true ? "true" : undefined,
      search: decoded.search,
      category: decoded.category
    })
    yield* emit(
      () => lines(page, decoded.page, decoded.limit, locale),
      () => page
    )
  })

const lines = (page: VendorPage, at: number, limit: number, locale: Locale): ReadonlyArray<string> => {
  const counts = page.statusList
    .filter((s) => s.count > 0)
    .map((s) => `${text(`vendorStatus${s.status}` as MessageKey, locale)} ${s.count}`)
    .join(" · ")
  const footer = countText("vendorsFooter", locale, page.totalCount, {
    page: at + 1,
    pages: Math.max(1, Math.ceil(page.totalCount / limit))
  })
  return [
    ...(page.vendors.length === 0
      ? []
      : columns([
          [
            text("columnNumber", locale),
            text("columnVendor", locale),
            text("columnCr", locale),
            text("columnVat", locale),
            text("columnStatus", locale),
            text("columnHold", locale)
          ],
          ...page.vendors.map((v) => [
            v.number,
            vendorName(v, locale),
            v.crNumber ?? "—",
            v.vatNumber ?? "—",
            vendorStatusText(v, locale),
            holdText(v, locale)
          ])
        ])),
    footer + (counts === "" ? "" : ` (${counts})`)
  ]
}
