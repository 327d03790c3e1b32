import { assert, describe, it } from "@effect/vitest"
import { dateTexts } from "./DateText.ts"

const instant = new Date("2026-11-23T14:05:00Z")

describe("the one date formatter", () => {
  it("writes days in the organisation's pattern (SPEC.md §5)", () => {
    assert.deepStrictEqual(
      (["american", "european", "iso", undefined] as const).map((setting) =>
        dateTexts("en", setting, "UTC").day(instant)
      ),
      ["11/23/2026", "23-11-2026", "2026-11-23", "2026-11-23"]
    )
  })

  it("reads a calendar day as that day wherever the reader is", () => {
    assert.strictEqual(dateTexts("ar", "european", "Pacific/Honolulu").day("2026-01-01"), "01-01-2026")
    assert.strictEqual(dateTexts("en", "american", "Asia/Riyadh").day("2026-12-31"), "12/31/2026")
  })

  it("keeps the day and its time together and reads instants in the given zone", () => {
    assert.strictEqual(dateTexts("en", "european", "UTC").dateTime(instant), "23-11-2026\u00a014:05")
    assert.strictEqual(dateTexts("ar", "iso", "Asia/Riyadh").dateTime(instant), "2026-11-23\u00a017:05")
  })

  it("isolates each day of a range so that neither is reordered in Arabic", () => {
    assert.strictEqual(
      dateTexts("ar", "european").range("2026-01-01", "2026-12-31"),
      "\u206801-01-2026\u2069 – \u206831-12-2026\u2069"
    )
  })
})
