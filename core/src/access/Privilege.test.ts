import { assert, describe, it } from "@effect/vitest"
import { Effect, Result, Schema } from "effect"
import * as fc from "fast-check"
import {
  hasAnyPrivilege,
  isPrivilegeCode,
  parsePrivilege,
  PrivilegeCode,
  requireAnyPrivilege,
  requiredPrivileges
} from "./Privilege.ts"

describe("privilege codes", () => {
  it("reads module, action and scope, module names with underscores included", () => {
    assert.deepStrictEqual(Result.getOrThrow(parsePrivilege("ord_c_o")), {
      code: "ord_c_o",
      module: "ord",
      action: "c",
      scope: "o"
    })
    assert.deepStrictEqual(Result.getOrThrow(parsePrivilege("bil_ex_d_o")), {
      code: "bil_ex_d_o",
      module: "bil_ex",
      action: "d",
      scope: "o"
    })
    assert.strictEqual(Result.getOrThrow(parsePrivilege("rfq_r_u")).scope, "u")
    assert.strictEqual(Result.getOrThrow(parsePrivilege("inv_c_w")).scope, "w")
  })

  it("refuses codes with an unknown action or scope", () => {
    for (const bad of ["ord_x_o", "ord_c_z", "ord_c", "_c_o", "ORD_C_O", "", "ord c o"]) {
      const result = parsePrivilege(bad)
      assert.isTrue(Result.isFailure(result), bad)
      if (Result.isFailure(result)) assert.strictEqual(result.failure.code, bad)
    }
    assert.isFalse(Schema.is(PrivilegeCode)("ord_q_o"))
    assert.isTrue(Schema.is(PrivilegeCode)("ord_q_o".replace("q", "r")))
  })

  it("parses every well-formed code back to its parts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,4}$/), { minLength: 1, maxLength: 3 }),
        fc.constantFrom("c", "r", "u", "d"),
        fc.constantFrom("o", "w", "u"),
        (parts, action, scope) => {
          const code = `${parts.join("_")}_${action}_${scope}`
          assert.isTrue(isPrivilegeCode(code), code)
          const p = Result.getOrThrow(parsePrivilege(code))
          assert.deepStrictEqual([p.module, p.action, p.scope], [parts.join("_"), action, scope])
        }
      )
    )
  })
})

describe("privilege checks", () => {
  it("passes when the user holds any required privilege, also from a comma-separated list", () => {
    assert.isTrue(hasAnyPrivilege(["ord_r_w"], ["ord_r_o", "ord_r_w"]))
    assert.isTrue(hasAnyPrivilege(["bil_ex_c_o"], "bil_c_o, bil_ex_c_o"))
    assert.isFalse(hasAnyPrivilege(["ord_r_u"], "ord_r_o,ord_r_w"))
    assert.isTrue(hasAnyPrivilege([], ""))
    assert.deepStrictEqual(requiredPrivileges(["a_c_o,b_c_o", " c_c_o "]), ["a_c_o", "b_c_o", "c_c_o"])
  })

  it("agrees with set intersection for any lists", () => {
    const code = fc.constantFrom("ord_c_o", "ord_r_w", "req_c_u", "bil_ex_c_o", "usr_c_o")
    fc.assert(
      fc.property(fc.array(code), fc.array(code, { minLength: 1 }), (held, required) => {
        const expected = required.some((r) => held.includes(r))
        assert.strictEqual(hasAnyPrivilege(held, required), expected)
        assert.strictEqual(hasAnyPrivilege(held, required.join(",")), expected)
      })
    )
  })

  it.effect("fails the guard with InsufficientPrivileges naming what was needed", () =>
    Effect.gen(function* () {
      yield* requireAnyPrivilege(["mar_r_o"], "mar_r_o")
      const error = yield* Effect.flip(requireAnyPrivilege(["mar_r_o"], "org_c_o"))
      assert.deepStrictEqual([error._tag, error.required], ["InsufficientPrivileges", ["org_c_o"]])
    })
  )
})
