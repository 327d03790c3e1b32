import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { Workspace } from "@tawreed/core/workspaces"
import type { Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { statusText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  page: Schema.optional(Schema.NumberFromString),
  limit: Schema.optional(Schema.NumberFromString),
  search: Schema.optional(Schema.String),
  status: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String)
})

/** `tawreed workspaces list [--search] [--status] [--classification] [--page] [--limit]`: the workspaces you see. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list the workspaces you may see, by name, with each status's count")
    .option("--search <text>", "only workspaces whose name, code or description contains this")
    .option("--status <statuses>", "only these statuses, separated by commas (e.g. DRAFT,PENDING)")
    .option("--classification <names>", "only these classifications, separated by commas; none for unclassified")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "workspaces per page, up to 9999", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const result = yield* client.workspaces.list(decoded)
    const counts = result.statusList
      .filter((s) => s.count > 0)
      .map((s) => `${statusText(s.status, locale)} ${s.count}`)
      .join(" · ")
    yield* emit(
      () => [
        ...table(result.workspaces, locale),
        countText("workspacesFooter", locale, result.totalCount) + (counts === "" ? "" : ` (${counts})`)
      ],
      () => result
    )
  })

const table = (workspaces: ReadonlyArray<Workspace>, locale: Locale): ReadonlyArray<string> => {
  if (workspaces.length === 0) return []
  const rows = [
    [
      text("columnNumber", locale),
      text("columnName", locale),
      text("columnCode", locale),
      text("columnStatus", locale),
      text("columnClassification", locale),
      text("columnId", locale)
    ],
    ...workspaces.map((w) => [
      w.number,
      w.isDefault ? `${w.name} *` : w.name,
      w.code ?? "",
      statusText(w.status, locale),
      w.classification ?? "",
      w.id
    ])
  ]
  const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((cell, i) => (i < 5 ? cell.padEnd(widths[i]!) : cell)).join("  "))
}
