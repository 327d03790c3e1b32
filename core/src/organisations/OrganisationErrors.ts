import { Schema } from "effect"

/** An account with that email exists already, in this or another organisation. */
export class EmailTaken extends Schema.TaggedError<EmailTaken>()("EmailTaken", {}) {}

/** A registration is missing a name, a valid email or a contact's name; `field` names it. */
export class RegistrationIncomplete extends Schema.TaggedError<RegistrationIncomplete>()("RegistrationIncomplete", {
  field: Schema.String
}) {}
