import { hash, verify } from "@node-rs/argon2"
import { Effect, Layer } from "effect"
import { PasswordHasher } from "@tawreed/core/identity"

/** argon2id with m=19 MiB, t=2, p=1: OWASP's recommended minimum. */
const options = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/** Compared against when an email is unknown, so that a miss costs as much as a hit. */
const decoy = "$argon2id$v=19$m=19456,t=2,p=1$dGF3cmVlZGRlY295c2FsdA$0Xq6f9iJ0Yc3Jm0z8o8Zq0m5U2s7bT6kqY0fYx1ZlqQ"

/** Password hashing with argon2id. */
export const Argon2PasswordHasher = Layer.succeed(
  PasswordHasher,
  PasswordHasher.of({
    hash: (password) => Effect.promise(() => hash(password, options)),
    verify: (stored, password) =>
      Effect.promise(() => verify(stored ?? decoy, password).catch(() => false)).pipe(
        Effect.map((ok) => ok && stored !== undefined)
      )
  })
)
