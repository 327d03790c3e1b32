import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { NewBudgetInput } from "@tawreed/core/budgets"
import { InvalidInput } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { collect } from "../../Options.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { linesOf, statusText } from "./Lookup.ts"

const CreateOptions = Schema.Struct({
  workspace: Schema.String,
  name: Schema.String,
  start: Schema.String,
  end: Schema.String,
  policy: Schema.optional(Schema.String),
  line: Schema.Array(Schema.String)
})

const policies = ["stop", "warn", "ignore"]

/** `tawreed budgets create --workspace --name --start --end [--policy] --line …`: a new budget, not yet in force. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("create a budget of a workspace for a period; activate it to put it in force")
    .requiredOption("--workspace <workspace>", "the workspace's name or id")
    .requiredOption("--name <name>", "its name")
    .requiredOption("--start <date>", "the first day, YYYY-MM-DD")
    .requiredOption("--end <date>", "the last day, YYYY-MM-DD")
    .option("--policy <policy>", "what a document past a line's limit meets: stop (default), warn or ignore")
    .option(
      "--line <key=limit[:label]>",
      "a line: its expense account or category, its limit and its label (default: the key); repeatable",
      collect,
      []
    )
    .action((options: unknown, command: Command) => run(command, create(options)))

const invalid = (detail: string) => new InvalidInput({ detail })

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(CreateOptions)(options).pipe(
      Effect.mapError((error) => invalid(error.message))
    )
    const policy = decoded.policy?.trim().toLowerCase()
    if (policy !== undefined && !policies.includes(policy)) {
      return yield* invalid(`--policy must be stop, warn or ignore, not '${decoded.policy}'`)
    }
    const lines = yield* linesOf(decoded.line, "limit")
    const input = yield* Schema.decodeUnknownEffect(NewBudgetInput)({
      workspaceId: "",
      name: decoded.name,
      startDate: decoded.start,
      endDate: decoded.end,
      ...(policy === undefined ? {} : { policy: policy.toUpperCase() }),
      lines: lines.map((l) => ({ key: l.key, label: l.label ?? l.key, limit: l.value }))
    }).pipe(Effect.mapError((error) => invalid(error.message)))
    const client = yield* signedInClient
    const workspace = yield* workspaceOf(client, decoded.workspace)
    const created = yield* client.budgets.create(new NewBudgetInput({ ...input, workspaceId: workspace.id }))
    yield* emit(
      () => [
        text("budgetCreated", locale, {
          name: created.name,
          id: created.id,
          status: statusText(created.status, locale)
        })
      ],
      () => created
    )
  })
