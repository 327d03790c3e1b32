import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { type Order, OrderNotFound, type OrderPage, type OrderPriority, type OrderStatus } from "@tawreed/core/orders"
import { type Locale, Uuid } from "@tawreed/core/shared"
import { text, type MessageKey } from "../../Messages.ts"

const isId = (text: string): boolean => Schema.is(Uuid)(text)

/** Finds the order of that number (any case) in a page the search answered. */
const byNumber = (page: OrderPage, name: string) =>
  page.orders.find((o) => o.number.toLowerCase() === name.toLowerCase())

/**
 * An order named by its number (`PO-000042`, any case) or its id, read whole, as the buyer sees it. A number is
 * looked up among the orders the reader may list; whoever may list none (an approver of that one order) names it
 * by id.
 */
export const orderOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (isId(name)) return yield* client.orders.get(name)
    const found = yield* client.orders.list({ search: name, limit: 10 }).pipe(
      Effect.map((page) => byNumber(page, name)),
      Effect.catchTag("ApiFailure", (failure) =>
        failure.status === 403 ? Effect.succeed(undefined) : Effect.fail(failure)
      )
    )
    if (found === undefined) return yield* new OrderNotFound({ id: name })
    return found
  })

/** An order the signed-in user's organisation received as a vendor, by its buyer's number or its id. */
export const receivedOrderOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (isId(name)) return yield* client.orderVendor.get(name)
    const found = byNumber(yield* client.orderVendor.list({ search: name, limit: 10 }), name)
    if (found === undefined) return yield* new OrderNotFound({ id: name })
    return found
  })

/** An order's status in words, as the site shows it. */
export const orderStatusText = (status: OrderStatus, locale: Locale) =>
  text(`orderStatus${status}` as MessageKey, locale)

/** An order's priority in words. */
export const priorityText = (priority: OrderPriority, locale: Locale) =>
  text(`orderPriority${priority}` as MessageKey, locale)

/** The vendor's name in the reader's language, the other when it has none. */
export const orderVendorName = (order: Order, locale: Locale) =>
  (locale === "ar" ? order.vendor.name.ar || order.vendor.name.en : order.vendor.name.en || order.vendor.name.ar) ||
  order.vendor.number

/** What an action on orders says when it worked. */
export type OrderToast =
  "create" | "submit" | "approve" | "reject" | "return" | "send" | "cancel" | "close" | "accept" | "decline"

/** The line that says what an action did: the toast, then the order's number, title and status. */
export const orderNowText = (toast: OrderToast, order: Order, locale: Locale) =>
  text("orderNow", locale, {
    toast: text(`orderToast${toast}` as MessageKey, locale),
    number: order.number,
    title: order.title,
    status: orderStatusText(order.status, locale)
  })
