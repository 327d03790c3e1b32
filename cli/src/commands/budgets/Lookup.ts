import { Effect } from "effect"
import type { TawreedClientShape } from "@tawreed/adapters/http-client/TawreedClient"
import type { Budget } from "@tawreed/core/budgets"
import type { Locale } from "@tawreed/core/shared"
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
    return all?.find((b) => b.id === name || b.name.toLowerCase() === name.toLowerCase())?.id ?? name
  })

/** A budget's status in words. */
export const statusText = (status: Budget["status"], locale: Locale) =>
  text(`budgetStatus${status}` as MessageKey, locale)

/** A budget's policy in words. */
export const policyText = (policy: Budget["policy"], locale: Locale) =>
  text(`budgetPolicy${policy}` as MessageKey, locale)

/** Rows as aligned columns: text columns padded after, amount columns (by index) padded before. */
export const columns = (rows: ReadonlyArray<ReadonlyArray<string>>, amounts: ReadonlyArray<number> = []) => {
  const count = Math.max(0, ...rows.map((r) => r.length))
  const widths = Array.from({ length: count }, (_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)))
  return rows.map((r) =>
    r
      .map((cell, i) =>
        amounts.includes(i) ? cell.padStart(widths[i]!) : i === r.length - 1 ? cell : cell.padEnd(widths[i]!)
      )
      .join("  ")
  )
}
