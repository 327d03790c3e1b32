import type { AstroCookies } from "astro"
import { describe, expect, it } from "vitest"
import { leaveToast } from "./toast.ts"

/** Cookies that remember the options each one was set with. */
const recordingCookies = () => {
  const set: Array<{ name: string; options: unknown }> = []
  const cookies = { set: (name: string, _value: string, options: unknown) => set.push({ name, options }) }
  return { cookies: cookies as unknown as AstroCookies, set }
}

describe("leaveToast", () => {
  it("marks the toast's cookie Secure whenever the client came over https, as the edge resolved it", () => {
    const behindProxy = recordingCookies()
    leaveToast(behindProxy.cookies, { https: true }, { kind: "success", message: "Saved" })
    expect(behindProxy.set[0]?.options).toMatchObject({ secure: true, httpOnly: true, sameSite: "lax" })
    const plain = recordingCookies()
    leaveToast(plain.cookies, { https: false }, { kind: "success", message: "Saved" })
    expect(plain.set[0]?.options).toMatchObject({ secure: false })
  })
})
