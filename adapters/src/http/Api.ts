import { Context, Schema } from "effect"
import {
  HttpApi,
  HttpApiEndpoint,
  HttpApiGroup,
  HttpApiMiddleware,
  HttpApiSchema,
  HttpApiSecurity,
  OpenApi
} from "effect/http-api"
import { Actor, Iam, LoginResponse, Platform, UserPackage } from "@tawreed/core/identity"
import { Notification, NotificationPage } from "@tawreed/core/notifications"
import { AccountGroup } from "./identity/AccountApi.ts"
import { RegistrationGroup } from "./identity/RegistrationApi.ts"
import { SsoGroup } from "./identity/SsoApi.ts"
import {
  OrgSettingsGroup,
  ProfileGroup,
  PublicThemesGroup,
  RolesGroup,
  ThemesGroup,
  UsersGroup
} from "./identity/UsersApi.ts"
import { errors } from "./ApiErrors.ts"
import { sessionCookie } from "./Edge.ts"
import { WorkspacesGroup } from "./workspaces/WorkspacesApi.ts"
import { ApprovalsGroup } from "./approvals/ApprovalsApi.ts"
import { BudgetsGroup } from "./budgets/BudgetsApi.ts"
import { FilesGroup, SignedUploadsGroup } from "./files/FilesApi.ts"
import { RequestsGroup } from "./requests/RequestsApi.ts"
import { OrdersGroup, OrderVendorGroup } from "./orders/OrdersApi.ts"
import { VendorsGroup } from "./vendors/VendorsApi.ts"
import { VendorChangesGroup } from "./vendors/VendorChangesApi.ts"
import { InvitesGroup, InvitesOpenGroup } from "./invites/InvitesApi.ts"
import { CartsGroup } from "./carts/CartsApi.ts"
import { ContractsGroup } from "./contracts/ContractsApi.ts"
import { CatalogGroup } from "./catalog/CatalogApi.ts"
import { ProductExportGroup } from "./catalog/ProductExportApi.ts"
import { CatalogInvitesGroup, GuestGroup, MarketplaceGroup } from "./marketplace/MarketplaceApi.ts"

/** The signed-in actor, provided to handlers by the Authentication middleware. */
export class RequestActor extends Context.Service<RequestActor, Actor>()("@tawreed/adapters/http/RequestActor") {}

/**
 * Resolves the session from `Authorization: Bearer` (the CLI, native apps) or the session cookie (the site) and
 * refuses cross-site mutations that ride on the cookie. Declared as its two security schemes, so that the OpenAPI
 * document names them and lists them on every operation behind this middleware.
 */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: RequestActor }>()(
  "@tawreed/adapters/http/Authentication",
  {
    error: [errors.Unauthorized, errors.Forbidden],
    security: {
      bearer: HttpApiSecurity.bearer.pipe(
        HttpApiSecurity.annotate(OpenApi.Description, "The access token a sign-in returns, for the CLI and apps.")
      ),
      cookie: HttpApiSecurity.apiKey({ in: "cookie", key: sessionCookie }).pipe(
        HttpApiSecurity.annotate(
          OpenApi.Description,
          "The site's session cookie. A change that rides on it must come from the site itself (Origin or " +
            "Sec-Fetch-Site), else it is refused with 403."
        )
      )
    }
  }
) {}

/** A path id: a positive whole number. */
const Id = Schema.NumberFromString.check(Schema.isInt(), Schema.isGreaterThan(0))

/** A query number; range and allowed values are the use case's to check, so its message is the catalogue's. */
const QueryNumber = Schema.optional(Schema.NumberFromString)

export class HealthReport extends Schema.Class<HealthReport>("HealthReport")({
  status: Schema.Literal("ok"),
  engine: Schema.Literals(["pglite", "postgresql"]),
  migration: Schema.Int
}) {}

export class LoginPayload extends Schema.Class<LoginPayload>("LoginPayload")({
  email: Schema.String,
  password: Schema.String,
  platform: Schema.optionalKey(Platform)
}) {}

const commonErrors = [errors.BadRequest, errors.Unavailable] as const

export class SystemGroup extends HttpApiGroup.make("system").add(
  HttpApiEndpoint.get("health", "/health", { success: HealthReport, error: errors.Unavailable })
) {}

export class AuthGroup extends HttpApiGroup.make("auth")
  .add(
    HttpApiEndpoint.post("login", "/auth/login", {
      payload: LoginPayload,
      success: LoginResponse,
      error: [...commonErrors, errors.Unauthorized, errors.Forbidden, errors.TooManyRequests]
    })
  )
  .add(
    // The body ({ platform, fcmToken }, SPEC.md §7) names the device whose push token to forget; the session
    // itself ends whatever the body says, so the body is optional and not decoded.
    HttpApiEndpoint.post("logout", "/auth/logout", {
      success: HttpApiSchema.NoContent,
      error: [...commonErrors]
    }).middleware(Authentication)
  )
  .add(HttpApiEndpoint.get("iam", "/auth/iam", { success: Iam, error: [...commonErrors] }).middleware(Authentication))
  .add(
    HttpApiEndpoint.get("package", "/auth/package", { success: UserPackage, error: [...commonErrors] }).middleware(
      Authentication
    )
  ) {}

/** SPEC.md §7 Notifications, exactly its paths. */
export class NotificationsGroup extends HttpApiGroup.make("notifications")
  .add(
    HttpApiEndpoint.get("list", "/notification", {
      query: { page: QueryNumber, limit: QueryNumber },
      success: NotificationPage,
      error: [...commonErrors]
    })
  )
  .add(
    HttpApiEndpoint.get("countUnRead", "/notification/countUnRead", { success: Schema.Int, error: [...commonErrors] })
  )
  .add(
    HttpApiEndpoint.put("readAll", "/notification/readall", {
      success: HttpApiSchema.NoContent,
      error: [...commonErrors]
    })
  )
  .add(
    HttpApiEndpoint.delete("deleteAll", "/notification/deleteall", {
      success: HttpApiSchema.NoContent,
      error: [...commonErrors]
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/notification/:id", {
      params: { id: Id },
      success: Notification,
      error: [...commonErrors, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.put("read", "/notification/read/:id", {
      params: { id: Id },
      success: HttpApiSchema.NoContent,
      error: [...commonErrors, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/notification/:id", {
      params: { id: Id },
      success: HttpApiSchema.NoContent,
      error: [...commonErrors, errors.NotFound]
    })
  )
  .middleware(Authentication) {}

/** Where the site streams the unread count; served beside the HttpApi, since its answer is a stream of events. */
export const unreadStreamPath = "/api/notification/stream"

/** The heartbeat of the unread stream: proxies close a connection that stays silent for a minute or so. */
export const unreadStreamHeartbeat = "25 seconds"

/**
 * The unread stream in the OpenAPI document, beside the operations HttpApi declares: behind the same schemes as
 * `Authentication`, and refused signed out with the same catalogue body.
 */
const documentUnreadStream = (spec: Record<string, unknown>): Record<string, unknown> => ({
  ...spec,
  paths: {
    ...(spec["paths"] as Record<string, unknown>),
    [unreadStreamPath]: {
      get: {
        tags: ["notifications"],
        operationId: "notifications.stream",
        summary: "The unread count, as server-sent events",
        description:
          "An `unread` event whose data is the signed-in user's unread count, sent at once and after every " +
          `change, and a \`: keep-alive\` comment every ${unreadStreamHeartbeat} so that proxies keep the ` +
          "connection open.",
        security: Object.keys(Authentication.security).map((name) => ({ [name]: [] })),
        responses: {
          "200": {
            description: "The event stream",
            content: {
              "text/event-stream": {
                schema: { type: "string" },
                example: "event: unread\ndata: 3\n\n: keep-alive\n\n"
              }
            }
          },
          "401": {
            description: "Unauthorized",
            content: { "application/json": { schema: { $ref: "#/components/schemas/UnauthorizedEncoded" } } }
          }
        }
      }
    }
  }
})

/** Tawreed's API: declared once, served by the site under `/api`, called by the CLI through its derived client. */
export class Api extends HttpApi.make("tawreed")
  .add(SystemGroup)
  .add(AuthGroup)
  .add(AccountGroup)
  .add(RegistrationGroup)
  .add(SsoGroup)
  .add(NotificationsGroup)
  .add(UsersGroup.middleware(Authentication))
  .add(ProfileGroup.middleware(Authentication))
  .add(RolesGroup.middleware(Authentication))
  .add(OrgSettingsGroup.middleware(Authentication))
  .add(PublicThemesGroup)
  .add(ThemesGroup.middleware(Authentication))
  .add(WorkspacesGroup.middleware(Authentication))
  .add(ApprovalsGroup.middleware(Authentication))
  .add(BudgetsGroup.middleware(Authentication))
  .add(FilesGroup.middleware(Authentication))
  .add(SignedUploadsGroup)
  .add(RequestsGroup.middleware(Authentication))
  .add(OrdersGroup.middleware(Authentication))
  .add(OrderVendorGroup.middleware(Authentication))
  .add(VendorsGroup.middleware(Authentication))
  .add(InvitesGroup.middleware(Authentication))
  .add(InvitesOpenGroup)
  .add(ProductExportGroup.middleware(Authentication))
  .add(CatalogInvitesGroup.middleware(Authentication))
  .add(CatalogGroup.middleware(Authentication))
  .add(GuestGroup)
  .add(MarketplaceGroup.middleware(Authentication))
  .add(CartsGroup.middleware(Authentication))
  .add(VendorChangesGroup.middleware(Authentication))
  .add(ContractsGroup.middleware(Authentication))
  .prefix("/api")
  .annotateMerge(OpenApi.annotations({ title: "Tawreed API", version: "1", transform: documentUnreadStream })) {}
