import { Context, type Effect, Schema } from "effect"
import type { OrgId } from "../organisations/Organisation.ts"
import type { PageRequest } from "../shared/Paging.ts"

/** A message the embedded outbox kept instead of sending. */
export class OutboxMail extends Schema.Class<OutboxMail>("OutboxMail")({
  id: Schema.Int,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  createdAt: Schema.Date
}) {}

/** One page of an organisation's outbox, newest first, and how many it holds. */
export class OutboxPage extends Schema.Class<OutboxPage>("OutboxPage")({
  mails: Schema.Array(OutboxMail),
  count: Schema.Int
}) {}

/** Reads the mail the embedded outbox kept, so a deployment without a mail server can finish every flow. */
export interface OutboxShape {
  readonly list: (orgId: OrgId, page: PageRequest) => Effect.Effect<OutboxPage>
}

/** Port: the embedded outbox. */
export class Outbox extends Context.Service<Outbox, OutboxShape>()("@tawreed/core/mail/Outbox") {}
