import type { Command } from "commander"
import { Effect, Schema } from "effect"
import type { Workflow } from "@tawreed/core/approvals"
import type { Locale } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import { columns } from "../../Table.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { kindText, scopeText } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  workspace: Schema.optional(Schema.String)
})

/** `tawreed workflows list [--workspace]`: a workspace's approval workflows, or the organisation's own. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("list")
    .description("list a workspace's approval workflows; without --workspace, the organisation's own")
    .option("--workspace <workspace>", "the workspace's name or id")
    .action((options: unknown, command: Command) => run(command, list(options)))

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const workspaceId = decoded.workspace === undefined ? undefined : (yield* workspaceOf(client, decoded.workspace)).id
    const workflows = yield* client.workflows.list(workspaceId)
    yield* emit(
      () => [...table(workflows, locale), countText("workflowsFooter", locale, workflows.length)],
      () => workflows
    )
  })

const table = (workflows: ReadonlyArray<Workflow>, locale: Locale): ReadonlyArray<string> =>
  workflows.length === 0
    ? []
    : columns([
        [
          text("columnKind", locale),
          text("columnLevels", locale),
          text("columnVersion", locale),
          text("columnWorkspace", locale),
          text("columnId", locale)
        ],
        ...workflows.map((w) => [
          kindText(w.kind, locale),
          String(w.levels.length),
          String(w.version),
          scopeText(w, locale),
          w.id
        ])
      ])
