import type { Command } from "commander"
import { Effect, Schema } from "effect"
import { OrderApproval, OrderReview } from "@tawreed/core/orders"
import { InvalidInput } from "@tawreed/core/shared"
import { emit } from "../../Output.ts"
import type { Runner } from "../../Runner.ts"
import { signedInClient } from "../../Session.ts"
import { Settings } from "../../Settings.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

const ReviewOptions = Schema.Struct({
  action: Schema.Literals(["approve", "reject", "return"]),
  remark: Schema.optional(Schema.String),
  classification: Schema.optional(Schema.String),
  super: Schema.optional(Schema.Boolean)
})

/** `tawreed orders review <order> --action approve|reject|return [--remark] [--classification] [--super]`. */
export const register = (parent: Command, run: Runner) =>
  parent
    .command("review")
    .argument("<order>", "the order's number (PO-000042) or id")
    .description("approve, reject or return an order waiting for your approval")
    .requiredOption("--action <action>", "approve, reject or return")
    .option("--remark <text>", "why, for the approval timeline")
    .option("--classification <name>", "the approval classification, which later levels may ask for")
    .option("--super", "decide as a super approver, over every level")
    .action((order: string, options: unknown, command: Command) => run(command, review(order, options)))

const review = (named: string, options: unknown) =>
  Effect.gen(function* () {
    const { locale } = yield* Settings
    const decoded = yield* Schema.decodeUnknownEffect(ReviewOptions)(options).pipe(
      Effect.mapError(() => new InvalidInput({ detail: "--action must be approve, reject or return" }))
    )
    const client = yield* signedInClient
    const order = yield* orderOf(client, named)
    const fields = {
      version: order.version,
      ...(decoded.remark === undefined ? {} : { remark: decoded.remark }),
      ...(decoded.classification === undefined ? {} : { approvalClassification: decoded.classification }),
      ...(decoded.super === undefined ? {} : { isSuperApproval: decoded.super })
    }
    const decided =
      decoded.action === "approve"
        ? yield* client.orders.approve(order.id, new OrderApproval(fields))
        : decoded.action === "reject"
          ? yield* client.orders.reject(order.id, new OrderReview(fields))
          : yield* client.orders.return(order.id, new OrderReview(fields))
    yield* emit(
      () => [orderNowText(decoded.action, decided, locale)],
      () => decided
    )
  })
