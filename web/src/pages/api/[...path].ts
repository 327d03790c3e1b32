import type { APIRoute } from "astro"
import { markClient } from "@tawreed/adapters/http/EdgePolicy"
import { app } from "../../server/app.ts"

/**
 * The whole API of adapters/http, served by this same process under `/api/`. The client the middleware resolved
 * (its address and scheme) goes along in headers the API trusts, so any such headers a client sent are replaced.
 */
export const ALL: APIRoute = async ({ request, locals }) => {
  const headers = new Headers(request.headers)
  markClient(headers, locals.client)
  const forwarded = new Request(request, { headers, duplex: "half" } as RequestInit)
  return (await app()).handleApi(forwarded)
}
