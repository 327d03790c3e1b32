import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fc from "fast-check"
import { CommonPasswords, testCommonPasswords } from "./CommonPasswords.ts"
import { PasswordRule } from "./CredentialFailure.ts"
import {
  checkPassword,
  passwordFailureMessages,
  passwordFailures,
  passwordLimits,
  passwordRuleMessages,
  structuralFailures
} from "./PasswordRules.ts"

const run = <A, E>(effect: Effect.Effect<A, E, CommonPasswords>) =>
  Effect.runSync(effect.pipe(Effect.provide(CommonPasswords.layerTest())))

describe("password rules", () => {
  it("uses the spec's limits: 8 to 100 characters, at least 2 digits", () => {
    assert.deepStrictEqual(passwordLimits, { minLength: 8, maxLength: 100, minDigits: 2 })
  })

  it("says each rule in the spec's words and in Arabic", () => {
    assert.deepStrictEqual(
      PasswordRule.literals.map((r) => passwordRuleMessages[r].en),
      [
        "Must have minimum 8 characters",
        "Must have maximum 100 characters",
        "Must have uppercase letters",
        "Must have lowercase letters",
        "Must have at least 2 digits",
        "Must contain one special character",
        "Should not have spaces",
        "Password too common"
      ]
    )
    for (const r of PasswordRule.literals) assert.match(passwordRuleMessages[r].ar, /[\u0600-\u06FF]/)
  })

  it("accepts a password that keeps every rule", () => {
    assert.deepStrictEqual(run(passwordFailures("Tawreed#2024")), [])
    assert.strictEqual(run(checkPassword("Tawreed#2024")), "Tawreed#2024")
  })

  it("reports every broken rule at once", () => {
    assert.deepStrictEqual(run(passwordFailures("ab c")), [
      "minLength",
      "uppercase",
      "digits",
      "specialCharacter",
      "noSpaces"
    ])
    assert.deepStrictEqual(passwordFailureMessages(["minLength", "digits"], "en"), [
      "Must have minimum 8 characters",
      "Must have at least 2 digits"
    ])
  })

  it("is exact at the length limits", () => {
    assert.notInclude(structuralFailures("Ab1!5678"), "minLength")
    assert.include(structuralFailures("Ab1!567"), "minLength")
    assert.notInclude(structuralFailures("Ab1!" + "x".repeat(96)), "maxLength")
    assert.include(structuralFailures("Ab1!" + "x".repeat(97)), "maxLength")
  })

  it("refuses a password from the common list, whatever its case, with every other rule kept", () => {
    for (const common of testCommonPasswords) {
      assert.deepStrictEqual(structuralFailures(common), [], common)
      assert.deepStrictEqual(run(passwordFailures(common)), ["notCommon"])
      assert.deepStrictEqual(run(passwordFailures(common.toUpperCase())).includes("notCommon"), true)
    }
  })

  it.effect("fails checkPassword with PasswordRejected listing the broken rules", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(checkPassword("password"))
      assert.strictEqual(error._tag, "PasswordRejected")
      assert.deepStrictEqual(error.failures, ["uppercase", "digits", "specialCharacter"])
    }).pipe(Effect.provide(CommonPasswords.layerTest()))
  )

  it("reports every failing rule and no passing one, for any mix of characters", () => {
    const chars = (alphabet: string, max: number) => fc.array(fc.constantFrom(...alphabet), { maxLength: max })
    fc.assert(
      fc.property(
        chars("ABCDEFGHIJKLMNOPQRSTUVWXYZÉ", 40),
        chars("abcdefghijklmnopqrstuvwxyzé", 40),
        chars("0123456789", 40),
        chars("!@#$%^&*()-_=+[]{};:'\",.<>/?\\|`~", 20),
        chars(" \t", 3),
        fc.infiniteStream(fc.nat()),
        (upper, lower, digits, special, spaces, order) => {
          const all = [...upper, ...lower, ...digits, ...special, ...spaces]
          const it = order[Symbol.iterator]()
          const shuffled = all
            .map((c) => [it.next().value ?? 0, c] as const)
            .sort((a, b) => a[0] - b[0])
            .map(([, c]) => c)
          const expected: Array<PasswordRule> = []
          if (all.length < 8) expected.push("minLength")
          if (all.length > 100) expected.push("maxLength")
          if (upper.length === 0) expected.push("uppercase")
          if (lower.length === 0) expected.push("lowercase")
          if (digits.length < 2) expected.push("digits")
          if (special.length === 0) expected.push("specialCharacter")
          if (spaces.length > 0) expected.push("noSpaces")
          assert.deepStrictEqual(structuralFailures(shuffled.join("")), expected)
        }
      ),
      { numRuns: 500 }
    )
  })
})
