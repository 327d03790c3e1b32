import { Schema } from "effect"
import { cappedArray, maxItems } from "../shared/Limits.ts"
import { UserId, UserStatus } from "./User.ts"

/** A user as the users screens and `GET users` show them (SPEC.md §3 User profile, §7 Users). */
export class ManagedUser extends Schema.Class<ManagedUser>("ManagedUser")({
  id: UserId,
  email: Schema.String,
  firstName: Schema.String,
  lastName: Schema.String,
  phone: Schema.NullOr(Schema.String),
  position: Schema.String,
  image: Schema.NullOr(Schema.String),
  roles: Schema.Array(Schema.String),
  status: UserStatus,
  /** Blocked by an admin or by failed sign-ins; `status` says ACTIVE again once an admin activates the user. */
  blocked: Schema.Boolean,
  emailAlerts: Schema.Boolean,
  receiveNotifications: Schema.Boolean,
  /** The version the next update must name (optimistic locking). */
  version: Schema.Int,
  createdAt: Schema.String
}) {}

const Text = (max: number) => Schema.String.check(Schema.isMaxLength(max))

/** `POST users` and each row of `POST users/bulk/create`. */
export class NewUserInput extends Schema.Class<NewUserInput>("NewUserInput")({
  email: Text(254),
  firstName: Text(100),
  lastName: Text(100),
  phone: Schema.optionalKey(Schema.NullOr(Text(20))),
  position: Schema.optionalKey(Text(100)),
  image: Schema.optionalKey(Schema.NullOr(Text(2000))),
  roles: cappedArray(Text(60), maxItems.shortList),
  emailAlerts: Schema.optionalKey(Schema.Boolean),
  receiveNotifications: Schema.optionalKey(Schema.Boolean)
}) {}

/** `PUT users`: the user's id, the version read, and the fields to change. */
export class UserUpdateInput extends Schema.Class<UserUpdateInput>("UserUpdateInput")({
  id: UserId,
  version: Schema.Int,
  email: Schema.optionalKey(Text(254)),
  firstName: Schema.optionalKey(Text(100)),
  lastName: Schema.optionalKey(Text(100)),
  phone: Schema.optionalKey(Schema.NullOr(Text(20))),
  position: Schema.optionalKey(Text(100)),
  image: Schema.optionalKey(Schema.NullOr(Text(2000))),
  roles: Schema.optionalKey(cappedArray(Text(60), maxItems.shortList)),
  emailAlerts: Schema.optionalKey(Schema.Boolean),
  receiveNotifications: Schema.optionalKey(Schema.Boolean)
}) {}

/** `PUT users/status/{id}`: ACTIVE (which also unblocks) or INACTIVE, and whether to block. */
export class UserStatusChange extends Schema.Class<UserStatusChange>("UserStatusChange")({
  status: Schema.Literals(["ACTIVE", "INACTIVE"]),
  blocked: Schema.optionalKey(Schema.Boolean),
  version: Schema.optionalKey(Schema.Int)
}) {}

/** The stored status a status change gives: active always unblocks; blocking wins over inactive. */
export const statusAfter = (change: UserStatusChange): UserStatus =>
  change.status === "ACTIVE" ? "ACTIVE" : change.blocked === true ? "BLOCKED" : "INACTIVE"

/** One line of the status list of `GET users/list-table`. */
export class StatusCount extends Schema.Class<StatusCount>("StatusCount")({
  status: UserStatus,
  count: Schema.Int
}) {}

/** `GET users`: one page of users and how many match in all. */
export class UserPage extends Schema.Class<UserPage>("UserPage")({
  users: Schema.Array(ManagedUser),
  totalCount: Schema.Int
}) {}

/** `GET users/list-table`: a page of users and the count of each status among those the search matches. */
export class UserTable extends Schema.Class<UserTable>("UserTable")({
  users: Schema.Array(ManagedUser),
  totalCount: Schema.Int,
  statusList: Schema.Array(StatusCount)
}) {}

/** What `GET users` may narrow by: a search over names and email, a status and a role. */
export interface UserQuery {
  readonly search?: string | undefined
  readonly status?: UserStatus | undefined
  readonly roles?: ReadonlyArray<string> | undefined
  readonly offset: number
  readonly limit: number
}
