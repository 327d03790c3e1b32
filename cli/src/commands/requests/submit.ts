import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { RequestCommandInput } from "@tawreed/core/requests"
import { requestToast } from "@tawreed/core/shared"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { amountText, nowText, requestOf } from "./Lookup.ts"

const SubmitOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/** `tawreed requests submit <request> [--remark]`: sends a draft for approval, charging its budget line. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("submit")
    .argument("<request>", "the request's number (REQ-000042) or id")
    .description("submit a request for approval; where no approval level applies it is approved at once")
    .option("--remark <text>", "a remark for the approval timeline")
    .action((request: string, options: unknown, command: Command) => run(command, submit(request, options)))

const submit = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(SubmitOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const request = yield* requestOf(client, named)
    const submitted = yield* client.requests.submit(
      request.id,
      new RequestCommandInput({ version: request.version, ...(remark === undefined ? {} : { remark }) }),
      randomUUID()
    )
    const warning = submitted.budgetWarning
    yield* emit(
      () => [
        nowText(requestToast("submit", "success", locale) ?? "", submitted, locale),
        ...(warning === null
          ? []
          : [
              text("requestBudgetWarning", locale, {
                line: warning.line,
                limit: amountText(warning.limit, warning.currency),
                excess: amountText(warning.excess, warning.currency)
              })
            ])
      ],
      () => submitted
    )
  })
