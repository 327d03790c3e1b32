import { Effect } from "effect"
import type { RequestListName, RequestListParams } from "@tawreed/core/requests"
import { defaultPageSize, pageSizes } from "@tawreed/core/shared/PageSizes"
import { goTo, runPage, type PageAstro } from "./page.ts"
import { withRequests } from "./requestPages.ts"

/** The columns a user may show in a request list, in the order the table shows them; the request itself always shows. */
export const requestColumns = [
  "type",
  "status",
  "workspace",
  "classification",
  "total",
  "dueDate",
  "created",
  "updated"
] as const
export type RequestColumn = (typeof requestColumns)[number]

/** What a list shows until its user saves columns of their own. */
export const defaultRequestColumns: ReadonlyArray<RequestColumn> = ["type", "status", "workspace", "total", "created"]

/** The orders the list offers, as `GET request` takes them (`-` for descending). */
export const requestSorts = [
  "-createdAt",
  "createdAt",
  "-updatedAt",
  "title",
  "-title",
  "-total",
  "total",
  "status"
] as const

/** A list's query as the address gives it: filters, order, page number (from 0) and page size. */
export interface RequestListQuery {
  readonly status: string
  readonly workspaceId: string
  readonly classification: string
  readonly search: string
  readonly sort: string
  readonly page: number
  readonly limit: number
}

/** The list's query from its address; a page or size that is not one the list offers reads as the first, and 10. */
export const requestListQuery = (params: URLSearchParams): RequestListQuery => {
  const page = Number(params.get("page") ?? "0")
  const limit = Number(params.get("limit") ?? String(defaultPageSize))
  const sort = params.get("sort") ?? ""
  return {
    status: params.get("status") ?? "",
    workspaceId: params.get("workspaceId") ?? "",
    classification: params.get("classification") ?? "",
    search: (params.get("search") ?? "").trim(),
    sort: (requestSorts as ReadonlyArray<string>).includes(sort) ? sort : "-createdAt",
    page: Number.isSafeInteger(page) && page >= 0 ? page : 0,
    limit: (pageSizes as ReadonlyArray<number>).includes(limit) ? limit : defaultPageSize
  }
}

/** The use case's parameters for a query: an empty filter does not narrow. */
export const listParamsOf = (query: RequestListQuery): RequestListParams => ({
  page: query.page,
  limit: query.limit,
  sort: query.sort,
  ...(query.status === "" ? {} : { statuses: [query.status] }),
  ...(query.workspaceId === "" ? {} : { workspaceIds: [query.workspaceId] }),
  ...(query.classification === "" ? {} : { classifications: [query.classification] }),
  ...(query.search === "" ? {} : { search: query.search })
})

/** The address of the same list at another page (or with other parameters). */
export const listUrl = (params: URLSearchParams, changes: Readonly<Record<string, string>>): string => {
  const next = new URLSearchParams(params)
  for (const [name, value] of Object.entries(changes)) next.set(name, value)
  return `?${next}`
}

/** The page numbers a pager shows: up to five around the current page, always within the pages there are. */
export const pageWindow = (current: number, pages: number, shown = 5): ReadonlyArray<number> => {
  const first = Math.max(0, Math.min(current - Math.floor(shown / 2), pages - shown))
  return Array.from({ length: Math.min(shown, pages) }, (_, i) => first + i)
}

/**
 * Runs a request list page (`GET request` or `GET request/expense`): its read, and the post of its column picker
 * (`PUT request/save-columns/{list}`), which comes back to the same list with the spec's table-state notice.
 */
export const runRequestList = async (astro: PageAstro, list: RequestListName, savedToast: string) => {
  const query = requestListQuery(astro.url.searchParams)
  const run = await runPage(astro, {
    form: (data, { actor }) =>
      withRequests((r) => r.saveColumns(actor, list, data.getAll("columns").map(String))).pipe(
        Effect.as(goTo(`${astro.url.pathname}${astro.url.search}`, savedToast))
      ),
    load: ({ actor }) =>
      withRequests((r) =>
        list === "requests" ? r.list(actor, listParamsOf(query)) : r.listExpense(actor, listParamsOf(query))
      )
  })
  return { run, query }
}
