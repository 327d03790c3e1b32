import { Effect, Schema } from "effect"
import { InvalidPage, InvalidPageSize } from "./Errors.ts"

import { defaultPageSize, pageSizes, type PageSize } from "./PageSizes.ts"

export { defaultPageSize, pageCount, pageSizes, type PageSize } from "./PageSizes.ts"

/** A validated page request: pages count from 0. */
export class PageRequest extends Schema.Class<PageRequest>("PageRequest")({
  page: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  limit: Schema.Literals(pageSizes)
}) {
  get offset(): number {
    return this.page * this.limit
  }
}

const isPageSize = (n: number): n is PageSize => (pageSizes as ReadonlyArray<number>).includes(n)

/** Validates a page and a limit as a client sent them; absent values take the defaults. */
export const pageRequest = Effect.fnUntraced(function* (
  page: number | undefined,
  limit: number | undefined
): Effect.fn.Return<PageRequest, InvalidPage | InvalidPageSize> {
  const p = page ?? 0
  const l = limit ?? defaultPageSize
  if (!Number.isSafeInteger(p) || p < 0) return yield* new InvalidPage()
  if (!isPageSize(l)) return yield* new InvalidPageSize({ allowed: pageSizes.join(", ") })
  return new PageRequest({ page: p, limit: l })
})
