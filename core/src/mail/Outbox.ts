import { Context, Effect, type Option, Schema } from "effect"
import type { MailAttachment } from "./Mail.ts"
import type { InsufficientPrivileges } from "../access/AccessErrors.ts"
import { requirePrivileges } from "../access/PrivilegeCheck.ts"
import type { OrgId } from "../organisations/Organisation.ts"
import type { PageRequest } from "../shared/Paging.ts"

/** Who may read the outbox and the files it kept: whoever creates or updates the organisation's users. */
export const outboxPrivileges: ReadonlyArray<string> = ["usr_c_o", "usr_u_o"]

/** A file the outbox kept with a message: its name, type and size; the bytes are read one file at a time. */
export class OutboxAttachmentInfo extends Schema.Class<OutboxAttachmentInfo>("OutboxAttachmentInfo")({
  /** The attachment's place on its message, from 0. */
  index: Schema.Int,
  filename: Schema.String,
  contentType: Schema.String,
  size: Schema.Int
}) {}

/** A message the embedded outbox kept instead of sending. */
export class OutboxMail extends Schema.Class<OutboxMail>("OutboxMail")({
  id: Schema.Int,
  to: Schema.String,
  subject: Schema.String,
  text: Schema.String,
  createdAt: Schema.Date,
  attachments: Schema.Array(OutboxAttachmentInfo)
}) {}

/** One page of an organisation's outbox, newest first, and how many it holds. */
export class OutboxPage extends Schema.Class<OutboxPage>("OutboxPage")({
  mails: Schema.Array(OutboxMail),
  count: Schema.Int
}) {}

/** Reads the mail the embedded outbox kept, so a deployment without a mail server can finish every flow. */
export interface OutboxShape {
  readonly list: (orgId: OrgId, page: PageRequest) => Effect.Effect<OutboxPage>
  /** One kept attachment with its bytes, or none when the organisation's outbox holds no such message or file. */
  readonly attachment: (orgId: OrgId, mailId: number, index: number) => Effect.Effect<Option.Option<MailAttachment>>
}

/** Port: the embedded outbox. */
export class Outbox extends Context.Service<Outbox, OutboxShape>()("@tawreed/core/mail/Outbox") {}

/** Who reads the outbox: the organisation and the privileges of the signed-in user. */
export interface OutboxReader {
  readonly orgId: OrgId
  readonly privileges: ReadonlyArray<string>
}

/** Runs `read` on the outbox for a reader who holds one of `outboxPrivileges`, else fails with E3002. */
const asOutboxReader = <A>(reader: OutboxReader, read: (outbox: OutboxShape) => Effect.Effect<A>) =>
  Effect.flatMap(requirePrivileges(reader, outboxPrivileges), () => Effect.flatMap(Effect.service(Outbox), read))

/**
 * The outbox's page and its files, for the settings page and the file's download alike: the reader must hold one of
 * `outboxPrivileges` (else E3002), and reads only their own organisation's mail.
 */
export const readOutbox = (
  reader: OutboxReader,
  page: PageRequest
): Effect.Effect<OutboxPage, InsufficientPrivileges, Outbox> =>
  asOutboxReader(reader, (outbox) => outbox.list(reader.orgId, page))

/** One kept file of the reader's organisation's outbox, under the same rule as `readOutbox`. */
export const readOutboxAttachment = (
  reader: OutboxReader,
  mailId: number,
  index: number
): Effect.Effect<Option.Option<MailAttachment>, InsufficientPrivileges, Outbox> =>
  asOutboxReader(reader, (outbox) => outbox.attachment(reader.orgId, mailId, index))
