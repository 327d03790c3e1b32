import { Context, type Effect } from "effect"
import type { OutgoingMail } from "./Mail.ts"
import type { MailUnavailable } from "./MailErrors.ts"

/** Sends the product's emails: security codes, invitations, alerts. */
export interface MailerShape {
  readonly send: (mail: OutgoingMail) => Effect.Effect<void, MailUnavailable>
}

/** Port: outgoing mail (SMTP in production; an outbox the admin can read on the embedded default). */
export class Mailer extends Context.Service<Mailer, MailerShape>()("@tawreed/core/mail/Mailer") {}
