import { assert, layer } from "@effect/vitest"
import { Effect, Layer, Option } from "effect"
import { MailAttachment, Mailer, Outbox, OutgoingMail } from "@tawreed/core/mail"
import { PageRequest } from "@tawreed/core/shared"
import { Fixtures } from "@tawreed/core/testing"
import * as TestDatabase from "../../testing/TestDatabase.ts"
import { SqlFixtures } from "../SqlFixtures.ts"
import { SqlOutbox } from "./SqlOutbox.ts"

for (const engine of TestDatabase.engines()) {
  layer(Layer.merge(SqlOutbox, SqlFixtures).pipe(Layer.provide(TestDatabase.layer(engine))), { timeout: 120_000 })(
    `SqlOutbox on ${engine}`,
    (it) => {
      it.effect("keeps sent mail for the organisation's admins to read, newest first, and nobody else's", () =>
        Effect.gen(function* () {
          const fixtures = yield* Fixtures
          const mailer = yield* Mailer
          const outbox = yield* Outbox
          const mine = yield* fixtures.newUser()
          const theirs = yield* fixtures.newUser()
          for (const n of [1, 2, 3]) {
            yield* mailer.send(
              new OutgoingMail({
                orgId: mine.orgId,
                to: mine.email,
                subject: `Code ${n}`,
                text: `Your code is 00000${n}`
              })
            )
          }
          yield* mailer.send(new OutgoingMail({ orgId: theirs.orgId, to: theirs.email, subject: "Other", text: "x" }))
          const page = yield* outbox.list(mine.orgId, new PageRequest({ page: 0, limit: 10 }))
          assert.strictEqual(page.count, 3)
          assert.deepStrictEqual(
            page.mails.map((m) => m.subject),
            ["Code 3", "Code 2", "Code 1"]
          )
          assert.strictEqual(page.mails[0]!.to, mine.email)
          assert.strictEqual(page.mails[0]!.text, "Your code is 000003")
          assert.strictEqual((yield* outbox.list(theirs.orgId, new PageRequest({ page: 0, limit: 10 }))).count, 1)
        })
      )

      it.effect(
        "keeps a mail's attachments: listed by name, type and size, read back byte for byte by its own org only",
        () =>
          Effect.gen(function* () {
            const fixtures = yield* Fixtures
            const mailer = yield* Mailer
            const outbox = yield* Outbox
            const mine = yield* fixtures.newUser()
            const theirs = yield* fixtures.newUser()
            const pdf = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256)
            yield* mailer.send(
              new OutgoingMail({
                orgId: mine.orgId,
                to: "sales@vendor.tawreed.test",
                subject: "Purchase order PO-2025-00042",
                text: "Attached.",
                attachments: [
                  new MailAttachment({ filename: "PO-2025-00042.pdf", contentType: "application/pdf", content: pdf }),
                  new MailAttachment({ filename: "أمر-شراء.txt", contentType: "text/plain", content: new Uint8Array() })
                ]
              })
            )
            yield* mailer.send(new OutgoingMail({ orgId: mine.orgId, to: mine.email, subject: "Plain", text: "x" }))
            const page = yield* outbox.list(mine.orgId, new PageRequest({ page: 0, limit: 10 }))
            assert.deepStrictEqual(page.mails[0]!.attachments, [])
            const kept = page.mails[1]!
            assert.deepStrictEqual(
              kept.attachments.map((a) => [a.index, a.filename, a.contentType, a.size]),
              [
                [0, "PO-2025-00042.pdf", "application/pdf", 70_000],
                [1, "أمر-شراء.txt", "text/plain", 0]
              ]
            )
            const file = yield* outbox.attachment(mine.orgId, kept.id, 0)
            assert.isTrue(Option.isSome(file))
            assert.strictEqual(Option.getOrThrow(file).filename, "PO-2025-00042.pdf")
            assert.deepStrictEqual(Option.getOrThrow(file).content, pdf)
            assert.isTrue(Option.isNone(yield* outbox.attachment(mine.orgId, kept.id, 2)))
            assert.isTrue(Option.isNone(yield* outbox.attachment(theirs.orgId, kept.id, 0)))
            assert.isTrue(Option.isNone(yield* outbox.attachment(mine.orgId, -1, 0)))
          })
      )
    }
  )
}
