import { ByteSize, Cause, Effect, Layer, Option, Redacted, Result, Schedule, SchemaIssue, Stream } from "effect"
import {
  HttpEffect,
  HttpIncomingMessage,
  HttpMiddleware,
  HttpRouter,
  HttpServerError,
  HttpServerRequest,
  HttpServerResponse
} from "effect/http"
import { HttpApiBuilder, HttpApiError, HttpApiScalar } from "effect/http-api"
import { SqlClient } from "effect/sql"
import { type Actor, Profiles, Sessions } from "@tawreed/core/identity"
import { Notifications, Recipient } from "@tawreed/core/notifications"
import {
  AuditLog,
  describeError,
  hasUnstorableText,
  InvalidField,
  isStorableText,
  parseLocale,
  type Locale
} from "@tawreed/core/shared"
import { appliedVersion } from "../storage/Migrations.ts"
import { inOneTransaction } from "../storage/Tenancy.ts"
import { DatabaseInfo } from "../storage/Database.ts"
import { Api, Authentication, HealthReport, RequestActor, unreadStreamHeartbeat, unreadStreamPath } from "./Api.ts"
import { AccountHandlers } from "./identity/AccountHandlers.ts"
import { RegistrationHandlers } from "./identity/RegistrationHandlers.ts"
import { SsoHandlers } from "./identity/SsoHandlers.ts"
import {
  OrgSettingsHandlers,
  ProfileHandlers,
  PublicThemesHandlers,
  RolesHandlers,
  ThemesHandlers,
  UsersHandlers
} from "./identity/UsersHandlers.ts"
import { WorkspacesHandlers } from "./workspaces/WorkspacesHandlers.ts"
import { ApprovalsHandlers } from "./approvals/ApprovalsHandlers.ts"
import { BudgetsHandlers } from "./budgets/BudgetsHandlers.ts"
import { FilesHandlers, SignedUploadsHandlers } from "./files/FilesHandlers.ts"
import { RequestsHandlers } from "./requests/RequestsHandlers.ts"
import { OrdersHandlers, OrderVendorHandlers } from "./orders/OrdersHandlers.ts"
import { VendorChangesHandlers, VendorsHandlers } from "./vendors/VendorsHandlers.ts"
import { InvitesHandlers, InvitesOpenHandlers } from "./invites/InvitesHandlers.ts"
import { CartsHandlers } from "./carts/CartsHandlers.ts"
import { ContractsHandlers } from "./contracts/ContractsHandlers.ts"
import { CatalogHandlers } from "./catalog/CatalogHandlers.ts"
import { ProductExportHandlers } from "./catalog/ProductExportHandlers.ts"
import { CatalogInvitesHandlers, GuestHandlers, MarketplaceHandlers } from "./marketplace/MarketplaceHandlers.ts"
import { shownError } from "./ApiFailures.ts"
import { auditRefusal, type Refusal, statusOfKind } from "./Edge.ts"
import { apiContentSecurityPolicy, inlineDocumentPolicy, securityHeaders } from "./EdgePolicy.ts"
import {
  credentialOf,
  failWithCatalogue,
  isHttps,
  refusedRequest,
  requestLocale,
  requestOrigin
} from "./RequestContext.ts"

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"])

/**
 * A mutation that rides on the cookie must come from the site itself: its Origin names this host, or, when a
 * browser sent no Origin, its `Sec-Fetch-Site` says same-origin. `same-site` is refused too: a sibling subdomain
 * is another application, and the site's own scripts and forms are always same-origin. Clients that are not
 * browsers send neither header and use a bearer token anyway.
 */
export const isCrossSite = (request: HttpServerRequest.HttpServerRequest) => {
  if (safeMethods.has(request.method)) return false
  const origin = request.headers["origin"]
  if (origin === undefined) {
    const site = request.headers["sec-fetch-site"]
    return site === "cross-site" || site === "same-site"
  }
  try {
    return new URL(origin).host !== request.headers["host"]
  } catch {
    return true
  }
}

/**
 * The edge's security headers on every answer of the API, its error bodies and event streams included: set just
 * before the response is written, whatever produced it.
 */
/** An HTML document of the API runs its own inline scripts and nothing else; every other answer runs nothing. */
const policyOf = (response: HttpServerResponse.HttpServerResponse) =>
  response.body._tag === "Uint8Array" && response.body.contentType.startsWith("text/html")
    ? inlineDocumentPolicy(response.body.text ?? new TextDecoder().decode(response.body.body))
    : apiContentSecurityPolicy

export const SecurityHeaders = HttpMiddleware.make((httpApp) =>
  HttpEffect.withPreResponseHandler(httpApp, (request, response) =>
    Effect.succeed(
      HttpServerResponse.setHeaders(response, {
        ...(response.headers["content-security-policy"] ? {} : { "content-security-policy": policyOf(response) }),
        ...securityHeaders(isHttps(request))
      })
    )
  )
)

/**
 * A signed-in read (GET or HEAD) runs as one transaction, from the session's lookup to the handler's last query:
 * one `BEGIN` and each policy setting made once (Tenancy.ts), instead of a transaction per repository call. It
 * commits whatever the handler answered, so a refusal it audited is kept. Event streams and file downloads, whose
 * bodies outlive the handler, and every change keep a transaction per command, with their retries.
 */
const readUnit =
  (sql: SqlClient.SqlClient) =>
  <A, E1, R1, E2, R2>(
    request: HttpServerRequest.HttpServerRequest,
    authenticate: Effect.Effect<Actor, E1, R1>,
    handle: (actor: Actor) => Effect.Effect<A, E2, R2>
  ): Effect.Effect<A, E1 | E2, R1 | R2> => {
    const path = request.url.split("?")[0] ?? ""
    const oneTransaction =
      (request.method === "GET" || request.method === "HEAD") &&
      path !== unreadStreamPath &&
      !/^\/api\/files?(\/|$)/.test(path) &&
      !path.endsWith("/download")
    if (!oneTransaction) return Effect.flatMap(authenticate, handle)
    return Effect.flatMap(
      inOneTransaction(Effect.exit(Effect.flatMap(authenticate, handle))).pipe(
        Effect.provideService(SqlClient.SqlClient, sql)
      ),
      (exit) => exit
    )
  }

const AuthenticationLive = Layer.effect(
  Authentication,
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const audit = yield* AuditLog
    const unit = readUnit(yield* SqlClient.SqlClient)
    /** Every refused request goes to the audit log, with where it came from and what it asked for. */
    const refused = (reason: Refusal) =>
      Effect.flatMap(refusedRequest, (request) => auditRefusal(undefined, reason, request)).pipe(
        Effect.provideService(AuditLog, audit)
      )
    return Authentication.of({
      // A bearer token that names a live session is enough; any other request is left to the cookie scheme,
      // which effect tries next and whose answer stands.
      bearer: (httpEffect, { credential }) =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          unit(request, failWithCatalogue(sessions.authenticate(Redacted.value(credential))), (actor) =>
            Effect.provideService(httpEffect, RequestActor, actor)
          )
        ),
      // It reads the credential as `credentialOf` does, so that a bearer token still takes precedence over the
      // cookie, and audits each refusal once, whichever credential was refused.
      cookie: (httpEffect) =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const credential = credentialOf(request)
          if (credential?.viaCookie && isCrossSite(request)) {
            yield* refused("CrossSiteRequest")
            return yield* failWithCatalogue(Effect.fail({ _tag: "CrossSiteRequest" }))
          }
          return yield* unit(
            request,
            failWithCatalogue(
              sessions.authenticate(credential?.token).pipe(Effect.tapError(() => refused("SessionRequired")))
            ),
            (actor) => Effect.provideService(httpEffect, RequestActor, actor)
          )
        })
    })
  })
)

const recipientOf = Effect.map(
  Effect.service(RequestActor),
  (actor) => new Recipient({ orgId: actor.orgId, userId: actor.userId })
)

const SystemHandlers = HttpApiBuilder.group(Api, "system", (handlers) =>
  Effect.gen(function* () {
    const info = yield* DatabaseInfo
    const sql = yield* SqlClient.SqlClient
    return handlers.handle("health", () =>
      appliedVersion.pipe(
        Effect.provideService(SqlClient.SqlClient, sql),
        Effect.map((migration) => new HealthReport({ status: "ok", engine: info.engine, migration })),
        Effect.catch(() => failWithCatalogue(Effect.fail({ _tag: "Unavailable" })))
      )
    )
  })
)

const AuthHandlers = HttpApiBuilder.group(Api, "auth", (handlers) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const profiles = yield* Profiles
    return handlers
      .handle("login", ({ payload }) =>
        failWithCatalogue(
          Effect.gen(function* () {
            return yield* sessions.login(payload, yield* requestOrigin, yield* requestLocale)
          })
        )
      )
      .handle("logout", () =>
        Effect.gen(function* () {
          const request = yield* HttpServerRequest.HttpServerRequest
          const credential = credentialOf(request)
          if (credential) yield* sessions.logout(credential.token, yield* requestOrigin)
        })
      )
      .handle("iam", () => failWithCatalogue(Effect.flatMap(Effect.service(RequestActor), profiles.iam)))
      .handle("package", () => failWithCatalogue(Effect.flatMap(Effect.service(RequestActor), profiles.package)))
  })
)

const NotificationHandlers = HttpApiBuilder.group(Api, "notifications", (handlers) =>
  Effect.gen(function* () {
    const notifications = yield* Notifications
    const withRecipient = <A, E>(use: (recipient: Recipient) => Effect.Effect<A, E>) =>
      failWithCatalogue(Effect.flatMap(recipientOf, use))
    return handlers
      .handle("list", ({ query }) => withRecipient((r) => notifications.list(r, query.page, query.limit)))
      .handle("countUnRead", () => withRecipient(notifications.countUnread))
      .handle("readAll", () => withRecipient(notifications.markAllRead))
      .handle("deleteAll", () => withRecipient(notifications.removeAll))
      .handle("get", ({ params }) => withRecipient((r) => notifications.get(r, params.id)))
      .handle("read", ({ params }) => withRecipient((r) => notifications.markRead(r, params.id)))
      .handle("delete", ({ params }) => withRecipient((r) => notifications.remove(r, params.id)))
  })
)

const encoder = new TextEncoder()

/**
 * `GET /api/notification/stream`: server-sent events carrying the unread count now and after every change,
 * with a comment line every 25 seconds so that proxies keep the connection open.
 */
const UnreadStream = HttpRouter.use((router) =>
  Effect.gen(function* () {
    const sessions = yield* Sessions
    const notifications = yield* Notifications
    yield* router.add("GET", unreadStreamPath, (request) => unreadStream(sessions, notifications, request))
  })
)

const unreadStream = (
  sessions: Sessions["Service"],
  notifications: Notifications["Service"],
  request: HttpServerRequest.HttpServerRequest
) =>
  Effect.gen(function* () {
    const locale = parseLocale(request.headers["language"])
    const authenticated = yield* Effect.result(sessions.authenticate(credentialOf(request)?.token))
    if (Result.isFailure(authenticated)) return errorResponse(authenticated.failure, locale)
    const actor = authenticated.success
    const counts = notifications
      .unreadCounts(new Recipient({ orgId: actor.orgId, userId: actor.userId }))
      .pipe(Stream.map((count) => `event: unread\ndata: ${count}\n\n`))
    const heartbeat = Stream.fromSchedule(Schedule.spaced(unreadStreamHeartbeat)).pipe(
      Stream.map(() => ": keep-alive\n\n")
    )
    return HttpServerResponse.stream(
      Stream.merge(counts, heartbeat, { haltStrategy: "left" }).pipe(Stream.map((line) => encoder.encode(line))),
      {
        contentType: "text/event-stream",
        headers: { "cache-control": "no-cache", "x-accel-buffering": "no" }
      }
    )
  })

/** The catalogue's body for an error, with the status of its kind unless one is given. */
const errorResponse = (error: unknown, locale: Locale, status?: number) => {
  const described = describeError(error, locale)
  return HttpServerResponse.jsonUnsafe(
    { error: { code: described.code, message: described.message } },
    { status: status ?? statusOfKind[described.kind] }
  )
}

/** Answers what the API itself could not route or decode with the catalogue's body, in the request's language. */
const ErrorBodies = HttpRouter.middleware(
  (httpEffect) =>
    Effect.catchCause(httpEffect, (cause) =>
      Effect.gen(function* () {
        if (Cause.hasInterruptsOnly(cause)) return yield* Effect.failCause(cause)
        const locale: Locale = yield* requestLocale
        const body = (error: unknown, status?: number) => errorResponse(error, locale, status)
        const defect = Option.getOrUndefined(Cause.findDefect(cause).pipe(Result.getSuccess))
        if (HttpApiError.HttpApiSchemaError.is(defect)) {
          if (defect.kind === "Body" || defect.kind === "ResponseHeaders") return body({ _tag: "Unexpected" }, 500)
          if (malformedJson(firstLine(defect.cause.message))) return body({ _tag: "MalformedBody" })
          return body(invalidField(defect.kind, defect.cause.issue))
        }
        const failure = Option.getOrUndefined(Cause.findErrorOption(cause))
        const problem = defect ?? failure
        const reason = problem instanceof HttpServerError.HttpServerError ? problem.reason : undefined
        if (reason?._tag === "RouteNotFound") return body({ _tag: "RouteNotFound" })
        if (reason?._tag === "RequestParseError" && reason.reason === "BodyTooLarge")
          return body({ _tag: "BodyTooLarge", megabytes: maxBodyBytes / 1_048_576 }, 413)
        if (reason?._tag === "RequestParseError") return body({ _tag: "MalformedBody" })
        const shown = shownError(problem)
        if (shown !== problem) return body(shown)
        yield* Effect.logError("Unexpected failure", cause)
        return body({ _tag: "Unexpected" }, 500)
      })
    ),
  { global: true }
)

const issueFormatter = SchemaIssue.makeFormatterStandardSchemaV1()

/**
 * The first field a decode failure names, as a path such as `lines[2].limit`, with the decoder's English text as
 * its detail (the Arabic message leaves the detail out).
 */
const invalidField = (kind: string, issue: SchemaIssue.Issue) => {
  const first = issueFormatter(issue).issues[0]
  const path = (first?.path ?? []).map((key) => (typeof key === "object" && key !== null ? key.key : key))
  const field = path.reduce<string>(
    (text, key) => (typeof key === "number" ? `${text}[${key}]` : text === "" ? String(key) : `${text}.${String(key)}`),
    ""
  )
  return new InvalidField({
    field: field || kind.toLowerCase(),
    problem: first?.message === "Missing key" ? "required" : "format"
  })
}

const firstLine = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ")
    .slice(0, 300)

const malformedJson = (detail: string) => /JSON|Unexpected token|Unexpected end/i.test(detail)

/** The largest request body the API reads: 1 MiB, far above any form or import it takes. */
const maxBodyBytes = 1_048_576

/** The methods the API answers; any other (TRACE, PROPFIND, …) is refused before routing. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

const isJson = (request: HttpServerRequest.HttpServerRequest) =>
  /^application\/(.+\+)?json\b/i.test(request.headers["content-type"] ?? "application/json")

/** Whether the path and query decode to text that can be stored (see `isStorableText`). */
const urlIsStorable = (url: string) => {
  const [path = "", query = ""] = url.split("?", 2)
  try {
    if (!isStorableText(decodeURIComponent(path))) return false
  } catch {
    return false
  }
  for (const [key, value] of new URLSearchParams(query)) {
    if (!isStorableText(key) || !isStorableText(value)) return false
  }
  return true
}

/**
 * Refuses, before any handler runs, what no route can take: an unknown method (405), a body past `maxBodyBytes`
 * (413), text that cannot be stored anywhere in the path, query or JSON body (400), and a body that is not JSON
 * (415, which the API builder would answer in plain text).
 */
const InputGuard = HttpRouter.middleware(
  (httpEffect) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const locale = parseLocale(request.headers["language"])
      if (!knownMethods.has(request.method)) return errorResponse({ _tag: "MethodNotAllowed" }, locale, 405)
      if (!urlIsStorable(request.url)) return errorResponse({ _tag: "UnsupportedText" }, locale)
      if (request.method !== "GET" && request.method !== "HEAD" && isJson(request)) {
        const text = yield* Effect.result(request.text)
        if (Result.isSuccess(text) && text.success !== "") {
          try {
            if (hasUnstorableText(JSON.parse(text.success))) return errorResponse({ _tag: "UnsupportedText" }, locale)
          } catch {
            // Not JSON: the route's decoder answers it as a malformed body.
          }
        }
      }
      const response = yield* httpEffect
      if (response.status === 415) return errorResponse({ _tag: "UnsupportedMediaType" }, locale, 415)
      return response
    }).pipe(Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBodyBytes))),
  { global: true }
)

/** Every route of the API, with its handlers and middleware, needing the app's use cases. */
export const routes = Layer.mergeAll(
  HttpApiBuilder.layer(Api, { openapiPath: "/api/openapi.json" }).pipe(
    Layer.provide([
      SystemHandlers,
      AuthHandlers,
      AccountHandlers,
      RegistrationHandlers,
      SsoHandlers,
      NotificationHandlers,
      UsersHandlers,
      ProfileHandlers,
      RolesHandlers,
      OrgSettingsHandlers,
      PublicThemesHandlers,
      ThemesHandlers,
      WorkspacesHandlers,
      ApprovalsHandlers,
      BudgetsHandlers,
      FilesHandlers,
      SignedUploadsHandlers,
      RequestsHandlers,
      OrdersHandlers,
      OrderVendorHandlers,
      VendorsHandlers,
      InvitesHandlers,
      InvitesOpenHandlers,
      CatalogHandlers,
      ProductExportHandlers,
      CatalogInvitesHandlers,
      GuestHandlers,
      MarketplaceHandlers,
      CartsHandlers,
      VendorChangesHandlers,
      ContractsHandlers
    ]),
    Layer.provide(AuthenticationLive)
  ),
  UnreadStream,
  ErrorBodies,
  // A readable reference of the same OpenAPI document, with the Scalar bundle effect ships (no CDN), and without its
  // default fonts, which it would fetch from its makers' servers: the page loads nothing from elsewhere.
  HttpApiScalar.layer(Api, { path: "/api/docs", scalar: { withDefaultFonts: false } }),
  InputGuard
)
