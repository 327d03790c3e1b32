import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto"
import { Effect, Layer } from "effect"
import { SessionTokens } from "@tawreed/core/identity"

const digest = (token: string) => createHash("sha256").update(token).digest("hex")

/** Tokens of 256 random bits from the operating system's source; only their SHA-256 is stored. */
export const CryptoSessionTokens = Layer.succeed(
  SessionTokens,
  SessionTokens.of({
    issue: Effect.sync(() => {
      const token = randomBytes(32).toString("base64url")
      return { token, hash: digest(token) }
    }),
    digest: (token) => Effect.sync(() => digest(token)),
    newId: Effect.sync(() => randomUUID()),
    newCode: Effect.sync(() => String(randomInt(0, 1_000_000)).padStart(6, "0")),
    challenge: (verifier) => Effect.sync(() => createHash("sha256").update(verifier).digest("base64url"))
  })
)
