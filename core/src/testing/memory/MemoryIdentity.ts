import { Context, Effect, Layer, Option } from "effect"
import { Actor, type Session, SessionRepository, User, UserRepository } from "../../identity/index.ts"
import { Recipient } from "../../notifications/index.ts"
import { Fixtures, fixtureUser, type NewUserOptions } from "../Fixtures.ts"

interface Store {
  readonly orgActive: Map<string, boolean>
  readonly users: Map<string, { user: User; passwordHash: string }>
  readonly sessions: Map<string, Session>
}

/** Organisations, users and sessions in memory, shared by the memory repositories and fixtures. */
export class MemoryIdentityStore extends Context.Service<MemoryIdentityStore, Store>()(
  "@tawreed/core/testing/memory/MemoryIdentityStore"
) {
  static readonly layer = Layer.sync(MemoryIdentityStore, () => ({
    orgActive: new Map(),
    users: new Map(),
    sessions: new Map()
  }))
}

/** Users in memory. */
export const MemoryUserRepository = Layer.effect(
  UserRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (store) =>
    UserRepository.of({
      findCredentials: (email) =>
        Effect.sync(() => {
          const found = [...store.users.values()].find((u) => u.user.email.toLowerCase() === email)
          return Option.map(Option.fromNullishOr(found), ({ user, passwordHash }) => ({
            user,
            passwordHash,
            orgActive: store.orgActive.get(user.orgId) === true
          }))
        }),
      findById: (orgId, id) =>
        Effect.sync(() => Option.filter(Option.fromNullishOr(store.users.get(id)?.user), (u) => u.orgId === orgId))
    })
  )
)

/** Sessions in memory. */
export const MemorySessionRepository = Layer.effect(
  SessionRepository,
  Effect.map(Effect.service(MemoryIdentityStore), (store) =>
    SessionRepository.of({
      create: (session) => Effect.sync(() => void store.sessions.set(session.tokenHash, session)),
      findActor: (tokenHash, now) =>
        Effect.sync(() => {
          const session = store.sessions.get(tokenHash)
          if (session === undefined || session.expiresAt <= now) return Option.none()
          const user = store.users.get(session.userId)?.user
          if (user === undefined || user.status !== "ACTIVE" || store.orgActive.get(user.orgId) !== true)
            return Option.none()
          return Option.some(
            new Actor({
              sessionId: session.id,
              userId: user.id,
              orgId: user.orgId,
              email: user.email,
              displayName: user.displayName,
              roles: user.roles,
              privileges: []
            })
          )
        }),
      revoke: (tokenHash) => Effect.sync(() => void store.sessions.delete(tokenHash))
    })
  )
)

/** Fixtures for memory storage. */
export const MemoryFixtures = Layer.effect(
  Fixtures,
  Effect.map(Effect.service(MemoryIdentityStore), (store) => {
    const newUser = (options: NewUserOptions = {}) =>
      Effect.sync(() => {
        const orgId = options.colleagueOf?.orgId ?? crypto.randomUUID()
        if (!store.orgActive.has(orgId)) store.orgActive.set(orgId, options.orgActive ?? true)
        const id = crypto.randomUUID()
        const user = fixtureUser(options, orgId, id)
        store.users.set(id, { user, passwordHash: options.passwordHash ?? "no-password" })
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

/** The memory identity adapters and fixtures over one store. */
export const layerMemory = Layer.mergeAll(MemoryUserRepository, MemorySessionRepository, MemoryFixtures).pipe(
  Layer.provideMerge(MemoryIdentityStore.layer)
)
