import type { Command } from "commander"
import { Effect } from "effect"
import type { TimelineEntry } from "@tawreed/core/approvals"
import type { BudgetChangeHistory } from "@tawreed/core/budgets"
import type { DateTexts } from "@tawreed/core/dates"
import { isolate, type Locale } from "@tawreed/core/shared"
import { countText, text, type MessageKey } from "../../Messages.ts"
import { organisationDates } from "../../Names.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf, changeLine } from "./Lookup.ts"

/** `tawreed budgets changes <budget>`: each change asked of the budget, with its approval timeline. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("changes")
    .argument("<budget>", "the budget's name or id")
    .description("list the changes asked of a budget: their action, status, value and approval timeline")
    .action((budget: string, _options: unknown, command: Command) => run(command, changes(budget)))

const changes = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const history = yield* client.budgets.changes(yield* budgetIdOf(client, named))
    const dates = yield* organisationDates(client, locale)
    yield* emit(
      () => [
        ...history.flatMap((h) => lines(h, locale, dates)),
        countText("budgetChangesFooter", locale, history.length)
      ],
      () => history
    )
  })

const lines = (history: BudgetChangeHistory, locale: Locale, dates: DateTexts): ReadonlyArray<string> => [
  changeLine(history.change, locale),
  ...history.change.lines.map(
    (l) => `  ${l.label === undefined || l.label === l.key ? l.key : `${l.label} (${l.key})`}  ${l.delta}`
  ),
  ...history.timeline.map((entry) => `  ${timelineLine(entry, locale, dates)}`)
]

/** One timeline entry: when, who, what, at which level, and the remark; the user's words isolated. */
const timelineLine = (entry: TimelineEntry, locale: Locale, dates: DateTexts) =>
  [
    isolate(dates.dateTime(entry.at)),
    isolate(entry.actorName),
    text(`approvalAction${entry.action}` as MessageKey, locale),
    ...(entry.level === null ? [] : [text("timelineLevel", locale, { level: entry.level })]),
    ...(entry.remark === "" ? [] : [`“${isolate(entry.remark)}”`])
  ].join(" · ")
