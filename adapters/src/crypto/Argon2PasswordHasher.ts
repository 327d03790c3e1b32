import { randomBytes } from "node:crypto"
import { hash, verify } from "@node-rs/argon2"
import { Effect, Layer } from "effect"
import { PasswordHasher } from "@tawreed/core/identity"

/** argon2id with m=19 MiB, t=2, p=1: OWASP's recommended minimum. */
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/**
 * A real hash of a random password, made once per process and checked against when an email is unknown, so that
 * a miss costs as much time as a hit.
 */
let decoy: Promise<string> | undefined
const decoyHash = () => (decoy ??= hash(randomBytes(24).toString("base64url"), options))

/** Password hashing with argon2id. */
export const Argon2PasswordHasher = Layer.succeed(
  PasswordHasher,
  PasswordHasher.of({
    hash: (password) => Effect.promise(() => hash(password, options)),
    verify: (stored, password) =>
      Effect.promise(async () => {
        const ok = await verify(stored ?? (await decoyHash()), password).catch(() => false)
        return ok && stored !== undefined
      })
  })
)
