import { Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { SsoAttempt, SsoStore, type SsoProvider } from "@tawreed/core/identity"
import { beforeTenant, inTenant } from "../Tenancy.ts"

interface AttemptRow {
  readonly provider: SsoProvider
  readonly code_verifier: string
  readonly nonce: string
  readonly redirect_uri: string
  readonly return_url: string
  readonly platform: "web" | "mobile"
  readonly expires_at: Date
}

/** Single sign-on state in PostgreSQL. */
export const SqlSsoStore = Layer.effect(
  SsoStore,
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    return SsoStore.of({
      saveAttempt: (stateHash, attempt) =>
        sql`DELETE FROM sso_attempts WHERE expires_at < now()`.pipe(
          Effect.andThen(
            sql`INSERT INTO sso_attempts (state_hash, provider, code_verifier, nonce, redirect_uri, return_url, platform, expires_at)
                VALUES (${stateHash}, ${attempt.provider}, ${attempt.codeVerifier}, ${attempt.nonce},
                        ${attempt.redirectUri}, ${attempt.returnUrl}, ${attempt.platform}, ${attempt.expiresAt})`
          ),
          Effect.asVoid,
          Effect.orDie
        ),
      takeAttempt: (stateHash) =>
        Effect.map(
          sql<AttemptRow>`DELETE FROM sso_attempts WHERE state_hash = ${stateHash}
                          RETURNING provider, code_verifier, nonce, redirect_uri, return_url, platform, expires_at`,
          (rows) =>
            Option.map(
              Option.fromNullishOr(rows[0]),
              (row) =>
                new SsoAttempt({
                  provider: row.provider,
                  codeVerifier: row.code_verifier,
                  nonce: row.nonce,
                  redirectUri: row.redirect_uri,
                  returnUrl: row.return_url,
                  platform: row.platform,
                  expiresAt: new Date(row.expires_at)
                })
            )
        ).pipe(Effect.orDie),
      findLink: (issuer, subject) =>
        beforeTenant(
          "app.sso_identity",
          `${issuer} ${subject}`
        )(
          Effect.map(
            sql<{ org_id: string; user_id: string }>`
              SELECT org_id, user_id FROM user_identities WHERE issuer = ${issuer} AND subject = ${subject}`,
            (rows) => Option.map(Option.fromNullishOr(rows[0]), (row) => ({ orgId: row.org_id, userId: row.user_id }))
          ).pipe(Effect.orDie)
        ).pipe(provide),
      link: (orgId, userId, identity) =>
        inTenant(orgId)(
          sql`INSERT INTO user_identities (org_id, user_id, issuer, subject, email)
              VALUES (${orgId}, ${userId}, ${identity.issuer}, ${identity.subject}, ${identity.email})
              ON CONFLICT (issuer, subject) DO NOTHING`.pipe(Effect.asVoid, Effect.orDie)
        ).pipe(provide)
    })
  })
)
