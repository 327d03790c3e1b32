import type { Command } from "commander"
import { Effect } from "effect"
import type { BudgetChangeHistory } from "@tawreed/core/budgets"
import type { DateTexts } from "@tawreed/core/dates"
import type { Locale } from "@tawreed/core/shared"
import { countText } from "../../Messages.ts"
import { organisationDates } from "../../Names.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { timelineLine } from "../../Timeline.ts"
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
