import type { Command } from "commander"
import { Effect } from "effect"
import type { BudgetSummary } from "@tawreed/core/budgets"
import type { DateTexts } from "@tawreed/core/dates"
import type { Locale } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { organisationDates } from "../../Names.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf, policyText, statusText } from "./Lookup.ts"

/** `tawreed budgets summary <budget>`: per line, its limit, requested, committed, actual and available. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("summary")
    .argument("<budget>", "the budget's name or id")
    .description("show each line's limit and what is requested, committed, actual and still available")
    .action((budget: string, _options: unknown, command: Command) => run(command, summary(budget)))

const summary = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const answer = yield* client.budgets.summary(yield* budgetIdOf(client, named))
    const dates = yield* organisationDates(client, locale)
    yield* emit(
      () => lines(answer, locale, dates),
      () => answer
    )
  })

const lines = (summary: BudgetSummary, locale: Locale, dates: DateTexts): ReadonlyArray<string> => [
  text("budgetHeading", locale, {
    name: summary.name,
    start: dates.day(summary.startDate),
    end: dates.day(summary.endDate),
    currency: summary.currency,
    status: statusText(summary.status, locale),
    policy: policyText(summary.policy, locale)
  }),
  ...columns(
    [
      [
        text("columnLine", locale),
        text("columnLimit", locale),
        text("columnRequested", locale),
        text("columnCommitted", locale),
        text("columnActual", locale),
        text("columnAvailable", locale)
      ],
      ...summary.lines.map((l) => [
        l.label === l.key ? l.key : `${l.label} (${l.key})`,
        l.limit,
        l.requested,
        l.committed,
        l.actual,
        l.available
      ]),
      [
        text("budgetTotal", locale),
        summary.totals.limit,
        summary.totals.requested,
        summary.totals.committed,
        summary.totals.actual,
        summary.totals.available
      ]
    ],
    [1, 2, 3, 4, 5]
  )
]
