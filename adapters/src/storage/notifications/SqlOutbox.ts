import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { Mailer, Outbox, OutboxMail, OutboxPage } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import type { PageRequest } from "@tawreed/core/shared"
import { inTenant } from "../Tenancy.ts"

interface OutboxRow {
  readonly id: string | number
  readonly recipient: string
  readonly subject: string
  readonly body_text: string
  readonly created_at: Date | string
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
          sql`INSERT INTO outbox (org_id, recipient, subject, body_text, body_html)
              VALUES (${mail.orgId}, ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null})`.pipe(
            Effect.orDie
          )
        ).pipe(provide)
      })
    })
    const outbox = Outbox.of({
      list: Effect.fn("SqlOutbox.list")(function* (orgId: OrgId, page: PageRequest) {
        return yield* inTenant(orgId)(
          Effect.gen(function* () {
            const rows = yield* sql<OutboxRow>`
              SELECT id, recipient, subject, body_text, created_at FROM outbox WHERE org_id = ${orgId}
              ORDER BY id DESC LIMIT ${page.limit} OFFSET ${page.offset}`
            const [total] = yield* sql<{
              count: string | number
            }>`SELECT count(*) AS count FROM outbox WHERE org_id = ${orgId}`
            return new OutboxPage({
              mails: rows.map(
                (r) =>
                  new OutboxMail({
                    id: Number(r.id),
                    to: r.recipient,
                    subject: r.subject,
                    text: r.body_text,
                    createdAt: new Date(r.created_at)
                  })
              ),
              count: Number(total?.count ?? 0)
            })
          }).pipe(Effect.orDie)
        ).pipe(provide)
      })
    })
    return Context.make(Mailer, mailer).pipe(Context.add(Outbox, outbox))
  })
)

/** The outbox reader alone, for a deployment that sends by SMTP. */
export const OutboxReader = Layer.effect(
  Outbox,
  Effect.map(Effect.service(Outbox), (outbox) => outbox)
).pipe(Layer.provide(SqlOutbox))
