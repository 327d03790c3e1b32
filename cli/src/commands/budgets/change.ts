import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { BudgetAction, BudgetChangeInput } from "@tawreed/core/budgets"
import { InvalidInput } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import { collect } from "../../Options.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf, changeLine, linesOf } from "./Lookup.ts"

const ChangeOptions = Schema.Struct({
  action: Schema.String,
  line: Schema.Array(Schema.String),
  remark: Schema.optional(Schema.String)
})

const actions = BudgetAction.literals.join("|")

/** `tawreed budgets change <budget> --action … --line <key>=<delta>[:<label>] … [--remark]`: asks for a change. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("change")
    .argument("<budget>", "the budget's name or id")
    .description("ask for a change of a budget in force; its approvers decide it, or it applies at once")
    .requiredOption("--action <action>", actions)
    .option(
      "--line <key=delta[:label]>",
      "a line's change, e.g. 6100=5000 or 6200=-300; a new line needs its label; repeatable",
      collect,
      []
    )
    .option("--remark <text>", "why, for the approvers")
    .action((budget: string, options: unknown, command: Command) => run(command, change(budget, options)))

const invalid = (detail: string) => new InvalidInput({ detail })

const change = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ChangeOptions)(options).pipe(
      Effect.mapError((error) => invalid(error.message))
    )
    if (!Schema.is(BudgetAction)(decoded.action)) {
      return yield* invalid(`--action must be ${actions}, not '${decoded.action}'`)
    }
    const lines = yield* linesOf(decoded.line, "signed delta")
    const input = yield* Schema.decodeUnknownEffect(BudgetChangeInput)({
      action: decoded.action,
      lines: lines.map((l) => ({ key: l.key, delta: l.value, ...(l.label === undefined ? {} : { label: l.label }) })),
      ...(decoded.remark === undefined ? {} : { remark: decoded.remark })
    }).pipe(Effect.mapError((error) => invalid(error.message)))
    const client = yield* signedInClient
    const requested = yield* client.budgets.requestChange(yield* budgetIdOf(client, named), input)
    yield* emit(
      () => [changeLine(requested, locale)],
      () => requested
    )
  })
