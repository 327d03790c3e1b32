import { Schema } from "effect"
import { OrgId } from "../organisations/Organisation.ts"

/**
 * A file sent with an email, e.g. a purchase order's PDF to its vendor: its name as the recipient sees it, its media
 * type and its bytes.
 */
export class MailAttachment extends Schema.Class<MailAttachment>("MailAttachment")({
  filename: Schema.String,
  contentType: Schema.String,
  content: Schema.Uint8Array
}) {}

/** An email the product sends, in the recipient's language, on behalf of one organisation. */
export class OutgoingMail extends Schema.Class<OutgoingMail>("OutgoingMail")({
  orgId: OrgId,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  html: Schema.optionalKey(Schema.String),
  attachments: Schema.optionalKey(Schema.Array(MailAttachment))
}) {}
