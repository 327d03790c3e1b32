import { describe, expect, it } from "vitest"
import { captchaRequired, captchaSolved, newCaptcha } from "./captcha.ts"

describe("captcha", () => {
  it("is off unless the environment turns it on", () => {
    expect(captchaRequired({})).toBe(false)
    expect(captchaRequired({ CAPTCHA: "on" })).toBe(true)
  })

  it("accepts the sum once, before it expires, and nothing else", () => {
    const now = 1_000_000
    const { a, b, token } = newCaptcha(now)
    expect(captchaSolved(token, ` ${a + b} `, now + 1000)).toBe(true)
    expect(captchaSolved(token, String(a + b + 1), now)).toBe(false)
    expect(captchaSolved(token, "", now)).toBe(false)
    expect(captchaSolved(token, String(a + b), now + 11 * 60 * 1000)).toBe(false)
    const [expires] = token.split(".")
    expect(captchaSolved(`${Number(expires) + 1}.${token.split(".")[1]}`, String(a + b), now)).toBe(false)
    expect(captchaSolved("garbage", String(a + b), now)).toBe(false)
  })
})
