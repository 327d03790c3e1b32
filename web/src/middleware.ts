import type { APIContext, MiddlewareNext } from "astro"
import { defineMiddleware } from "astro:middleware"
import { Effect } from "effect"
import { type Refusal, sessionCookie } from "@tawreed/adapters/http/Edge"
import {
  apiContentSecurityPolicy,
  applySecurityHeaders,
  newNonce,
  proxyTrustFromEnv,
  resolveClient,
  withNonce
} from "@tawreed/adapters/http/EdgePolicy"
import { type Actor, Sessions } from "@tawreed/core/identity"
import { defaultTheme } from "@tawreed/core/organisations"
import { Workspaces } from "@tawreed/core/workspaces"
import { defaultLocale, directionOf, messageFor, parseLocale } from "@tawreed/core/shared"
import { translator } from "./i18n/index.ts"
import { app } from "./server/app.ts"
import { auditRefused, refusedRequest } from "./server/edge.ts"
import { admitPage } from "./server/guard.ts"
import { settingsOf, themeOf } from "./server/organisation.ts"
import { isCrossSite } from "./server/origin.ts"
import { actionBoardPath, localeOfPath, loginPath } from "./server/paths.ts"
import { withReasonPhrase } from "./server/responses.ts"

/**
 * Pages anyone may open (sign-in, the error pages, a vendor's invitation, whose link's token is its credential, and
 * the guest catalogue); every other page needs a session.
 */
const isPublicPage = (pathname: string) =>
  /^\/(en|ar)\/(auth|auth-error|network-error|server-error|invites-open|guest)(\/|$)/.test(pathname)

/**
 * Who is behind a session cookie, with what every signed-in page reads before its own data (the organisation's
 * settings and theme, and the privileges the page guard and the shell's menus accept), in one run of the runtime:
 * undefined when there is no session or it has ended. All of it comes from the access cache (AccessCache.ts) once warm.
 */
const signIn = (token: string | undefined) =>
  Effect.gen(function* () {
    if (token === undefined) return undefined
    const sessions = yield* Sessions
    const found = yield* Effect.option(sessions.authenticate(token))
    if (found._tag === "None") return undefined
    const actor = found.value
    const settings = yield* settingsOf(actor)
    const theme = yield* themeOf(settings)
    const pagePrivileges = yield* Effect.flatMap(Effect.service(Workspaces), (w) => w.privilegesAnywhere(actor))
    return { actor, settings, theme, pagePrivileges }
  })

/**
 * Sets the edge's security headers on an answer. A page keeps the Content-Security-Policy Astro computed for it
 * (with the hashes of the inline scripts and styles it built), plus this response's nonce for the ones rendered
 * per request; anything else that has none (redirects, refusals, endpoints) may load and run nothing. The API's
 * answers come with their whole policy (its reference page lists its own scripts), so they keep it as it is. The
 * dev server computes no page policy, so its pages go without one.
 */
const secured = (response: Response, https: boolean, nonce: string, fromApi: boolean): Response => {
  const apply = (headers: Headers) => {
    const html = headers.get("content-type")?.startsWith("text/html") ?? false
    const page = headers.get("content-security-policy")
    if (page !== null && !fromApi) headers.set("content-security-policy", withNonce(page, nonce))
    applySecurityHeaders(headers, https, import.meta.env.DEV && html ? undefined : apiContentSecurityPolicy)
  }
  try {
    apply(response.headers)
    return response
  } catch {
    // A response made with Response.redirect() or by fetch() has immutable headers: answer with a copy.
    const copy = new Response(response.body, response)
    apply(copy.headers)
    return copy
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Who the client is, once for every request: the socket's peer, or what a trusted proxy says (TRUST_PROXY).
  const client = resolveClient(
    { address: context.clientAddress ?? "", https: context.url.protocol === "https:" },
    context.request.headers,
    proxyTrustFromEnv()
  )
  context.locals.client = client
  context.locals.cspNonce = newNonce()
  const response = withReasonPhrase(await route(context, next))
  // Pages show one person's data: never keep them in a shared cache, nor show them again after logout via back.
  const redirect = response.status >= 300 && response.status < 400
  if (context.locals.actor !== undefined && !redirect) response.headers.set("cache-control", "private, no-store")
  const fromApi = context.url.pathname === "/api" || context.url.pathname.startsWith("/api/")
  return secured(response, client.https, context.locals.cspNonce, fromApi)
})

const route = async (context: APIContext, next: MiddlewareNext): Promise<Response> => {
  const { pathname } = context.url
  // The API authenticates its own requests and checks the Origin of cookie-borne changes; built assets need nobody.
  if (pathname.startsWith("/api/") || pathname === "/api" || pathname.startsWith("/_astro/")) return next()

  const pathLocale = localeOfPath(pathname)
  const locale = pathLocale ?? parseLocale(context.preferredLocale ?? defaultLocale)
  const { runtime } = await app()
  /** A refused request goes to the audit log as the API writes its own. */
  const refused = (actor: Actor | undefined, refusal: Refusal) =>
    auditRefused(runtime, actor, refusal, refusedRequest(context.request, context.url, context.locals.client))
  if (isCrossSite(context.request, context.url)) {
    await refused(undefined, "CrossSiteRequest")
    return new Response(messageFor("E3004", locale), {
      status: 403,
      headers: { "content-type": "text/plain; charset=utf-8" }
    })
  }
  const token = context.cookies.get(sessionCookie)?.value
  const signedIn = await runtime.runPromise(signIn(token))
  const actor = signedIn?.actor
  context.locals.runtime = runtime
  context.locals.locale = locale
  context.locals.dir = directionOf(locale)
  context.locals.t = translator(locale)
  context.locals.actor = actor
  context.locals.settings = signedIn?.settings
  context.locals.theme = signedIn?.theme ?? defaultTheme
  context.locals.pagePrivileges = signedIn?.pagePrivileges ?? []

  // `/` and `/{locale}/` lead to the action board, or to the sign-in page first.
  if (pathname === "/" || (pathLocale !== undefined && /^\/(en|ar)\/?$/.test(pathname))) {
    return context.redirect(actor ? actionBoardPath(locale) : loginPath(locale), 302)
  }
  // `/auth` itself is no page: it leads to the sign-in page (SPEC.md §2).
  if (pathLocale !== undefined && /^\/(en|ar)\/auth\/?$/.test(pathname)) {
    return context.redirect(loginPath(locale), 302)
  }
  // A path outside both languages (`/fr/…`) is page-not-found, never a page rendered in a language it lacks.
  // Astro's own error pages (`/404`, `/500`) render in the visitor's preferred language.
  // `/guest` (SPEC.md §2) opens the guest catalogue in the visitor's language.
  if (pathLocale === undefined && /^\/guest\/?$/.test(pathname)) {
    return context.redirect(`/${locale}/guest${context.url.search}`, 302)
  }
  if (pathLocale === undefined) return /^\/(404|500)$/.test(pathname) ? next() : context.rewrite("/404")
  if (isPublicPage(pathname)) return next()
  // SPEC.md §6 on the server: signed in, the module guard, then the route's privileges (see admitPage).
  const settings = context.locals.settings
  const guardSettings = settings && {
    modules: settings.modules,
    scaCommunity: settings.orgConfig.adminConfig.SCACommunity
  }
  const admission = await admitPage(
    { pathname, search: context.url.search, locale },
    actor,
    guardSettings,
    async () => context.locals.pagePrivileges
  )
  if (admission._tag === "Redirect") {
    if (admission.refusal !== undefined) await refused(actor, admission.refusal)
    // A stale cookie would otherwise be sent, and checked, on every request.
    if (actor === undefined && token !== undefined) context.cookies.delete(sessionCookie, { path: "/" })
    return context.redirect(admission.to, 302)
  }
  return next()
}
