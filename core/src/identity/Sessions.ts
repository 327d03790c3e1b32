import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { Actor } from "./Actor.ts"
import { AccountBlocked, AccountInactive, InvalidCredentials, OrgInactive, SessionRequired } from "./IdentityErrors.ts"
import { PasswordHasher } from "./PasswordHasher.ts"
import { Platform, Session, sessionLifetime } from "./Session.ts"
import { SessionRepository } from "./SessionRepository.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { normaliseEmail } from "./User.ts"
import { UserRepository } from "./UserRepository.ts"

/** The login request of SPEC.md §3. */
export class LoginRequest extends Schema.Class<LoginRequest>("LoginRequest")({
  email: Schema.String,
  password: Schema.String,
  platform: Schema.optionalKey(Platform)
}) {}

/** The login response of SPEC.md §3. */
export class LoginResponse extends Schema.Class<LoginResponse>("LoginResponse")({
  accessToken: Schema.String,
  dashboardToken: Schema.String,
  mfa: Schema.Boolean,
  accountSecurityMessage: Schema.NullOr(Schema.String)
}) {}

export type LoginError = InvalidCredentials | AccountBlocked | AccountInactive | OrgInactive

/** Sign-in, sign-out and resolving a token to the actor behind it. */
export interface SessionsShape {
  /** Signs in with email and password, opening a session. */
  readonly login: (request: LoginRequest) => Effect.Effect<LoginResponse, LoginError>
  /** Ends the session of an access token. */
  readonly logout: (token: string) => Effect.Effect<void>
  /** The actor behind an access token, or SessionRequired. */
  readonly authenticate: (token: string | undefined) => Effect.Effect<Actor, SessionRequired>
}

/** Use cases: sessions. */
export class Sessions extends Context.Service<Sessions, SessionsShape>()("@tawreed/core/identity/Sessions") {
  static readonly layer = Layer.effect(
    Sessions,
    Effect.gen(function* () {
      const users = yield* UserRepository
      const sessions = yield* SessionRepository
      const hasher = yield* PasswordHasher
      const tokens = yield* SessionTokens

      const login = Effect.fn("Sessions.login")(function* (request: LoginRequest) {
        const found = yield* users.findCredentials(normaliseEmail(request.email))
        const hash = Option.match(found, { onNone: () => undefined, onSome: (c) => c.passwordHash })
        // Verify before looking at the account's state, so every wrong password costs the same time and says the same.
        const matches = yield* hasher.verify(hash, request.password)
        if (Option.isNone(found) || !matches) return yield* new InvalidCredentials()
        const { user, orgActive } = found.value
        if (!orgActive) return yield* new OrgInactive()
        if (user.status === "BLOCKED") return yield* new AccountBlocked()
        if (user.status !== "ACTIVE") return yield* new AccountInactive()

        const platform = request.platform ?? "web"
        const access = yield* tokens.issue
        const dashboard = yield* tokens.issue
        const now = yield* Clock.currentTimeMillis
        yield* sessions.create(
          new Session({
            id: yield* tokens.newId,
            orgId: user.orgId,
            userId: user.id,
            platform,
            tokenHash: access.hash,
            dashboardTokenHash: dashboard.hash,
            createdAt: new Date(now),
            expiresAt: new Date(now + Duration.toMillis(sessionLifetime(platform)))
          })
        )
        return new LoginResponse({
          accessToken: access.token,
          dashboardToken: dashboard.token,
          mfa: false,
          accountSecurityMessage: null
        })
      })

      const logout = Effect.fn("Sessions.logout")(function* (token: string) {
        yield* sessions.revoke(yield* tokens.digest(token))
      })

      const authenticate = Effect.fn("Sessions.authenticate")(function* (token: string | undefined) {
        if (token === undefined || token.length === 0) return yield* new SessionRequired()
        const now = yield* Clock.currentTimeMillis
        const actor = yield* sessions.findActor(yield* tokens.digest(token), new Date(now))
        if (Option.isNone(actor)) return yield* new SessionRequired()
        return actor.value
      })

      return Sessions.of({ login, logout, authenticate })
    })
  )
}
