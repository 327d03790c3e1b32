import { Effect, Schema } from "effect"
import { InvalidPage, InvalidPageSize } from "./Errors.ts"

/** The page sizes a list offers (SPEC.md §9: notification page sizes). */
export const pageSizes = [10, 25, 50, 100, 500] as const
export type PageSize = (typeof pageSizes)[number]

/** The page size when none is asked for (SPEC.md §9: default list limit 10). */
export const defaultPageSize: PageSize = 10

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

/** How many pages a count fills at a page size; an empty list still has one (empty) page. */
export const pageCount = (count: number, limit: number): number => Math.max(1, Math.ceil(count / limit))
