import { describe, expect, it } from "vitest"
import * as fc from "fast-check"
import { autoLogoutDelay, timerMaxMs } from "./Timers.ts"

describe("the auto-logout timer", () => {
  it("waits the time left, at once when expired, never past the longest timer", () => {
    expect(autoLogoutDelay(10_000, 4_000)).toBe(6_000)
    expect(autoLogoutDelay(4_000, 10_000)).toBe(0)
    expect(autoLogoutDelay(Number.MAX_SAFE_INTEGER, 0)).toBe(2_147_483_647)
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (expires, now) => {
        const delay = autoLogoutDelay(expires, now)
        return delay >= 0 && delay <= timerMaxMs && (expires <= now ? delay === 0 : true)
      })
    )
  })
})
