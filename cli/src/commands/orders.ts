import type { Command } from "commander"
import type { Runner } from "../Runner.ts"
import * as Cancel from "./orders/cancel.ts"
import * as Close from "./orders/close.ts"
import * as Create from "./orders/create.ts"
import * as List from "./orders/list.ts"
import * as Review from "./orders/review.ts"
import * as Send from "./orders/send.ts"
import * as Show from "./orders/show.ts"
import * as Submit from "./orders/submit.ts"
import * as Vendor from "./orders/vendor.ts"

/** `tawreed orders …`: purchase orders, from a draft through approval to the vendor, and the vendor's answer. */
export const register = (parent: Command, run: Runner) => {
  const orders = parent
    .command("orders")
    .description("list, show and create purchase orders, submit, review, send, cancel and close them")
  for (const command of [List, Show, Create, Submit, Review, Send, Cancel, Close, Vendor]) command.register(orders, run)
  return orders
}
