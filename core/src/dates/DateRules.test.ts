import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import * as fc from "fast-check"
import { formatDate } from "./DateFormat.ts"
import { datePattern } from "./DateText.ts"
import {
  checkRequestDueDate,
  contractExpiryAlertDays,
  daysDifference,
  defaultRfqExpiry,
  defaultRfqExpiryDays,
  dueDateAdjustmentMs,
  earliestRequestDueDate,
  endOfDay,
  isContractExpiringSoon,
  logoutTimerDelayMs,
  minimumRequestDueMs,
  parseDate,
  proposedRequestDueDate,
  roundUpToTenMinutes,
  timerMaxMs,
  weeksAhead
} from "./DateRules.ts"

const utc = (iso: string) => DateTime.makeUnsafe(iso)
const iso = (d: DateTime.DateTime) => DateTime.formatIso(DateTime.toUtc(d))

describe("date formats", () => {
  it("follows the organisation: American mm/dd/yy, European dd-mm-yy, otherwise yy-mm-dd", () => {
    assert.strictEqual(datePattern("american"), "mm/dd/yy")
    assert.strictEqual(datePattern("European"), "dd-mm-yy")
    assert.strictEqual(datePattern("iso"), "yy-mm-dd")
    assert.strictEqual(datePattern(undefined), "yy-mm-dd")
    const d = utc("2024-01-28T10:00:00Z")
    assert.strictEqual(formatDate(d, "american"), "01/28/2024")
    assert.strictEqual(formatDate(d, "european"), "28-01-2024")
    assert.strictEqual(formatDate(d, "iso"), "2024-01-28")
  })

  it("uses a zoned date's own calendar", () => {
    const riyadh = DateTime.makeZonedUnsafe("2024-01-28T22:30:00Z", { timeZone: "Asia/Riyadh" })
    assert.strictEqual(formatDate(riyadh, "iso"), "2024-01-29")
  })
})

describe("date helpers", () => {
  it("ends the day at its last millisecond", () => {
    assert.strictEqual(iso(endOfDay(utc("2024-01-28T10:15:00Z"))), "2024-01-28T23:59:59.999Z")
  })

  it("rounds up to 10-minute steps", () => {
    assert.strictEqual(iso(roundUpToTenMinutes(utc("2024-01-28T10:01:00Z"))), "2024-01-28T10:10:00.000Z")
    assert.strictEqual(iso(roundUpToTenMinutes(utc("2024-01-28T10:20:00Z"))), "2024-01-28T10:20:00.000Z")
    assert.strictEqual(iso(roundUpToTenMinutes(utc("2024-01-28T23:55:30Z"))), "2024-01-29T00:00:00.000Z")
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (date) => {
          const before = DateTime.makeUnsafe(date)
          const after = roundUpToTenMinutes(before)
          const gap = DateTime.toEpochMillis(after) - DateTime.toEpochMillis(before)
          assert.isTrue(gap >= 0 && gap < 600_000)
          assert.strictEqual(DateTime.toEpochMillis(after) % 600_000, 0)
        }
      )
    )
  })

  it("counts weeks ahead and days between", () => {
    assert.strictEqual(iso(weeksAhead(utc("2024-01-28T10:00:00Z"), 2)), "2024-02-11T10:00:00.000Z")
    assert.strictEqual(daysDifference(utc("2024-01-28T23:00:00Z"), utc("2024-01-29T01:00:00Z")), 1)
    assert.strictEqual(daysDifference(utc("2024-02-28T00:00:00Z"), utc("2024-03-01T00:00:00Z")), 2)
    assert.strictEqual(daysDifference(utc("2024-03-01T00:00:00Z"), utc("2024-02-28T12:00:00Z")), -2)
  })
})

describe("due dates and expiries", () => {
  const now = utc("2024-01-28T10:00:00Z")

  it("keeps the spec's numbers", () => {
    assert.strictEqual(minimumRequestDueMs, 604800000)
    assert.strictEqual(dueDateAdjustmentMs, 259200000)
    assert.strictEqual(defaultRfqExpiryDays, 7)
    assert.strictEqual(contractExpiryAlertDays, 60)
    assert.strictEqual(timerMaxMs, 2147483647)
  })

  it("wants a request due at least 7 days ahead and proposes 10, at the end of the day", () => {
    assert.strictEqual(iso(earliestRequestDueDate(now)), "2024-02-04T10:00:00.000Z")
    assert.strictEqual(iso(proposedRequestDueDate(now)), "2024-02-07T23:59:59.999Z")
  })

  it.effect("refuses an earlier due date, naming the earliest in the organisation's format", () =>
    Effect.gen(function* () {
      yield* checkRequestDueDate(utc("2024-02-04T10:00:00Z"), now)
      const error = yield* Effect.flip(checkRequestDueDate(utc("2024-02-03T10:00:00Z"), now, "european"))
      assert.deepStrictEqual([error._tag, error.earliest], ["DueDateTooSoon", "04-02-2024"])
    })
  )

  it("expires an RFQ at the end of the seventh day", () => {
    assert.strictEqual(iso(defaultRfqExpiry(now)), "2024-02-04T23:59:59.999Z")
  })

  it("flags contracts ending within 60 days", () => {
    assert.isTrue(isContractExpiringSoon(utc("2024-03-28T00:00:00Z"), now))
    assert.isFalse(isContractExpiringSoon(utc("2024-03-29T00:00:00Z"), now))
    assert.isFalse(isContractExpiringSoon(utc("2024-01-27T00:00:00Z"), now))
  })

  it("caps the logout timer and logs out at once for an expired token", () => {
    assert.strictEqual(logoutTimerDelayMs(utc("2024-01-28T11:00:00Z"), now), 3_600_000)
    assert.strictEqual(logoutTimerDelayMs(utc("2024-12-31T00:00:00Z"), now), 2147483647)
    assert.strictEqual(logoutTimerDelayMs(utc("2024-01-01T00:00:00Z"), now), 0)
  })
})

describe("reading dates", () => {
  it.effect("reads calendar dates and ISO date-times, and refuses impossible ones", () =>
    Effect.gen(function* () {
      assert.strictEqual(iso(yield* parseDate("2024-01-28")), "2024-01-28T00:00:00.000Z")
      assert.strictEqual(iso(yield* parseDate("2024-01-28T10:00:00+03:00")), "2024-01-28T07:00:00.000Z")
      for (const bad of ["2024-02-30", "28/01/2024", "soon", ""]) {
        const error = yield* Effect.flip(parseDate(bad))
        assert.deepStrictEqual([error._tag, error.value], ["InvalidDate", bad])
      }
    })
  )
})
