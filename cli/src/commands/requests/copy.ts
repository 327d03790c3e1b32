import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect } from "effect"
import { requestToast } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { nowText, requestOf } from "./Lookup.ts"

/** `tawreed requests copy <request>`: a new draft like it, yours, with fresh dates. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("copy")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("copy a request into a new draft of yours, with fresh dates")
    .action((request: string, _options: unknown, command: Command) => run(command, copy(request)))

const copy = (named: string) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const made = yield* client.requests.copy(request.id, randomUUID())
    yield* emit(
      () => [nowText(requestToast("copy", "success", locale) ?? "", made, locale)],
      () => made
    )
  })
