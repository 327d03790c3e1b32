import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CustomRoles } from "@tawreed/core/access"
import { Users } from "@tawreed/core/identity"
import { OrganisationSettings, Themes } from "@tawreed/core/organisations"
import { AuditLog, noticeText, type NoticeKey } from "@tawreed/core/shared"
import { Notice } from "./AccountApi.ts"
import { Api, RequestActor } from "./Api.ts"
import { onceByKey } from "./Idempotency.ts"
import { failWithCatalogue, requestBaseUrl, requestLocale, requestOrigin } from "./RequestContext.ts"
import { RoleList, UserNotice, UsersNotice } from "./UsersApi.ts"
import { recordRefusal } from "./Refusals.ts"

const actor = Effect.service(RequestActor)

/** Runs a use case for the signed-in actor: refusals audited, errors in the catalogue's words. */
const asActorWith =
  (audit: AuditLog["Service"]) =>
  <A, E, R>(use: (actor: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
    failWithCatalogue(
      Effect.flatMap(actor, (a) => use(a).pipe(Effect.tapError((error) => recordRefusal(audit, a, error))))
    )

const notice = (key: NoticeKey) => Effect.map(requestLocale, (locale) => noticeText(key, locale))

/** The handlers of users management and one's own profile. */
export const UsersHandlers = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const asActor = asActorWith(yield* AuditLog)
    const users = yield* Users
    const once = yield* onceByKey
    const withNotice = (key: NoticeKey) => (user: UserNotice["user"]) =>
      Effect.map(notice(key), (message) => new UserNotice({ message, user }))
    return handlers
      .handle("list", ({ query }) => asActor((a) => users.list(a, query)))
      .handle("listTable", ({ query }) => asActor((a) => users.listTable(a, query)))
      .handle("approvers", ({ params, query }) =>
        asActor((a) => users.approvers(a, params.module, query.page, query.limit))
      )
      .handle("workspaceManagers", ({ query }) => asActor((a) => users.workspaceManagers(a, query.page, query.limit)))
      .handle("profile", ({ params }) => asActor((a) => users.profile(a, params.id)))
      .handle("get", ({ params }) => asActor((a) => users.get(a, params.id)))
      .handle("setStatus", ({ params, payload }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            Effect.flatMap(users.setStatus(a, params.id, payload, origin), withNotice("userStatusChanged"))
          )
        )
      )
      .handle("create", ({ payload, headers }) =>
        asActor((a) =>
          Effect.gen(function* () {
            const locale = yield* requestLocale
            const baseUrl = yield* requestBaseUrl
            const origin = yield* requestOrigin
            const message = yield* notice("userCreated")
            const work = Effect.map(
              users.create(a, payload, locale, baseUrl, origin),
              (user) => new UserNotice({ message, user })
            )
            return yield* once(a, headers["idempotency-key"], "POST /users", payload, UserNotice, work)
          })
        )
      )
      .handle("bulkCreate", ({ payload, headers }) =>
        asActor((a) =>
          Effect.gen(function* () {
            const locale = yield* requestLocale
            const baseUrl = yield* requestBaseUrl
            const origin = yield* requestOrigin
            const message = yield* notice("usersCreated")
            const work = Effect.map(
              users.bulkCreate(a, payload.users, locale, baseUrl, origin),
              (created) => new UsersNotice({ message, users: created })
            )
            return yield* once(a, headers["idempotency-key"], "POST /users/bulk/create", payload, UsersNotice, work)
          })
        )
      )
      .handle("update", ({ payload }) =>
        asActor((a) =>
          Effect.flatMap(requestOrigin, (origin) =>
            Effect.flatMap(users.update(a, payload, origin), withNotice("userUpdated"))
          )
        )
      )
      .handle("delete", ({ params }) =>
        asActor((a) =>
          Effect.gen(function* () {
            yield* users.remove(a, params.id, yield* requestOrigin)
            return new Notice({ message: yield* notice("userDeleted") })
          })
        )
      )
      .handle("resetPassword", ({ params }) =>
        asActor((a) =>
          Effect.gen(function* () {
            yield* users.sendReset(a, params.id, yield* requestLocale, yield* requestOrigin)
            return new Notice({ message: yield* notice("resetPasswordEmailSent") })
          })
        )
      )
  })
)

/** The handlers of a user's own profile and mail preferences. */
export const ProfileHandlers = HttpApiBuilder.group(Api, "profile", (handlers) =>
  Effect.gen(function* () {
    const asActor = asActorWith(yield* AuditLog)
    const users = yield* Users
    const profileUpdated = (user: UserNotice["user"]) =>
      Effect.map(notice("profileUpdated"), (message) => new UserNotice({ message, user }))
    return handlers
      .handle("update", ({ payload }) =>
        asActor((a) =>
          Effect.flatMap(users.updateProfile(a, payload.user, payload.receiveNotifications), profileUpdated)
        )
      )
      .handle("emailAlerts", ({ payload }) =>
        asActor((a) => Effect.flatMap(users.updateEmailAlerts(a, payload.emailAlerts), profileUpdated))
      )
  })
)

/** The handlers of the organisation's roles. */
export const RolesHandlers = HttpApiBuilder.group(Api, "roles", (handlers) =>
  Effect.gen(function* () {
    const asActor = asActorWith(yield* AuditLog)
    const roles = yield* CustomRoles
    return handlers
      .handle("list", ({ query }) =>
        asActor((a) => Effect.map(roles.list(a, query), (list) => new RoleList({ roles: list })))
      )
      .handle("save", ({ payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => roles.save(a, payload, origin)))
      )
      .handle("delete", ({ params }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => roles.remove(a, params.code, origin)))
      )
  })
)

/** The handlers of the organisation's settings. */
export const OrgSettingsHandlers = HttpApiBuilder.group(Api, "orgSettings", (handlers) =>
  Effect.gen(function* () {
    const asActor = asActorWith(yield* AuditLog)
    const settings = yield* OrganisationSettings
    return handlers
      .handle("update", ({ payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => settings.update(a, payload, origin)))
      )
      .handle("get", ({ params }) => asActor((a) => settings.get(a, params.id)))
  })
)

/** The handlers of the theme reads, which need no sign-in. */
export const PublicThemesHandlers = HttpApiBuilder.group(Api, "publicThemes", (handlers) =>
  Effect.gen(function* () {
    const themes = yield* Themes
    return handlers
      .handle("fromUrl", ({ params }) => failWithCatalogue(themes.byUrl(params.url)))
      .handle("byOrgCode", ({ params }) => themes.byOrgCode(params.orgCode))
  })
)

/** The handlers of theme changes. */
export const ThemesHandlers = HttpApiBuilder.group(Api, "themes", (handlers) =>
  Effect.gen(function* () {
    const asActor = asActorWith(yield* AuditLog)
    const themes = yield* Themes
    return handlers
      .handle("save", ({ payload }) =>
        asActor((a) => Effect.flatMap(requestOrigin, (origin) => themes.save(a, payload.theme, origin)))
      )
      .handle("delete", () => asActor((a) => Effect.flatMap(requestOrigin, (origin) => themes.remove(a, origin))))
  })
)
