import { Effect, Schema } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import { type Budget, type BudgetChange, BudgetNotFound } from "@tawreed/core/budgets"
import { InvalidInput, type Locale, Uuid } from "@tawreed/core/shared"
import { text, type MessageKey } from "../../Messages.ts"

/**
 * A budget named by its exact name (any case) or its id. Whoever may not list budgets gets what they named taken
 * as an id, for the API to judge.
 */
export const budgetIdOf = (client: TawreedClientShape, named: string) =>
  Effect.gen(function* () {
    const name = named.trim()
    const all = yield* client.budgets
      .list()
      .pipe(
        Effect.catchTag("ApiFailure", (failure) =>
          failure.status === 403 ? Effect.succeed(undefined) : Effect.fail(failure)
        )
      )
    const found = all?.find((b) => b.id === name || b.name.toLowerCase() === name.toLowerCase())?.id
    if (found !== undefined) return found
    // Budget ids are UUIDs: any other text names no budget, and the API would refuse it as a malformed id.
    if (!isUuid(name)) return yield* new BudgetNotFound({ id: name })
    return name
  })

const isUuid = Schema.is(Uuid)

/** A budget's status in words. */
export const statusText = (status: Budget["status"], locale: Locale) =>
  text(`budgetStatus${status}` as MessageKey, locale)

/** A budget's policy in words. */
export const policyText = (policy: Budget["policy"], locale: Locale) =>
  text(`budgetPolicy${policy}` as MessageKey, locale)

/** A budget change's action in words. */
export const actionText = (action: BudgetChange["action"], locale: Locale) =>
  text(`budgetAction${action}` as MessageKey, locale)

/** A budget change's status in words. */
export const changeStatusText = (status: BudgetChange["status"], locale: Locale) =>
  text(`budgetChangeStatus${status}` as MessageKey, locale)

/** The one line a change's state prints: its id, action, status and value. */
export const changeLine = (change: BudgetChange, locale: Locale) =>
  text("budgetChangeNow", locale, {
    number: change.number,
    id: change.id,
    action: actionText(change.action, locale),
    status: changeStatusText(change.status, locale),
    value: change.value
  })

/**
 * The `--line <key>=<amount>[:<label>]` options: each line's key, amount and label, if given. The amount is
 * checked by the payload's schema; here only the shape of the option.
 */
export const linesOf = (specs: ReadonlyArray<string>, amount: string) =>
  Effect.forEach(specs, (spec) => {
    const cut = spec.indexOf("=")
    const key = cut < 0 ? "" : spec.slice(0, cut).trim()
    const rest = cut < 0 ? "" : spec.slice(cut + 1)
    const colon = rest.indexOf(":")
    const value = (colon < 0 ? rest : rest.slice(0, colon)).trim()
    const label = colon < 0 ? undefined : rest.slice(colon + 1).trim()
    return key === "" || value === "" || label === ""
      ? Effect.fail(
          new InvalidInput({ detail: `--line '${spec}' must be <key>=<${amount}>, optionally followed by :<label>` })
        )
      : Effect.succeed({ key, value, label })
  })
