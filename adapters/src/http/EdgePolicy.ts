import { createHash } from "node:crypto"
import { BlockList, isIP } from "node:net"

/**
 * Which peers may speak for the client through `X-Forwarded-For` and `X-Forwarded-Proto` (the `TRUST_PROXY`
 * setting): nobody (the default), every peer, a number of proxy hops in front of the app, or a list of addresses
 * and CIDR blocks.
 */
export type ProxyTrust =
  | { readonly _tag: "None" }
  | { readonly _tag: "All" }
  | { readonly _tag: "Hops"; readonly hops: number }
  | { readonly _tag: "List"; readonly list: BlockList }

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4")

/** `::ffff:10.0.0.1`, as Node reports IPv4 peers on a dual-stack socket, is `10.0.0.1`. */
const plainAddress = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1")

/**
 * Reads `TRUST_PROXY`: unset, empty or `false` trusts no proxy; `true` trusts every peer; a whole number trusts that
 * many hops; otherwise a comma-separated list of addresses and CIDR blocks (`loopback` names 127.0.0.0/8 and ::1).
 */
export const parseProxyTrust = (value: string | undefined): ProxyTrust => {
  const setting = value?.trim() ?? ""
  if (setting === "" || setting === "false" || setting === "0") return { _tag: "None" }
  if (setting === "true") return { _tag: "All" }
  if (/^\d+$/.test(setting)) return { _tag: "Hops", hops: Number(setting) }
  const list = new BlockList()
  for (const entry of setting.split(",").map((e) => e.trim())) {
    if (entry === "") continue
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4")
      list.addAddress("::1", "ipv6")
      continue
    }
    const [address = "", bits] = entry.split("/")
    const plain = plainAddress(address)
    if (isIP(plain) === 0) throw new Error(`TRUST_PROXY: '${entry}' is not an address or CIDR block`)
    if (bits === undefined) list.addAddress(plain, familyOf(plain))
    else list.addSubnet(plain, Number(bits), familyOf(plain))
  }
  return { _tag: "List", list }
}

/** The deployment's proxy trust, read once per process. */
let fromEnv: ProxyTrust | undefined
export const proxyTrustFromEnv = (): ProxyTrust => (fromEnv ??= parseProxyTrust(process.env["TRUST_PROXY"]))

const isTrusted = (trust: ProxyTrust, address: string) => {
  if (trust._tag !== "List") return trust._tag === "All"
  const plain = plainAddress(address)
  return isIP(plain) !== 0 && trust.list.check(plain, familyOf(plain))
}

/** What the edge knows about the client: its address and whether it reached the site over https. */
export interface ClientFacts {
  readonly address: string
  readonly https: boolean
}

const listOf = (header: string | null | undefined) =>
  (header ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")

/**
 * The client behind a request: the socket's peer, unless that peer is a trusted proxy, in which case its
 * `X-Forwarded-For` is walked from the nearest hop back to the first address not trusted, and its
 * `X-Forwarded-Proto` says whether the client used https. Headers from an untrusted peer count for nothing, so a
 * client cannot pick its own address for throttling nor claim https.
 */
export const resolveClient = (
  peer: { readonly address: string; readonly https: boolean },
  headers: Headers,
  trust: ProxyTrust
): ClientFacts => {
  if (trust._tag === "None" || (trust._tag !== "Hops" && !isTrusted(trust, peer.address))) {
    return { address: plainAddress(peer.address), https: peer.https }
  }
  const forwarded = listOf(headers.get("x-forwarded-for"))
  const protos = listOf(headers.get("x-forwarded-proto"))
  // Each proxy appends the address it saw, so the list ends with the hop nearest to us.
  const chain = [...forwarded, peer.address].map(plainAddress)
  let index = chain.length - 1
  if (trust._tag === "Hops") index = Math.max(0, chain.length - 1 - trust.hops)
  else while (index > 0 && isTrusted(trust, chain[index]!)) index--
  // The scheme the nearest trusted proxy reports is the one the client used at the outermost trusted proxy.
  const proto = protos.at(-1)?.toLowerCase()
  return { address: chain[index]!, https: proto === undefined ? peer.https : proto === "https" }
}

/** The headers the site's server and the Node listener set from what they resolved, replacing a client's own. */
export const clientAddressHeader = "x-tawreed-client-address"
export const clientProtocolHeader = "x-tawreed-client-protocol"

/** Marks a request with the client the edge resolved, so the API behind it trusts those headers alone. */
export const markClient = (headers: Headers, client: ClientFacts) => {
  headers.set(clientAddressHeader, client.address)
  headers.set(clientProtocolHeader, client.https ? "https" : "http")
}

/** The API answers data, never a page: it may load nothing, run nothing and sit in no frame. */
export const apiContentSecurityPolicy =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/** What every page keeps, whatever else its policy says: no frames, no plugins, no foreign base nor form target. */
export const pagePolicyDirectives = [
  "default-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'"
] as const

/**
 * The policy of an HTML document the API itself serves (the API reference at `/api/docs`): a page's directives,
 * with exactly the inline scripts it carries allowed by their SHA-256 hashes, and inline styles, which the
 * reference's renderer injects and which run no code.
 */
export const inlineDocumentPolicy = (html: string): string => {
  const hashes = Array.from(html.matchAll(/<script(?:\s[^>]*)?>([\s\S]*?)<\/script>/g), (match) => match[1] ?? "")
    .filter((script) => script.length > 0)
    .map((script) => `'sha256-${createHash("sha256").update(script, "utf8").digest("base64")}'`)
  return [
    ...pagePolicyDirectives,
    `script-src 'self' ${hashes.join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'"
  ].join("; ")
}

/** A fresh nonce for one response's policy: 128 random bits, base64. */
export const newNonce = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64")

/**
 * A page's policy that also lets the inline scripts and styles carrying this response's nonce run: the ones whose
 * text differs per request (an organisation's theme colours), which no build-time hash can list.
 */
export const withNonce = (policy: string, nonce: string): string =>
  policy
    .split(";")
    .map((directive) => directive.trim())
    .filter((directive) => directive !== "")
    .map((directive) => {
      const name = directive.split(/\s+/)[0]
      return name === "script-src" || name === "style-src" ? `${directive} 'nonce-${nonce}'` : directive
    })
    .join("; ")

/** HSTS for a year, subdomains included: sent only over https, where the browser honours it. */
const strictTransportSecurity = "max-age=31536000; includeSubDomains"

/**
 * The security headers of the edge (ARCHITECTURE.md "the edge"), one set for the site and the API, besides the
 * Content-Security-Policy each sets for itself.
 */
export const securityHeaders = (https: boolean): Readonly<Record<string, string>> => ({
  "x-frame-options": "DENY",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  ...(https ? { "strict-transport-security": strictTransportSecurity } : {})
})

/**
 * Sets the edge's headers on a web response: it keeps the policy it has (a page's, with its hashes) or gets
 * `fallbackPolicy`, when one is given.
 */
export const applySecurityHeaders = (headers: Headers, https: boolean, fallbackPolicy: string | undefined) => {
  if (fallbackPolicy !== undefined && !headers.has("content-security-policy")) {
    headers.set("content-security-policy", fallbackPolicy)
  }
  for (const [name, value] of Object.entries(securityHeaders(https))) headers.set(name, value)
}
