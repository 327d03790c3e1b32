import { randomUUID } from "node:crypto"
import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { NewOrderInput, OrderFromRequestInput } from "@tawreed/core/orders"
import { InvalidInput } from "@tawreed/core/shared"
import { documentFromFile } from "../../DocumentFile.ts"
import { text } from "../../Messages.ts"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { budgetIdOf } from "../budgets/Lookup.ts"
import { requestOf } from "../requests/Lookup.ts"
import { vendorOf } from "../vendors/Lookup.ts"
import { workspaceOf } from "../workspaces/Lookup.ts"
import { orderNowText } from "./Lookup.ts"

const CreateOptions = Schema.Struct({
  fromRequest: Schema.optional(Schema.String),
  vendor: Schema.optional(Schema.String),
  title: Schema.optional(Schema.String),
  file: Schema.optional(Schema.String)
})

/**
 * `tawreed orders create --from-request <request> --vendor <vendor> [--title]`: a draft order for all that is left
 * of an approved request's lines, at its prices. `tawreed orders create --file <order.json>`: a direct order, the
 * body of `POST order`, where the organisation allows them; its `workspaceId`, `vendorId` and budget's `budgetId`
 * may be names.
 */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("create")
    .description("create a draft order from an approved request, or a direct order from a JSON file")
    .option("--from-request <request>", "the approved request's number (REQ-000042) or id")
    .option("--vendor <vendor>", "the vendor to order from: its number, name or id")
    .option("--title <title>", "the order's title; the request's when left out")
    .option("--file <order.json>", "a direct order, as the API's POST order takes it")
    .action((options: unknown, command: Command) => run(command, create(options)))

const create = (options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(CreateOptions)(options).pipe(Effect.orDie)
    if (decoded.fromRequest === undefined && decoded.file === undefined)
      return yield* new InvalidInput({ detail: text("orderCreateNeedsSource", locale) })
    const client = yield* signedInClient
    // A new key each run: retried inside this run (the client's own retries), the order is made once.
    const made =
      decoded.fromRequest !== undefined
        ? yield* Effect.gen(function* () {
            if (decoded.vendor === undefined)
              return yield* new InvalidInput({ detail: text("orderCreateNeedsVendor", locale) })
            const request = yield* requestOf(client, decoded.fromRequest!)
            const vendor = yield* vendorOf(client, decoded.vendor)
            return yield* client.orders.createFromRequest(
              request.id,
              new OrderFromRequestInput({
                vendorId: vendor.id,
                ...(decoded.title === undefined ? {} : { title: decoded.title })
              }),
              randomUUID()
            )
          })
        : yield* Effect.gen(function* () {
            const given = yield* documentFromFile(options, NewOrderInput, "orderFileInvalid")
            const workspace = yield* workspaceOf(client, given.workspaceId)
            const vendor = yield* vendorOf(client, given.vendorId)
            const budget =
              given.budget === undefined || given.budget === null
                ? given.budget
                : { budgetId: yield* budgetIdOf(client, given.budget.budgetId), line: given.budget.line }
            return yield* client.orders.create(
              new NewOrderInput({
                ...given,
                workspaceId: workspace.id,
                vendorId: vendor.id,
                ...(decoded.title === undefined ? {} : { title: decoded.title }),
                ...(budget === undefined ? {} : { budget })
              }),
              randomUUID()
            )
          })
    yield* emit(
      () => [orderNowText("create", made, locale)],
      () => made
    )
  })
