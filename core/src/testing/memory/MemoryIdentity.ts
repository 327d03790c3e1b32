import { Context, Duration, Effect, Layer, Option } from "effect"
import {
  AccountSecurity,
  actorOf,
  type Invitation,
  lockDuration,
  SecurityCode,
  type Session,
  SessionRepository,
  type User,
  UserRepository
} from "../../identity/index.ts"
import { Mailer, type OutgoingMail } from "../../mail/index.ts"
import { Recipient } from "../../notifications/index.ts"
import { EmailTaken, Organisation, OrganisationRepository } from "../../organisations/index.ts"
import { AuditLog, type AuditEvent } from "../../shared/AuditLog.ts"
import { Throttle } from "../../shared/Throttle.ts"
import { Fixtures, fixtureUser, type NewUserOptions } from "../Fixtures.ts"

interface OrgRow {
  active: boolean
  phoneLogin?: boolean
  name: string
  expiresAt: Date | null
  passwordMaxAgeDays: number | null
}

interface UserRow {
  user: User
  phone?: string
  passwordHash: string
  mfaEnabled: boolean
  failedLogins: number
  lockedUntil: Date | null
  passwordChangedAt: Date
}

interface Store {
  readonly orgs: Map<string, OrgRow>
  readonly users: Map<string, UserRow>
  readonly sessions: Map<string, Session>
  readonly codes: Map<string, { code: SecurityCode; usedAt: Date | null }>
  readonly invitations: Map<string, { invitation: Invitation; tokenHash: string }>
  readonly audit: Array<AuditEvent>
  readonly mail: Array<OutgoingMail>
  readonly throttle: Map<string, Array<number>>
  /** Each organisation's custom roles, by organisation id. */
  readonly customRoles: Map<
    string,
    ReadonlyArray<{ readonly code: string; readonly privileges: ReadonlyArray<string> }>
  >
}

/** Organisations, users, sessions and their security state in memory, shared by the memory adapters. */
export class MemoryIdentityStore extends Context.Service<MemoryIdentityStore, Store>()(
  "@tawreed/core/testing/memory/MemoryIdentityStore"
) {
  static readonly layer = Layer.sync(MemoryIdentityStore, () => ({
    orgs: new Map(),
    users: new Map(),
    sessions: new Map(),
    codes: new Map(),
    invitations: new Map(),
    audit: [],
    mail: [],
    throttle: new Map(),
    customRoles: new Map()
  }))
}

const withStore = <S>(f: (store: Store) => S) => Effect.map(Effect.service(MemoryIdentityStore), f)

/** Users in memory. */
export const MemoryUserRepository = Layer.effect(
  UserRepository,
  withStore((store) => {
    const credentialsOf = (row: UserRow | undefined) =>
      Option.map(Option.fromNullishOr(row), (r) => {
        const org = store.orgs.get(r.user.orgId)
        return {
          user: r.user,
          passwordHash: r.passwordHash,
          orgActive: org?.active === true,
          orgExpiresAt: org?.expiresAt ?? null,
          passwordMaxAgeDays: org?.passwordMaxAgeDays ?? null,
          passwordChangedAt: r.passwordChangedAt,
          mfaEnabled: r.mfaEnabled,
          failedLogins: r.failedLogins,
          lockedUntil: r.lockedUntil
        }
      })
    return UserRepository.of({
      findCredentials: (email) =>
        Effect.sync(() => credentialsOf([...store.users.values()].find((u) => u.user.email.toLowerCase() === email))),
      findCredentialsByPhone: (phone) =>
        Effect.sync(() =>
          credentialsOf(
            [...store.users.values()].find(
              (u) => u.phone === phone && store.orgs.get(u.user.orgId)?.phoneLogin === true
            )
          )
        ),
      findById: (orgId, id) =>
        Effect.sync(() => Option.filter(Option.fromNullishOr(store.users.get(id)?.user), (u) => u.orgId === orgId))
    })
  })
)

/** Sessions in memory. */
export const MemorySessionRepository = Layer.effect(
  SessionRepository,
  withStore((store) =>
    SessionRepository.of({
      create: (session) => Effect.sync(() => void store.sessions.set(session.tokenHash, session)),
      findActor: (tokenHash, now) =>
        Effect.sync(() => {
          const session = store.sessions.get(tokenHash)
          if (session === undefined || session.expiresAt <= now) return Option.none()
          const user = store.users.get(session.userId)?.user
          if (user === undefined || user.status !== "ACTIVE" || store.orgs.get(user.orgId)?.active !== true) {
            return Option.none()
          }
          return Option.some(actorOf(user, session.id, session.expiresAt, store.customRoles.get(user.orgId)))
        }),
      revoke: (tokenHash) => Effect.sync(() => void store.sessions.delete(tokenHash))
    })
  )
)

/** Account security state in memory. */
export const MemoryAccountSecurity = Layer.effect(
  AccountSecurity,
  withStore((store) => {
    const row = (orgId: string, userId: string) => {
      const found = store.users.get(userId)
      return found !== undefined && found.user.orgId === orgId ? found : undefined
    }
    return AccountSecurity.of({
      claimSignInAttempt: (orgId, userId, at) =>
        Effect.sync(() => {
          const r = row(orgId, userId)
          if (r === undefined) return true
          if (r.lockedUntil !== null && r.lockedUntil > at) return false
          r.failedLogins += 1
          const lock = Duration.toMillis(lockDuration(r.failedLogins))
          if (lock > 0) r.lockedUntil = new Date(at.getTime() + lock)
          return true
        }),
      recordSignIn: (orgId, userId) =>
        Effect.sync(() => {
          const r = row(orgId, userId)
          if (r) Object.assign(r, { failedLogins: 0, lockedUntil: null })
        }),
      setPassword: (orgId, userId, passwordHash, now) =>
        Effect.sync(() => {
          const r = row(orgId, userId)
          if (r) Object.assign(r, { passwordHash, passwordChangedAt: now, failedLogins: 0, lockedUntil: null })
        }),
      saveCode: (code) =>
        Effect.sync(() => {
          for (const entry of store.codes.values()) {
            if (entry.code.userId === code.userId && entry.code.purpose === code.purpose && entry.usedAt === null) {
              entry.usedAt = new Date(0)
            }
          }
          store.codes.set(code.id, { code, usedAt: null })
        }),
      openCode: (orgId, userId, purpose) =>
        Effect.sync(() =>
          Option.fromNullishOr(
            [...store.codes.values()]
              .filter(
                (e) =>
                  e.usedAt === null && e.code.orgId === orgId && e.code.userId === userId && e.code.purpose === purpose
              )
              .at(-1)?.code
          )
        ),
      claimCodeSend: (orgId, id, send) =>
        Effect.sync(() => {
          const entry = store.codes.get(id)
          if (entry === undefined || entry.code.orgId !== orgId || entry.usedAt !== null) return false
          const { sentAt, sends } = entry.code
          if (sends >= send.maxSends || (sentAt !== null && sentAt >= send.sentBefore)) return false
          entry.code = new SecurityCode({
            ...entry.code,
            codeHash: send.codeHash,
            attempts: 0,
            sends: sends + 1,
            sentAt: send.at,
            expiresAt: send.expiresAt
          })
          return true
        }),
      claimCodeAttempt: (orgId, id, maxAttempts) =>
        Effect.sync(() => {
          const entry = store.codes.get(id)
          if (entry === undefined || entry.code.orgId !== orgId || entry.usedAt !== null) return Option.none()
          if (entry.code.attempts >= maxAttempts) return Option.none()
          entry.code = new SecurityCode({ ...entry.code, attempts: entry.code.attempts + 1 })
          return Option.some(entry.code.attempts)
        }),
      markCodeVerified: (orgId, id, at) =>
        Effect.sync(() => {
          const entry = store.codes.get(id)
          if (entry && entry.code.orgId === orgId) entry.code = new SecurityCode({ ...entry.code, verifiedAt: at })
        }),
      closeCode: (orgId, id) =>
        Effect.sync(() => {
          const entry = store.codes.get(id)
          if (entry === undefined || entry.code.orgId !== orgId || entry.usedAt !== null) return false
          entry.usedAt = new Date()
          return true
        }),
      createInvitation: (invitation, tokenHash) =>
        Effect.sync(() => void store.invitations.set(invitation.id, { invitation, tokenHash })),
      findInvitation: (tokenHash) =>
        Effect.sync(() => {
          const entry = [...store.invitations.values()].find((e) => e.tokenHash === tokenHash)
          if (entry === undefined) return Option.none()
          const user = store.users.get(entry.invitation.userId)?.user
          return Option.some({
            invitation: entry.invitation,
            orgName: store.orgs.get(entry.invitation.orgId)?.name ?? "",
            email: user?.email ?? ""
          })
        }),
      useInvitation: (orgId, id, now) =>
        Effect.sync(() => {
          const entry = store.invitations.get(id)
          if (entry === undefined || entry.invitation.orgId !== orgId || entry.invitation.usedAt !== null) return false
          entry.invitation = { ...entry.invitation, usedAt: now } as Invitation
          return true
        })
    })
  })
)

/** Throttling counters in memory, on the effect clock. */
export const MemoryThrottle = Layer.effect(
  Throttle,
  withStore((store) => {
    const recent = (key: string, window: Duration.Duration, now: number) =>
      (store.throttle.get(key) ?? []).filter((at) => at > now - Duration.toMillis(window))
    return Throttle.of({
      hit: (key, window) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            const now = clock.currentTimeMillisUnsafe()
            const hits = [...recent(key, window, now), now]
            store.throttle.set(key, hits)
            return hits.length
          })
        ),
      count: (key, window) =>
        Effect.clockWith((clock) => Effect.sync(() => recent(key, window, clock.currentTimeMillisUnsafe()).length)),
      take: (key, window, limit) =>
        Effect.clockWith((clock) =>
          Effect.sync(() => {
            const now = clock.currentTimeMillisUnsafe()
            const hits = recent(key, window, now)
            if (hits.length >= limit) return false
            store.throttle.set(key, [...hits, now])
            return true
          })
        ),
      release: (key) => Effect.sync(() => void store.throttle.set(key, (store.throttle.get(key) ?? []).slice(0, -1)))
    })
  })
)

/** The audit log in memory; tests read `store.audit`. */
export const MemoryAuditLog = Layer.effect(
  AuditLog,
  withStore((store) => AuditLog.of({ record: (event) => Effect.sync(() => void store.audit.push(event)) }))
)

/** Mail kept in memory; tests read `store.mail`. */
export const MemoryMailer = Layer.effect(
  Mailer,
  withStore((store) => Mailer.of({ send: (mail) => Effect.sync(() => void store.mail.push(mail)) }))
)

/** Fixtures for memory storage. */
export const MemoryFixtures = Layer.effect(
  Fixtures,
  withStore((store) => {
    const newUser = (options: NewUserOptions = {}) =>
      Effect.sync(() => {
        const orgId = options.colleagueOf?.orgId ?? crypto.randomUUID()
        if (!store.orgs.has(orgId)) {
          store.orgs.set(orgId, {
            active: options.orgActive ?? true,
            name: "Fixture",
            expiresAt: options.orgExpiresAt ?? null,
            passwordMaxAgeDays: options.passwordMaxAgeDays ?? null,
            phoneLogin: options.orgPhoneLogin ?? false
          })
        }
        const id = crypto.randomUUID()
        const user = fixtureUser(options, orgId, id)
        store.users.set(id, {
          user,
          passwordHash: options.passwordHash ?? "no-password",
          mfaEnabled: options.mfaEnabled ?? false,
          failedLogins: 0,
          lockedUntil: null,
          passwordChangedAt: options.passwordChangedAt ?? new Date(0),
          ...(options.phone === undefined ? {} : { phone: options.phone })
        })
        return user
      })
    const recipientOf = (user: User) => new Recipient({ orgId: user.orgId, userId: user.id })
    return Fixtures.of({
      newUser,
      newRecipient: Effect.map(newUser(), recipientOf),
      newColleague: (of) => Effect.map(newUser({ colleagueOf: of }), recipientOf)
    })
  })
)

/** Organisations in memory, registered with their first user. */
export const MemoryOrganisationRepository = Layer.effect(
  OrganisationRepository,
  withStore((store) =>
    OrganisationRepository.of({
      findById: (id) =>
        Effect.sync(() => {
          const org = store.orgs.get(id)
          return org === undefined
            ? Option.none()
            : Option.some(
                new Organisation({
                  id,
                  code: org.name.toUpperCase(),
                  name: org.name,
                  orgType: "buyer",
                  currency: "SAR",
                  active: org.active
                })
              )
        }),
      register: (organisation, user, passwordHash) =>
        Effect.suspend(() => {
          if ([...store.users.values()].some((u) => u.user.email.toLowerCase() === user.email.toLowerCase())) {
            return Effect.fail(new EmailTaken())
          }
          store.orgs.set(organisation.id, {
            active: organisation.active,
            name: organisation.name,
            expiresAt: null,
            passwordMaxAgeDays: null
          })
          store.users.set(user.id, {
            user,
            passwordHash,
            mfaEnabled: false,
            failedLogins: 0,
            lockedUntil: null,
            passwordChangedAt: new Date(0)
          })
          return Effect.succeed(organisation)
        })
    })
  )
)

/** Every memory identity adapter and the fixtures, over one store. */
export const layerMemory = Layer.mergeAll(
  MemoryUserRepository,
  MemorySessionRepository,
  MemoryAccountSecurity,
  MemoryThrottle,
  MemoryAuditLog,
  MemoryMailer,
  MemoryOrganisationRepository,
  MemoryFixtures
).pipe(Layer.provideMerge(MemoryIdentityStore.layer))
