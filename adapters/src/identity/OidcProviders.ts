import { createPublicKey, verify as verifySignature, type JsonWebKey } from "node:crypto"
import { Effect, Layer } from "effect"
import {
  OpenIdProviders,
  SsoRefused,
  type SsoAttempt,
  type SsoProvider,
  type VerifiedIdentity
} from "@tawreed/core/identity"

/** One provider's registration with this deployment. */
export interface OidcClientConfig {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: string
}

/** The providers a deployment has configured; those absent are not offered. */
export type SsoConfig = Partial<Record<SsoProvider, OidcClientConfig>>

/**
 * Reads the providers from the environment: `SSO_GOOGLE_CLIENT_ID` and `SSO_GOOGLE_CLIENT_SECRET` (issuer
 * `SSO_GOOGLE_ISSUER`, Google's by default), and `SSO_AZURE_ISSUER` (the tenant's
 * `https://login.microsoftonline.com/<tenant>/v2.0`), `SSO_AZURE_CLIENT_ID`, `SSO_AZURE_CLIENT_SECRET`.
 */
export const ssoConfigFromEnv = (env: Record<string, string | undefined> = process.env): SsoConfig => {
  const config: { -readonly [P in SsoProvider]?: OidcClientConfig } = {}
  const google = { id: env["SSO_GOOGLE_CLIENT_ID"], secret: env["SSO_GOOGLE_CLIENT_SECRET"] }
  if (google.id && google.secret) {
    config.google = {
      issuer: env["SSO_GOOGLE_ISSUER"] || "https://accounts.google.com",
      clientId: google.id,
      clientSecret: google.secret
    }
  }
  const azure = {
    issuer: env["SSO_AZURE_ISSUER"],
    id: env["SSO_AZURE_CLIENT_ID"],
    secret: env["SSO_AZURE_CLIENT_SECRET"]
  }
  if (azure.issuer && azure.id && azure.secret) {
    config.azure = { issuer: azure.issuer, clientId: azure.id, clientSecret: azure.secret }
  }
  return config
}

interface Discovery {
  readonly issuer: string
  readonly authorization_endpoint: string
  readonly token_endpoint: string
  readonly jwks_uri: string
}

interface Jwk extends JsonWebKey {
  readonly kid?: string
  readonly alg?: string
  readonly use?: string
}

/** The signature algorithms accepted on ID tokens, and how node:crypto checks each. */
const algorithms: Readonly<Record<string, { readonly hash: string; readonly ieee?: true }>> = {
  RS256: { hash: "sha256" },
  RS384: { hash: "sha384" },
  RS512: { hash: "sha512" },
  PS256: { hash: "sha256" },
  ES256: { hash: "sha256", ieee: true },
  ES384: { hash: "sha384", ieee: true }
}

/** Allowed clock difference between this server and the provider. */
const skewSeconds = 120

const decodePart = (part: string | undefined): Record<string, unknown> => {
  if (!part) throw new Error("malformed token")
  return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>
}

/**
 * OpenID Connect providers over HTTP: discovery documents and key sets are fetched on first use and kept, and a key
 * set is fetched again when a token names a key it lacks (the provider rotated its keys).
 */
export const OidcProviders = (config: SsoConfig, fetcher: typeof globalThis.fetch = globalThis.fetch) =>
  Layer.sync(OpenIdProviders, () => {
    const discoveries = new Map<SsoProvider, Discovery>()
    const keys = new Map<SsoProvider, ReadonlyArray<Jwk>>()
    const refuse = (reason: string) => new SsoRefused({ reason })
    const clientOf = (provider: SsoProvider) => {
      const client = config[provider]
      return client ? Effect.succeed(client) : Effect.fail(refuse(`${provider} is not configured`))
    }
    const fetchJson = <A>(url: string, init?: RequestInit) =>
      Effect.tryPromise({
        try: async () => {
          const response = await fetcher(url, init)
          if (!response.ok) throw new Error(`${url} answered ${response.status}`)
          return (await response.json()) as A
        },
        catch: (error) => refuse(error instanceof Error ? error.message : String(error))
      })
    const discover = (provider: SsoProvider) =>
      Effect.gen(function* () {
        const known = discoveries.get(provider)
        if (known) return known
        const client = yield* clientOf(provider)
        const document = yield* fetchJson<Discovery>(
          `${client.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`
        )
        if (document.issuer !== client.issuer) return yield* refuse("the discovery document names another issuer")
        discoveries.set(provider, document)
        return document
      })
    const keyFor = (provider: SsoProvider, kid: string | undefined) =>
      Effect.gen(function* () {
        const find = (set: ReadonlyArray<Jwk> | undefined) =>
          set?.find((key) => (kid === undefined || key.kid === kid) && key.use !== "enc")
        const cached = find(keys.get(provider))
        if (cached) return cached
        const { jwks_uri } = yield* discover(provider)
        const fresh = yield* fetchJson<{ keys: ReadonlyArray<Jwk> }>(jwks_uri)
        keys.set(provider, fresh.keys)
        const found = find(fresh.keys)
        if (!found) return yield* refuse("the token was signed with an unknown key")
        return found
      })

    const verifyIdToken = (provider: SsoProvider, token: string, client: OidcClientConfig, attempt: SsoAttempt) =>
      Effect.gen(function* () {
        const [head, body, signature] = token.split(".")
        const header = yield* Effect.try({ try: () => decodePart(head), catch: () => refuse("malformed ID token") })
        const claims = yield* Effect.try({ try: () => decodePart(body), catch: () => refuse("malformed ID token") })
        const algorithm = algorithms[String(header["alg"])]
        if (!algorithm || signature === undefined)
          return yield* refuse(`unaccepted signature algorithm ${String(header["alg"])}`)
        const jwk = yield* keyFor(provider, typeof header["kid"] === "string" ? header["kid"] : undefined)
        const valid = yield* Effect.try({
          try: () =>
            verifySignature(
              algorithm.hash,
              Buffer.from(`${head}.${body}`),
              {
                key: createPublicKey({ key: jwk, format: "jwk" }),
                ...(algorithm.ieee ? { dsaEncoding: "ieee-p1363" as const } : {}),
                ...(String(header["alg"]).startsWith("PS") ? { padding: 6 } : {})
              },
              Buffer.from(signature, "base64url")
            ),
          catch: () => refuse("the ID token's signature could not be checked")
        })
        if (!valid) return yield* refuse("the ID token's signature is wrong")
        const { issuer } = yield* discover(provider)
        const now = Math.floor(Date.now() / 1000)
        const audience = claims["aud"]
        const audiences = Array.isArray(audience) ? audience : [audience]
        if (claims["iss"] !== issuer) return yield* refuse("the ID token names another issuer")
        if (!audiences.includes(client.clientId)) return yield* refuse("the ID token is for another client")
        if (typeof claims["exp"] !== "number" || claims["exp"] < now - skewSeconds)
          return yield* refuse("the ID token expired")
        if (claims["nonce"] !== attempt.nonce) return yield* refuse("the ID token's nonce does not match")
        if (typeof claims["sub"] !== "string" || claims["sub"] === "")
          return yield* refuse("the ID token has no subject")
        const identity: VerifiedIdentity = {
          issuer,
          subject: claims["sub"],
          email: typeof claims["email"] === "string" ? claims["email"] : null,
          emailVerified: claims["email_verified"] === true || claims["email_verified"] === "true"
        }
        return identity
      })

    return OpenIdProviders.of({
      configured: Effect.sync(() => (Object.keys(config) as Array<SsoProvider>).filter((p) => config[p] !== undefined)),
      authorizationUrl: (provider, params) =>
        Effect.gen(function* () {
          const client = yield* clientOf(provider)
          const { authorization_endpoint } = yield* discover(provider)
          const url = new URL(authorization_endpoint)
          url.search = new URLSearchParams({
            response_type: "code",
            client_id: client.clientId,
            redirect_uri: params.redirectUri,
            scope: "openid email profile",
            state: params.state,
            nonce: params.nonce,
            code_challenge: params.codeChallenge,
            code_challenge_method: "S256"
          }).toString()
          return url.toString()
        }),
      verify: (provider, code, attempt) =>
        Effect.gen(function* () {
          const client = yield* clientOf(provider)
          const { token_endpoint } = yield* discover(provider)
          const tokens = yield* fetchJson<{ id_token?: string }>(token_endpoint, {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              authorization: `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`
            },
            body: new URLSearchParams({
              grant_type: "authorization_code",
              code,
              redirect_uri: attempt.redirectUri,
              code_verifier: attempt.codeVerifier
            }).toString()
          })
          if (!tokens.id_token) return yield* refuse("the provider sent no ID token")
          return yield* verifyIdToken(provider, tokens.id_token, client, attempt)
        })
    })
  })
