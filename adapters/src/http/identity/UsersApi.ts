import { Schema } from "effect"
import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "effect/http-api"
import { CustomRoleInput, OrgRole } from "@tawreed/core/access"
import {
  ManagedUser,
  NewUserInput,
  ProfileChange,
  UserPage,
  UserStatusChange,
  UserTable,
  UserUpdateInput
} from "@tawreed/core/identity"
import { OrgSettings, OrgSettingsUpdate, OrgTheme, Theme } from "@tawreed/core/organisations"
import { Notice } from "./AccountApi.ts"
import { guarded, idParams, keyedHeaders } from "../ApiContract.ts"
import { errors } from "../ApiErrors.ts"
import { cappedArray, maxItems } from "@tawreed/core/shared"
import { pageQuery } from "../PageQuery.ts"

/** A success with the catalogue's notice and the user it concerns. */
export class UserNotice extends Schema.Class<UserNotice>("UserNotice")({
  message: Schema.String,
  user: ManagedUser
}) {}

/** The answer of a bulk create: the notice and the users made. */
export class UsersNotice extends Schema.Class<UsersNotice>("UsersNotice")({
  message: Schema.String,
  users: Schema.Array(ManagedUser)
}) {}

export class BulkCreatePayload extends Schema.Class<BulkCreatePayload>("BulkCreatePayload")({
  users: cappedArray(NewUserInput, maxItems.bulkUsers)
}) {}

export class ProfilePayload extends Schema.Class<ProfilePayload>("ProfilePayload")({
  user: ProfileChange,
  receiveNotifications: Schema.optionalKey(Schema.Boolean)
}) {}

export class EmailAlertsPayload extends Schema.Class<EmailAlertsPayload>("EmailAlertsPayload")({
  /** The spec's clients send the user along; the change always applies to the signed-in user. */
  user: Schema.optionalKey(Schema.Unknown),
  emailAlerts: Schema.Boolean
}) {}

export class RoleList extends Schema.Class<RoleList>("RoleList")({ roles: Schema.Array(OrgRole) }) {}

const QueryNumber = Schema.optional(Schema.NumberFromString)
const listQuery = {
  page: QueryNumber,
  limit: QueryNumber,
  search: Schema.optional(Schema.String),
  filter: Schema.optional(Schema.String),
  status: Schema.optional(Schema.String)
}
const pickerQuery = { page: QueryNumber, limit: QueryNumber, workspaceId: Schema.optional(Schema.String) }

/**
 * The administration groups below are declared without their middleware: Api.ts adds each behind Authentication
 * (this file cannot import Api.ts, which imports it).
 */

/** SPEC.md §7 Users, exactly its paths: users management for organisation admins. */
export class UsersGroup extends HttpApiGroup.make("users")
  .add(HttpApiEndpoint.get("list", "/users", { query: listQuery, success: UserPage, error: guarded }))
  .add(HttpApiEndpoint.get("listTable", "/users/list-table", { query: listQuery, success: UserTable, error: guarded }))
  .add(
    HttpApiEndpoint.get("approvers", "/users/approvers/:module", {
      params: { module: Schema.String },
      query: pickerQuery,
      success: UserPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("workspaceManagers", "/users/workspace-managers", {
      query: pickerQuery,
      success: UserPage,
      error: guarded
    })
  )
  .add(
    HttpApiEndpoint.get("profile", "/users/user-profile/:id", {
      params: idParams,
      success: ManagedUser,
      error: [...guarded, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/users/:id", {
      params: idParams,
      success: ManagedUser,
      error: [...guarded, errors.NotFound]
    })
  )
  .add(
    HttpApiEndpoint.put("setStatus", "/users/status/:id", {
      params: idParams,
      payload: UserStatusChange,
      success: UserNotice,
      error: [...guarded, errors.NotFound, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.post("create", "/users", {
      headers: keyedHeaders,
      payload: NewUserInput,
      success: UserNotice,
      error: [...guarded, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.post("bulkCreate", "/users/bulk/create", {
      headers: keyedHeaders,
      payload: BulkCreatePayload,
      success: UsersNotice,
      error: [...guarded, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.put("update", "/users", {
      payload: UserUpdateInput,
      success: UserNotice,
      error: [...guarded, errors.NotFound, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/users/:id", {
      params: idParams,
      success: Notice,
      error: [...guarded, errors.NotFound, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.post("resetPassword", "/users/reset-password/:id", {
      params: idParams,
      success: Notice,
      error: [...guarded, errors.NotFound]
    })
  ) {}

/** A user's own profile and mail preferences (SPEC.md §7 Authentication). */
export class ProfileGroup extends HttpApiGroup.make("profile")
  .add(
    HttpApiEndpoint.put("update", "/auth/userprofile", {
      payload: ProfilePayload,
      success: UserNotice,
      error: [errors.BadRequest, errors.NotFound, errors.Conflict, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.put("emailAlerts", "/auth/userEmailAlerts", {
      payload: EmailAlertsPayload,
      success: UserNotice,
      error: [errors.BadRequest, errors.NotFound, errors.Conflict, errors.Unavailable]
    })
  ) {}

/** The organisation's roles: SPEC.md §6's and those its admins compose from privileges. */
export class RolesGroup extends HttpApiGroup.make("roles")
  .add(HttpApiEndpoint.get("list", "/roles", { query: pageQuery, success: RoleList, error: guarded }))
  .add(
    HttpApiEndpoint.post("save", "/roles", {
      payload: CustomRoleInput,
      success: OrgRole,
      error: [...guarded, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/roles/:code", {
      params: { code: Schema.String },
      success: HttpApiSchema.NoContent,
      error: [...guarded, errors.NotFound, errors.Unprocessable]
    })
  ) {}

/** SPEC.md §7 `org_settings`: the organisation's settings. */
export class OrgSettingsGroup extends HttpApiGroup.make("orgSettings")
  .add(
    HttpApiEndpoint.post("update", "/org_settings", {
      payload: OrgSettingsUpdate,
      success: OrgSettings,
      error: [...guarded, errors.NotFound, errors.Conflict, errors.Unprocessable]
    })
  )
  .add(
    HttpApiEndpoint.get("get", "/org_settings/:id", {
      params: idParams,
      success: OrgSettings,
      error: [...guarded, errors.NotFound]
    })
  ) {}

/** SPEC.md §7 Themes, the reads: the sign-in page asks for them before anyone signs in. */
export class PublicThemesGroup extends HttpApiGroup.make("publicThemes")
  .add(
    HttpApiEndpoint.get("fromUrl", "/themes/theme-from-url/:url", {
      params: { url: Schema.String },
      success: OrgTheme,
      error: [errors.BadRequest, errors.NotFound, errors.Unavailable]
    })
  )
  .add(
    HttpApiEndpoint.get("byOrgCode", "/themes/:orgCode", {
      params: { orgCode: Schema.String },
      success: OrgTheme,
      error: [errors.BadRequest, errors.Unavailable]
    })
  ) {}

/** SPEC.md §7 Themes, the changes: for the organisation's admins. */
export class ThemesGroup extends HttpApiGroup.make("themes")
  .add(
    HttpApiEndpoint.post("save", "/themes", {
      payload: Schema.Struct({ theme: Theme }),
      success: Theme,
      error: [...guarded, errors.Conflict]
    })
  )
  .add(
    HttpApiEndpoint.delete("delete", "/themes", {
      success: HttpApiSchema.NoContent,
      error: [...guarded, errors.NotFound]
    })
  ) {}
