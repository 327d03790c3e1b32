import type { Command } from "commander"
import { OrderApproval, OrderReview } from "@tawreed/core/orders"
import type { Runner } from "../../Runner.ts"
import { registerReview } from "../DocumentReview.ts"
import { orderNowText, orderOf } from "./Lookup.ts"

/** `tawreed orders review <order> --action approve|reject|return [--remark] [--classification] [--super]`. */
export const register = (parent: Command, run: Runner) =>
  registerReview(parent, run, {
    argument: ["<order>", "the order's number (PO-000042) or id"],
    description: "approve, reject or return an order waiting for your approval",
    actions: ["approve", "reject", "return"],
    actionHelp: "approve, reject or return",
    find: orderOf,
    decide: (client, action, order, fields) =>
      action === "approve"
        ? client.orders.approve(order.id, new OrderApproval(fields))
        : action === "reject"
          ? client.orders.reject(order.id, new OrderReview(fields))
          : client.orders.return(order.id, new OrderReview(fields)),
    said: orderNowText
  })
