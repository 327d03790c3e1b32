import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CustomRoles } from "@tawreed/core/access"
import { Users } from "@tawreed/core/identity"
import { OrganisationSettings, Themes } from "@tawreed/core/organisations"
import { noticeText, type NoticeKey } from "@tawreed/core/shared"
import { Notice } from "./AccountApi.ts"
import { Api, RequestActor } from "./Api.ts"
import { failWithCatalogue, requestBaseUrl, requestLocale } from "./RequestContext.ts"
import { RoleList, UserNotice, UsersNotice } from "./UsersApi.ts"

const actor = Effect.service(RequestActor)

/** A use case run for the signed-in actor, its errors in the catalogue's words. */
const asActor = <A, E, R>(use: (actor: RequestActor["Service"]) => Effect.Effect<A, E, R>) =>
  failWithCatalogue(Effect.flatMap(actor, use))

const notice = (key: NoticeKey) => Effect.map(requestLocale, (locale) => noticeText(key, locale))

/** The handlers of users management and one's own profile. */
export const UsersHandlers = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const users = yield* Users
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
        asActor((a) => Effect.flatMap(users.setStatus(a, params.id, payload), withNotice("userStatusChanged")))
      )
      .handle("create", ({ payload }) =>
        asActor((a) =>
          Effect.gen(function* () {
            const user = yield* users.create(a, payload, yield* requestLocale, yield* requestBaseUrl)
            return yield* withNotice("userCreated")(user)
          })
        )
      )
      .handle("bulkCreate", ({ payload }) =>
        asActor((a) =>
          Effect.gen(function* () {
            const created = yield* users.bulkCreate(a, payload.users, yield* requestLocale, yield* requestBaseUrl)
            return new UsersNotice({ message: yield* notice("usersCreated"), users: created })
          })
        )
      )
      .handle("update", ({ payload }) =>
        asActor((a) => Effect.flatMap(users.update(a, payload), withNotice("userUpdated")))
      )
      .handle("delete", ({ params }) =>
        asActor((a) =>
          Effect.andThen(
            users.remove(a, params.id),
            Effect.map(notice("userDeleted"), (message) => new Notice({ message }))
          )
        )
      )
      .handle("resetPassword", ({ params }) =>
        asActor((a) =>
          Effect.gen(function* () {
            yield* users.sendReset(a, params.id, yield* requestLocale)
            return new Notice({ message: yield* notice("resetPasswordEmailSent") })
          })
        )
      )
  })
)

/** The handlers of a user's own profile and mail preferences. */
export const ProfileHandlers = HttpApiBuilder.group(Api, "profile", (handlers) =>
  Effect.gen(function* () {
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
    const roles = yield* CustomRoles
    return handlers
      .handle("list", () => asActor((a) => Effect.map(roles.list(a), (list) => new RoleList({ roles: list }))))
      .handle("save", ({ payload }) => asActor((a) => roles.save(a, payload)))
      .handle("delete", ({ params }) => asActor((a) => roles.remove(a, params.code)))
  })
)

/** The handlers of the organisation's settings. */
export const OrgSettingsHandlers = HttpApiBuilder.group(Api, "orgSettings", (handlers) =>
  Effect.gen(function* () {
    const settings = yield* OrganisationSettings
    return handlers
      .handle("update", ({ payload }) => asActor((a) => settings.update(a, payload)))
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
    const themes = yield* Themes
    return handlers
      .handle("save", ({ payload }) => asActor((a) => themes.save(a, payload.theme)))
      .handle("delete", () => asActor((a) => themes.remove(a)))
  })
)
