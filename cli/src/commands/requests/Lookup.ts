import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { type Request, RequestNotFound, type RequestStatus, type RequestType } from "@tawreed/core/requests"
import { type Locale, Uuid } from "@tawreed/core/shared"
import { text, type MessageKey } from "../../Messages.ts"

const isId = (text: string): boolean => Schema.is(Uuid)(text)

/**
 * A request named by its number (`REQ-000042`, any case) or its id, read whole. A number is looked up among the
 * requests, then the expense requests, the reader may list; whoever may list neither (an approver of that one
 * request) names it by id.
 */
export const requestOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    if (isId(name)) return yield* client.requests.get(name)
    const byNumber = (list: typeof client.requests.list) =>
      list({ search: name, limit: 10 }).pipe(
        Effect.map((page) => page.requests.find((r) => r.number.toLowerCase() === name.toLowerCase())),
        Effect.catchTag("ApiFailure", (failure) =>
          failure.status === 403 ? Effect.succeed(undefined) : Effect.fail(failure)
        )
      )
    const found = (yield* byNumber(client.requests.list)) ?? (yield* byNumber(client.requests.listExpense))
    if (found === undefined) return yield* new RequestNotFound({ id: name })
    return found
  })

/** A request's status in words, as the site shows it. */
export const statusText = (status: RequestStatus, locale: Locale) =>
  text(`requestStatus${status}` as MessageKey, locale)

/** A request's kind in words, as the site shows it. */
export const typeText = (type: RequestType, locale: Locale) => text(`requestType${type}` as MessageKey, locale)

/** An amount with its currency, as lists and totals show it. */
export const amountText = (amount: string, currency: string) => `${amount} ${currency}`

/** The line that says what an action did: the spec's toast, then the request's number, title and status. */
export const nowText = (toast: string, request: Request, locale: Locale) =>
  text("requestNow", locale, {
    toast,
    number: request.number,
    title: request.title,
    status: statusText(request.status, locale)
  })
