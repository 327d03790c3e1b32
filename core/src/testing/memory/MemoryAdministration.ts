import { Clock, Effect, Layer, Option } from "effect"
import { OrgRole, RoleRepository } from "../../access/index.ts"
import { ManagedUser, StatusCount, User, UserDirectory, type UserQuery, UserStatus } from "../../identity/index.ts"
import {
  defaultAdminConfig,
  defaultGeneralConfig,
  defaultModules,
  EmailTaken,
  type OrgId,
  OrgSettings,
  OrgSettingsRepository,
  OrgTheme,
  type Theme,
  ThemeRepository,
  ThemeUrlTaken
} from "../../organisations/index.ts"
import { VersionConflict } from "../../shared/Errors.ts"
import { sliceOf } from "../../shared/Paging.ts"
import { layerMemory, MemoryIdentityStore } from "./MemoryIdentity.ts"

interface Extras {
  position: string
  image: string | null
  emailAlerts: boolean
  receiveNotifications: boolean
  version: number
  createdAt: string
}

/** What the administration adapters keep beside the identity store: profile fields, settings and themes. */
interface AdminStore {
  readonly extras: Map<string, Extras>
  readonly settings: Map<string, OrgSettings>
  readonly themes: Map<string, { readonly orgCode: string; readonly theme: Theme }>
}

const stores = new WeakMap<object, AdminStore>()
const adminOf = (identity: object): AdminStore => {
  let found = stores.get(identity)
  if (found === undefined) {
    found = { extras: new Map(), settings: new Map(), themes: new Map() }
    stores.set(identity, found)
  }
  return found
}

const withStores = <S>(f: (identity: MemoryIdentityStore["Service"], admin: AdminStore) => S) =>
  Effect.map(Effect.service(MemoryIdentityStore), (identity) => f(identity, adminOf(identity)))

/** The organisation's users in memory. */
export const MemoryUserDirectory = Layer.effect(
  UserDirectory,
  withStores((store, admin) => {
    const extrasOf = (id: string): Extras =>
      admin.extras.get(id) ?? {
        position: "",
        image: null,
        emailAlerts: true,
        receiveNotifications: true,
        version: 1,
        createdAt: new Date(0).toISOString()
      }
    const managed = (id: string): ManagedUser | undefined => {
      const row = store.users.get(id)
      if (row === undefined) return undefined
      const e = extrasOf(id)
      return new ManagedUser({
        ...row.user,
        phone: row.phone ?? null,
        position: e.position,
        image: e.image,
        roles: row.user.roles,
        blocked: row.user.status === "BLOCKED",
        emailAlerts: e.emailAlerts,
        receiveNotifications: e.receiveNotifications,
        version: e.version,
        createdAt: e.createdAt
      })
    }
    const matching = (orgId: OrgId, query: UserQuery, withStatus = true) =>
      [...store.users.values()]
        .filter((r) => r.user.orgId === orgId)
        .filter(
          (r) =>
            query.search === undefined ||
            `${r.user.firstName} ${r.user.lastName} ${r.user.email}`.toLowerCase().includes(query.search.toLowerCase())
        )
        .filter((r) => !withStatus || query.status === undefined || r.user.status === query.status)
        .filter((r) => query.roles === undefined || r.user.roles.some((code) => query.roles!.includes(code)))
        .map((r) => managed(r.user.id)!)
        .sort((a, b) =>
          `${a.firstName} ${a.lastName} ${a.id}`
            .toLowerCase()
            .localeCompare(`${b.firstName} ${b.lastName} ${b.id}`.toLowerCase())
        )
    const emailTaken = (email: string, except?: string) =>
      [...store.users.values()].some((r) => r.user.id !== except && r.user.email.toLowerCase() === email.toLowerCase())
    const write = (orgId: OrgId, user: ManagedUser, version: number) => {
      const row = store.users.get(user.id)!
      const { phone, position, image, emailAlerts, receiveNotifications, createdAt } = user
      store.users.set(user.id, {
        ...row,
        user: new User({
          id: user.id,
          orgId,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          status: user.status,
          roles: user.roles
        }),
        ...(phone === null ? {} : { phone })
      })
      if (phone === null) delete store.users.get(user.id)!.phone
      admin.extras.set(user.id, { position, image, emailAlerts, receiveNotifications, version, createdAt })
      return managed(user.id)!
    }
    return UserDirectory.of({
      list: (orgId, query) =>
        Effect.sync(() => {
          const all = matching(orgId, query)
          return { users: all.slice(query.offset, query.offset + query.limit), totalCount: all.length }
        }),
      statusCounts: (orgId, query) =>
        Effect.sync(() => {
          const all = matching(orgId, query, false)
          return UserStatus.literals.map(
            (status) => new StatusCount({ status, count: all.filter((u) => u.status === status).length })
          )
        }),
      find: (orgId, id) =>
        Effect.sync(() =>
          Option.filter(Option.fromNullishOr(managed(id)), () => store.users.get(id)?.user.orgId === orgId)
        ),
      create: (orgId, users, passwordHash) =>
        Effect.gen(function* () {
          const emails = users.map((u) => u.email.toLowerCase())
          if (new Set(emails).size !== emails.length || emails.some((e) => emailTaken(e))) {
            return yield* new EmailTaken()
          }
          const at = new Date(yield* Clock.currentTimeMillis).toISOString()
          return users.map((u) => {
            store.users.set(u.id, {
              user: new User({
                id: u.id,
                orgId,
                email: u.email,
                firstName: u.firstName,
                lastName: u.lastName,
                status: u.status,
                roles: u.roles
              }),
              passwordHash,
              mfaEnabled: false,
              failedLogins: 0,
              lockedUntil: null,
              passwordChangedAt: new Date(0)
            })
            return write(orgId, new ManagedUser({ ...u, createdAt: at }), 1)
          })
        }),
      update: (orgId, user, expectedVersion) =>
        Effect.gen(function* () {
          const current = managed(user.id)
          if (current === undefined || store.users.get(user.id)?.user.orgId !== orgId) return Option.none()
          if (current.version !== expectedVersion) return yield* new VersionConflict({ entity: "user", id: user.id })
          if (emailTaken(user.email, user.id)) return yield* new EmailTaken()
          return Option.some(write(orgId, new ManagedUser({ ...user, status: current.status }), expectedVersion + 1))
        }),
      setStatus: (orgId, id, status, expectedVersion) =>
        Effect.gen(function* () {
          const current = managed(id)
          if (current === undefined || store.users.get(id)?.user.orgId !== orgId) return Option.none()
          if (expectedVersion !== undefined && current.version !== expectedVersion) {
            return yield* new VersionConflict({ entity: "user", id })
          }
          const saved = write(
            orgId,
            new ManagedUser({ ...current, status, blocked: status === "BLOCKED" }),
            current.version + 1
          )
          const row = store.users.get(id)!
          if (status === "ACTIVE") store.users.set(id, { ...row, failedLogins: 0, lockedUntil: null })
          else for (const [hash, session] of store.sessions) if (session.userId === id) store.sessions.delete(hash)
          return Option.some(saved)
        }),
      remove: (orgId, id) =>
        Effect.sync(() => {
          if (store.users.get(id)?.user.orgId !== orgId) return false
          store.users.delete(id)
          admin.extras.delete(id)
          for (const [hash, session] of store.sessions) if (session.userId === id) store.sessions.delete(hash)
          return true
        })
    })
  })
)

/** Custom roles in memory, where the memory sessions read them too. */
export const MemoryRoleRepository = Layer.effect(
  RoleRepository,
  withStores((store) => {
    const rolesOf = (orgId: string) => (store.customRoles.get(orgId) ?? []) as ReadonlyArray<OrgRole>
    return RoleRepository.of({
      list: (orgId, slice) =>
        Effect.sync(() =>
          sliceOf(
            [...rolesOf(orgId)].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)),
            slice
          )
        ),
      save: (orgId, role) =>
        Effect.sync(
          () => void store.customRoles.set(orgId, [...rolesOf(orgId).filter((r) => r.code !== role.code), role])
        ),
      remove: (orgId, code) =>
        Effect.sync(() => {
          const before = rolesOf(orgId)
          store.customRoles.set(
            orgId,
            before.filter((r) => r.code !== code)
          )
          return before.some((r) => r.code === code)
        })
    })
  })
)

/** Organisation settings in memory; an organisation's code is its id here. */
export const MemoryOrgSettingsRepository = Layer.effect(
  OrgSettingsRepository,
  withStores((store, admin) => {
    const find = (orgId: OrgId) => {
      const org = store.orgs.get(orgId)
      if (org === undefined) return Option.none<OrgSettings>()
      return Option.some(
        admin.settings.get(orgId) ??
          new OrgSettings({
            id: orgId,
            orgCode: orgId,
            orgName: org.name,
            orgType: "buyer",
            orgLogo: null,
            currency: "SAR",
            modules: defaultModules("buyer"),
            orgConfig: { adminConfig: defaultAdminConfig, generalConfig: defaultGeneralConfig },
            profile: {},
            version: 1
          })
      )
    }
    return OrgSettingsRepository.of({
      find: (orgId) => Effect.sync(() => find(orgId)),
      save: (settings, expectedVersion) =>
        Effect.gen(function* () {
          const current = find(settings.id)
          if (Option.isNone(current) || current.value.version !== expectedVersion) {
            return yield* new VersionConflict({ entity: "organisation", id: settings.id })
          }
          const saved = new OrgSettings({ ...settings, version: expectedVersion + 1 })
          admin.settings.set(settings.id, saved)
          store.orgs.set(settings.id, { ...store.orgs.get(settings.id)!, name: saved.orgName })
          return saved
        })
    })
  })
)

/** Themes in memory. */
export const MemoryThemeRepository = Layer.effect(
  ThemeRepository,
  withStores((store, admin) =>
    ThemeRepository.of({
      findByOrgCode: (orgCode) =>
        Effect.sync(() => {
          const found = [...admin.themes.values()].find((t) => t.orgCode === orgCode)
          return Option.map(Option.fromNullishOr(found), (t) => new OrgTheme(t))
        }),
      findByUrl: (url) =>
        Effect.sync(() => {
          const found = [...admin.themes.values()].find((t) => t.theme.url === url)
          return Option.map(Option.fromNullishOr(found), (t) => new OrgTheme(t))
        }),
      save: (orgId, theme) =>
        Effect.gen(function* () {
          const clash = [...admin.themes.entries()].some(
            ([owner, t]) => owner !== orgId && theme.url !== null && t.theme.url === theme.url
          )
          if (clash) return yield* new ThemeUrlTaken({ url: theme.url ?? "" })
          if (store.orgs.has(orgId)) admin.themes.set(orgId, { orgCode: orgId, theme })
        }),
      remove: (orgId) => Effect.sync(() => admin.themes.delete(orgId))
    })
  )
)

/** The administration ports in memory, over the memory identity store and its fixtures. */
export const layerMemoryAdministration = Layer.mergeAll(
  MemoryUserDirectory,
  MemoryRoleRepository,
  MemoryOrgSettingsRepository,
  MemoryThemeRepository
).pipe(Layer.provideMerge(layerMemory))
