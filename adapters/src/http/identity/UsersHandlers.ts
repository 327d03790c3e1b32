import { Effect } from "effect"
import { HttpApiBuilder } from "effect/http-api"
import { CustomRoles } from "@tawreed/core/access"
import { Users } from "@tawreed/core/identity"
import { OrganisationSettings, Themes } from "@tawreed/core/organisations"
import { type Locale, noticeText, type NoticeKey } from "@tawreed/core/shared"
import { Notice } from "./AccountApi.ts"
import { Api } from "../Api.ts"
import { HandlerKit } from "../HandlerKit.ts"
import { failWithCatalogue } from "../RequestContext.ts"
import { RoleList, UserNotice, UsersNotice } from "./UsersApi.ts"

/** The handlers of users management and one's own profile. */
export const UsersHandlers = HttpApiBuilder.group(Api, "users", (handlers) =>
  Effect.gen(function* () {
    const { asActor, once } = yield* HandlerKit
    const users = yield* Users
    const withNotice = (key: NoticeKey, locale: Locale) => (user: UserNotice["user"]) =>
      new UserNotice({ message: noticeText(key, locale), user })
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
        asActor((a, { origin, locale }) =>
          Effect.map(users.setStatus(a, params.id, payload, origin), withNotice("userStatusChanged", locale))
        )
      )
      .handle("create", ({ payload }) =>
        once(payload, UserNotice, (a, { origin, locale, baseUrl }) =>
          Effect.map(users.create(a, payload, locale, baseUrl, origin), withNotice("userCreated", locale))
        )
      )
      .handle("bulkCreate", ({ payload }) =>
        once(payload, UsersNotice, (a, { origin, locale, baseUrl }) =>
          Effect.map(
            users.bulkCreate(a, payload.users, locale, baseUrl, origin),
            (created) => new UsersNotice({ message: noticeText("usersCreated", locale), users: created })
          )
        )
      )
      .handle("update", ({ payload }) =>
        asActor((a, { origin, locale }) =>
          Effect.map(users.update(a, payload, origin), withNotice("userUpdated", locale))
        )
      )
      .handle("delete", ({ params }) =>
        asActor((a, { origin, locale }) =>
          Effect.as(users.remove(a, params.id, origin), new Notice({ message: noticeText("userDeleted", locale) }))
        )
      )
      .handle("resetPassword", ({ params }) =>
        asActor((a, { origin, locale }) =>
          Effect.as(
            users.sendReset(a, params.id, locale, origin),
            new Notice({ message: noticeText("resetPasswordEmailSent", locale) })
          )
        )
      )
  })
)

/** The handlers of a user's own profile and mail preferences. */
export const ProfileHandlers = HttpApiBuilder.group(Api, "profile", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const users = yield* Users
    const profileUpdated = (locale: Locale) => (user: UserNotice["user"]) =>
      new UserNotice({ message: noticeText("profileUpdated", locale), user })
    return handlers
      .handle("update", ({ payload }) =>
        asActor((a, { locale }) =>
          Effect.map(users.updateProfile(a, payload.user, payload.receiveNotifications), profileUpdated(locale))
        )
      )
      .handle("emailAlerts", ({ payload }) =>
        asActor((a, { locale }) => Effect.map(users.updateEmailAlerts(a, payload.emailAlerts), profileUpdated(locale)))
      )
  })
)

/** The handlers of the organisation's roles. */
export const RolesHandlers = HttpApiBuilder.group(Api, "roles", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const roles = yield* CustomRoles
    return handlers
      .handle("list", ({ query }) =>
        asActor((a) => Effect.map(roles.list(a, query), (list) => new RoleList({ roles: list })))
      )
      .handle("save", ({ payload }) => asActor((a, { origin }) => roles.save(a, payload, origin)))
      .handle("delete", ({ params }) => asActor((a, { origin }) => roles.remove(a, params.code, origin)))
  })
)

/** The handlers of the organisation's settings. */
export const OrgSettingsHandlers = HttpApiBuilder.group(Api, "orgSettings", (handlers) =>
  Effect.gen(function* () {
    const { asActor } = yield* HandlerKit
    const settings = yield* OrganisationSettings
    return handlers
      .handle("update", ({ payload }) => asActor((a, { origin }) => settings.update(a, payload, origin)))
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
    const { asActor } = yield* HandlerKit
    const themes = yield* Themes
    return handlers
      .handle("save", ({ payload }) => asActor((a, { origin }) => themes.save(a, payload.theme, origin)))
      .handle("delete", () => asActor((a, { origin }) => themes.remove(a, origin)))
  })
)
