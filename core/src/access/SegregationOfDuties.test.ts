import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { isOwnDocument, refuseSelfApproval } from "./SegregationOfDuties.ts"

describe("segregation of duties", () => {
  it("knows a user's own documents: requested or created by them", () => {
    assert.isTrue(isOwnDocument("u1", { requesterId: "u1", createdBy: "u2" }))
    assert.isTrue(isOwnDocument("u1", { requesterId: null, createdBy: "u1" }))
    assert.isFalse(isOwnDocument("u1", { requesterId: "u2", createdBy: "u3" }))
    assert.isFalse(isOwnDocument("u1", {}))
  })

  it.effect("refuses self-approval and lets anyone else approve", () =>
    Effect.gen(function* () {
      const own = yield* Effect.exit(refuseSelfApproval("u1", { requesterId: "u1" }))
      assert.isTrue(Exit.isFailure(own))
      assert.include(String(own), "SelfApprovalRefused")
      yield* refuseSelfApproval("u2", { requesterId: "u1", createdBy: "u1" })
    })
  )

  it("refuses exactly when the approver is the requester or the creator", () => {
    // A small pool of people, so that the approver is often the requester or the creator: random strings would
    // almost never collide, and the refusal would go untested.
    const person = fc.constantFrom("u1", "u2", "u3")
    const seen = { refused: 0, allowed: 0 }
    fc.assert(
      fc.property(person, fc.option(person), fc.option(person), (user, requester, creator) => {
        const refused = Exit.isFailure(
          Effect.runSyncExit(refuseSelfApproval(user, { requesterId: requester, createdBy: creator }))
        )
        seen[refused ? "refused" : "allowed"]++
        return refused === (requester === user || creator === user)
      }),
      { numRuns: 200 }
    )
    assert.isAbove(seen.refused, 40)
    assert.isAbove(seen.allowed, 40)
  })
})
