import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { Budget } from "@tawreed/core/budgets"
import type { DateTexts } from "@tawreed/core/dates"
import type { Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { organisationDates, workspaceNames } from "../../Names.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { policyText, statusText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  workspace: Schema.optional(Schema.String),
  status: Schema.optional(Schema.String)
})

/** `tawreed budgets list [--workspace] [--status]`: the budgets you may read, by period. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list the budgets you may read, by period")
    .option("--workspace <workspace>", "only the budgets of this workspace (its name or id)")
    .option("--status <statuses>", "only these statuses, separated by commas (BUDGETED, ACTIVE, INACTIVE)")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const workspaceId = decoded.workspace === undefined ? undefined : (yield* workspaceOf(client, decoded.workspace)).id
    const budgets = yield* client.budgets.list({ workspaceId, status: decoded.status })
    const workspaceName = yield* workspaceNames(
      client,
      budgets.map((b) => b.workspaceId)
    )
    const dates = yield* organisationDates(client, locale)
    yield* emit(
      () => [...table(budgets, locale, workspaceName, dates), countText("budgetsFooter", locale, budgets.length)],
      () => budgets
    )
  })

const table = (
  budgets: ReadonlyArray<Budget>,
  locale: Locale,
  workspaceName: (id: string) => string,
  dates: DateTexts
): ReadonlyArray<string> =>
  budgets.length === 0
    ? []
    : columns([
        [
          text("columnNumber", locale),
          text("columnName", locale),
          text("columnPeriod", locale),
          text("columnStatus", locale),
          text("columnPolicy", locale),
          text("columnWorkspace", locale),
          text("columnId", locale)
        ],
        ...budgets.map((b) => [
          b.number,
          b.name,
          dates.range(b.startDate, b.endDate),
          statusText(b.status, locale),
          policyText(b.policy, locale),
          workspaceName(b.workspaceId),
          b.id
        ])
      ])
