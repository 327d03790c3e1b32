import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { OrderCommandInput } from "@tawreed/core/orders"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

const CloseOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/** `tawreed orders close <order> [--remark]`: nothing more is expected; the open commitment is released. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("close")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("close an accepted order; what was not received or billed is released from its budget line")
    .option("--remark <text>", "why, for the order's history")
    .action((order: string, options: unknown, command: Command) => run(command, close(order, options)))

const close = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(CloseOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const closed = yield* client.orders.close(
      order.id,
      new OrderCommandInput({ version: order.version, ...(remark === undefined ? {} : { remark }) })
    )
    yield* emit(
      () => [orderNowText("close", closed, locale)],
      () => closed
    )
  })
