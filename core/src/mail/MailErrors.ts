import { Schema } from "effect"

/** The mail server could not take the message. */
export class MailUnavailable extends Schema.TaggedError<MailUnavailable>()("MailUnavailable", {
  reason: Schema.String
}) {}
