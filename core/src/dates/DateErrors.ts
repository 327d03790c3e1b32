import { Schema } from "effect"

/** A text that is not a calendar date or date-time. */
export class InvalidDate extends Schema.TaggedError<InvalidDate>()("InvalidDate", {
  value: Schema.String
}) {}

/** A request due date sooner than the minimum of seven days ahead (SPEC.md §9). */
export class DueDateTooSoon extends Schema.TaggedError<DueDateTooSoon>()("DueDateTooSoon", {
  earliest: Schema.String
}) {}
