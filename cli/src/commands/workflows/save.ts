import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect } from "effect"
import { Workflow } from "@tawreed/core/approvals"
import { documentFromFile } from "../../DocumentFile.ts"
import { countText } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { kindText } from "./Lookup.ts"

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
    const workflow = yield* documentFromFile(options, Workflow, "workflowFileInvalid", (parsed) => ({
      id: randomUUID(),
      workspaceId: null,
      version: 0,
      ...(typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {})
    }))
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
