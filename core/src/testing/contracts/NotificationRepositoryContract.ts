import { assert, layer } from "@effect/vitest"
import { Effect, type Layer, Option } from "effect"
import { NewNotification } from "../../notifications/Notification.ts"
import { NotificationRepository } from "../../notifications/NotificationRepository.ts"
import type { Recipient } from "../../notifications/Recipient.ts"
import { PageRequest } from "../../shared/Paging.ts"
import { Fixtures } from "../Fixtures.ts"

const sample = (n: number) =>
  new NewNotification({
    module: "requests",
    type: "REQUEST_WAITING_FOR_APPROVAL",
    documentId: String(n),
    title: { en: `Request ${n} waits for you`, ar: `الطلب ${n} بانتظارك` },
    notificationBody: `Body ${n}`,
    url: `/requests/${n}`
  })

const seed = (recipient: Recipient, count: number) =>
  Effect.gen(function* () {
    const repository = yield* NotificationRepository
    const saved = []
    for (let n = 1; n <= count; n++) saved.push(yield* repository.insert(recipient, sample(n)))
    return saved
  })

/** The behaviour every NotificationRepository adapter must show; each adapter's test file runs it. */
export const suite = (name: string, storage: Layer.Layer<NotificationRepository | Fixtures, unknown>) =>
  layer(storage, { timeout: 120_000 })(`NotificationRepository contract: ${name}`, (it) => {
    it.effect("inserts an unread notification with an id and keeps every field", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const me = yield* (yield* Fixtures).newRecipient
        const saved = yield* repository.insert(me, sample(7))
        assert.strictEqual(saved.status, "UNREAD")
        assert.isTrue(saved.id > 0)
        const found = yield* repository.findById(me, saved.id)
        assert.isTrue(Option.isSome(found))
        const value = Option.getOrThrow(found)
        assert.strictEqual(value.title.ar, "الطلب 7 بانتظارك")
        assert.strictEqual(value.url, "/requests/7")
        assert.strictEqual(value.documentId, "7")
        assert.strictEqual(value.module, "requests")
        assert.strictEqual(value.type, "REQUEST_WAITING_FOR_APPROVAL")
      })
    )

    it.effect("lists newest first, a page at a time, with the full count", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const me = yield* (yield* Fixtures).newRecipient
        yield* seed(me, 12)
        const first = yield* repository.list(me, new PageRequest({ page: 0, limit: 10 }))
        assert.strictEqual(first.count, 12)
        assert.strictEqual(first.notifications.length, 10)
        assert.strictEqual(first.notifications[0]?.documentId, "12")
        const second = yield* repository.list(me, new PageRequest({ page: 1, limit: 10 }))
        assert.deepStrictEqual(
          second.notifications.map((n) => n.documentId),
          ["2", "1"]
        )
        const beyond = yield* repository.list(me, new PageRequest({ page: 5, limit: 10 }))
        assert.strictEqual(beyond.notifications.length, 0)
        assert.strictEqual(beyond.count, 12)
      })
    )

    it.effect("counts unread, marks one and all read", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const me = yield* (yield* Fixtures).newRecipient
        const saved = yield* seed(me, 3)
        assert.strictEqual(yield* repository.countUnread(me), 3)
        assert.isTrue(yield* repository.markRead(me, saved[0]!.id))
        assert.strictEqual(yield* repository.countUnread(me), 2)
        assert.isTrue(yield* repository.markRead(me, saved[0]!.id), "marking a read one again still finds it")
        assert.strictEqual(yield* repository.markAllRead(me), 2)
        assert.strictEqual(yield* repository.countUnread(me), 0)
        const read = yield* repository.findById(me, saved[1]!.id)
        assert.strictEqual(Option.getOrThrow(read).status, "READ")
      })
    )

    it.effect("marks read a recipient's unread notices of one type about one document, and no others", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const fixtures = yield* Fixtures
        const me = yield* fixtures.newRecipient
        const other = yield* fixtures.newRecipient
        yield* seed(me, 2)
        yield* repository.insert(me, new NewNotification({ ...sample(1), type: "QUESTIONNAIRE_SECTION_ASSIGNED" }))
        yield* repository.insert(other, sample(1))
        assert.strictEqual(yield* repository.markDocumentRead(me, "REQUEST_WAITING_FOR_APPROVAL", "/requests/1"), 1)
        assert.strictEqual(yield* repository.markDocumentRead(me, "REQUEST_WAITING_FOR_APPROVAL", "/requests/1"), 0)
        assert.strictEqual(yield* repository.countUnread(me), 2, "another document's and another type's stay unread")
        assert.strictEqual(yield* repository.countUnread(other), 1, "another recipient's stay unread")
      })
    )

    it.effect("deletes one and all", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const me = yield* (yield* Fixtures).newRecipient
        const saved = yield* seed(me, 3)
        assert.isTrue(yield* repository.remove(me, saved[1]!.id))
        assert.isFalse(yield* repository.remove(me, saved[1]!.id))
        assert.isTrue(Option.isNone(yield* repository.findById(me, saved[1]!.id)))
        assert.strictEqual(yield* repository.removeAll(me), 2)
        assert.strictEqual((yield* repository.list(me, new PageRequest({ page: 0, limit: 10 }))).count, 0)
      })
    )

    it.effect("never shows or changes another user's notifications, in the same organisation or another", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const fixtures = yield* Fixtures
        const me = yield* fixtures.newRecipient
        const colleague = yield* fixtures.newColleague(me)
        const stranger = yield* fixtures.newRecipient
        const [mine] = yield* seed(me, 1)
        for (const other of [colleague, stranger]) {
          assert.isTrue(Option.isNone(yield* repository.findById(other, mine!.id)))
          assert.isFalse(yield* repository.markRead(other, mine!.id))
          assert.isFalse(yield* repository.remove(other, mine!.id))
          assert.strictEqual(yield* repository.markAllRead(other), 0)
          assert.strictEqual(yield* repository.removeAll(other), 0)
          assert.strictEqual((yield* repository.list(other, new PageRequest({ page: 0, limit: 10 }))).count, 0)
          assert.strictEqual(yield* repository.countUnread(other), 0)
        }
        assert.strictEqual(yield* repository.countUnread(me), 1)
      })
    )

    it.effect("unknown ids are simply not found", () =>
      Effect.gen(function* () {
        const repository = yield* NotificationRepository
        const me = yield* (yield* Fixtures).newRecipient
        assert.isTrue(Option.isNone(yield* repository.findById(me, 987654321)))
        assert.isFalse(yield* repository.markRead(me, 987654321))
      })
    )
  })
