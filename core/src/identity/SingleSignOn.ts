import { Clock, Context, Duration, Effect, Layer, Option, Schema } from "effect"
import { AuditEvent, AuditLog, RequestOrigin } from "../shared/AuditLog.ts"
import { Platform } from "./Session.ts"
import { type LoginError, type LoginResponse, Sessions } from "./Sessions.ts"
import { SessionTokens } from "./SessionTokens.ts"
import { normaliseEmail } from "./User.ts"
import { UserRepository } from "./UserRepository.ts"

/** The single sign-on providers of SPEC.md §7 (`google/login`, `azure/login`), each an OpenID Connect issuer. */
export const SsoProvider = Schema.Literals(["google", "azure"])
export type SsoProvider = typeof SsoProvider.Type

/** What a provider vouches for once its ID token is verified: the identity is issuer + subject. */
export interface VerifiedIdentity {
  readonly issuer: string
  readonly subject: string
  readonly email: string | null
  readonly emailVerified: boolean
}

/** A sign-in started at a provider: found again by its state, used once. */
export class SsoAttempt extends Schema.Class<SsoAttempt>("SsoAttempt")({
  provider: SsoProvider,
  codeVerifier: Schema.String,
  nonce: Schema.String,
  redirectUri: Schema.String,
  returnUrl: Schema.String,
  platform: Platform,
  expiresAt: Schema.Date
}) {}

/** The OpenID Connect side: where to send the browser, and what a returned code proves. */
export interface OpenIdProvidersShape {
  /** The providers this deployment has configured. */
  readonly configured: Effect.Effect<ReadonlyArray<SsoProvider>>
  readonly authorizationUrl: (
    provider: SsoProvider,
    params: {
      readonly state: string
      readonly nonce: string
      readonly codeChallenge: string
      readonly redirectUri: string
    }
  ) => Effect.Effect<string, SsoRefused>
  /** Exchanges the code (with the PKCE verifier) and verifies the ID token's signature, issuer, audience and nonce. */
  readonly verify: (
    provider: SsoProvider,
    code: string,
    attempt: SsoAttempt
  ) => Effect.Effect<VerifiedIdentity, SsoRefused>
}

/** Port: the configured OpenID Connect providers. */
export class OpenIdProviders extends Context.Service<OpenIdProviders, OpenIdProvidersShape>()(
  "@tawreed/core/identity/OpenIdProviders"
) {}

/** Sign-ins under way, and the links between provider identities and users. */
export interface SsoStoreShape {
  readonly saveAttempt: (stateHash: string, attempt: SsoAttempt) => Effect.Effect<void>
  /** The attempt a state names, removed so it works once. */
  readonly takeAttempt: (stateHash: string) => Effect.Effect<Option.Option<SsoAttempt>>
  /** The user an identity is linked to. */
  readonly findLink: (
    issuer: string,
    subject: string
  ) => Effect.Effect<Option.Option<{ orgId: string; userId: string }>>
  readonly link: (orgId: string, userId: string, identity: VerifiedIdentity) => Effect.Effect<void>
}

/** Port: where single sign-on state is kept. */
export class SsoStore extends Context.Service<SsoStore, SsoStoreShape>()("@tawreed/core/identity/SsoStore") {}

/** The provider did not vouch for anyone: a bad state, code or token (E1007). */
export class SsoRefused extends Schema.TaggedError<SsoRefused>()("SsoRefused", { reason: Schema.String }) {}

/** A Google identity that belongs to no user of the product (E1025). */
export class GoogleUserNotFound extends Schema.TaggedError<GoogleUserNotFound>()("GoogleUserNotFound", {}) {}

/** A Microsoft identity that belongs to no user of the product (E1026). */
export class AzureUserNotFound extends Schema.TaggedError<AzureUserNotFound>()("AzureUserNotFound", {}) {}

export type SsoUserNotFound = GoogleUserNotFound | AzureUserNotFound

const userNotFound = (provider: SsoProvider): SsoUserNotFound =>
  provider === "google" ? new GoogleUserNotFound() : new AzureUserNotFound()

export type SsoError = SsoRefused | SsoUserNotFound | LoginError

/** Where a started sign-in sends the browser. */
export interface SsoStart {
  readonly redirectTo: string
}

/** A finished sign-in: the session's tokens and where the user was going. */
export interface SsoFinish {
  readonly response: LoginResponse
  readonly returnUrl: string
}

/**
 * Single sign-on over OpenID Connect: the authorization code flow with PKCE, a state and a nonce each used once.
 * The identity is the issuer and subject, never the email: the first sign-in links an identity to the active user
 * whose email the provider has verified, and every later one goes by the link alone.
 */
export interface SingleSignOnShape {
  /** Starts a sign-in; `callbackUrl` is this deployment's address of the provider's callback. */
  readonly start: (
    provider: SsoProvider,
    returnUrl: string,
    platform: Platform,
    callbackUrl: string
  ) => Effect.Effect<SsoStart, SsoRefused>
  readonly finish: (
    provider: SsoProvider,
    code: string,
    state: string,
    origin?: RequestOrigin
  ) => Effect.Effect<SsoFinish, SsoError>
}

const attemptLifetime = Duration.minutes(10)

/** Use cases: single sign-on. */
export class SingleSignOn extends Context.Service<SingleSignOn, SingleSignOnShape>()(
  "@tawreed/core/identity/SingleSignOn"
) {
  static readonly layer = Layer.effect(
    SingleSignOn,
    Effect.gen(function* () {
      const providers = yield* OpenIdProviders
      const store = yield* SsoStore
      const tokens = yield* SessionTokens
      const users = yield* UserRepository
      const sessions = yield* Sessions
      const audit = yield* AuditLog

      const start = Effect.fn("SingleSignOn.start")(function* (
        provider: SsoProvider,
        returnUrl: string,
        platform: Platform,
        callbackUrl: string
      ) {
        const state = (yield* tokens.issue).token
        const nonce = (yield* tokens.issue).token
        const verifier = (yield* tokens.issue).token
        const now = yield* Clock.currentTimeMillis
        yield* store.saveAttempt(
          yield* tokens.digest(state),
          new SsoAttempt({
            provider,
            codeVerifier: verifier,
            nonce,
            redirectUri: callbackUrl,
            returnUrl,
            platform,
            expiresAt: new Date(now + Duration.toMillis(attemptLifetime))
          })
        )
        const codeChallenge = yield* tokens.challenge(verifier)
        return {
          redirectTo: yield* providers.authorizationUrl(provider, {
            state,
            nonce,
            codeChallenge,
            redirectUri: callbackUrl
          })
        }
      })

      const finish = Effect.fn("SingleSignOn.finish")(function* (
        provider: SsoProvider,
        code: string,
        state: string,
        origin: RequestOrigin = new RequestOrigin({ address: null })
      ) {
        const attempt = yield* store.takeAttempt(yield* tokens.digest(state))
        const now = yield* Clock.currentTimeMillis
        if (Option.isNone(attempt) || attempt.value.provider !== provider || attempt.value.expiresAt.getTime() <= now) {
          return yield* new SsoRefused({ reason: "state" })
        }
        const identity = yield* providers.verify(provider, code, attempt.value)
        let linked = yield* store.findLink(identity.issuer, identity.subject)
        if (Option.isNone(linked) && identity.emailVerified && identity.email !== null) {
          const candidate = yield* users.findCredentials(normaliseEmail(identity.email))
          if (Option.isSome(candidate) && candidate.value.user.status === "ACTIVE") {
            const { user } = candidate.value
            yield* store.link(user.orgId, user.id, identity)
            linked = Option.some({ orgId: user.orgId, userId: user.id })
          }
        }
        if (Option.isNone(linked)) {
          yield* audit.record(
            new AuditEvent({
              orgId: null,
              actorId: null,
              event: "sign_in.failed",
              address: origin.address,
              detail: { provider }
            })
          )
          return yield* Effect.fail(userNotFound(provider))
        }
        const response = yield* sessions.openFor(
          linked.value.orgId,
          linked.value.userId,
          attempt.value.platform,
          origin,
          {
            provider
          }
        )
        return { response, returnUrl: attempt.value.returnUrl }
      })

      return SingleSignOn.of({ start, finish })
    })
  )
}
