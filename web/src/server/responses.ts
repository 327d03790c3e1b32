import { STATUS_CODES } from "node:http"
import type { AstroGlobal } from "astro"

/**
 * The response with the reason phrase of its status. A page that sets `Astro.response.status = 404` keeps the
 * default "OK" beside it, and the Node adapter writes whatever reason the response carries: "404 OK".
 */
export const withReasonPhrase = (response: Response): Response => {
  const reason = STATUS_CODES[response.status]
  if (reason === undefined || response.statusText === reason) return response
  return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers })
}

/**
 * Shows the page-not-found page in place of the one asked for. The rewrite carries a GET of its own: a form's POST
 * whose body the page already read cannot be copied into a rewrite, and Astro refuses to try.
 */
export const notFound = (astro: Pick<AstroGlobal, "rewrite" | "locals" | "url" | "request">): Promise<Response> =>
  astro.rewrite(
    new Request(new URL(`/${astro.locals.locale}/page-not-found`, astro.url), { headers: astro.request.headers })
  )
