import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { readingOnce, readOnce } from "./PageReads.ts"

/** A port that counts what reaches it. */
const counting = () => {
  const reached: Array<string> = []
  const port = {
    find: (orgId: string, id: string) => Effect.sync(() => reached.push(`find ${orgId}/${id}`)).pipe(Effect.as(id)),
    update: (id: string) => Effect.sync(() => reached.push(`update ${id}`))
  }
  return { reached, port: readOnce("test", port, ["find"]) }
}

describe("PageReads", () => {
  it.effect("reads each document once while a page loads, and again after a change", () =>
    Effect.gen(function* () {
      const { reached, port } = counting()
      yield* readingOnce(
        Effect.gen(function* () {
          assert.strictEqual(yield* port.find("o1", "a"), "a")
          assert.strictEqual(yield* port.find("o1", "a"), "a")
          yield* port.find("o1", "b")
          yield* port.find("o2", "a")
          yield* port.update("a")
          yield* port.find("o1", "a")
        })
      )
      assert.deepStrictEqual(reached, ["find o1/a", "find o1/b", "find o2/a", "update a", "find o1/a"])
    })
  )

  it.effect("keeps nothing outside a page's load, nor from one load to the next", () =>
    Effect.gen(function* () {
      const { reached, port } = counting()
      yield* port.find("o1", "a")
      yield* port.find("o1", "a")
      yield* readingOnce(port.find("o1", "a"))
      yield* readingOnce(port.find("o1", "a"))
      assert.deepStrictEqual(reached, ["find o1/a", "find o1/a", "find o1/a", "find o1/a"])
    })
  )
})
