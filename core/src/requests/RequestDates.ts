import { DateTime, Effect } from "effect"
import type { DueDateTooSoon } from "../dates/DateErrors.ts"
import {
  checkRequestDueDate,
  defaultRfqExpiry,
  endOfDay,
  parseDate,
  proposedRequestDueDate
} from "../dates/DateRules.ts"
import { InvalidField } from "../shared/Errors.ts"
import { isExpenseType, type RequestType, sourcingRequestTypes } from "./Request.ts"

/** The dates of a request beside the day it was raised, as ISO date-times in UTC (none where not set). */
export interface RequestDates {
  readonly expectedDate: string | null
  readonly enquiryLastDate: string | null
  readonly expiryDate: string | null
  readonly acceptToRespondLastDate: string | null
}

/** The dates in the order they must fall: vendors accept to respond, then ask, then answer, then deliver. */
export const requestDateOrder = ["acceptToRespondLastDate", "enquiryLastDate", "expiryDate", "expectedDate"] as const
export type RequestDateField = (typeof requestDateOrder)[number]

const iso = (date: DateTime.DateTime): string => DateTime.formatIso(DateTime.toUtc(date))

/**
 * The dates a new draft starts with (SPEC.md §4: "new requests start drafted with due dates one unit ahead"): the
 * due date one unit of the 7-day minimum ahead, with the 3-day adjustment on top (`proposedRequestDueDate`), and a
 * proposal's or contract's response deadline one unit ahead too, at the end of that day (`defaultRfqExpiry`). An
 * expense request records money already spent, so it has no due date.
 */
export const defaultRequestDates = (type: RequestType, now: DateTime.Utc): RequestDates => ({
  expectedDate: isExpenseType(type) ? null : iso(proposedRequestDueDate(now)),
  enquiryLastDate: null,
  expiryDate: sourcingRequestTypes.includes(type) ? iso(defaultRfqExpiry(now)) : null,
  acceptToRespondLastDate: null
})

const dayPattern = /^\d{4}-\d{2}-\d{2}$/

/**
 * A date as a form sends it: a day (`YYYY-MM-DD`), which means the end of that day in UTC, or an ISO date-time.
 * Anything else is InvalidField for the field.
 */
export const parseRequestDate = (field: string, text: string): Effect.Effect<string, InvalidField> =>
  parseDate(text).pipe(
    Effect.map((date) => iso(dayPattern.test(text.trim()) ? endOfDay(date) : date)),
    Effect.mapError(() => new InvalidField({ field, problem: "format" }))
  )

const at = (text: string): DateTime.Utc => DateTime.makeUnsafe(text)

/**
 * Checks a request's dates against each other and against now:
 * - they fall in `requestDateOrder` (any of them may be unset);
 * - each checked one lies ahead of now, and the due date at least the 7-day minimum ahead (SPEC.md §9,
 *   DueDateTooSoon with the earliest allowed day in the organisation's date format);
 * - a kind that needs a due date (all but expense requests) has one.
 * `checked` names the dates held to now: on an edit only those it changes, so that a draft whose dates have come
 * closer can still be edited; on submission, all of them.
 */
export const checkRequestDates = (
  type: RequestType,
  dates: RequestDates,
  now: DateTime.Utc,
  checked: ReadonlyArray<RequestDateField>,
  dateFormat?: string | undefined
): Effect.Effect<void, InvalidField | DueDateTooSoon> =>
  Effect.gen(function* () {
    if (!isExpenseType(type) && dates.expectedDate === null) {
      return yield* new InvalidField({ field: "expectedDate", problem: "required" })
    }
    const given = requestDateOrder.flatMap((field) => {
      const value = dates[field]
      return value === null ? [] : [{ field, at: at(value) }]
    })
    for (const [i, date] of given.entries()) {
      const next = given[i + 1]
      if (next !== undefined && DateTime.isGreaterThan(date.at, next.at)) {
        return yield* new InvalidField({ field: date.field, problem: "datesOutOfOrder" })
      }
    }
    for (const date of given) {
      if (!checked.includes(date.field)) continue
      if (date.field === "expectedDate") yield* checkRequestDueDate(date.at, now, dateFormat)
      else if (!DateTime.isGreaterThan(date.at, now)) {
        return yield* new InvalidField({ field: date.field, problem: "mustBeFuture" })
      }
    }
  })

/** An expense request's invoice dates: what an edit may leave unset, and how they relate. */
export interface InvoiceDates {
  readonly invoiceDate: string | null
  readonly paymentDueDate: string | null
}

/**
 * Checks an expense request's invoice dates: the invoice is dated today or before (`today` is `YYYY-MM-DD`), and
 * payment falls due on or after it. On submission the invoice date is required.
 */
export const checkInvoiceDates = (
  dates: InvoiceDates,
  today: string,
  submitting: boolean
): Effect.Effect<void, InvalidField> =>
  Effect.gen(function* () {
    if (dates.invoiceDate === null) {
      if (submitting) return yield* new InvalidField({ field: "invoiceDate", problem: "required" })
      return
    }
    if (dates.invoiceDate > today) return yield* new InvalidField({ field: "invoiceDate", problem: "notAfterToday" })
    if (dates.paymentDueDate !== null && dates.paymentDueDate < dates.invoiceDate) {
      return yield* new InvalidField({ field: "paymentDueDate", problem: "beforeInvoiceDate" })
    }
  })
