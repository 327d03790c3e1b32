import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import {
  $list,
  $panelOpen,
  $unreadCount,
  $actionError,
  changePageSize,
  goToPage,
  markAllRead,
  openNotification,
  openPanel,
  type NotificationItem
} from "./notifications.ts"

const item = (id: number, status: "READ" | "UNREAD"): NotificationItem => ({
  id: id as NotificationItem["id"],
  module: "requests",
  type: "REQUEST_WAITING_FOR_APPROVAL",
  documentId: String(id),
  title: { en: `Request ${id}`, ar: `طلب ${id}` },
  notificationBody: "",
  url: `/requests/${id}`,
  status,
  createdAt: "2026-01-01T00:00:00.000Z"
})

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })

let calls: Array<{ url: string; method: string; headers: Record<string, string> }>
let answer: (url: string, method: string) => Response
const assign = vi.fn()

beforeEach(() => {
  calls = []
  assign.mockReset()
  vi.stubGlobal("window", { location: { assign } })
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET"
    calls.push({ url, method, headers: init.headers as Record<string, string> })
    return answer(url, method)
  })
  $unreadCount.set(3)
  $panelOpen.set(false)
  $list.set({ status: "idle" })
  $actionError.set(undefined)
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("opening a notification", () => {
  it("marks an unread one read first, then closes the panel and goes to its page", async () => {
    answer = () => new Response(null, { status: 204 })
    $panelOpen.set(true)
    expect(await openNotification(item(7, "UNREAD"))).toBe("/en/requests/7")
    expect(calls).toEqual([expect.objectContaining({ url: "/api/notification/read/7", method: "PUT" })])
    expect($unreadCount.get()).toBe(2)
    expect($panelOpen.get()).toBe(false)
    expect(assign).toHaveBeenCalledWith("/en/requests/7")
  })

  it("stays, with the server's message, when marking it read fails", async () => {
    answer = () => json({ error: { code: "E4002", message: "Notification not found." } }, 404)
    $panelOpen.set(true)
    expect(await openNotification(item(7, "UNREAD"))).toBeUndefined()
    expect($actionError.get()).toBe("Notification not found.")
    expect($panelOpen.get()).toBe(true)
    expect(assign).not.toHaveBeenCalled()
  })

  it("just goes to a read one", async () => {
    answer = () => new Response(null, { status: 500 })
    await openNotification(item(8, "READ"))
    expect(calls).toEqual([])
    expect(assign).toHaveBeenCalledWith("/en/requests/8")
  })
})

describe("the panel's list", () => {
  it("asks for the page and size shown, in the page's language, as the signed-in user", async () => {
    answer = () => json({ notifications: [item(1, "UNREAD")], count: 12 })
    openPanel()
    await vi.waitFor(() => expect($list.get().status).toBe("ready"))
    goToPage(1)
    await vi.waitFor(() => expect(calls).toHaveLength(2))
    changePageSize(25)
    await vi.waitFor(() => expect(calls).toHaveLength(3))
    expect(calls.map((c) => c.url)).toEqual([
      "/api/notification?page=0&limit=10",
      "/api/notification?page=1&limit=10",
      "/api/notification?page=0&limit=25"
    ])
    expect(calls[0]?.headers).toMatchObject({ Language: "en" })
  })

  it("marks everything read: no unread count and no unread item left", async () => {
    answer = (_url, method) =>
      method === "PUT" ? new Response(null, { status: 204 }) : json({ notifications: [item(1, "UNREAD")], count: 1 })
    openPanel()
    await vi.waitFor(() => expect($list.get().status).toBe("ready"))
    await markAllRead()
    const list = $list.get()
    expect($unreadCount.get()).toBe(0)
    expect(list.status === "ready" && list.notifications.every((n) => n.status === "READ")).toBe(true)
  })
})
