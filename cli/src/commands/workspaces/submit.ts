import type { Command } from "commander"
import { Effect } from "effect"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { statusText, workspaceOf } from "./Lookup.ts"

/** `tawreed workspaces submit <workspace>`: sends a draft or returned workspace for approval. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("submit")
    .argument("<workspace>", "the workspace's name or id")
    .description("submit a workspace for approval; where no approval level applies it is approved at once")
    .action((workspace: string, _options: unknown, command: Command) => run(command, submit(workspace)))

const submit = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const workspace = yield* workspaceOf(client, named)
    const submitted = yield* client.workspaces.submit(workspace.id, workspace.version)
    yield* emit(
      () => [text("workspaceNow", locale, { name: submitted.name, status: statusText(submitted.status, locale) })],
      () => submitted
    )
  })
