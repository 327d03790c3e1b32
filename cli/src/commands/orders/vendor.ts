import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { VendorAnswerInput } from "@tawreed/core/orders"
import { InvalidInput } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderLines } from "./list.ts"
import { orderNowText, receivedOrderOf } from "./Lookup.ts"

const ListOptions = Schema.Struct({
  page: Schema.NumberFromString,
  limit: Schema.NumberFromString,
  status: Schema.optional(Schema.String),
  search: Schema.optional(Schema.String)
})
const AnswerOptions = Schema.Struct({ remark: Schema.optional(Schema.String) })

/**
 * `tawreed orders vendor list|accept|reject`: the seller's side (order-vendor), for a user of a vendor's
 * organisation: the orders its buyers sent it, and its answer to each.
 */
export const register = (parent: Command, run: Runner) => {
  const vendor = parent.command("vendor").description("the orders your organisation received as a vendor")
  vendor
    .command("list")
    .description("list the orders your buyers sent you")
    .option("--status <statuses>", "only these statuses, separated by commas")
    .option("--search <text>", "only orders whose number or title contain this")
    .option("--page <page>", "the page, counting from 0", "0")
    .option("--limit <limit>", "orders per page: 10, 25, 50, 100 or 500", "25")
    .action((options: unknown, command: Command) => run(command, list(options)))
  vendor
    .command("accept")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("accept an order your buyer sent you")
    .option("--remark <text>", "a remark for the buyer")
    .action((order: string, options: unknown, command: Command) => run(command, answer(order, options, true)))
  vendor
    .command("reject")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("decline an order your buyer sent you, saying why")
    .requiredOption("--remark <text>", "why, for the buyer")
    .action((order: string, options: unknown, command: Command) => run(command, answer(order, options, false)))
  return vendor
}

const list = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ListOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--page and --limit must be whole numbers" }))
    )
    const client = yield* signedInClient
    const page = yield* client.orderVendor.list({
      page: decoded.page,
      limit: decoded.limit,
      status: decoded.status,
      search: decoded.search
    })
    yield* emit(
      () => orderLines(page, decoded.page, decoded.limit, locale),
      () => page
    )
  })

const answer = (named: string, options: unknown, accept: boolean) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const { remark } = yield* Schema.decodeUnknownEffect(AnswerOptions)(options).pipe(Effect.orDie)
    const client = yield* signedInClient
    const order = yield* receivedOrderOf(client, named)
    const input = new VendorAnswerInput({ version: order.version, ...(remark === undefined ? {} : { remark }) })
    const answered = accept
      ? yield* client.orderVendor.accept(order.id, input)
      : yield* client.orderVendor.reject(order.id, input)
    yield* emit(
      () => [orderNowText(accept ? "accept" : "decline", answered, locale)],
      () => answered
    )
  })
