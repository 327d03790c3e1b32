import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { OrderCommandInput } from "@tawreed/core/orders"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

const SendOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/** `tawreed orders send <order> [--remark]`: an approved order that waits to go out is sent to its vendor. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("send")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("send an approved order to its vendor")
    .option("--remark <text>", "a remark for the order's history")
    .action((order: string, options: unknown, command: Command) => run(command, send(order, options)))

const send = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(SendOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const sent = yield* client.orders.submitToVendor(
      order.id,
      new OrderCommandInput({ version: order.version, ...(remark === undefined ? {} : { remark }) })
    )
    yield* emit(
      () => [orderNowText("send", sent, locale)],
      () => sent
    )
  })
