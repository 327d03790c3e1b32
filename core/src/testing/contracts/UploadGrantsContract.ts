import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { type UploadGrant, UploadGrants } from "../../files/UploadGrants.ts"
import type { UserId } from "../../identity/User.ts"
import type { OrgId } from "../../organisations/Organisation.ts"
import { Fixtures } from "../Fixtures.ts"

const grantFor = (orgId: string, userId: string): UploadGrant => ({
  orgId: orgId as OrgId,
  userId: userId as UserId,
  kind: "PDF",
  entity: "bill",
  name: "فاتورة.pdf"
})

/** The behaviour every UploadGrants adapter must show; each adapter's test file runs it. */
export const suite = (name: string, storage: Layer.Layer<UploadGrants | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`UploadGrants contract: ${name}`, (it) => {
    it.effect("gives a grant back once for its token, and nothing for any other", () =>
      Effect.gen(function* () {
        const grants = yield* UploadGrants
        const me = yield* (yield* Fixtures).newRecipient
        const grant = grantFor(me.orgId, me.userId)
        const token = yield* grants.issue(grant, new Date(Date.now() + 60_000))
        const other = yield* grants.issue(grant, new Date(Date.now() + 60_000))
        assert.notStrictEqual(token, other)
        assert.isAtLeast(token.length, 32)
        assert.isTrue(Option.isNone(yield* grants.take(`${token}x`)))
        assert.deepStrictEqual(Option.getOrThrow(yield* grants.take(token)), grant)
        assert.isTrue(Option.isNone(yield* grants.take(token)), "a token is taken once")
        assert.isTrue(Option.isSome(yield* grants.take(other)))
        assert.isTrue(Option.isNone(yield* grants.take("")))
      })
    )

    it.effect("gives nothing for a grant past its time", () =>
      Effect.gen(function* () {
        const grants = yield* UploadGrants
        const me = yield* (yield* Fixtures).newRecipient
        // Long before any clock, the test's or the database's, can read.
        const token = yield* grants.issue(grantFor(me.orgId, me.userId), new Date(-86_400_000))
        assert.isTrue(Option.isNone(yield* grants.take(token)))
      })
    )
  })
