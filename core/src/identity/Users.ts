import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { InsufficientPrivileges, type ModuleNotEnabled, UnknownRole } from "../access/AccessErrors.ts"
import { adminModules, adminPrivileges, requirePrivileges } from "../access/PrivilegeCheck.ts"
import {
  approverRoleOfModule,
  isSystemRoleCode,
  privilegesWithCustomRoles,
  workspaceManagerRoles
} from "../access/OrgRole.ts"
import { RoleRepository } from "../access/RoleRepository.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { EmailTaken } from "../organisations/OrganisationErrors.ts"
import { OrgSettingsRepository, requireOrgModule } from "../organisations/OrgSettingsRepository.ts"
import {
  InvalidField,
  InvalidRow,
  type InvalidPage,
  type InvalidPageSize,
  type VersionConflict
} from "../shared/Errors.ts"
import { actorEvent, AuditLog, type AuditEventName, RequestOrigin } from "../shared/AuditLog.ts"
import type { Locale } from "../shared/Locale.ts"
import { pageRequest } from "../shared/Paging.ts"
import type { Actor } from "./Actor.ts"
import { Invitations } from "./Invitations.ts"
import { isEmail, isPhoneDigits } from "./LoginRules.ts"
import {
  ManagedUser,
  NewUserInput,
  UserPage,
  type UserQuery,
  type UserStatusChange,
  UserTable,
  type UserUpdateInput,
  statusAfter
} from "./ManagedUser.ts"
import { PasswordResets } from "./PasswordResets.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { normaliseEmail, type UserId, UserStatus } from "./User.ts"
import { OwnAccountChange, TooManyUsers, UserNotFound } from "./UserAdminErrors.ts"
import { UserDirectory } from "./UserDirectory.ts"

const noOrigin = new RequestOrigin({ address: null })

/** How many users one bulk create takes. */
export const bulkCreateLimit = 500

/** The largest page the workflow pickers answer (SPEC.md §9: approvers use 9999). */
export const pickerLimit = 9999

/** The password hash of a user who has not set a password: no password verifies against it. */
export const noPasswordHash = "!unset"

/** The list query of `GET users`, as the client sent it (SPEC.md §7 list query parameters). */
export interface UserListParams {
  readonly page?: number | undefined
  readonly limit?: number | undefined
  readonly search?: string | undefined
  /** JSON: `{ "status": "ACTIVE", "role": "org_basic_user" }`, each optional. */
  readonly filter?: string | undefined
  readonly status?: string | undefined
}

/** `PUT auth/userprofile`: what a user may change of their own profile. */
export class ProfileChange extends Schema.Class<ProfileChange>("ProfileChange")({
  firstName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  lastName: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  phone: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(20)))),
  position: Schema.optionalKey(Schema.String.check(Schema.isMaxLength(100))),
  image: Schema.optionalKey(Schema.NullOr(Schema.String.check(Schema.isMaxLength(2000))))
}) {}

type ListError = InsufficientPrivileges | ModuleNotEnabled | InvalidField | InvalidPage | InvalidPageSize
type InputError = InvalidField | InvalidRow | UnknownRole | InsufficientPrivileges
type Guarded<A, E = never> = Effect.Effect<A, E | InsufficientPrivileges | ModuleNotEnabled>

/** Users management (SPEC.md §7 Users) and a user's own profile, checked against §6's privileges. */
export interface UsersShape {
  readonly list: (actor: Actor, params: UserListParams) => Guarded<UserPage, ListError>
  readonly listTable: (actor: Actor, params: UserListParams) => Guarded<UserTable, ListError>
  readonly get: (actor: Actor, id: string) => Guarded<ManagedUser, UserNotFound>
  /** A user's profile: one's own with a login only, anyone's with usr_r_o. */
  readonly profile: (actor: Actor, id: string) => Guarded<ManagedUser, UserNotFound>
  readonly create: (
    actor: Actor,
    input: NewUserInput,
    locale: Locale,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<ManagedUser, InputError | EmailTaken>
  readonly bulkCreate: (
    actor: Actor,
    inputs: ReadonlyArray<NewUserInput>,
    locale: Locale,
    baseUrl: string,
    origin?: RequestOrigin
  ) => Guarded<ReadonlyArray<ManagedUser>, InputError | EmailTaken | TooManyUsers>
  readonly update: (
    actor: Actor,
    input: UserUpdateInput,
    origin?: RequestOrigin
  ) => Guarded<ManagedUser, InputError | EmailTaken | UserNotFound | VersionConflict | OwnAccountChange>
  /** Activates, deactivates or blocks a user; anything but active ends their sessions. */
  readonly setStatus: (
    actor: Actor,
    id: string,
    change: UserStatusChange,
    origin?: RequestOrigin
  ) => Guarded<ManagedUser, UserNotFound | OwnAccountChange | VersionConflict>
  readonly remove: (actor: Actor, id: string, origin?: RequestOrigin) => Guarded<void, UserNotFound | OwnAccountChange>
  /** Mails the user a code to set a new password with (the forgot-password flow's second step). */
  readonly sendReset: (actor: Actor, id: string, locale: Locale, origin?: RequestOrigin) => Guarded<void, UserNotFound>
  /** The active users who approve a module's documents (`request`, `rfq`, `order`, `bill`, or their plurals). */
  readonly approvers: (
    actor: Actor,
    module: string,
    page: number | undefined,
    limit: number | undefined
  ) => Guarded<UserPage, InvalidField>
  /** The active users who manage workspaces. */
  readonly workspaceManagers: (
    actor: Actor,
    page: number | undefined,
    limit: number | undefined
  ) => Guarded<UserPage, InvalidField>
  readonly updateProfile: (
    actor: Actor,
    change: ProfileChange,
    receiveNotifications: boolean | undefined
  ) => Effect.Effect<ManagedUser, InvalidField | UserNotFound | VersionConflict | EmailTaken>
  readonly updateEmailAlerts: (
    actor: Actor,
    emailAlerts: boolean
  ) => Effect.Effect<ManagedUser, UserNotFound | VersionConflict | EmailTaken>
}

const UserFilter = Schema.Struct({
  status: Schema.optionalKey(UserStatus),
  role: Schema.optionalKey(Schema.String)
})
const decodeFilter = Schema.decodeUnknownEffect(Schema.fromJsonString(UserFilter))

const isPhone = (phone: string) => isPhoneDigits(phone) && phone.length >= 6 && phone.length <= 20

/**
 * The checks of a new user's fields that need no storage: what the CLI runs on each row before it sends them. A
 * refusal names the field and the problem, which the catalogue puts in the reader's language (E2006).
 */
export const checkNewUser = (input: NewUserInput): Effect.Effect<NewUserInput, InvalidField> =>
  Effect.gen(function* () {
    const email = normaliseEmail(input.email)
    if (email === "") return yield* new InvalidField({ field: "email", problem: "required" })
    if (!isEmail(email)) return yield* new InvalidField({ field: "email", problem: "notEmail" })
    const firstName = input.firstName.trim()
    if (firstName === "") return yield* new InvalidField({ field: "firstName", problem: "required" })
    const phone = input.phone?.trim() || null
    if (phone !== null && !isPhone(phone)) return yield* new InvalidField({ field: "phone", problem: "phoneDigits" })
    const roles = [...new Set(input.roles.map((r) => r.trim()).filter((r) => r !== ""))]
    if (roles.length === 0) return yield* new InvalidField({ field: "roles", problem: "atLeastOne" })
    return new NewUserInput({ ...input, email, firstName, lastName: input.lastName.trim(), phone, roles })
  })

/** Use cases: users management and one's own profile. */
export class Users extends Context.Service<Users, UsersShape>()("@tawreed/core/identity/Users") {
  static readonly layer = Layer.effect(
    Users,
    Effect.gen(function* () {
      const directory = yield* UserDirectory
      const roles = yield* RoleRepository
      const settings = yield* OrgSettingsRepository
      const resets = yield* PasswordResets
      const invitations = yield* Invitations
      const tokens = yield* SessionTokens
      const audit = yield* AuditLog
      /** Every change an admin makes to a user is written to the audit log, with who, where and what. */
      const record = (
        actor: Actor,
        event: AuditEventName,
        origin: RequestOrigin,
        detail: Readonly<Record<string, string>>
      ) => audit.record(actorEvent(actor, event, origin, detail))

      const guard = Effect.fn("Users.guard")(function* (
        actor: Actor,
        privileges: ReadonlyArray<string>,
        module: string = adminModules.users
      ) {
        yield* requirePrivileges(actor, privileges)
        yield* requireOrgModule(settings, actor.orgId, module)
      })

      const found = Effect.fn("Users.found")(function* (orgId: OrgId, id: string) {
        const user = yield* directory.find(orgId, id as UserId)
        if (Option.isNone(user)) return yield* new UserNotFound({ id })
        return user.value
      })

      /** Every role must exist, and nobody grants privileges they do not hold themselves. */
      const checkRoles = Effect.fn("Users.checkRoles")(function* (actor: Actor, codes: ReadonlyArray<string>) {
        const custom = yield* roles.list(actor.orgId)
        for (const code of codes) {
          if (!isSystemRoleCode(code) && !custom.some((r) => r.code === code)) {
            return yield* new UnknownRole({ code })
          }
        }
        const held = new Set(actor.privileges)
        const granted = privilegesWithCustomRoles(codes, custom).filter((p) => !held.has(p))
        if (granted.length > 0) return yield* new InsufficientPrivileges({ required: granted })
      })

      const queryOf = Effect.fn("Users.queryOf")(function* (params: UserListParams) {
        const paging = yield* pageRequest(params.page, params.limit)
        const filter = params.filter?.trim()
          ? yield* decodeFilter(params.filter).pipe(
              Effect.mapError(() => new InvalidField({ field: "filter", problem: "format" }))
            )
          : {}
        const status = params.status?.trim() || filter.status
        if (status !== undefined && !Schema.is(UserStatus)(status)) {
          return yield* new InvalidField({ field: "status", problem: "notOneOf" })
        }
        const query: UserQuery = {
          search: params.search?.trim() || undefined,
          status,
          roles: filter.role === undefined ? undefined : [filter.role],
          offset: paging.offset,
          limit: paging.limit
        }
        return query
      })

      const list = Effect.fn("Users.list")(function* (actor: Actor, params: UserListParams) {
        yield* guard(actor, adminPrivileges.usersRead)
        return new UserPage(yield* directory.list(actor.orgId, yield* queryOf(params)))
      })

      const listTable = Effect.fn("Users.listTable")(function* (actor: Actor, params: UserListParams) {
        yield* guard(actor, adminPrivileges.usersRead)
        const query = yield* queryOf(params)
        const page = yield* directory.list(actor.orgId, query)
        const statusList = yield* directory.statusCounts(actor.orgId, { ...query, status: undefined })
        return new UserTable({ ...page, statusList })
      })

      const get = Effect.fn("Users.get")(function* (actor: Actor, id: string) {
        yield* guard(actor, adminPrivileges.usersRead)
        return yield* found(actor.orgId, id)
      })

      const profile = Effect.fn("Users.profile")(function* (actor: Actor, id: string) {
        if (id !== actor.userId) yield* guard(actor, adminPrivileges.usersRead)
        return yield* found(actor.orgId, id)
      })

      const newUsers = Effect.fn("Users.newUsers")(function* (actor: Actor, inputs: ReadonlyArray<NewUserInput>) {
        const at = new Date(yield* Clock.currentTimeMillis).toISOString()
        const emails = new Set<string>()
        // One user is refused by field; among several, by row too (counted from 1), so the sender finds it.
        const refused = (index: number, field: string, problem: string) =>
          inputs.length > 1 ? new InvalidRow({ row: index + 1, field, problem }) : new InvalidField({ field, problem })
        return yield* Effect.forEach(inputs, (raw, index) =>
          Effect.gen(function* () {
            const input = yield* checkNewUser(raw).pipe(Effect.mapError((e) => refused(index, e.field, e.problem)))
            if (emails.has(input.email)) return yield* refused(index, "email", "duplicate")
            emails.add(input.email)
            yield* checkRoles(actor, input.roles)
            return new ManagedUser({
              id: (yield* tokens.newId) as UserId,
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              phone: input.phone ?? null,
              position: input.position?.trim() ?? "",
              image: input.image ?? null,
              roles: input.roles,
              status: "ACTIVE",
              blocked: false,
              emailAlerts: input.emailAlerts ?? true,
              receiveNotifications: input.receiveNotifications ?? true,
              version: 1,
              createdAt: at
            })
          })
        )
      })

      const inviteAll = (
        actor: Actor,
        created: ReadonlyArray<ManagedUser>,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin
      ) =>
        Effect.forEach(
          created,
          (user) =>
            Effect.andThen(
              record(actor, "user.created", origin, { userId: user.id, roles: user.roles.join(",") }),
              invitations.invite(actor.orgId, user.id, locale, baseUrl)
            ),
          { discard: true }
        )

      /**
       * An email is one person's sign-in across the product, so an admin cannot add a user whose email has an
       * account in any organisation, and must be told so: the user was not created. Unlike self-registration
       * (which answers alike and mails the owner, see Registrations), this answer comes only to a signed-in admin
       * holding usr_c, names no organisation, and is audited, so an admin testing emails one by one shows up in
       * the audit log.
       */
      const auditTaken = <A, E extends { readonly _tag: string }, R>(
        created: Effect.Effect<A, E, R>,
        actor: Actor,
        origin: RequestOrigin,
        count: number
      ) =>
        Effect.tapError(created, (error) =>
          error._tag === "EmailTaken"
            ? record(actor, "access.refused", origin, { reason: "EmailTaken", users: String(count) })
            : Effect.void
        )

      const create = Effect.fn("Users.create")(function* (
        actor: Actor,
        input: NewUserInput,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin = noOrigin
      ) {
        yield* guard(actor, adminPrivileges.usersCreate)
        const users = yield* newUsers(actor, [input])
        const created = yield* auditTaken(directory.create(actor.orgId, users, noPasswordHash), actor, origin, 1)
        yield* inviteAll(actor, created, locale, baseUrl, origin)
        return created[0]!
      })

      const bulkCreate = Effect.fn("Users.bulkCreate")(function* (
        actor: Actor,
        inputs: ReadonlyArray<NewUserInput>,
        locale: Locale,
        baseUrl: string,
        origin: RequestOrigin = noOrigin
      ) {
        yield* guard(actor, adminPrivileges.usersCreate)
        if (inputs.length > bulkCreateLimit) return yield* new TooManyUsers({ limit: bulkCreateLimit })
        if (inputs.length === 0) return yield* new InvalidField({ field: "users", problem: "atLeastOne" })
        const users = yield* newUsers(actor, inputs)
        const created = yield* auditTaken(
          directory.create(actor.orgId, users, noPasswordHash),
          actor,
          origin,
          inputs.length
        )
        yield* inviteAll(actor, created, locale, baseUrl, origin)
        return created
      })

      const save = Effect.fn("Users.save")(function* (orgId: OrgId, user: ManagedUser, version: number) {
        const saved = yield* directory.update(orgId, user, version)
        if (Option.isNone(saved)) return yield* new UserNotFound({ id: user.id })
        return saved.value
      })

      const update = Effect.fn("Users.update")(function* (
        actor: Actor,
        input: UserUpdateInput,
        origin: RequestOrigin = noOrigin
      ) {
        yield* guard(actor, adminPrivileges.usersUpdate)
        const user = yield* found(actor.orgId, input.id)
        const checked = yield* checkNewUser({
          email: input.email ?? user.email,
          firstName: input.firstName ?? user.firstName,
          lastName: input.lastName ?? user.lastName,
          phone: input.phone === undefined ? user.phone : input.phone,
          roles: input.roles ?? user.roles
        })
        if (input.roles !== undefined) {
          if (input.id === actor.userId && checked.roles.join() !== user.roles.join()) {
            return yield* new OwnAccountChange()
          }
          yield* checkRoles(actor, checked.roles)
        }
        const saved = yield* save(
          actor.orgId,
          new ManagedUser({
            ...user,
            email: checked.email,
            firstName: checked.firstName,
            lastName: checked.lastName,
            phone: checked.phone ?? null,
            roles: checked.roles,
            position: input.position?.trim() ?? user.position,
            image: input.image === undefined ? user.image : input.image,
            emailAlerts: input.emailAlerts ?? user.emailAlerts,
            receiveNotifications: input.receiveNotifications ?? user.receiveNotifications
          }),
          input.version
        )
        yield* record(actor, "user.updated", origin, { userId: saved.id, roles: saved.roles.join(",") })
        return saved
      })

      const setStatus = Effect.fn("Users.setStatus")(function* (
        actor: Actor,
        id: string,
        change: UserStatusChange,
        origin: RequestOrigin = noOrigin
      ) {
        yield* guard(actor, adminPrivileges.usersUpdate)
        if (id === actor.userId) return yield* new OwnAccountChange()
        const before = yield* found(actor.orgId, id)
        const user = yield* directory.setStatus(actor.orgId, id as UserId, statusAfter(change), change.version)
        if (Option.isNone(user)) return yield* new UserNotFound({ id })
        yield* record(actor, "user.status_changed", origin, {
          userId: id,
          from: before.status,
          to: user.value.status
        })
        return user.value
      })

      const remove = Effect.fn("Users.remove")(function* (actor: Actor, id: string, origin: RequestOrigin = noOrigin) {
        yield* guard(actor, adminPrivileges.usersDelete)
        if (id === actor.userId) return yield* new OwnAccountChange()
        if (!(yield* directory.remove(actor.orgId, id as UserId))) return yield* new UserNotFound({ id })
        yield* record(actor, "user.deleted", origin, { userId: id })
      })

      const sendReset = Effect.fn("Users.sendReset")(function* (
        actor: Actor,
        id: string,
        locale: Locale,
        origin: RequestOrigin = noOrigin
      ) {
        yield* guard(actor, adminPrivileges.usersUpdate)
        if (!(yield* resets.sendResetFor(actor.orgId, id as UserId, locale))) return yield* new UserNotFound({ id })
        yield* record(actor, "user.reset_sent", origin, { userId: id })
      })

      const picker = Effect.fn("Users.picker")(function* (
        actor: Actor,
        roleCodes: ReadonlyArray<string>,
        page: number | undefined,
        limit: number | undefined
      ) {
        const p = page ?? 0
        const l = limit ?? pickerLimit
        if (!Number.isSafeInteger(p) || p < 0 || !Number.isSafeInteger(l) || l < 1 || l > pickerLimit) {
          return yield* new InvalidField({
            field: Number.isSafeInteger(p) && p >= 0 ? "pageSize" : "page",
            problem: "outOfRange"
          })
        }
        return new UserPage(
          yield* directory.list(actor.orgId, { status: "ACTIVE", roles: roleCodes, offset: p * l, limit: l })
        )
      })

      const approvers = Effect.fn("Users.approvers")(function* (
        actor: Actor,
        module: string,
        page: number | undefined,
        limit: number | undefined
      ) {
        const role = approverRoleOfModule[module]
        if (role === undefined) {
          return yield* new InvalidField({ field: "module", problem: "notOneOf" })
        }
        const moduleCode = module.endsWith("s") ? module : `${module}s`
        yield* guard(actor, adminPrivileges.workflowPickers, moduleCode)
        // Super users approve at the super approval level (SPEC.md §6), so they are offered too.
        return yield* picker(actor, [role, "org_super_user"], page, limit)
      })

      const workspaceManagers = Effect.fn("Users.workspaceManagers")(function* (
        actor: Actor,
        page: number | undefined,
        limit: number | undefined
      ) {
        yield* guard(actor, adminPrivileges.workflowPickers, adminModules.workspaceManagers)
        return yield* picker(actor, workspaceManagerRoles, page, limit)
      })

      const updateProfile = Effect.fn("Users.updateProfile")(function* (
        actor: Actor,
        change: ProfileChange,
        receiveNotifications: boolean | undefined
      ) {
        const user = yield* found(actor.orgId, actor.userId)
        const firstName = change.firstName?.trim() ?? user.firstName
        if (firstName === "") return yield* new InvalidField({ field: "firstName", problem: "required" })
        const phone = change.phone === undefined ? user.phone : change.phone?.trim() || null
        if (phone !== null && !isPhone(phone))
          return yield* new InvalidField({ field: "phone", problem: "phoneDigits" })
        return yield* save(
          actor.orgId,
          new ManagedUser({
            ...user,
            firstName,
            lastName: change.lastName?.trim() ?? user.lastName,
            phone,
            position: change.position?.trim() ?? user.position,
            image: change.image === undefined ? user.image : change.image,
            receiveNotifications: receiveNotifications ?? user.receiveNotifications
          }),
          user.version
        )
      })

      const updateEmailAlerts = Effect.fn("Users.updateEmailAlerts")(function* (actor: Actor, emailAlerts: boolean) {
        const user = yield* found(actor.orgId, actor.userId)
        return yield* save(actor.orgId, new ManagedUser({ ...user, emailAlerts }), user.version)
      })

      return Users.of({
        list,
        listTable,
        get,
        profile,
        create,
        bulkCreate,
        update,
        setStatus,
        remove,
        sendReset,
        approvers,
        workspaceManagers,
        updateProfile,
        updateEmailAlerts
      })
    })
  )
}
