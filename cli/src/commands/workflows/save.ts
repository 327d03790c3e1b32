import { randomUUID } from "node:crypto"
import { readFileSync } from "node:fs"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { Workflow } from "@tawreed/core/approvals"
import { InvalidInput } from "@tawreed/core/shared"
import { countText, text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { kindText } from "./Lookup.ts"

const SaveOptions = Schema.Struct({ file: Schema.String })

/**
 * `tawreed workflows save --file <workflow.json>`: writes the file's workflow at the version it names (0, or none,
 * for a new one). A new workflow without an id gets one; without a workspaceId it is the organisation's own.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("save")
    .description("save a workflow from a JSON file, as `--json workflows show` prints one; version 0 makes a new one")
    .requiredOption("--file <workflow.json>", "the workflow: kind, workspaceId, levels and the version read")
    .action((options: unknown, command: Command) => run(command, save(options)))

const save = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { file } = yield* Schema.decodeUnknownEffect(SaveOptions)(options).pipe(Effect.orDie)
    const content = yield* Effect.try({
      try: () => readFileSync(file, "utf8"),
      catch: (error) =>
        new InvalidInput({ detail: text("importUnreadable", locale, { file, detail: (error as Error).message }) })
    })
    const notAWorkflow = (detail: string) =>
      new InvalidInput({ detail: text("workflowFileInvalid", locale, { file, detail }) })
    const parsed = yield* Effect.try({
      try: () => JSON.parse(content) as unknown,
      catch: (error) => notAWorkflow((error as Error).message)
    })
    const given = typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {}
    const workflow = yield* Schema.decodeUnknownEffect(Workflow)({
      id: randomUUID(),
      workspaceId: null,
      version: 0,
      ...given
    }).pipe(Effect.mapError((error) => notAWorkflow(error.message)))
    const client = yield* signedInClient
    const saved = yield* client.workflows.save(workflow, workflow.version)
    yield* emit(
      () => [
        countText("workflowSaved", locale, saved.levels.length, {
          kind: kindText(saved.kind, locale),
          id: saved.id,
          version: saved.version
        })
      ],
      () => saved
    )
  })
