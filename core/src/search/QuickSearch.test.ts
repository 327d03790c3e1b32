import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import * as fc from "fast-check"
import { describeError } from "../shared/ErrorCatalogue.ts"
import {
  canSubmitSearch,
  defaultSearchItemsPerPage,
  quickSearchEmptyMessage,
  quickSearchMinLength,
  quickSearchTerm,
  shouldSearch
} from "./QuickSearch.ts"

describe("quick search", () => {
  it("runs only for more than 2 characters after trimming", () => {
    assert.strictEqual(quickSearchMinLength, 3)
    assert.strictEqual(defaultSearchItemsPerPage, 15)
    assert.isFalse(shouldSearch("  ab  "))
    assert.isTrue(shouldSearch(" abc "))
    fc.assert(fc.property(fc.string(), (s) => shouldSearch(s) === s.trim().length > 2))
  })

  it("says the spec's two messages", () => {
    assert.strictEqual(quickSearchEmptyMessage("ab", "en"), "Please enter at least 3 characters")
    assert.strictEqual(quickSearchEmptyMessage(" Drill ", "en"), `We couldn't find a match for "\u2068Drill\u2069"`)
    assert.include(quickSearchEmptyMessage("مثقاب", "ar"), "مثقاب")
  })

  it("needs text to submit", () => {
    assert.isFalse(canSubmitSearch("   "))
    assert.isTrue(canSubmitSearch("a"))
  })

  it.effect("sends the lower-cased term, or refuses a short one with the catalogue's message", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* quickSearchTerm("  Steel PIPE "), "steel pipe")
      const error = yield* Effect.flip(quickSearchTerm("pi"))
      assert.strictEqual(describeError(error, "en").message, "Please enter at least 3 characters")
    })
  )
})
