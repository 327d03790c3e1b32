import { assert, layer } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import type { OrgId } from "../../organisations/Organisation.ts"
import { IdempotencyKeys } from "../../shared/IdempotencyKeys.ts"
import { Fixtures } from "../Fixtures.ts"

/** The behaviour every IdempotencyKeys adapter must show. */
export const suite = (name: string, storage: Layer.Layer<IdempotencyKeys | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`IdempotencyKeys contract: ${name}`, (it) => {
    it.effect("claims a key once, replays its answer, refuses it for another request, frees it on release", () =>
      Effect.gen(function* () {
        const keys = yield* IdempotencyKeys
        const fixtures = yield* Fixtures
        const orgId = (yield* fixtures.newUser()).orgId as OrgId
        const other = (yield* fixtures.newUser()).orgId as OrgId
        const key = crypto.randomUUID()
        assert.deepStrictEqual(yield* keys.claim(orgId, key, "POST /users {a}"), { _tag: "Claimed" })
        assert.deepStrictEqual(yield* keys.claim(orgId, key, "POST /users {a}"), { _tag: "InProgress" })
        assert.deepStrictEqual(yield* keys.claim(other, key, "POST /users {a}"), { _tag: "Claimed" })
        yield* keys.complete(orgId, key, { user: { id: "u-1" }, message: "User Created Successfully" })
        assert.deepStrictEqual(yield* keys.claim(orgId, key, "POST /users {a}"), {
          _tag: "Replay",
          response: { user: { id: "u-1" }, message: "User Created Successfully" }
        })
        assert.deepStrictEqual(yield* keys.claim(orgId, key, "POST /users {b}"), { _tag: "Reused" })
        yield* keys.release(other, key)
        assert.deepStrictEqual(yield* keys.claim(other, key, "POST /users {b}"), { _tag: "Claimed" })
      })
    )
  })
