import { Schema } from "effect"

/** A document was asked to move between two statuses its table does not connect. */
export class TransitionNotAllowed extends Schema.TaggedError<TransitionNotAllowed>()("TransitionNotAllowed", {
  entity: Schema.String,
  from: Schema.String,
  to: Schema.String
}) {}
