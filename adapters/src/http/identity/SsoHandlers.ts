import { Duration, Effect } from "effect"
import { HttpServerResponse } from "effect/http"
import { HttpApiBuilder } from "effect/http-api"
import { sessionLifetime, SingleSignOn, SsoRefused, type SsoProvider } from "@tawreed/core/identity"
import { describeError, parseLocale } from "@tawreed/core/shared"
import { Api } from "../Api.ts"
import { sessionCookie } from "../Edge.ts"
import { requestBaseUrl, requestOrigin } from "../RequestContext.ts"

/** Where a sign-in may return to: a path on this site under a locale, else the action board. */
const sitePath = (returnUrl: string | undefined) =>
  returnUrl && /^\/(en|ar)(\/|$)/.test(returnUrl) && !returnUrl.startsWith("//") ? returnUrl : "/en/actionboard"

const localeOf = (path: string) => parseLocale(path.slice(1, 3))

/** The handlers of single sign-on: redirects out to the provider and back to the site. */
export const SsoHandlers = HttpApiBuilder.group(Api, "sso", (handlers) =>
  Effect.gen(function* () {
    const sso = yield* SingleSignOn

    const begin = (
      provider: SsoProvider,
      query: { returnUrl?: string | undefined; platform?: "web" | "mobile" | undefined }
    ) =>
      Effect.gen(function* () {
        const callbackUrl = `${yield* requestBaseUrl}/api/${provider}/login/callback`
        const started = yield* Effect.result(
          sso.start(provider, sitePath(query.returnUrl), query.platform ?? "web", callbackUrl)
        )
        if (started._tag === "Failure") {
          const path = sitePath(query.returnUrl)
          return HttpServerResponse.redirect(
            `/${localeOf(path)}/auth/login?sso=${describeError(started.failure, localeOf(path)).code}`
          )
        }
        return HttpServerResponse.redirect(started.success.redirectTo)
      })

    const complete = (
      provider: SsoProvider,
      query: { code?: string | undefined; state?: string | undefined; error?: string | undefined }
    ) =>
      Effect.gen(function* () {
        const finished = yield* Effect.result(
          query.code && query.state
            ? sso.finish(provider, query.code, query.state, yield* requestOrigin)
            : Effect.fail(new SsoRefused({ reason: query.error ?? "no code" }))
        )
        if (finished._tag === "Failure") {
          const code = describeError(finished.failure, "en").code
          return HttpServerResponse.redirect(`/en/auth/login?sso=${code}`)
        }
        const { response, returnUrl } = finished.success
        return HttpServerResponse.redirect(returnUrl).pipe(
          HttpServerResponse.setCookieUnsafe(sessionCookie, response.accessToken, {
            httpOnly: true,
            sameSite: "lax",
            path: "/",
            secure: (yield* requestBaseUrl).startsWith("https:"),
            maxAge: Duration.toSeconds(sessionLifetime("web"))
          })
        )
      })

    return handlers
      .handle("googleLogin", ({ query }) => begin("google", query))
      .handle("googleCallback", ({ query }) => complete("google", query))
      .handle("azureLogin", ({ query }) => begin("azure", query))
      .handle("azureCallback", ({ query }) => complete("azure", query))
  })
)
