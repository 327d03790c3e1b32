import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import * as fc from "fast-check"
import { defaultPageSize, pageCount, pageRequest, pageSizes, sliceOf, wholeListPage } from "./Paging.ts"

describe("paging", () => {
  it.effect("defaults to page 0 and the spec's default size of 10", () =>
    Effect.gen(function* () {
      const page = yield* pageRequest(undefined, undefined)
      assert.strictEqual(page.page, 0)
      assert.strictEqual(page.limit, 10)
      assert.strictEqual(defaultPageSize, 10)
      assert.deepStrictEqual([...pageSizes], [10, 25, 50, 100, 500])
    })
  )

  it("accepts exactly the allowed sizes and whole pages from 0, with offset page × limit", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 10_000 }), fc.integer({ min: -5, max: 600 }), (page, limit) => {
        const exit = Effect.runSyncExit(pageRequest(page, limit))
        const valid = page >= 0 && (pageSizes as ReadonlyArray<number>).includes(limit)
        assert.strictEqual(Exit.isSuccess(exit), valid)
        if (Exit.isSuccess(exit)) assert.strictEqual(exit.value.offset, page * limit)
        if (Exit.isFailure(exit) && page < 0) assert.include(String(exit.cause), "InvalidPage")
      })
    )
  })

  it.effect("gives the lists that answered whole the largest page size when none is asked", () =>
    Effect.gen(function* () {
      const page = yield* wholeListPage(undefined)
      assert.deepStrictEqual([page.page, page.limit], [0, 500])
      assert.strictEqual((yield* wholeListPage({ page: 2, limit: 25 })).offset, 50)
      assert.isTrue(Exit.isFailure(yield* Effect.exit(wholeListPage({ limit: 1000 }))))
    })
  )

  it("slices a list as storage would, every row in exactly one page", () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), fc.constantFrom(...pageSizes), (rows, limit) => {
        const pages = Array.from({ length: pageCount(rows.length, limit) + 1 }, (_, page) =>
          sliceOf(rows, { offset: page * limit, limit })
        )
        assert.deepStrictEqual(pages.flat(), rows)
        assert.deepStrictEqual(pages.at(-1), [])
        assert.strictEqual(sliceOf(rows, undefined), rows)
      })
    )
  })

  it("refuses numbers that are not whole", () => {
    fc.assert(
      fc.property(fc.double({ noInteger: true }), (page) => Exit.isFailure(Effect.runSyncExit(pageRequest(page, 10))))
    )
  })

  it("counts at least one page, and enough pages for every item", () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.constantFrom(...pageSizes), (count, limit) => {
        const pages = pageCount(count, limit)
        assert.isAtLeast(pages, 1)
        assert.isAtLeast(pages * limit, count)
        assert.isBelow((pages - 1) * limit, Math.max(count, 1))
      })
    )
  })
})
