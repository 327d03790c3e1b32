import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { OrderCancelInput } from "@tawreed/core/orders"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

const CancelOptions = Schema.Struct({ reason: Schema.String })

/** `tawreed orders cancel <order> --reason <text>`: withdraws an order the vendor has not accepted. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("cancel")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("cancel an order not yet accepted by its vendor; its budget line gets back what it held")
    .requiredOption("--reason <text>", "why, for the order's history")
    .action((order: string, options: unknown, command: Command) => run(command, cancel(order, options)))

const cancel = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { reason } = yield* Schema.decodeUnknownEffect(CancelOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const cancelled = yield* client.orders.cancel(order.id, new OrderCancelInput({ reason, version: order.version }))
    yield* emit(
      () => [orderNowText("cancel", cancelled, locale)],
      () => cancelled
    )
  })
