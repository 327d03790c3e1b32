import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { $list, $panelOpen } from "./notifications.ts"
import { $changedElsewhere, $unreadCount, followUnreadCount } from "./unread.ts"

/** A stand-in for the browser's EventSource: the test sends the stream's `unread` events by hand. */
class FakeStream {
  static last: FakeStream | undefined
  readonly listeners = new Map<string, (event: MessageEvent<string>) => void>()
  closed = false
  readonly url: string
  constructor(url: string) {
    this.url = url
    FakeStream.last = this
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener)
  }
  send(data: string) {
    this.listeners.get("unread")?.({ data } as MessageEvent<string>)
  }
  close() {
    this.closed = true
  }
}

let listCalls = 0

beforeEach(() => {
  listCalls = 0
  vi.stubGlobal("EventSource", FakeStream)
  vi.stubGlobal("fetch", async () => {
    listCalls++
    return new Response(JSON.stringify({ notifications: [], count: 0 }), { status: 200 })
  })
  $panelOpen.set(false)
  $list.set({ status: "idle" })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("the bell's live count", () => {
  it("starts from the server's count and follows the notification stream", () => {
    const stop = followUnreadCount(7)
    expect($unreadCount.get()).toBe(7)
    expect(FakeStream.last?.url).toBe("/api/notification/stream")
    FakeStream.last?.send("5")
    expect($unreadCount.get()).toBe(5)
    FakeStream.last?.send("not a number")
    expect($unreadCount.get()).toBe(5)
    stop()
    expect(FakeStream.last?.closed).toBe(true)
  })

  it("tells of a change made elsewhere only when the count moved", () => {
    followUnreadCount(3)
    const before = $changedElsewhere.get()
    FakeStream.last?.send("3")
    expect($changedElsewhere.get()).toBe(before)
    FakeStream.last?.send("4")
    expect($changedElsewhere.get()).toBe(before + 1)
  })

  it("reloads the open panel's list when the count moved elsewhere, and leaves a closed panel alone", async () => {
    followUnreadCount(2)
    FakeStream.last?.send("1")
    expect(listCalls).toBe(0)
    $panelOpen.set(true)
    FakeStream.last?.send("0")
    await vi.waitFor(() => expect(listCalls).toBe(1))
  })
})
