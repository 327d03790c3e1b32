import { Context, Effect, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import { MailAttachment, Mailer, Outbox, OutboxAttachmentInfo, OutboxMail, OutboxPage } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import type { PageRequest } from "@tawreed/core/shared"
import { pageWithTotal } from "../SqlKit.ts"
import { inTenant } from "../Tenancy.ts"

interface OutboxRow {
  readonly id: string | number
  readonly recipient: string
  readonly subject: string
  readonly body_text: string
  readonly created_at: Date | string
}

interface AttachmentRow {
  readonly mail_id: string | number
  readonly position: number
  readonly filename: string
  readonly content_type: string
  readonly size: number
}

/**
 * The embedded default's mail: kept in the organisation's outbox instead of sent, for its admins to read. It is
 * both the Mailer and the Outbox reader.
 */
export const SqlOutbox = Layer.effectContext(
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const provide = Effect.provideService(SqlClient.SqlClient, sql)
    const mailer = Mailer.of({
      send: Effect.fn("SqlOutbox.send")(function* (mail) {
        yield* inTenant(mail.orgId)(
          Effect.gen(function* () {
            const [kept] = yield* sql<{ id: string | number }>`
              INSERT INTO outbox (org_id, recipient, subject, body_text, body_html)
              VALUES (${mail.orgId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})
              RETURNING id`
            for (const [position, file] of (mail.attachments ?? []).entries()) {
              yield* sql`
                INSERT INTO outbox_attachments (mail_id, position, org_id, filename, content_type, size, content)
                VALUES (${kept!.id}, ${position}, ${mail.orgId}, ${file.filename}, ${file.contentType},
                        ${file.content.byteLength}, ${Buffer.from(file.content)})`
            }
          }).pipe(Effect.orDie)
        ).pipe(provide)
      })
    })
    const outbox = Outbox.of({
      attachment: (orgId, mailId, index) => attachment(orgId, mailId, index),
      list: Effect.fn("SqlOutbox.list")(function* (orgId: OrgId, page: PageRequest) {
        return yield* inTenant(orgId)(
          Effect.gen(function* () {
            const { rows, totalCount } = yield* pageWithTotal(
              sql<OutboxRow & { total: number | string }>`
                SELECT id, recipient, subject, body_text, created_at, count(*) OVER () AS total FROM outbox
                WHERE org_id = ${orgId} ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`,
              page.offset,
              () => sql<{ n: number | string }>`SELECT count(*) AS n FROM outbox WHERE org_id = ${orgId}`
            )
            const ids = rows.map((r) => r.id)
            const files =
              ids.length === 0
                ? []
                : yield* sql<AttachmentRow>`
                    SELECT mail_id, position, filename, content_type, size FROM outbox_attachments
                    WHERE org_id = ${orgId} AND mail_id IN ${sql.in(ids)} ORDER BY mail_id, position`
            return new OutboxPage({
              mails: rows.map(
                (r) =>
                  new OutboxMail({
                    id: Number(r.id),
                    to: r.recipient,
                    subject: r.subject,
                    text: r.body_text,
                    createdAt: new Date(r.created_at),
                    attachments: files
                      .filter((f) => String(f.mail_id) === String(r.id))
                      .map(
                        (f) =>
                          new OutboxAttachmentInfo({
                            index: f.position,
                            filename: f.filename,
                            contentType: f.content_type,
                            size: Number(f.size)
                          })
                      )
                  })
              ),
              count: totalCount
            })
          }).pipe(Effect.orDie)
        ).pipe(provide)
      })
    })
    const attachment = Effect.fn("SqlOutbox.attachment")(function* (orgId: OrgId, mailId: number, index: number) {
      if (!Number.isSafeInteger(mailId) || !Number.isSafeInteger(index) || mailId < 1 || index < 0)
        return Option.none<MailAttachment>()
      const [row] = yield* inTenant(orgId)(
        sql<{ filename: string; content_type: string; content: Uint8Array }>`
          SELECT filename, content_type, content FROM outbox_attachments
          WHERE org_id = ${orgId} AND mail_id = ${mailId} AND position = ${index}`.pipe(Effect.orDie)
      ).pipe(provide)
      return row === undefined
        ? Option.none<MailAttachment>()
        : Option.some(
            new MailAttachment({
              filename: row.filename,
              contentType: row.content_type,
              content: new Uint8Array(row.content)
            })
          )
    })
    return Context.make(Mailer, mailer).pipe(Context.add(Outbox, outbox))
  })
)

/** The outbox reader alone, for a deployment that sends by SMTP. */
export const OutboxReader = Layer.effect(
  Outbox,
  Effect.map(Effect.service(Outbox), (outbox) => outbox)
).pipe(Layer.provide(SqlOutbox))
