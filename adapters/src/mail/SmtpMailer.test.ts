import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { SMTPServer } from "smtp-server"
import { MailAttachment, Mailer, OutgoingMail } from "@tawreed/core/mail"
import type { OrgId } from "@tawreed/core/organisations"
import { SmtpMailer } from "./SmtpMailer.ts"

interface Received {
  readonly from: string
  readonly to: ReadonlyArray<string>
  readonly raw: string
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
const startSmtpServer = async () => {
  const received: Array<Received> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      const chunks: Array<Buffer> = []
      stream.on("data", (chunk: Buffer) => chunks.push(chunk))
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8")
        })
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const address = server.server.address()
  const port = typeof address === "object" && address ? address.port : 0
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

const mail = new OutgoingMail({
  orgId: "0b0e0000-0000-4000-8000-000000000001" as OrgId,
  to: "buyer@buyer.tawreed.test",
  subject: "Your security code",
  text: "Your security code is 482913. It expires in 10 minutes."
})

describe("SmtpMailer", () => {
  it.effect("delivers over a real SMTP conversation, with sender, recipient, subject and body", () =>
    Effect.gen(function* () {
      const smtp = yield* Effect.promise(startSmtpServer)
      yield* Effect.addFinalizer(() => Effect.promise(smtp.close))
      yield* Effect.gen(function* () {
        const mailer = yield* Mailer
        yield* mailer.send(mail)
      }).pipe(Effect.provide(SmtpMailer(smtp.url, "Tawreed <no-reply@tawreed.test>")))
      assert.strictEqual(smtp.received.length, 1)
      const [message] = smtp.received
      assert.strictEqual(message!.from, "no-reply@tawreed.test")
      assert.deepStrictEqual(message!.to, ["buyer@buyer.tawreed.test"])
      assert.include(message!.raw, "Subject: Your security code")
      assert.match(message!.raw, /security code is (\d{6})/)
    }).pipe(Effect.scoped)
  )

  it.effect("sends attachments as MIME parts with their names, types and exact bytes", () =>
    Effect.gen(function* () {
      const smtp = yield* Effect.promise(startSmtpServer)
      yield* Effect.addFinalizer(() => Effect.promise(smtp.close))
      // Bytes of every value, so that a lossy encoding (text, a wrong charset) shows.
      const pdf = Uint8Array.from({ length: 3000 }, (_, i) => (i * 7) % 256)
      const csv = new TextEncoder().encode("line,amount\n1,25.00\n")
      yield* Effect.gen(function* () {
        const mailer = yield* Mailer
        yield* mailer.send(
          new OutgoingMail({
            ...mail,
            subject: "Purchase order PO-2025-00042",
            text: "Please find the purchase order attached.",
            attachments: [
              new MailAttachment({ filename: "PO-2025-00042.pdf", contentType: "application/pdf", content: pdf }),
              new MailAttachment({ filename: "lines.csv", contentType: "text/csv", content: csv })
            ]
          })
        )
      }).pipe(Effect.provide(SmtpMailer(smtp.url)))
      assert.strictEqual(smtp.received.length, 1)
      const raw = smtp.received[0]!.raw
      assert.match(raw, /Content-Type: multipart\/mixed/)
      assert.include(raw, "Please find the purchase order attached.")
      const part = (filename: string) => {
        const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)![1]!
        const found = raw.split(`--${boundary}`).find((p) => p.includes(`filename=${filename}`))
        assert.isDefined(found, filename)
        const [headers, ...body] = found!.split(/\r?\n\r?\n/)
        return { headers: headers!, bytes: new Uint8Array(Buffer.from(body.join("").replace(/\s+/g, ""), "base64")) }
      }
      const attached = part("PO-2025-00042.pdf")
      assert.match(attached.headers, /Content-Type: application\/pdf/)
      assert.match(attached.headers, /Content-Disposition: attachment/)
      assert.deepStrictEqual(attached.bytes, pdf)
      const sheet = part("lines.csv")
      assert.match(sheet.headers, /Content-Type: text\/csv/)
    }).pipe(Effect.scoped)
  )

  it.effect("fails with MailUnavailable when no server answers", () =>
    Effect.gen(function* () {
      const exit = yield* Effect.exit(
        Effect.gen(function* () {
          const mailer = yield* Mailer
          yield* mailer.send(mail)
        }).pipe(Effect.provide(SmtpMailer("smtp://127.0.0.1:1")))
      )
      assert.isTrue(Exit.isFailure(exit))
      assert.include(String(exit), "MailUnavailable")
    })
  )
})
