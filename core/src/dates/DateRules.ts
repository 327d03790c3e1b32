import { DateTime, Effect, Option } from "effect"
import { DueDateTooSoon, InvalidDate } from "./DateErrors.ts"
import { formatDate } from "./DateFormat.ts"
import { autoLogoutDelay } from "./Timers.ts"

const dayMs = 86_400_000

/** The last millisecond of the date's day, in its own zone. */
export const endOfDay = <A extends DateTime.DateTime>(date: A): A => DateTime.endOf(date, "day")

/** Rounds a time up to the next whole 10 minutes of its wall clock; a time on a 10-minute mark stays. */
export const roundUpToTenMinutes = <A extends DateTime.DateTime>(date: A): A => {
  const { minute, second, millisecond } = DateTime.toParts(date)
  const intoStep = (minute % 10) * 60_000 + second * 1000 + millisecond
  return intoStep === 0 ? date : DateTime.add(date, { milliseconds: 600_000 - intoStep })
}

/** The same moment a number of weeks later. */
export const weeksAhead = <A extends DateTime.DateTime>(date: A, weeks: number): A => DateTime.add(date, { weeks })

/** How many calendar days lie between two dates' days (negative when `to` is earlier), in `from`'s zone. */
export const daysDifference = (from: DateTime.DateTime, to: DateTime.DateTime): number => {
  const start = DateTime.toEpochMillis(DateTime.startOf(from, "day"))
  const end = DateTime.toEpochMillis(
    DateTime.startOf(DateTime.setZone(to, DateTime.isZoned(from) ? from.zone : DateTime.zoneMakeOffset(0)), "day")
  )
  return Math.round((end - start) / dayMs)
}

/** A request's due date is at least 7 days ahead (SPEC.md §9: 604800000 ms). */
export const minimumRequestDueMs = 604_800_000

/** The margin added on top of the minimum when a due date is proposed (SPEC.md §9: 259200000 ms, 3 days). */
export const dueDateAdjustmentMs = 259_200_000

/** An RFQ expires 7 days after it is sent unless the buyer says otherwise (SPEC.md §9). */
export const defaultRfqExpiryDays = 7

/** Contracts ending within 60 days are flagged (SPEC.md §9). */
export const contractExpiryAlertDays = 60

export { timerMaxMs } from "./Timers.ts"

/** The earliest due date a request may have. */
export const earliestRequestDueDate = <A extends DateTime.DateTime>(now: A): A =>
  DateTime.add(now, { milliseconds: minimumRequestDueMs })

/**
 * The due date a new request proposes: the 7-day minimum plus the 3-day adjustment, at the end of that day, so
 * the time approvals take does not push it under the minimum before submission.
 */
export const proposedRequestDueDate = <A extends DateTime.DateTime>(now: A): A =>
  endOfDay(DateTime.add(now, { milliseconds: minimumRequestDueMs + dueDateAdjustmentMs }))

/** Accepts a request due date at least 7 days ahead, else `DueDateTooSoon` with the earliest allowed date. */
export const checkRequestDueDate = (
  due: DateTime.DateTime,
  now: DateTime.DateTime,
  dateFormat?: string | undefined
): Effect.Effect<DateTime.DateTime, DueDateTooSoon> => {
  const earliest = earliestRequestDueDate(now)
  return DateTime.isLessThan(due, earliest)
    ? Effect.fail(new DueDateTooSoon({ earliest: formatDate(earliest, dateFormat) }))
    : Effect.succeed(due)
}

/** When an RFQ sent now expires by default: the end of the day 7 days ahead. */
export const defaultRfqExpiry = <A extends DateTime.DateTime>(now: A): A =>
  endOfDay(DateTime.add(now, { days: defaultRfqExpiryDays }))

/** Whether a contract's expiry falls within the alert window: from today up to 60 days ahead. */
export const isContractExpiringSoon = (expiry: DateTime.DateTime, now: DateTime.DateTime): boolean => {
  const days = daysDifference(now, expiry)
  return days >= 0 && days <= contractExpiryAlertDays
}

/**
 * The delay of the auto-logout timer for a token expiring at `expiresAt`: never more than the timer cap, and 0 for
 * a token already expired, which means logging out at once (SPEC.md §4).
 */
export const logoutTimerDelayMs = (expiresAt: DateTime.DateTime, now: DateTime.DateTime): number =>
  autoLogoutDelay(DateTime.toEpochMillis(expiresAt), DateTime.toEpochMillis(now))

const datePattern = /^\d{4}-\d{2}-\d{2}$/

/** Reads `YYYY-MM-DD` (as midnight UTC) or a full ISO date-time, refusing impossible dates such as 2024-02-30. */
export const parseDate = (text: string): Effect.Effect<DateTime.Utc, InvalidDate> => {
  const trimmed = text.trim()
  const parsed = DateTime.make(datePattern.test(trimmed) ? `${trimmed}T00:00:00Z` : trimmed).pipe(
    Option.map(DateTime.toUtc),
    Option.filter((d) => !datePattern.test(trimmed) || DateTime.formatIsoDateUtc(d) === trimmed)
  )
  return Option.match(parsed, {
    onNone: () => Effect.fail(new InvalidDate({ value: text })),
    onSome: Effect.succeed
  })
}
