import { STATUS_CODES } from "node:http"

/**
 * The response with the reason phrase of its status. A page that sets `Astro.response.status = 404` keeps the
 * default "OK" beside it, and the Node adapter writes whatever reason the response carries: "404 OK".
 */
export const withReasonPhrase = (response: Response): Response => {
  const reason = STATUS_CODES[response.status]
  if (reason === undefined || response.statusText === reason) return response
  return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers })
}
