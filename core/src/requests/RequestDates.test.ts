import { assert, describe, it } from "@effect/vitest"
import { DateTime, Effect } from "effect"
import { checkInvoiceDates, checkRequestDates, defaultRequestDates, parseRequestDate } from "./RequestDates.ts"

const now = DateTime.makeUnsafe("2026-03-01T09:30:00Z")
const failureOf = <A, E>(effect: Effect.Effect<A, E>) =>
  Effect.runSync(Effect.match(effect, { onFailure: (e) => e as Record<string, unknown>, onSuccess: () => null }))

describe("request dates", () => {
  it("starts a draft one unit ahead: due in 7 + 3 days at the day's end; a proposal's responses in 7", () => {
    assert.deepStrictEqual(defaultRequestDates("product", now), {
      expectedDate: "2026-03-11T23:59:59.999Z",
      enquiryLastDate: null,
      expiryDate: null,
      acceptToRespondLastDate: null
    })
    assert.deepStrictEqual(defaultRequestDates("proposal", now).expiryDate, "2026-03-08T23:59:59.999Z")
    assert.deepStrictEqual(defaultRequestDates("contract", now).expiryDate, "2026-03-08T23:59:59.999Z")
    assert.isNull(defaultRequestDates("expense", now).expectedDate)
    assert.isNull(defaultRequestDates("reimbursement", now).expectedDate)
  })

  it("reads a day as its end, a date-time as it is, and nothing else", () => {
    assert.strictEqual(Effect.runSync(parseRequestDate("expectedDate", "2026-03-20")), "2026-03-20T23:59:59.999Z")
    assert.strictEqual(
      Effect.runSync(parseRequestDate("expectedDate", "2026-03-20T10:00:00+03:00")),
      "2026-03-20T07:00:00.000Z"
    )
    const refused = failureOf(parseRequestDate("expiryDate", "2026-02-30"))
    assert.deepStrictEqual(
      [refused?.["_tag"], refused?.["field"], refused?.["problem"]],
      ["InvalidField", "expiryDate", "format"]
    )
  })

  const dates = (extra: Partial<Parameters<typeof checkRequestDates>[1]> = {}) => ({
    ...defaultRequestDates("proposal", now),
    ...extra
  })

  it("keeps the due date at least 7 days ahead, naming the earliest day in the organisation's format", () => {
    const soon = failureOf(
      checkRequestDates(
        "product",
        dates({ expectedDate: "2026-03-07T23:59:59.999Z", expiryDate: null }),
        now,
        ["expectedDate"],
        "european"
      )
    )
    assert.deepStrictEqual([soon?.["_tag"], soon?.["earliest"]], ["DueDateTooSoon", "08-03-2026"])
    assert.isNull(
      failureOf(
        checkRequestDates("product", dates({ expectedDate: "2026-03-08T09:30:00.000Z", expiryDate: null }), now, [
          "expectedDate"
        ])
      )
    )
  })

  it("keeps the dates in order and ahead of now, holding to now only the dates checked", () => {
    const order = failureOf(
      checkRequestDates(
        "proposal",
        dates({ enquiryLastDate: "2026-03-09T00:00:00.000Z", expiryDate: "2026-03-08T00:00:00.000Z" }),
        now,
        []
      )
    )
    assert.deepStrictEqual([order?.["field"], order?.["problem"]], ["enquiryLastDate", "datesOutOfOrder"])
    const late = failureOf(checkRequestDates("proposal", dates({ expiryDate: "2026-03-20T00:00:00.000Z" }), now, []))
    assert.deepStrictEqual(
      [late?.["field"], late?.["problem"]],
      ["expiryDate", "datesOutOfOrder"],
      "after the due date"
    )
    const past = dates({ acceptToRespondLastDate: "2026-02-27T00:00:00.000Z" })
    assert.isNull(failureOf(checkRequestDates("proposal", past, now, ["expiryDate"])), "an unchanged past date")
    const passed = failureOf(checkRequestDates("proposal", past, now, ["acceptToRespondLastDate"]))
    assert.deepStrictEqual([passed?.["field"], passed?.["problem"]], ["acceptToRespondLastDate", "mustBeFuture"])
    const none = failureOf(checkRequestDates("service", dates({ expectedDate: null }), now, []))
    assert.deepStrictEqual([none?.["field"], none?.["problem"]], ["expectedDate", "required"])
    assert.isNull(failureOf(checkRequestDates("expense", dates({ expectedDate: null, expiryDate: null }), now, [])))
  })

  it("dates an invoice today or before, its payment after it, and asks for it on submission", () => {
    const check = (invoiceDate: string | null, paymentDueDate: string | null, submitting = false) =>
      failureOf(checkInvoiceDates({ invoiceDate, paymentDueDate }, "2026-03-01", submitting))
    assert.isNull(check("2026-03-01", "2026-03-01"))
    assert.isNull(check(null, null))
    assert.strictEqual(check(null, null, true)?.["problem"], "required")
    assert.strictEqual(check("2026-03-02", null)?.["problem"], "notAfterToday")
    assert.strictEqual(check("2026-02-20", "2026-02-19")?.["problem"], "beforeInvoiceDate")
  })
})
