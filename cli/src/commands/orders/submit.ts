import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { OrderCommandInput } from "@tawreed/core/orders"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

const SubmitOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/** `tawreed orders submit <order> [--remark]`: sends a draft for approval, charging its budget line. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("submit")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("submit an order for approval; where no approval level applies it is approved at once")
    .option("--remark <text>", "a remark for the approval timeline")
    .action((order: string, options: unknown, command: Command) => run(command, submit(order, options)))

const submit = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(SubmitOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const submitted = yield* client.orders.submit(
      order.id,
      new OrderCommandInput({ version: order.version, ...(remark === undefined ? {} : { remark }) }),
      randomUUID()
    )
    const warning = submitted.budgetWarning
    yield* emit(
      () => [
        orderNowText("submit", submitted, locale),
        ...(warning === null
          ? []
          : [
              text("requestBudgetWarning", locale, {
                line: warning.line,
                limit: `${warning.limit} ${warning.currency}`,
                excess: `${warning.excess} ${warning.currency}`
              })
            ])
      ],
      () => submitted
    )
  })
