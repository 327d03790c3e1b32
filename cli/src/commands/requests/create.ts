import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect } from "effect"
import { NewRequestInput } from "@tawreed/core/requests"
import { requestToast } from "@tawreed/core/shared"
import { documentFromFile } from "../../DocumentFile.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf } from "../budgets/Lookup.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { nowText } from "./Lookup.ts"

/**
 * `tawreed requests create --file <request.json>`: a new draft from the file, the body of `POST request`. Its
 * `workspaceId` may name the workspace (`"workspaceId": "Riyadh Head Office"`) and its budget's `budgetId` the
 * budget (`"budget": {"budgetId": "Head Office 2026", "line": "6200"}`). What it leaves out takes the product's
 * defaults: the workspace's currency and due dates one unit ahead.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("create a draft request from a JSON file (requestType, workspaceId, title, items …)")
    .requiredOption("--file <request.json>", "the request, as the API's POST request takes it")
    .action((options: unknown, command: Command) => run(command, create(options)))

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const given = yield* documentFromFile(options, NewRequestInput, "requestFileInvalid")
    const client = yield* signedInClient
    const workspace = yield* workspaceOf(client, given.workspaceId)
    const budget =
      given.budget === undefined || given.budget === null
        ? given.budget
        : { budgetId: yield* budgetIdOf(client, given.budget.budgetId), line: given.budget.line }
    const input = new NewRequestInput({
      ...given,
      workspaceId: workspace.id,
      ...(budget === undefined ? {} : { budget })
    })
    // A new key each run: retried inside this run (the client's own retries), the request is made once.
    const made = yield* client.requests.create(input, randomUUID())
    yield* emit(
      () => [nowText(requestToast("create", "success", locale) ?? "", made, locale)],
      () => made
    )
  })
