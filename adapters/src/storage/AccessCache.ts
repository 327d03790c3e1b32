import { Context, Effect, Layer, Option, Stream } from "effect"
import { RoleRepository } from "@tawreed/core/access"
import { AccountSecurity, type Actor, SessionRepository, UserDirectory } from "@tawreed/core/identity"
import { OrgSettingsRepository, ThemeRepository } from "@tawreed/core/organisations"
import { AccessChanged, EventBus, Transactions } from "@tawreed/core/shared"
import { WorkspaceRepository } from "@tawreed/core/workspaces"

/**
 * How long a process keeps what it read of sessions, settings, themes and memberships: two seconds, or
 * `TAWREED_ACCESS_CACHE_MS` (0 keeps nothing).
 */
export const accessCacheMillis = Number(process.env["TAWREED_ACCESS_CACHE_MS"] ?? 2_000)

/** How many entries each kind keeps before it starts again empty. */
const maxEntries = 10_000

interface Kept<V> {
  readonly value: V
  readonly until: number
}

/**
 * What every request reads first and rarely changes (the session behind a token, the organisation's settings and
 * theme, a user's workspace memberships), kept in this process for `accessCacheMillis` at most, so that a page's
 * middleware, layout and body read it once and the next requests not at all. Any change made through the ports
 * that could alter it drops all of it in this process at once and again when it commits and, through the event bus
 * (AccessChanged, after the commit), in the others; a change made while a read was under way is never kept by that
 * read.
 */
export interface AccessCacheShape {
  readonly read: <V, E, R>(kind: string, key: string, read: Effect.Effect<V, E, R>) => Effect.Effect<V, E, R>
  /** Drops everything here, now. */
  readonly drop: Effect.Effect<void>
  /** Drops everything here now and once the caller's transaction commits, then tells the other processes to. */
  readonly changed: (orgId: string | null) => Effect.Effect<void>
}

export class AccessCache extends Context.Service<AccessCache, AccessCacheShape>()(
  "@tawreed/adapters/storage/AccessCache"
) {
  static readonly layer = Layer.effect(
    AccessCache,
    Effect.gen(function* () {
      const bus = yield* EventBus
      const kinds = new Map<string, Map<string, Kept<unknown>>>()
      let generation = 0
      const dropAll = () => {
        generation++
        kinds.clear()
      }
      const events = yield* bus.subscribe
      yield* Effect.forkScoped(
        Stream.runForEach(events, (event) =>
          Effect.sync(() => (event._tag === "AccessChanged" ? dropAll() : undefined))
        )
      )
      const read = <V, E, R>(kind: string, key: string, work: Effect.Effect<V, E, R>) =>
        Effect.suspend(() => {
          const now = Date.now()
          const entries = kinds.get(kind)
          const kept = entries?.get(key)
          if (kept !== undefined && kept.until > now) return Effect.succeed(kept.value as V)
          const started = generation
          return Effect.tap(work, (value) =>
            Effect.sync(() => {
              if (started !== generation) return
              const into = kinds.get(kind) ?? new Map<string, Kept<unknown>>()
              if (into.size >= maxEntries) into.clear()
              into.set(key, { value, until: now + accessCacheMillis })
              kinds.set(kind, into)
            })
          )
        })
      const transactions = yield* Transactions
      // Dropped at once, and again once the change commits (a read between the two keeps nothing); the other
      // processes are told after the commit, so that what they read again is the change.
      const changed = (orgId: string | null) =>
        Effect.andThen(
          Effect.sync(dropAll),
          transactions.afterCommit(
            Effect.andThen(
              Effect.sync(dropAll),
              bus.publish(new AccessChanged({ orgId })).pipe(Effect.catchDefect(() => Effect.void))
            )
          )
        )
      return AccessCache.of({ read, drop: Effect.sync(dropAll), changed })
    })
  )
}

/** Runs a change, dropping what is kept before it and after it (a read that overlapped it keeps nothing). */
const changing =
  (cache: AccessCacheShape, orgId: (args: ReadonlyArray<unknown>) => string | null) =>
  <A, E, R>(args: ReadonlyArray<unknown>, work: Effect.Effect<A, E, R>) =>
    Effect.andThen(
      cache.changed(orgId(args)),
      Effect.tap(work, () => cache.changed(orgId(args)))
    )

/**
 * A port whose every method but the named reads counts as a change of access: each call drops what is kept. Any
 * method added to the port later is a change until it is named a read.
 */
const dropOnChange = <S extends object>(
  service: S,
  cache: AccessCacheShape,
  reads: ReadonlyArray<string>,
  orgId: (args: ReadonlyArray<unknown>) => string | null = () => null
): S => {
  const change = changing(cache, orgId)
  const wrapped: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(service)) {
    wrapped[name] =
      typeof value === "function" && !reads.includes(name)
        ? (...args: Array<unknown>) => change(args, value(...args) as Effect.Effect<unknown, unknown, unknown>)
        : value
  }
  return wrapped as S
}

const firstString = (args: ReadonlyArray<unknown>): string | null => (typeof args[0] === "string" ? args[0] : null)

/** The session behind a token, read once per `accessCacheMillis`, and never past the session's own expiry. */
const sessions = Layer.effect(
  SessionRepository,
  Effect.gen(function* () {
    const inner = yield* SessionRepository
    const cache = yield* AccessCache
    return SessionRepository.of({
      ...dropOnChange(inner, cache, ["create", "findActor"]),
      findActor: (tokenHash, now) =>
        cache
          .read("session", tokenHash, inner.findActor(tokenHash, now))
          .pipe(
            Effect.map((actor: Option.Option<Actor>) =>
              Option.filter(
                actor,
                (a) => a.sessionExpiresAt === undefined || a.sessionExpiresAt.getTime() > now.getTime()
              )
            )
          )
    })
  })
)

const settings = Layer.effect(
  OrgSettingsRepository,
  Effect.gen(function* () {
    const inner = yield* OrgSettingsRepository
    const cache = yield* AccessCache
    return OrgSettingsRepository.of({
      ...dropOnChange(inner, cache, ["find"], (args) => {
        const first = args[0] as { readonly orgId?: unknown } | undefined
        return typeof first?.orgId === "string" ? first.orgId : null
      }),
      find: (orgId) => cache.read("settings", orgId, inner.find(orgId))
    })
  })
)

const themes = Layer.effect(
  ThemeRepository,
  Effect.gen(function* () {
    const inner = yield* ThemeRepository
    const cache = yield* AccessCache
    return ThemeRepository.of({
      ...dropOnChange(inner, cache, ["findByOrgCode", "findByUrl"], firstString),
      findByOrgCode: (code) => cache.read("theme", code, inner.findByOrgCode(code))
    })
  })
)

/** The workspace port's reads, which neither this cache nor a page's reads (`PageReads.ts`) count as changes. */
export const workspaceReads: ReadonlyArray<string> = [
  "find",
  "nameExists",
  "list",
  "statusCounts",
  "filterCounts",
  "countForCreate",
  "membershipsOf",
  "members",
  "defaultOf",
  "preferencesOf"
]

const workspaces = Layer.effect(
  WorkspaceRepository,
  Effect.gen(function* () {
    const inner = yield* WorkspaceRepository
    const cache = yield* AccessCache
    // A user's list columns change no one's access.
    const reads = [...workspaceReads, "saveColumns"]
    return WorkspaceRepository.of({
      ...dropOnChange(inner, cache, reads, firstString),
      membershipsOf: (orgId, userId) =>
        cache.read("memberships", `${orgId}/${userId}`, inner.membershipsOf(orgId, userId))
    })
  })
)

const roles = Layer.effect(
  RoleRepository,
  Effect.map(Effect.all([RoleRepository, AccessCache]), ([inner, cache]) =>
    RoleRepository.of(dropOnChange(inner, cache, ["list"], firstString))
  )
)

const users = Layer.effect(
  UserDirectory,
  Effect.map(Effect.all([UserDirectory, AccessCache]), ([inner, cache]) =>
    UserDirectory.of(dropOnChange(inner, cache, ["list", "statusCounts", "find"], firstString))
  )
)

const security = Layer.effect(
  AccountSecurity,
  Effect.map(Effect.all([AccountSecurity, AccessCache]), ([inner, cache]) =>
    AccountSecurity.of(
      dropOnChange(inner, cache, [
        "invitation",
        "orgName",
        "email",
        "claimSignInAttempt",
        "recordSignIn",
        "saveCode",
        "openCode",
        "claimCodeSend",
        "claimCodeAttempt",
        "markCodeVerified",
        "closeCode",
        "createInvitation",
        "findInvitation"
      ])
    )
  )
)

/**
 * The access ports over the cache: put over the SQL repositories (which it needs, with the event bus), it gives the
 * same ports back, reading through `AccessCache` and dropping it on every change.
 */
export const cachedAccess = Layer.mergeAll(sessions, settings, themes, workspaces, roles, users, security).pipe(
  Layer.provideMerge(AccessCache.layer)
)
