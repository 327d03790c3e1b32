import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { PasswordHasher } from "@tawreed/core/identity"
import { Argon2PasswordHasher } from "./Argon2PasswordHasher.ts"

describe("Argon2PasswordHasher", () => {
  it.effect("hashes with argon2id at m=19 MiB, t=2, p=1 and verifies only the right password", () =>
    Effect.gen(function* () {
      const hasher = yield* PasswordHasher
      const stored = yield* hasher.hash("Tawreed@2026")
      assert.match(stored, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
      assert.isTrue(yield* hasher.verify(stored, "Tawreed@2026"))
      assert.isFalse(yield* hasher.verify(stored, "tawreed@2026"))
      assert.notStrictEqual(yield* hasher.hash("Tawreed@2026"), stored, "every hash has its own salt")
    }).pipe(Effect.provide(Argon2PasswordHasher))
  )

  it.effect("says no for an unknown account and for a damaged hash", () =>
    Effect.gen(function* () {
      const hasher = yield* PasswordHasher
      assert.isFalse(yield* hasher.verify(undefined, "Tawreed@2026"))
      assert.isFalse(yield* hasher.verify("not-a-hash", "Tawreed@2026"))
    }).pipe(Effect.provide(Argon2PasswordHasher))
  )
})
