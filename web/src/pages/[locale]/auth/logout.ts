import type { APIRoute } from "astro"
import { sessionCookie } from "@tawreed/adapters/http/Edge"
import { parseLocale } from "@tawreed/core/shared"
import { signOut } from "../../../server/login.ts"
import { loginPath } from "../../../server/paths.ts"

/** Ends the session on the server, forgets the cookie, and shows the sign-in page. */
export const POST: APIRoute = async ({ cookies, locals, params, redirect }) => {
  const token = cookies.get(sessionCookie)?.value
  if (token) await locals.runtime.runPromise(signOut(token))
  cookies.delete(sessionCookie, { path: "/" })
  // The sign-in page tells the site's other tabs, which then leave their pages too (SPEC.md §4).
  return redirect(`${loginPath(parseLocale(params["locale"]))}?signedOut=1`, 303)
}

/** Signing out changes state, so it takes a POST; a plain visit goes back to the sign-in page. */
export const GET: APIRoute = ({ params, redirect }) => redirect(loginPath(parseLocale(params["locale"])), 303)
