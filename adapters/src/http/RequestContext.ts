import { Effect } from "effect"
import { HttpServerRequest } from "effect/http"
import { RequestOrigin } from "@tawreed/core/shared"
import { parseLocale } from "@tawreed/core/shared"
import type { ApiFailure } from "./ApiErrors.ts"
import { toApiFailure } from "./ApiFailures.ts"
import { type RefusedRequest, sessionCookie } from "./Edge.ts"
import { clientAddressHeader, clientProtocolHeader } from "./EdgePolicy.ts"

/**
 * The headers that carry the client's address and scheme to the API. The site's server and the Node listener set
 * them from the socket (and a trusted proxy's forwarded headers) and overwrite any a client sent, so they can be
 * trusted here.
 */
export { clientAddressHeader, clientProtocolHeader }

/** Whether the client reached the site over https, as the edge resolved it. */
export const isHttps = (request: HttpServerRequest.HttpServerRequest) =>
  request.headers[clientProtocolHeader] === "https"

/** The language a request asked for with its `Language` header (SPEC.md §7); English when absent. */
export const requestLocale = Effect.map(Effect.service(HttpServerRequest.HttpServerRequest), (request) =>
  parseLocale(request.headers["language"])
)

/** Where the request came from, for the audit log and throttling. */
export const requestOrigin = Effect.map(
  Effect.service(HttpServerRequest.HttpServerRequest),
  (request) => new RequestOrigin({ address: request.headers[clientAddressHeader] ?? null })
)

/** What the audit log keeps of this request, should it be refused: its method, its path and where it came from. */
export const refusedRequest: Effect.Effect<RefusedRequest, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  Effect.service(HttpServerRequest.HttpServerRequest),
  (request) => ({
    method: request.method,
    path: request.url.split("?")[0] ?? "",
    address: request.headers[clientAddressHeader] ?? null
  })
)

/**
 * The site's address for links in mail: `PUBLIC_URL` when the deployment sets it (it should, behind a proxy),
 * else the address the request was sent to.
 */
export const requestBaseUrl = Effect.map(Effect.service(HttpServerRequest.HttpServerRequest), (request) => {
  const configured = process.env["PUBLIC_URL"]
  if (configured) return configured
  const proto = isHttps(request) ? "https" : "http"
  return `${proto}://${request.headers["host"] ?? "localhost:4321"}`
})

/** Maps a use case's domain errors to API failures in the request's language. */
export const failWithCatalogue = <A, E, R>(
  effect: Effect.Effect<A, E, R>
): Effect.Effect<A, ApiFailure, R | HttpServerRequest.HttpServerRequest> =>
  Effect.catch(effect, (error) => Effect.flatMap(requestLocale, (locale) => Effect.fail(toApiFailure(error, locale))))

/** The credential a request carries: a bearer token, else the site's session cookie. */
export const credentialOf = (request: HttpServerRequest.HttpServerRequest) => {
  const header = request.headers["authorization"] ?? ""
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim()
  if (bearer) return { token: bearer, viaCookie: false }
  const cookie = request.cookies[sessionCookie]
  return cookie ? { token: cookie, viaCookie: true } : undefined
}
