import { describe, expect, it } from "vitest"
import { parseProxyTrust, resolveClient, withNonce } from "./EdgePolicy.ts"

const headers = (entries: Record<string, string>) => new Headers(entries)
const peer = (address: string, https = false) => ({ address, https })
const forwarded = headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.2", "x-forwarded-proto": "https" })

describe("resolveClient", () => {
  it("trusts no proxy by default: the socket's peer and scheme, whatever the headers say", () => {
    for (const setting of [undefined, "", "false", "0"]) {
      expect(resolveClient(peer("10.0.0.1"), forwarded, parseProxyTrust(setting))).toEqual({
        address: "10.0.0.1",
        https: false
      })
    }
  })

  it("walks X-Forwarded-For back over the trusted proxies to the client", () => {
    const trust = parseProxyTrust("10.0.0.0/8")
    expect(resolveClient(peer("10.0.0.1"), forwarded, trust)).toEqual({ address: "203.0.113.7", https: true })
    // A peer outside the list is the client itself, however it dresses its headers.
    expect(resolveClient(peer("198.51.100.9"), forwarded, trust)).toEqual({ address: "198.51.100.9", https: false })
  })

  it("counts hops from the nearest: a client cannot push its own guess past them", () => {
    const spoofed = headers({ "x-forwarded-for": "1.1.1.1, 203.0.113.7", "x-forwarded-proto": "https" })
    expect(resolveClient(peer("10.0.0.1"), spoofed, parseProxyTrust("1"))).toEqual({
      address: "203.0.113.7",
      https: true
    })
  })

  it("reads IPv4 peers of a dual-stack socket as IPv4, and names loopback", () => {
    // 10.0.0.2 is not loopback: past the one trusted hop, it is the client.
    expect(resolveClient(peer("::ffff:127.0.0.1"), forwarded, parseProxyTrust("loopback"))).toEqual({
      address: "10.0.0.2",
      https: true
    })
    expect(resolveClient(peer("::1"), headers({ "x-forwarded-proto": "http" }), parseProxyTrust("loopback"))).toEqual({
      address: "::1",
      https: false
    })
  })

  it("refuses a setting that names no address", () => {
    expect(() => parseProxyTrust("proxy.internal")).toThrow(/TRUST_PROXY/)
  })
})

describe("withNonce", () => {
  it("adds the nonce to script-src and style-src only", () => {
    const policy =
      "default-src 'self';img-src 'self'; script-src 'self' 'sha256-a='; style-src 'self'; style-src-attr 'unsafe-inline';"
    expect(withNonce(policy, "abc")).toBe(
      "default-src 'self'; img-src 'self'; script-src 'self' 'sha256-a=' 'nonce-abc'; style-src 'self' 'nonce-abc'; style-src-attr 'unsafe-inline'"
    )
  })
})
