import { createTransport } from "nodemailer"
import { Effect, Layer } from "effect"
import { Mailer, MailUnavailable } from "@tawreed/core/mail"

/** The sender of the product's mail when `MAIL_FROM` does not name one. */
export const defaultFrom = "Tawreed <no-reply@tawreed.local>"

/**
 * Mail over SMTP to the server `SMTP_URL` names (`smtp://user:pass@host:587`, `smtps://…` for implicit TLS).
 * A failed delivery is the MailUnavailable error, so a flow can tell its user to try again. Attachments go as MIME
 * parts under their own names and types (nodemailer encodes them in base64).
 */
export const SmtpMailer = (url: string, from: string = defaultFrom) =>
  Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const transport = yield* Effect.acquireRelease(
        Effect.sync(() => createTransport(url)),
        (t) => Effect.sync(() => t.close())
      )
      return Mailer.of({
        send: Effect.fn("SmtpMailer.send")(function* (mail) {
          yield* Effect.tryPromise({
            try: () =>
              transport.sendMail({
                from,
                to: mail.to,
                subject: mail.subject,
                text: mail.text,
                ...(mail.html !== undefined ? { html: mail.html } : {}),
                ...(mail.attachments !== undefined && mail.attachments.length > 0
                  ? {
                      attachments: mail.attachments.map((file) => ({
                        filename: file.filename,
                        contentType: file.contentType,
                        content: Buffer.from(file.content)
                      }))
                    }
                  : {})
              }),
            catch: (error) => new MailUnavailable({ reason: error instanceof Error ? error.message : String(error) })
          })
        })
      })
    })
  )
