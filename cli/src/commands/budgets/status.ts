import type { Command } from "commander"
import { Effect } from "effect"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf, statusText } from "./Lookup.ts"

/** `tawreed budgets activate <budget>` and `tawreed budgets deactivate <budget>`: puts a budget in force or pauses it. */
export const register = (parent: Command, run: Runner) => {
  parent
    .command("activate")
    .argument("<budget>", "the budget's name or id")
    .description("put a budget in force: documents are checked against it and its limits change through changes")
    .action((budget: string, _options: unknown, command: Command) => run(command, change(budget, "activate")))
  return parent
    .command("deactivate")
    .argument("<budget>", "the budget's name or id")
    .description("pause a budget in force: new documents no longer name it")
    .action((budget: string, _options: unknown, command: Command) => run(command, change(budget, "deactivate")))
}

const change = (named: string, to: "activate" | "deactivate") =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const budget = yield* client.budgets[to](yield* budgetIdOf(client, named))
    yield* emit(
      () => [text("budgetNow", locale, { name: budget.name, status: statusText(budget.status, locale) })],
      () => budget
    )
  })
