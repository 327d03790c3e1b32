import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { RequestPage } from "@tawreed/core/requests"
import { InvalidInput, type Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { amountText, statusText, typeText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString,
  status: Schema.optional(Schema.String),
  workspace: Schema.optional(Schema.String),
  type: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String),
  search: Schema.optional(Schema.String),
  sort: Schema.optional(Schema.String),
  mine: Schema.optional(Schema.Boolean),
  expense: Schema.optional(Schema.Boolean)
})

/** `tawreed requests list [filters] [--page] [--limit]`: the requests you may read, newest first by default. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list the requests you may read, with each status's count")
    .option("--status <statuses>", "only these statuses, separated by commas (e.g. REQUEST_DRAFTED,REQUEST_UNAPPROVED)")
    .option("--workspace <workspace>", "only the requests of this workspace (its name or id)")
    .option("--type <types>", "only these kinds, separated by commas (product, service, inventory, proposal, contract)")
    .option("--classification <names>", "only these classifications, separated by commas; none for unclassified")
    .option("--search <text>", "only requests whose number, title or line names contain this")
    .option("--sort <column>", "createdAt, updatedAt, title, status or total; - before it for descending")
    .option("--mine", "only the requests you raised")
    .option("--expense", "list expense and reimbursement requests instead")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "requests per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const workspaceId = decoded.workspace === undefined ? undefined : (yield* workspaceOf(client, decoded.workspace)).id
    const query = {
      page: decoded.page,
      limit: decoded.limit,
      status: decoded.status,
      workspaceId,
      requestType: decoded.type,
      classification: decoded.classification,
      search: decoded.search,
      sort: decoded.sort,
      mine: decoded.mine === true ? ("true" as const) : undefined
    }
    const page = yield* decoded.expense === true ? client.requests.listExpense(query) : client.requests.list(query)
    yield* emit(
      () => lines(page, decoded.page, decoded.limit, locale),
      () => page
    )
  })

const lines = (page: RequestPage, at: number, limit: number, locale: Locale): ReadonlyArray<string> => {
  const workspaces = new Map(page.workspaceList.map((w) => [w.workspaceId, w.name] as const))
  const counts = page.statusList
    .filter((s) => s.count > 0)
    .map((s) => `${statusText(s.status, locale)} ${s.count}`)
    .join(" · ")
  const footer = countText("requestsFooter", locale, page.totalCount, {
    page: at + 1,
    pages: Math.max(1, Math.ceil(page.totalCount / limit))
  })
  return [
    ...(page.requests.length === 0
      ? []
      : columns(
          [
            [
              text("columnNumber", locale),
              text("columnTitle", locale),
              text("columnType", locale),
              text("columnStatus", locale),
              text("columnWorkspace", locale),
              text("columnTotal", locale)
            ],
            ...page.requests.map((r) => [
              r.number,
              r.title,
              typeText(r.requestType, locale),
              statusText(r.status, locale),
              workspaces.get(r.workspaceId) ?? "—",
              amountText(r.totals.total, r.currency)
            ])
          ],
          [5]
        )),
    footer + (counts === "" ? "" : ` (${counts})`)
  ]
}
