import { Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"

/** An email the product sends, in the recipient's language, on behalf of one organisation. */
export class OutgoingMail extends Schema.Class<OutgoingMail>("OutgoingMail")({
  orgId: OrgId,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.optionalKey(Schema.String)
}) {}
