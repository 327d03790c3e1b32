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

/**
 * Validates a page and a limit as a client sent them; an absent page is the first, an absent limit `fallback`
 * (SPEC.md §9's default list limit unless the list says otherwise).
 */
export const pageRequest = Effect.fnUntraced(function* (
  page: number | undefined,
  limit: number | undefined,
  fallback: PageSize = defaultPageSize
): Effect.fn.Return<PageRequest, InvalidPage | InvalidPageSize> {
  const p = page ?? 0
  const l = limit ?? fallback
  if (!Number.isSafeInteger(p) || p < 0) return yield* new InvalidPage()
  if (!isPageSize(l)) return yield* new InvalidPageSize({ allowed: pageSizes.join(", ") })
  return new PageRequest({ page: p, limit: l })
})

/** What a client asks of a list: a page counting from 0 and a page size, either absent for its default. */
export interface PageParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
}

/**
 * The page size of the lists that answered whole before they were paged (roles, workflows, budgets, a budget's
 * changes, pending approvals, available workspaces) when the client asks for none: the largest, so that a client
 * that never asks for a page keeps receiving the whole list, up to that size.
 */
export const wholeListPageSize: PageSize = 500

/** Validates the page of one of those lists (`wholeListPageSize` when no limit is asked). */
export const wholeListPage = (params: PageParams | undefined) =>
  pageRequest(params?.page, params?.limit, wholeListPageSize)

/** Rows of a list to read from storage: how many to skip, and how many to take at most. */
export interface Slice {
  readonly offset: number
  readonly limit: number
}

/** The rows of a slice, from a list already in its order; all of them without one. */
export const sliceOf = <A>(rows: ReadonlyArray<A>, slice: Slice | undefined): ReadonlyArray<A> =>
  slice === undefined ? rows : rows.slice(slice.offset, slice.offset + slice.limit)
