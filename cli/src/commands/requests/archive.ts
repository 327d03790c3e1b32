import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { RequestCommandInput } from "@tawreed/core/requests"
import { requestToast } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { nowText, requestOf } from "./Lookup.ts"

const ArchiveOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/** `tawreed requests archive <request> [--remark]`: puts a draft away. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("archive")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("archive a draft request")
    .option("--remark <text>", "why")
    .action((request: string, options: unknown, command: Command) => run(command, archive(request, options)))

const archive = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(ArchiveOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const archived = yield* client.requests.archive(
      request.id,
      new RequestCommandInput({ version: request.version, ...(remark === undefined ? {} : { remark }) })
    )
    yield* emit(
      () => [nowText(requestToast("archive", "success", locale) ?? "", archived, locale)],
      () => archived
    )
  })
