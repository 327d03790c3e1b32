import { describe, expect, it } from "vitest"
import { listParamsOf, listUrl, pageWindow, requestListQuery } from "./requestList.ts"

describe("a request list's address", () => {
  it("reads the filters, the order, the page and its size", () => {
    const query = requestListQuery(
      new URLSearchParams(
        "status=REQUEST_DRAFTED&workspaceId=ws-1&classification=none&search=%20paper%20&sort=-total&page=2&limit=25"
      )
    )
    expect(query).toEqual({
      status: "REQUEST_DRAFTED",
      workspaceId: "ws-1",
      classification: "none",
      search: "paper",
      sort: "-total",
      page: 2,
      limit: 25
    })
    expect(listParamsOf(query)).toEqual({
      page: 2,
      limit: 25,
      sort: "-total",
      statuses: ["REQUEST_DRAFTED"],
      workspaceIds: ["ws-1"],
      classifications: ["none"],
      search: "paper"
    })
  })

  it("reads what it does not offer as the first page of 10, newest first, unfiltered", () => {
    const query = requestListQuery(new URLSearchParams("page=-1&limit=7&sort=secret&status="))
    expect(query).toMatchObject({ page: 0, limit: 10, sort: "-createdAt" })
    expect(requestListQuery(new URLSearchParams("page=1.5")).page).toBe(0)
    expect(requestListQuery(new URLSearchParams("page=abc")).page).toBe(0)
    expect(listParamsOf(requestListQuery(new URLSearchParams("")))).toEqual({ page: 0, limit: 10, sort: "-createdAt" })
  })

  it("keeps its filters on another page", () => {
    expect(listUrl(new URLSearchParams("status=REQUEST_DRAFTED&page=0"), { page: "3" })).toBe(
      "?status=REQUEST_DRAFTED&page=3"
    )
  })

  it("numbers up to five pages around the current one, within the pages there are", () => {
    expect(pageWindow(0, 1)).toEqual([0])
    expect(pageWindow(0, 9)).toEqual([0, 1, 2, 3, 4])
    expect(pageWindow(4, 9)).toEqual([2, 3, 4, 5, 6])
    expect(pageWindow(8, 9)).toEqual([4, 5, 6, 7, 8])
    expect(pageWindow(2, 3)).toEqual([0, 1, 2])
  })
})
