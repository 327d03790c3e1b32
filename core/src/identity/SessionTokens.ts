import { Context, type Effect } from "effect"

/** A bearer token as issued, and the hash that is stored in its place. */
export interface IssuedToken {
  readonly token: string
  readonly hash: string
}

/** Makes unguessable tokens and the hashes they are looked up by. */
export interface SessionTokensShape {
  /** A new token of at least 256 random bits, and its hash. */
  readonly issue: Effect.Effect<IssuedToken>
  /** The hash a token is stored under. */
  readonly digest: (token: string) => Effect.Effect<string>
  /** A new random id for a record. */
  readonly newId: Effect.Effect<string>
  /** A six-digit security code from a cryptographic source. */
  readonly newCode: Effect.Effect<string>
  /** The PKCE S256 challenge of a code verifier: base64url(SHA-256(verifier)). */
  readonly challenge: (verifier: string) => Effect.Effect<string>
}

/** Port: token and id generation from a cryptographic source. */
export class SessionTokens extends Context.Service<SessionTokens, SessionTokensShape>()(
  "@tawreed/core/identity/SessionTokens"
) {}
