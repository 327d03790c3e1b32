// Kept free of effect so that the site's islands can page lists without shipping the schema library.

/** The page sizes a list offers (SPEC.md §9: notification page sizes). */
export const pageSizes = [10, 25, 50, 100, 500] as const
export type PageSize = (typeof pageSizes)[number]

/** The page size when none is asked for (SPEC.md §9: default list limit 10). */
export const defaultPageSize: PageSize = 10

/** How many pages a count fills at a page size; an empty list still has one (empty) page. */
export const pageCount = (count: number, limit: number): number => Math.max(1, Math.ceil(count / limit))
