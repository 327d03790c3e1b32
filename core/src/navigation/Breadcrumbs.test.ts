import { assert, describe, it } from "@effect/vitest"
import * as fc from "fast-check"
import {
  backFallback,
  goBack,
  maxBreadcrumbs,
  pushBreadcrumb,
  truncateBreadcrumbs,
  type Breadcrumb
} from "./Breadcrumbs.ts"

const crumb = (n: number): Breadcrumb => ({ name: `c${n}`, url: `/u${n}` })

describe("breadcrumbs", () => {
  it("holds at most 10, keeping the newest", () => {
    assert.strictEqual(maxBreadcrumbs, 10)
    let crumbs: ReadonlyArray<Breadcrumb> = []
    for (let i = 1; i <= 12; i++) crumbs = pushBreadcrumb(crumbs, crumb(i))
    assert.deepStrictEqual(
      crumbs.map((c) => c.name),
      ["c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10", "c11", "c12"]
    )
    fc.assert(
      fc.property(fc.nat(40), (n) => {
        let cs: ReadonlyArray<Breadcrumb> = []
        for (let i = 0; i < n; i++) cs = pushBreadcrumb(cs, crumb(i))
        assert.strictEqual(cs.length, Math.min(n, 10))
      })
    )
  })

  it("truncates after a clicked crumb", () => {
    assert.deepStrictEqual(truncateBreadcrumbs([crumb(1), crumb(2), crumb(3)], 0), [crumb(1)])
  })

  it("goes back a crumb, or to the module's board, or to the action board", () => {
    assert.deepStrictEqual(goBack([crumb(1), crumb(2)], "/en/requests"), { crumbs: [crumb(1)], to: "/u1" })
    assert.strictEqual(goBack([crumb(1)], "/en/budgets/details/4").to, "budgets/list")
    assert.strictEqual(goBack([], "/ar/orders/orders").to, "orders/offers")
    assert.strictEqual(backFallback("/en/bills/bills"), "actionboard")
  })
})
