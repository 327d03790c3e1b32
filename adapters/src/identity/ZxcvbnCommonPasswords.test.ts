import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { CommonPasswords } from "@tawreed/core/identity"
import { commonPasswordList, ZxcvbnCommonPasswords } from "./ZxcvbnCommonPasswords.ts"

describe("ZxcvbnCommonPasswords", () => {
  it("holds a real list of at least 10,000 entries", () => {
    assert.isAtLeast(commonPasswordList.length, 10_000)
  })

  it.effect("knows the most common passwords, whatever their case, and not a random one", () =>
    Effect.gen(function* () {
      const list = yield* CommonPasswords
      for (const common of ["123456", "password", "qwerty", "Dragon", "ILOVEYOU", "trustno1"]) {
        assert.isTrue(yield* list.isCommon(common), common)
      }
      assert.isFalse(yield* list.isCommon("Tawreed@2026-kx9!Qm"))
    }).pipe(Effect.provide(ZxcvbnCommonPasswords))
  )
})
