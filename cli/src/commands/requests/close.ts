import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { RequestClose } from "@tawreed/core/requests"
import { requestToast } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { nowText, requestOf } from "./Lookup.ts"

const CloseOptions = Schema.Struct({ remark: Schema.optional(Schema.String), super: Schema.optional(Schema.Boolean) })

/** `tawreed requests close <request> [--remark] [--super]`: closes an open request, giving back its budget. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("close")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("close an open request; a super user closes one over its approval with --super")
    .option("--remark <text>", "why, for the request's history")
    .option("--super", "close as a super user, over its approval")
    .action((request: string, options: unknown, command: Command) => run(command, close(request, options)))

const close = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(CloseOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const closed = yield* client.requests.close(
      request.id,
      new RequestClose({
        version: request.version,
        ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
        ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
      })
    )
    yield* emit(
      () => [nowText(requestToast("close", "success", locale) ?? "", closed, locale)],
      () => closed
    )
  })
