import type { APIRoute } from "astro"
import { clientAddressHeader } from "@tawreed/adapters/http/RequestContext"
import { app } from "../../server/app.ts"

/**
 * The whole API of adapters/http, served by this same process under `/api/`. The client's address goes along in a
 * header the API trusts, so any such header a client sent is replaced.
 */
export const ALL: APIRoute = async ({ request, clientAddress }) => {
  const headers = new Headers(request.headers)
  headers.set(clientAddressHeader, clientAddress ?? "")
  const forwarded = new Request(request, { headers, duplex: "half" } as RequestInit)
  return (await app()).handleApi(forwarded)
}
